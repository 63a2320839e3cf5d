import { ApiError } from '../errors';
import type { RoleDoc } from '../store/roles';
import type { RoomRole } from '../store/store';
import type { User, UserRole } from '../types';
import type { RoleUserArgs } from './addUserToRole';
import { command } from './command';

/** The method's name. */
const NAME = 'authorization:removeUserFromRole';

/**
 * Takes a role from a user (`authorization:removeUserFromRole`, and `roles.removeUserFromRole`
 * after its own checks): `access-permissions`, the arguments, the role, the user, the last admin
 * kept; a role the user does not hold is taken all the same (nothing changes; the notice is sent).
 * A room role is taken from the user's subscription of the room `scope` names (no system message).
 */
export default command<RoleUserArgs, { user: User; role: RoleDoc }>({
  name: NAME,
  run({ store, user }, { roleId, username, scope }) {
    if (!store.can(user, 'access-permissions'))
      throw new ApiError('role-remove-not-allowed', { method: NAME });
    if (typeof roleId !== 'string' || roleId === '' || typeof username !== 'string' || username === '')
      throw new ApiError('role-invalid-arguments', { method: NAME });
    const role = store.roleByIdOrName(roleId);
    if (!role) throw new ApiError('role-invalid-role', { method: NAME });
    const target = store.userNamed(username);
    if (!target) throw new ApiError('role-invalid-user', { method: NAME });
    if (role._id === 'admin' && target.roles.includes('admin') && store.usersInRole('admin').length === 1)
      throw new ApiError('role-remove-last-admin');
    if (role.scope === 'Subscriptions') {
      // `$pull` from the subscription in the room `scope` names: none matched (no scope, no such
      // room, not a member) changes nothing, and the notice is sent all the same
      store.setSubscriptionRole(scope, target, role._id as RoomRole, false, username);
      return { user: target, role };
    }
    const changed = store.setUserRole(target._id, role._id as UserRole, false, username) ?? target;
    return { user: changed, role };
  },
});
