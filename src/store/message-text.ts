import { createHash } from 'node:crypto';

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

/** A 24-hex id as MongoDB's ObjectId gives one, but from the seed, a kind and an index: runs repeat. */
export function objectId(seed: number, kind: string, index: number): string {
  return createHash('sha256').update(`${seed}:${kind}:${index}`).digest('hex').slice(0, 24);
}

/** `@name` tokens of a text (letters, digits, `.`, `_`, `-`), in order, each once. */
export function mentionedNames(text: string): string[] {
  return unique([...text.matchAll(/(?:^|[\s(])@([\w.-]+)/g)].map((m) => m[1] ?? ''));
}

/** `#name` tokens of a text, in order, each once. */
export function mentionedRooms(text: string): string[] {
  return unique([...text.matchAll(/(?:^|[\s(])#([\w.-]+)/g)].map((m) => m[1] ?? ''));
}

/** The http(s) URLs of a text, as `urls` holds them. */
export function urlsOf(text: string): { url: string }[] {
  return unique([...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0])).map((url) => ({ url }));
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
