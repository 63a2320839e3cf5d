import type { RawData } from 'ws';

/**
 * What bounds a realtime socket (src/limits.ts has the figures): a frame's size and nesting, read
 * before it is parsed; the subscriptions it holds; the bytes waiting for its reader. Each refusal's
 * words are here, once: the close reasons and the Meteor error name the bound's figure.
 *
 * Layer: realtime. Plain values.
 */

/** A frame over `ddpFrameBytes`: close code 1009 (message too big). */
export const FRAME_TOO_LARGE = 1009;
/** A frame nested deeper than `ddpFrameDepth`, or of more than `ddpFrameValues` values: close code 1007 (invalid frame payload data). */
export const FRAME_TOO_DEEP = 1007;
/** A handler's own failure: close code 1011 (internal error). */
export const INTERNAL_ERROR = 1011;

export const frameTooLarge = (bytes: number): string => `frame too large (over ${bytes} bytes)`;
export const frameTooDeep = (depth: number): string => `frame nested deeper than ${depth}`;
export const frameTooWide = (values: number): string => `frame holds over ${values} values`;
export const readerTooSlow = (bytes: number): string => `reader too slow: over ${bytes} bytes waiting`;
export const tooManySubscriptions = (count: number): string =>
  `Too many subscriptions: one connection holds at most ${count}`;

/**
 * The longest error answer that echoes the frame it refuses (`offendingMessage`), in characters;
 * a longer one is sent without the echo (the frame is in the journal, as far as it keeps frames).
 */
export const ECHO_CHARS = 64 * 1024;

/** A WebSocket message's size in bytes, as received. */
export function bytesOf(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((sum, part) => sum + part.length, 0);
  return data.byteLength;
}
