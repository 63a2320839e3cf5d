import { copyJson } from '../json-copy';
import { ApiError } from '../errors';
import type { RoleDoc, User, UserRole } from '../types';
import type { ChangeEvent } from './events';
import { roomRoles } from './membership';
import { commit, userNamed } from './state';
import { ROLES_PER_WORLD, customRole } from './role-seed';
import { meteorIdOf } from './subscription-states';
import type { StoreState } from './state';
import type { RoomRole } from './subscription-states';

/**
 * The roles of a world: the ones Rocket.Chat seeds (`createOrUpdateProtectedRoleAsync`), global
 * (`scope: "Users"`, a user holds them) or room ones (`scope: "Subscriptions"`, a member holds them
 * in a room), and the world's custom ones (a scenario's `roles`, `roles.create`,
 * `authorization:saveRole`), kept in the state over the baseline's (a reset forgets those made since).
 *
 * Layer: store. Plain values; nothing of HTTP.
 */

export type { RoleDoc };
export { ROLES_PER_WORLD } from './role-seed';

/** Every role of the world, in the collection's order. */
export function allRoles(state: StoreState): RoleDoc[] {
  return [...state.roles.values()];
}

/** The ids of the global roles (`scope: "Users"`), in the world's order. */
export function globalRoleIds(state: StoreState): string[] {
  const out: string[] = [];
  for (const role of state.roles.values()) if (role.scope === 'Users') out.push(role._id);
  return out;
}

/** Whether the world has a role of this id. */
export function isRoleId(state: StoreState, id: string): boolean {
  return state.roles.has(id);
}

/** A role by id. */
export function roleById(state: StoreState, id: string): RoleDoc | undefined {
  return state.roles.get(id);
}

/** A role by id, else by name (`Roles.findOneByIdOrName`). */
export function roleByIdOrName(state: StoreState, ref: string): RoleDoc | undefined {
  const byId = state.roles.get(ref);
  if (byId) return byId;
  for (const r of state.roles.values()) if (r.name === ref) return r;
  return undefined;
}

/** The custom roles (those not seeded), in the order made: what `state()` shows and a scenario gives. */
export function customRoles(state: StoreState): RoleDoc[] {
  return allRoles(state).filter((r) => !r.protected);
}

/**
 * A custom role made (already checked but for the bound): past {@link ROLES_PER_WORLD} refused;
 * its `_id` the name (0.x: `Roles.createOrUpdate` used it) or a fresh Meteor id
 * (`Roles.createWithRandomId`), stamped, stored, `role-doc` inserted; one commit.
 */
export function insertRole(
  state: StoreState,
  fields: Pick<RoleDoc, 'name' | 'scope' | 'description' | 'mandatory2fa'>,
  idIsName: boolean,
): RoleDoc {
  if (state.roles.size >= ROLES_PER_WORLD)
    throw new ApiError('roles-limit', { reason: String(state.roles.size) });
  const ts = state.clock.tick();
  let _id = fields.name;
  let fresh = !idIsName;
  // a fresh id (or the name's, taken as another role's id) that no role has
  for (let n = 0; fresh || state.roles.has(_id); n += 1) {
    fresh = false;
    _id = meteorIdOf(`role|${state.seed}|${state.roles.size}|${ts}|${n}`);
  }
  const stored = customRole({ _id, ...fields, _updatedAt: ts });
  state.roles.set(_id, stored);
  commit(state, [{ kind: 'role-doc', op: 'inserted', role: stored }]);
  return { ...stored };
}

/** A role's fields replaced (already checked), stamped; one commit. */
export function updateRole(
  state: StoreState,
  id: string,
  fields: Pick<RoleDoc, 'name' | 'scope' | 'description' | 'mandatory2fa'>,
): RoleDoc | undefined {
  const current = state.roles.get(id);
  if (!current) return undefined;
  const ts = state.clock.tick();
  const stored: RoleDoc = { ...current, ...fields, _updatedAt: ts };
  state.roles.set(id, stored);
  commit(state, [{ kind: 'role-doc', op: 'updated', role: stored }]);
  return { ...stored };
}

/** A role deleted (already checked: not protected, nobody holds it); one commit. */
export function deleteRole(state: StoreState, id: string): void {
  const current = state.roles.get(id);
  if (!current) return;
  state.roles.delete(id);
  commit(state, [{ kind: 'role-doc', op: 'removed', role: current }]);
}

/**
 * Whether anybody holds a role (`Roles.countUsersInRole`): a user (a global role) or a member in
 * some room (a room role: the subscriptions' roles, derived or changed).
 */
export function roleInUse(state: StoreState, r: RoleDoc): boolean {
  if (r.scope === 'Users') {
    for (const user of state.users.values()) if (user.roles.includes(r._id)) return true;
    return false;
  }
  for (const room of state.rooms.values())
    for (const username of room.usernames) {
      const member = userNamed(state, username);
      if (member && (roomRoles(state, room, member._id) as readonly string[]).includes(r._id)) return true;
    }
  return false;
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
  return copyJson(next);
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
 * with a description (`admin`, `livechat-agent`, `livechat-manager`, custom ones with one), each holder `{_id, username, roles}`
 * with only those roles, by username; active or not.
 */
export function usersInPublicRoles(state: StoreState): { _id: string; username: string; roles: string[] }[] {
  const publicIds = allRoles(state)
    .filter((r) => r.scope === 'Users' && r.description !== '')
    .map((r) => r._id);
  const out: { _id: string; username: string; roles: string[] }[] = [];
  for (const user of state.users.values()) {
    const roles = (user.roles as readonly string[]).filter((role) => publicIds.includes(role));
    if (roles.length > 0) out.push({ _id: user._id, username: user.username, roles });
  }
  return out.sort((a, b) => (a.username < b.username ? -1 : a.username > b.username ? 1 : 0));
}
