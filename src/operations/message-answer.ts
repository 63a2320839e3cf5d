import type { ErrorCode } from '../errors';
import type { Message } from '../types';
import type { Reply } from './operation';

/**
 * The refusals of a post (the store's posting checks, in their order), whichever route posts:
 * `chat.postMessage`, `chat.sendMessage`, `rooms.upload`, `rooms.mediaConfirm`.
 */
export const POST_REFUSALS = [
  'post-archived',
  'post-not-allowed',
  'post-read-only',
  'post-muted',
  'post-impersonate',
] as const satisfies readonly ErrorCode[];

/**
 * How a message appears in an answer (`chat.postMessage`, `chat.sendMessage`): as stored, `_id`
 * moved last, without `_updatedAt`; and, for the most common answer of all (a bot's plain post),
 * its JSON written directly, byte for byte what `JSON.stringify` writes, in a fraction of its time.
 *
 * Layer: operations. Pure functions.
 */

/**
 * The fields of a plain post as the store keeps them, in its order (`#compose` in
 * src/store/store.ts): a bot's text, no thread, avatar or emoji. Such a message is answered by one
 * object literal and written by {@link postAnswer}; any other message takes the copy and
 * `JSON.stringify`, so the order here is an optimisation only.
 */
const PLAIN_POST = [
  '_id',
  'alias',
  'msg',
  'attachments',
  'parseUrls',
  'groupable',
  'ts',
  'u',
  'rid',
  'urls',
  'mentions',
  'channels',
  'md',
  '_updatedAt',
] as const;

type PlainPost = Record<(typeof PLAIN_POST)[number], unknown>;

/** Whether a message has exactly the fields of {@link PLAIN_POST}, in that order. */
function isPlainPost(message: Message): boolean {
  let at = 0;
  for (const key in message) {
    if (PLAIN_POST[at] !== key) return false;
    at += 1;
  }
  return at === PLAIN_POST.length;
}

/** The answer's copy of a plain post: one object literal (a fraction of the general copy's cost). */
function plainCopy(m: PlainPost): Record<string, unknown> {
  return {
    alias: m.alias,
    msg: m.msg,
    attachments: m.attachments,
    parseUrls: m.parseUrls,
    groupable: m.groupable,
    ts: m.ts,
    u: m.u,
    rid: m.rid,
    urls: m.urls,
    mentions: m.mentions,
    channels: m.channels,
    md: m.md,
    _id: m._id,
  };
}

/** The message as the answer shows it: as stored, `_id` moved last, without `_updatedAt` (unless kept). */
export function answered(message: Message, keepUpdatedAt = false): Record<string, unknown> {
  if (!keepUpdatedAt && isPlainPost(message)) return plainCopy(message as PlainPost);
  return copied(message, keepUpdatedAt);
}

/** Any message's answer copy, key by key. */
function copied(message: Message, keepUpdatedAt: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in message) {
    if (key === '_id' || (key === '_updatedAt' && !keepUpdatedAt)) continue;
    out[key] = message[key];
  }
  out._id = message._id;
  return out;
}

/**
 * `chat.postMessage`'s answer, `{ts, channel, message}`, and its JSON with `"success":true` when
 * the message is a plain post whose values have the types the store gives them (otherwise the
 * pipeline serialises the body itself).
 */
export function postAnswer(ts: number, channel: string, message: Message): Reply {
  if (!isPlainPost(message)) return { body: { ts, channel, message: copied(message, false) } };
  const m = message as PlainPost;
  const written = plainPostText(ts, channel, m);
  if (written === undefined) return { body: { ts, channel, message: plainCopy(m) } };
  const { text, ascii } = written;
  // the body is made only when read (the journal's inspector, a contract): the stored message is
  // replaced, never changed, when it is edited, so it answers the same then
  return { text, ascii, later: () => ({ ts, channel, message: plainCopy(m) }) };
}

/** Characters a JSON string holds as they are: printable ASCII but `"` and `\`. */
const VERBATIM = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** A character outside ASCII (JSON.stringify writes those as they are). */
const NON_ASCII = /[\u0080-\uffff]/;

/** A string JSON writes as it is, between quotes. */
function verbatim(value: unknown): value is string {
  return typeof value === 'string' && VERBATIM.test(value);
}

/**
 * The JSON of values that cannot change (frozen, every value in them a primitive: a message's
 * author, one such object per user), written once each.
 */
const frozenText = new WeakMap<object, string>();

/** An object's or an array's JSON; an unchangeable one's kept, an empty array's a constant. */
function valueText(value: object): string {
  if (Array.isArray(value) && value.length === 0) return '[]';
  const kept = frozenText.get(value);
  if (kept !== undefined) return kept;
  const text = JSON.stringify(value);
  if (Object.isFrozen(value) && Object.values(value).every((v) => v === null || typeof v !== 'object'))
    frozenText.set(value, text);
  return text;
}

/** Whether an object has exactly these own keys, in this order. */
function hasKeys(value: unknown, keys: readonly string[]): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const own = Object.keys(value);
  return own.length === keys.length && own.every((key, i) => key === keys[i]);
}

const NODE_KEYS = ['type', 'value'] as const;

/**
 * A message-parser tree's JSON, and whether it is ASCII; plain text's (one paragraph of one plain
 * text, what the store builds for a message without markup) written from the text alone.
 */
function treeText(md: unknown[]): { text: string; ascii: boolean } {
  const paragraph = md.length === 1 ? md[0] : undefined;
  if (hasKeys(paragraph, NODE_KEYS) && paragraph.type === 'PARAGRAPH' && Array.isArray(paragraph.value)) {
    const plain = paragraph.value.length === 1 ? (paragraph.value[0] as unknown) : undefined;
    if (hasKeys(plain, NODE_KEYS) && plain.type === 'PLAIN_TEXT' && verbatim(plain.value))
      return {
        text: `[{"type":"PARAGRAPH","value":[{"type":"PLAIN_TEXT","value":"${plain.value}"}]}]`,
        ascii: true,
      };
  }
  const text = JSON.stringify(md);
  return { text, ascii: !NON_ASCII.test(text) };
}

/** Whether a value's JSON (from {@link valueText}) is ASCII. */
function asciiText(text: string): boolean {
  return text === '[]' || !NON_ASCII.test(text);
}

/**
 * The enveloped JSON of `{ts, channel, message}` for a plain post, the message's fields in the
 * answer's order, and whether it is ASCII (the strings written verbatim are; the values written by
 * `JSON.stringify` are looked at); undefined when a value is not of the type the store gives it,
 * or a string holds a character JSON escapes (then `JSON.stringify` decides how it is written).
 */
function plainPostText(
  ts: number,
  channel: string,
  m: PlainPost,
): { text: string; ascii: boolean } | undefined {
  const { alias, msg, attachments, parseUrls, groupable, u, rid, urls, mentions, channels, md, _id } = m;
  // a string JSON would escape (or a value of another type) leaves the whole answer to JSON.stringify
  if (
    !Number.isSafeInteger(ts) ||
    !verbatim(channel) ||
    !verbatim(alias) ||
    !verbatim(msg) ||
    !Array.isArray(attachments) ||
    typeof parseUrls !== 'boolean' ||
    typeof groupable !== 'boolean' ||
    !verbatim(m.ts) ||
    typeof u !== 'object' ||
    u === null ||
    !verbatim(rid) ||
    !Array.isArray(urls) ||
    !Array.isArray(mentions) ||
    !Array.isArray(channels) ||
    !Array.isArray(md) ||
    !verbatim(_id)
  )
    return undefined;
  const attachmentsText = valueText(attachments);
  const uText = valueText(u);
  const urlsText = valueText(urls);
  const mentionsText = valueText(mentions);
  const channelsText = valueText(channels);
  const tree = treeText(md);
  const mdText = tree.text;
  const text =
    `{"ts":${ts},"channel":"${channel}","message":{"alias":"${alias}","msg":"${msg}",` +
    `"attachments":${attachmentsText},"parseUrls":${parseUrls},"groupable":${groupable},` +
    `"ts":"${m.ts}","u":${uText},"rid":"${rid}","urls":${urlsText},` +
    `"mentions":${mentionsText},"channels":${channelsText},"md":${mdText},` +
    `"_id":"${_id}"},"success":true}`;
  const ascii =
    tree.ascii &&
    asciiText(attachmentsText) &&
    asciiText(uText) &&
    asciiText(urlsText) &&
    asciiText(mentionsText) &&
    asciiText(channelsText);
  return { text, ascii };
}
