import { createHash } from 'node:crypto';
import type { ServerSettings } from '../types';

/**
 * What Rocket.Chat's `sendMessage` derives from a message's text before it stores it: the users
 * and rooms it mentions, the URLs, and (for plain text) the message-parser's tree. Pure functions.
 *
 * Layer: store.
 */

/** A mention as the real server stores it: a user, or `all` / `here`. */
export interface Mention {
  _id: string;
  username: string;
  name?: string;
  type: 'user';
}

/** The 10 hex digits of a world's ObjectIds that MongoDB draws once per process: from the seed. */
export function objectIdMiddle(seed: number): string {
  return createHash('sha256').update(`objectId:${seed}`).digest('hex').slice(0, 10);
}

/**
 * A 24-hex id laid out as MongoDB's ObjectId: 4 bytes of the time in seconds (the fake clock),
 * 5 bytes drawn once (from the seed), 3 bytes of a counter. The same world and requests give the
 * same ids on every run.
 */
export function objectId(ms: number, middle: string, counter: number): string {
  const seconds = Math.floor(ms / 1000) >>> 0;
  return seconds.toString(16).padStart(8, '0') + middle + (counter & 0xffffff).toString(16).padStart(6, '0');
}

/** `@name` tokens of a text (letters, digits, `.`, `_`, `-`), in order, each once. */
export function mentionedNames(text: string): string[] {
  return unique([...text.matchAll(/(?:^|[\s(])@([\w.-]+)/g)].map((m) => m[1] ?? ''));
}

/** `#name` tokens of a text, in order, each once. */
export function mentionedRooms(text: string): string[] {
  return unique([...text.matchAll(/(?:^|[\s(])#([\w.-]+)/g)].map((m) => m[1] ?? ''));
}

/** One of a message's `urls`, as `parseUrlsInMessage` writes it before any preview is fetched. */
export interface MessageUrl {
  url: string;
  meta?: Record<string, never>;
  ignoreParse?: true;
}

/**
 * The http(s) URLs of a text, as `urls` holds them (`parseUrlsInMessage`): each once, with an empty
 * `meta` from 6.x on (`withMeta`); when the client named the URLs to preview (`previewUrls`, even
 * none), every other one is `ignoreParse: true`.
 */
export function urlsOf(text: string, withMeta: boolean, previewUrls?: readonly string[]): MessageUrl[] {
  return unique([...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0])).map((url) => ({
    url,
    ...(withMeta ? { meta: {} } : {}),
    ...(previewUrls !== undefined && !previewUrls.includes(url) ? { ignoreParse: true as const } : {}),
  }));
}

/** Characters that make the message-parser's tree more than one plain paragraph. */
const MARKUP = /[*_~`#@:>|[\]<]|https?:\/\/|\n|^\s*[-+]\s|^\s*\d+\.\s/;

/**
 * The message-parser's tree (`md`) of a text without markup: one paragraph of plain text. Undefined
 * for an empty text (the real server then stores none) and for text with markup, mentions, emoji,
 * links or several lines, whose trees the fake does not build: a client then reads `msg`.
 */
export function plainMarkdown(text: string): unknown[] | undefined {
  if (text === '' || MARKUP.test(text)) return undefined;
  return [{ type: 'PARAGRAPH', value: [{ type: 'PLAIN_TEXT', value: text }] }];
}

function unique(values: string[]): string[] {
  return [...new Set(values.filter((v) => v !== ''))];
}

/** `Message_MaxAllowedSize`, the real server's default: the longest text a message may have. */
export const MAX_TEXT = 5000; // the default; the rules read the setting ({@link overMaxSize})

/**
 * Whether a text is longer than `Message_MaxAllowedSize` allows, compared as JavaScript compares
 * (`msg.length > settings.get(…)`): a value stored through REST untyped (`"abc"`) limits nothing.
 */
export function overMaxSize(values: ServerSettings, text: unknown): boolean {
  return typeof text === 'string' && text.length > Number(values.Message_MaxAllowedSize);
}
