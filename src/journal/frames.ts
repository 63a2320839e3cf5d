import type { JournalEntry } from '../types';
import { redactBody, redactSecrets } from './journal';
import { nestedDeeperThan } from './json-depth';

/**
 * What the journal keeps of one realtime (DDP) frame as its request body: the frame, with
 * passwords, tokens and resume tokens hidden; a note in its place when it is too large or too deep
 * to keep.
 *
 * Layer: world. Plain values; nothing of HTTP or DDP.
 */

/** The largest realtime frame the journal keeps whole (as a request body). */
const MAX_FRAME_CHARS = 64 * 1024;

/**
 * The deepest realtime frame the journal keeps as data: the journal's copies, the inspector and
 * `GET /__admin/requests` serialise what it keeps, which must never run out of stack (a deeper
 * frame than the world lets in never gets here; this holds whatever the bound is raised to).
 */
const MAX_FRAME_DEPTH = 256;

/**
 * A frame's entry: `DDP /websocket`, `query.direction`, status 101, the socket's user; `stub` the
 * stub that answered a method call (its `in` frame), when one did.
 */
export function frameRequest(
  direction: 'in' | 'out',
  user: string | null,
  modelled: boolean,
  stub?: string,
): Omit<JournalEntry, 'seq' | 'time' | 'body'> {
  const entry = { method: 'DDP', path: '/websocket', query: { direction }, status: 101, user, modelled };
  return stub === undefined ? entry : { ...entry, stub };
}

/**
 * The body the journal keeps for a frame, in or out: `frame` parsed from `text`; `ddpFrameDepth`
 * is the bound a frame in was read against before it was parsed (src/limits.ts).
 */
export function frameBody(
  direction: 'in' | 'out',
  frame: unknown,
  text: string,
  ddpFrameDepth: number,
): unknown {
  // the frame's JSON text is at hand: its size and whether it holds a secret are read there,
  // not from a walk of the frame (a socket's hot path)
  return text.length > MAX_FRAME_CHARS
    ? { '[truncated]': `${text.length} characters` }
    : // a frame in was read for depth before it was parsed, against a bound no deeper than this
      !(direction === 'in' && ddpFrameDepth <= MAX_FRAME_DEPTH) && nestedDeeperThan(text, MAX_FRAME_DEPTH)
      ? { '[unreadable]': `nested deeper than ${MAX_FRAME_DEPTH}` }
      : /password|token|resume/i.test(text)
        ? redactSecrets(redactBody(frame))
        : frame;
}
