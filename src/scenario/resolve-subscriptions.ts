import type { SubscriptionRecord } from '../types';
import type { ResolveContext } from './resolve-context';
import type { ScenarioRooms } from './resolve-rooms';
import type { ScenarioUsers } from './resolve-users';

/**
 * The members' subscription states the scenario gives: each names a room (a channel or group by
 * `_id` or name, a direct room by `_id`) and one of its members by username, once per room and
 * member; `rid` becomes the room's `_id`, `username` the user's own spelling.
 */
export function buildSubscriptions(
  ctx: ResolveContext,
  users: ScenarioUsers,
  rooms: ScenarioRooms,
): SubscriptionRecord[] {
  const seen = new Map<string, number>();
  const out: SubscriptionRecord[] = [];
  (ctx.scenario.subscriptions ?? []).forEach((sub, i) => {
    if (!sub) return;
    const path = ['subscriptions', i];
    const room = rooms.roomOf(sub.rid, [...path, 'rid']);
    const user = users.ref({ username: sub.username }, [...path, 'username']);
    if (!room || !user) return;
    const what =
      room.t === 'd'
        ? `direct room "${room._id}"`
        : `${room.t === 'p' ? 'private group' : 'channel'} "${room.name}"`;
    if (!room.usernames.includes(user.username)) {
      if (!rooms.isStandIn(room._id))
        ctx.problem(
          [...path, 'username'],
          `"${user.username}" is not a member of ${what}: only its members have a subscription`,
        );
      return;
    }
    const key = `${room._id}\n${user._id}`;
    const first = seen.get(key);
    if (first !== undefined) {
      ctx.problem(
        path,
        `a second subscription of "${user.username}" to ${what} (the first is subscriptions[${first}]): one per room and member`,
      );
      return;
    }
    seen.set(key, i);
    const { rid: _rid, username: _username, ...fields } = sub;
    out.push({ rid: room._id, username: user.username, ...fields });
  });
  return out;
}
