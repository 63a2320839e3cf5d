/**
 * A thread's followers as the server's thread hook keeps them (Rocket.Chat 7.x/8.x
 * `processThreads` → `reply` → `updateRepliesByThreadId`), reply by reply: shared by the store (a
 * reply posted) and the scenario (a thread written in a file), so both make the same parent.
 *
 * Layer: base. Plain data in, plain data out.
 */

/** What a thread's parent holds of its thread before a reply. */
export interface ThreadParent {
  readonly u: { readonly _id: string };
  readonly tcount?: unknown;
  readonly replies?: unknown;
}

/** What a reply says of itself. */
export interface ThreadReply {
  readonly u: { readonly _id: string };
  readonly mentions?: unknown;
}

/** The user ids a message mentions (`getMentions`' `mentionIds`: users, not `@all` / `@here`). */
export function mentionIdsOf(message: ThreadReply): string[] {
  if (!Array.isArray(message.mentions)) return [];
  return (message.mentions as { _id?: unknown; type?: unknown }[]).flatMap((m) =>
    m.type === 'user' && typeof m._id === 'string' ? [m._id] : [],
  );
}

function unique(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

/** Whether a message mentions `@all` or `@here` (`getMentions`' `toAll` / `toHere`). */
export function mentionsGroup(message: ThreadReply): boolean {
  if (!Array.isArray(message.mentions)) return false;
  return (message.mentions as { _id?: unknown }[]).some((m) => m._id === 'all' || m._id === 'here');
}

/** The parent's `replies` (its followers' ids) as stored, ids only. */
function repliesOf(parent: ThreadParent): string[] {
  return Array.isArray(parent.replies)
    ? parent.replies.filter((id): id is string => typeof id === 'string')
    : [];
}

/**
 * The thread's followers a reply tells (`processThreads`' `replies`): the parent's author on the
 * first reply (its `replies` after), a direct room's members on the first reply, the users the
 * reply mentions; never the replier.
 */
export function followersOf(
  parent: ThreadParent,
  reply: ThreadReply,
  roomUids?: readonly string[],
): string[] {
  const before = repliesOf(parent);
  const first = typeof parent.tcount !== 'number' || parent.tcount === 0;
  return unique([
    ...(first ? [parent.u._id] : before),
    ...(first && roomUids ? roomUids : []),
    ...mentionIdsOf(reply),
  ]).filter((id) => id !== reply.u._id);
}

/**
 * The parent's `replies` after one more reply. The followers (`processThreads`): the parent's
 * author on the first reply (its `replies` after), a direct room's members on the first reply, the
 * users the reply mentions, but not the replier; then `reply()` adds to the set the followers, the
 * mentioned users, and the replier (with the parent's author first, on the first reply).
 * `roomUids` is a direct room's `uids`.
 */
export function repliesAfter(
  parent: ThreadParent,
  reply: ThreadReply,
  roomUids?: readonly string[],
): string[] {
  const before = repliesOf(parent);
  const mentionIds = mentionIdsOf(reply);
  const followers = followersOf(parent, reply, roomUids);
  const added = unique([
    ...followers,
    ...mentionIds,
    ...(before.length > 0 ? [reply.u._id] : [parent.u._id, reply.u._id]),
  ]);
  return [...before, ...added.filter((id) => !before.includes(id))];
}
