import { ApiError } from '../errors';
import type { RoleDoc } from '../store/roles';
import type { RoomRole } from '../store/store';
import type { User } from '../types';
import { command } from './command';

/** What giving a role takes: the role's id (or name), the user's username, the room of a room role. */
export interface RoleUserArgs {
  readonly roleId: unknown;
  readonly username: unknown;
  readonly scope?: string | undefined;
}

/** The method's name. */
const NAME = 'authorization:addUserToRole';

/**
 * Gives a user a role (`authorization:addUserToRole`, and `roles.addUserToRole`, which calls it):
 * `access-permissions`, the arguments (non-empty strings), the role (by id, then name), the admin
 * role only with `assign-admin-role`, the user (any case), then the role's scope: a global role is
 * the user's; a room role (`owner`, `moderator`) needs the user in the room given, and is then the
 * member's subscription's (no system message, unlike the room routes). Answers the user and the role.
 */
export default command<RoleUserArgs, { user: User; role: RoleDoc }>({
  name: NAME,
  run({ store, user }, { roleId, username, scope }) {
    if (!store.can(user, 'access-permissions')) throw new ApiError('role-add-not-allowed', { method: NAME });
    if (typeof roleId !== 'string' || roleId === '' || typeof username !== 'string' || username === '')
      throw new ApiError('role-invalid-arguments', { method: NAME });
    const role = store.roleByIdOrName(roleId);
    if (!role) throw new ApiError('role-invalid-role', { method: NAME });
    if (role._id === 'admin' && !store.can(user, 'assign-admin-role'))
      throw new ApiError('role-assign-admin-not-allowed', { method: NAME });
    const target = store.userNamed(username);
    if (!target) throw new ApiError('room-user-not-found', { method: NAME });
    if (role.scope === 'Subscriptions') {
      const room = scope === undefined ? undefined : store.anyRoom(scope);
      // a direct room's subscriptions hold no room roles in the fake: refused as a room the user is not in
      if (!room || room.t === 'd' || !room.usernames.includes(target.username))
        throw new ApiError('role-user-not-in-room', { method: NAME });
      store.setSubscriptionRole(room._id, target, role._id as RoomRole, true, username);
      return { user: target, role };
    }
    const changed = store.setUserRole(target._id, role._id, true, username) ?? target;
    return { user: changed, role };
  },
});
