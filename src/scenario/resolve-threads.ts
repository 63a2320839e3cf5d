import { repliesAfter } from '../store/threads';
import type { Message } from '../types';
import type { ProblemAt } from './resolve-context';
import type { ParsedMessage } from './schema';

/** A scenario's threads: each reply's `tmid` checked, and each parent's thread fields filled. */

/** The threads of a scenario's messages. */
export interface Threads {
  /** each thread's replies by parent, in the order of the messages */
  byParent: Map<Message, Message[]>;
  /** the first message of each `_id` (a repeated one is a problem already) */
  firstById: ReadonlyMap<string, Message>;
}

/**
 * Each thread's replies by parent, in the order of the messages: a `tmid` names a message of the
 * reply's room that is no reply itself (Rocket.Chat has no nested threads: `executeSendMessage`
 * re-roots a reply to a reply with `message.tmid = parentMessage.tmid`, so a stored reply never
 * names one; a scenario that does is refused, not re-rooted, since it describes a state the
 * server cannot be in).
 */
export function linkThreads(
  messages: readonly Message[],
  pathOf: (message: Message) => PropertyKey[],
  unsure: (tmid: string) => boolean,
  problem: ProblemAt,
): Threads {
  const firstById = new Map<string, Message>();
  for (const m of messages) if (!firstById.has(m._id)) firstById.set(m._id, m);
  const threads = new Map<Message, Message[]>();
  for (const message of messages) {
    const { tmid } = message;
    if (tmid === undefined) continue;
    const at = [...pathOf(message), 'tmid'];
    const parent = firstById.get(tmid);
    if (tmid === message._id) problem(at, 'names the message itself: a message is no reply to itself');
    else if (!parent) {
      if (!unsure(tmid)) problem(at, `no message "${tmid}" in this room`);
    } else if (parent.rid !== message.rid) problem(at, `no message "${tmid}" in this room`);
    else if (parent.tmid !== undefined) problem(at, nestedThread(message, parent, firstById));
    else {
      const replies = threads.get(parent);
      if (replies) replies.push(message);
      else threads.set(parent, [message]);
    }
  }
  return { byParent: threads, firstById };
}

/** Why a reply may not name `parent`, itself a reply: and the thread it belongs in, when there is one. */
function nestedThread(reply: Message, parent: Message, firstById: ReadonlyMap<string, Message>): string {
  const what = `message "${parent._id}" is itself a reply: Rocket.Chat has no nested threads`;
  const seen = new Set([reply._id]);
  let root = parent;
  while (root.tmid !== undefined) {
    if (seen.has(root._id) || seen.has(root.tmid)) return `${what}, and these tmids go round in a cycle`;
    seen.add(root._id);
    const next = firstById.get(root.tmid);
    if (!next) return what;
    root = next;
  }
  return `${what} (the server files a reply to a reply in the first one's thread): name "${root._id}"`;
}

/**
 * A thread's parent as the server's thread hook leaves it after its replies (`processThreads` →
 * `reply` → `updateRepliesByThreadId`, reply by reply in the order of their `ts`, as the store
 * does for a new reply): `tcount` the number of replies, `tlm` the newest one's `ts`, `replies`
 * the followers (src/store/threads.ts; `uids` a direct room's members), `_updatedAt` the newest
 * reply's time. A field the scenario gives is kept as given.
 */
export function followThread(
  parent: Message,
  replies: readonly Message[],
  given: ParsedMessage | undefined,
  uids: readonly string[] | undefined,
): void {
  const ordered = [...replies].sort((a, b) => (a.ts < b.ts ? -1 : a.ts > b.ts ? 1 : 0));
  let thread: { u: { _id: string }; tcount: number; replies: string[] } = {
    u: parent.u,
    tcount: 0,
    replies: [],
  };
  for (const reply of ordered)
    thread = { ...thread, tcount: thread.tcount + 1, replies: repliesAfter(thread, reply, uids) };
  const followers = thread.replies;
  const last = ordered[ordered.length - 1]?.ts ?? parent.ts;
  // given (as a carried field or in extra): kept
  if (parent.replies === undefined) parent.replies = followers;
  if (parent.tlm === undefined) parent.tlm = last;
  if (parent.tcount === undefined) parent.tcount = replies.length;
  if (given?._updatedAt === undefined && last > parent._updatedAt) parent._updatedAt = last;
}
