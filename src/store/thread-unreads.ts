import type { AnyRoom, Message, User } from '../types';
import type { ChangeEvent } from './events';
import type { SubscriptionState } from './subscription-states';
import { userNamed } from './state';
import type { StoreState } from './state';
import { mentionIdsOf, mentionsGroup } from './threads';

/**
 * What a thread does to its room's subscriptions: a reply alerts and opens its followers' and
 * marks the thread unread for them (`tunread`; `tunreadUser` for those it mentions, `tunreadGroup`
 * on `@all` / `@here`), and a reply deleted, a thread read or unfollowed takes the thread off
 * again. The room's own unread counts are never touched by a reply kept in its thread.
 *
 * Layer: store. Plain values; nothing of HTTP.
 */

type ThreadList = 'tunread' | 'tunreadUser' | 'tunreadGroup';

function added(list: readonly string[] | undefined, tmid: string): readonly string[] {
  if (!list) return [tmid];
  return list.includes(tmid) ? list : [...list, tmid];
}

/** The state without `tmid` in its thread lists (a list left empty stays, as `$pull` leaves it); the same state when none had it. */
export function withoutThread(current: SubscriptionState, tmid: string, ts: string): SubscriptionState {
  const lists: ThreadList[] = ['tunread', 'tunreadGroup', 'tunreadUser'];
  if (!lists.some((field) => current[field]?.includes(tmid) === true)) return current;
  const next: { -readonly [K in keyof SubscriptionState]: SubscriptionState[K] } = { ...current };
  for (const field of lists) {
    const list = current[field];
    if (list?.includes(tmid)) next[field] = list.filter((id) => id !== tmid);
  }
  next._updatedAt = ts;
  return next;
}

/** The member of the room with this id, if any (only members have a subscription). */
function memberOf(state: StoreState, room: AnyRoom, uid: string, known: User): User | undefined {
  const user = uid === known._id ? known : state.users.get(uid);
  return user && room.usernames.includes(user.username) ? user : undefined;
}

/**
 * A reply's effects on its room's subscriptions (`updateThreadUsersSubscriptions`, then `reply`):
 * the followers' (`followers`, never the replier) alerted; theirs and the replier's opened, `lr`
 * the reply's time; then every one of the thread's followers after it (`replies`) but the replier
 * and the users mentioned has the thread unread (`tunreadGroup` too on `@all` / `@here`), and each
 * user mentioned has it unread as a mention (`tunreadUser`). Written, and told in `events`.
 */
export function threadReplied(
  state: StoreState,
  room: AnyRoom,
  reply: Message,
  sender: User,
  followers: readonly string[],
  replies: readonly string[],
  ts: string,
  events: ChangeEvent[],
): void {
  const tmid = reply.tmid;
  if (tmid === undefined) return;
  const changed = new Map<string, SubscriptionState>();
  const touch = (uid: string, change: (current: SubscriptionState) => SubscriptionState): void => {
    if (!memberOf(state, room, uid, sender)) return;
    const current = changed.get(uid) ?? state.subscriptions.get(room, uid);
    changed.set(uid, { ...change(current), _updatedAt: ts });
  };
  for (const uid of followers) touch(uid, (s) => ({ ...s, alert: true }));
  for (const uid of new Set([sender._id, ...followers])) touch(uid, (s) => ({ ...s, open: true, lr: ts }));
  const mentionIds = mentionIdsOf(reply);
  const group = mentionsGroup(reply);
  for (const uid of replies) {
    if (uid === sender._id || mentionIds.includes(uid)) continue;
    touch(uid, (s) => ({
      ...s,
      tunread: added(s.tunread, tmid),
      ...(group ? { tunreadGroup: added(s.tunreadGroup, tmid) } : {}),
    }));
  }
  for (const uid of mentionIds)
    touch(uid, (s) => ({ ...s, tunread: added(s.tunread, tmid), tunreadUser: added(s.tunreadUser, tmid) }));
  for (const [uid, next] of changed) {
    state.subscriptions.set(room._id, uid, next);
    events.push({ kind: 'subscription', op: 'updated', rid: room._id, uid, subscription: next });
  }
}

/**
 * A reply deleted (`removeUnreadThreadsByRoomId`): every member of the room that has the thread
 * unread has it no longer. Written, and told in `events`.
 */
export function threadForgotten(
  state: StoreState,
  room: AnyRoom,
  tmid: string,
  ts: string,
  events: ChangeEvent[],
): void {
  for (const username of room.usernames) {
    const user = userNamed(state, username);
    if (!user) continue;
    const current = state.subscriptions.get(room, user._id);
    const next = withoutThread(current, tmid, ts);
    if (next === current) continue;
    state.subscriptions.set(room._id, user._id, next);
    events.push({ kind: 'subscription', op: 'updated', rid: room._id, uid: user._id, subscription: next });
  }
}
