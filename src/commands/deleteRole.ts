import { ApiError } from '../errors';
import type { RoleDoc } from '../types';
import { command } from './command';

/** What deleting a role takes: its id (or name) and how to refuse. */
export interface DeleteRoleArgs {
  readonly roleId: string;
  /** `rest`: `roles.delete`'s refusals (permission checked before); `method`: `authorization:deleteRole`'s */
  readonly via: 'rest' | 'method';
}

/** The realtime method's name (its refusals' `details.method`). */
const NAME = 'authorization:deleteRole';

/**
 * Deletes a custom role (`roles.delete`, `authorization:deleteRole`): the role by id, then name;
 * a protected (seeded) one is refused; one a user, or a member in some room, holds is refused
 * (`Cannot delete role because it's in use`: Rocket.Chat takes a role from nobody, and keeps it in
 * the permissions that name it). Answers the role deleted.
 */
export default command<DeleteRoleArgs, RoleDoc>({
  name: NAME,
  run({ store, user }, { roleId, via }) {
    if (via === 'method' && !store.can(user, 'access-permissions'))
      throw new ApiError('role-add-not-allowed', { method: NAME });
    const role = store.roleByIdOrName(roleId);
    if (!role)
      throw new ApiError(via === 'rest' ? 'role-remove-no-role' : 'role-delete-invalid-role', {
        method: NAME,
      });
    if (role.protected)
      throw new ApiError(via === 'rest' ? 'role-protected' : 'role-delete-protected', { method: NAME });
    if (store.roleInUse(role))
      throw new ApiError(via === 'rest' ? 'role-in-use' : 'role-delete-in-use', { method: NAME });
    store.deleteRole(role._id);
    return role;
  },
});
