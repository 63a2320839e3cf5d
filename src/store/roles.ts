import { GRANTABLE_ROLES } from '../types';
import type { GrantableRole, User, UserRole } from '../types';
import type { ChangeEvent } from './events';
import { roomRoles } from './membership';
import { commit } from './state';
import type { StoreState } from './state';
import type { RoomRole } from './subscription-states';

/**
 * The roles the fake knows, as Rocket.Chat seeds them (`createOrUpdateProtectedRoleAsync`): the
 * global ones a user holds (`scope: "Users"`) and the room ones a member holds in a room
 * (`scope: "Subscriptions"`). Fixed: no route of the fake makes, edits or deletes a role.
 *
 * Layer: store. Plain values; nothing of HTTP.
 */

/** A role's document as `roles.list` answers it (no `_updatedAt`: the route projects it out). */
export interface RoleDoc {
  readonly _id: string;
  readonly scope: 'Users' | 'Subscriptions';
  readonly description: string;
  readonly mandatory2fa: false;
  readonly name: string;
  readonly protected: true;
}

const role = (id: string, scope: RoleDoc['scope'], description: string): RoleDoc => ({
  _id: id,
  scope,
  description,
  mandatory2fa: false,
  name: id,
  protected: true,
});

/**
 * The roles in the order a fresh server's collection holds them (6.x on: `createOrUpdateProtectedRoleAsync`
 * in `server/startup/initialData`), the ones the fake grants and the ones it only lists (`app`,
 * `anonymous` and the omnichannel ones: no user of the fake holds them).
 */
export const ROLES: readonly RoleDoc[] = [
  role('admin', 'Users', 'Admin'),
  role('moderator', 'Subscriptions', 'Moderator'),
  role('leader', 'Subscriptions', 'Leader'),
  role('owner', 'Subscriptions', 'Owner'),
  role('user', 'Users', ''),
  role('bot', 'Users', ''),
  role('app', 'Users', ''),
  role('guest', 'Users', ''),
  role('anonymous', 'Users', ''),
  role('livechat-agent', 'Users', 'Livechat Agent'),
  role('livechat-manager', 'Users', 'Livechat Manager'),
];

/** Whether the fake knows a role by this id. */
export function isRoleId(id: string): id is GrantableRole {
  return (GRANTABLE_ROLES as readonly string[]).includes(id);
}

/** A role by id. */
export function roleById(id: string): RoleDoc | undefined {
  return ROLES.find((r) => r._id === id);
}

/**
 * A global role given to (`add`) or taken from a user (already checked): the user's `roles` (a
 * role already held, or one not held, is left as it is) and `_updatedAt` when they change, and
 * the `roles-change` notice in any case, as `user.roleUpdate` is broadcast; one commit.
 * `username` is as the caller sent it (the notice carries it so).
 */
export function setUserRole(
  state: StoreState,
  userId: string,
  role: UserRole,
  add: boolean,
  username: string,
): User | undefined {
  const user = state.users.get(userId);
  if (!user) return undefined;
  const held = user.roles.includes(role);
  const events: ChangeEvent[] = [];
  let next = user;
  if (held !== add) {
    const ts = state.clock.tick();
    const roles = add ? [...user.roles, role] : user.roles.filter((r) => r !== role);
    next = { ...user, roles, _updatedAt: ts };
    state.users.set(userId, next);
    events.push({ kind: 'user', op: 'updated', user: next });
  }
  events.push({ kind: 'role', op: add ? 'inserted' : 'removed', roleId: role, u: { _id: userId, username } });
  commit(state, events);
  return structuredClone(next);
}

/** The users holding a global role, by username. */
export function usersInRole(state: StoreState, role: string): User[] {
  const out: User[] = [];
  for (const user of state.users.values())
    if ((user.roles as readonly string[]).includes(role)) out.push(user);
  return out.sort((a, b) => (a.username < b.username ? -1 : a.username > b.username ? 1 : 0));
}

/**
 * The active users a licence counts (`getActiveLocalUserCount`: active, neither a bot nor an app,
 * not only a guest) and the active guests (`getActiveLocalGuestCount`: only the guest role).
 */
export function activeUserCounts(state: StoreState): { activeUsers: number; guestUsers: number } {
  let activeUsers = 0;
  let guestUsers = 0;
  for (const user of state.users.values()) {
    if (!user.active) continue;
    const onlyGuest = user.roles.length === 1 && user.roles[0] === 'guest';
    const type = typeof user.type === 'string' ? user.type : user.roles.includes('bot') ? 'bot' : 'user';
    if (onlyGuest) guestUsers += 1;
    else if (type !== 'bot' && type !== 'app') activeUsers += 1;
  }
  return { activeUsers, guestUsers };
}

/**
 * A room role given to (`add`) or taken from a member's subscription (already checked), as
 * `Roles.addUserRoles` / `removeUserRoles` with a scope do it (`roles.addUserToRole` with a
 * `roomId`, the `authorization:*UserFromRole` methods with a scope): the subscription's `roles`
 * (`$addToSet` appends, `$pull` takes out) and `_updatedAt` when they change, no system message
 * (unlike the room routes), and the `roles-change` notice with the room id as `scope` in any case
 * (no room, a room that is not there, or a user not in it, changes nothing: no subscription
 * matches); one commit.
 */
export function setSubscriptionRole(
  state: StoreState,
  scope: string | undefined,
  member: User,
  role: RoomRole,
  add: boolean,
  username: string,
): void {
  const room = scope === undefined ? undefined : state.rooms.get(scope);
  const events: ChangeEvent[] = [];
  if (room && room.usernames.includes(member.username)) {
    const held = roomRoles(state, room, member._id);
    if (held.includes(role) !== add) {
      const ts = state.clock.tick();
      const current = state.subscriptions.get(room, member._id);
      const next = add ? [...held, role] : held.filter((r) => r !== role);
      const subscription = { ...current, roles: next, _updatedAt: ts };
      state.subscriptions.set(room._id, member._id, subscription);
      events.push({ kind: 'subscription', op: 'updated', rid: room._id, uid: member._id, subscription });
    }
  }
  const u = { _id: member._id, username };
  const op = add ? 'inserted' : 'removed';
  events.push(
    scope === undefined
      ? { kind: 'role', op, roleId: role, u }
      : { kind: 'role', op, roleId: role, u, scope },
  );
  commit(state, events);
}

/**
 * The holders of the public roles (`Authorization.getUsersFromPublicRoles`): the global roles
 * with a description (`admin` among those the fake knows), each holder `{_id, username, roles}`
 * with only those roles, by username; active or not.
 */
export function usersInPublicRoles(state: StoreState): { _id: string; username: string; roles: string[] }[] {
  const publicIds = ROLES.filter((r) => r.scope === 'Users' && r.description !== '').map(
    (r) => r._id as string,
  );
  const out: { _id: string; username: string; roles: string[] }[] = [];
  for (const user of state.users.values()) {
    const roles = (user.roles as readonly string[]).filter((role) => publicIds.includes(role));
    if (roles.length > 0) out.push({ _id: user._id, username: user.username, roles });
  }
  return out.sort((a, b) => (a.username < b.username ? -1 : a.username > b.username ? 1 : 0));
}
