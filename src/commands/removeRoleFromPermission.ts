import { ApiError } from '../errors';
import type { PermissionDoc } from '../store/store';
import type { PermissionRoleArgs } from './addPermissionToRole';
import { command } from './command';

/** The method's name. */
const NAME = 'authorization:removeRoleFromPermission';

/**
 * Takes a role from a permission (`authorization:removeRoleFromPermission`): the permission
 * (`Permission not found`), `access-permissions`, then `$pull`: the permission stamped even when
 * it lacked the role, its `permissions-changed` sent.
 */
export default command<PermissionRoleArgs, PermissionDoc>({
  name: NAME,
  run({ store, user }, { permissionId, role }) {
    const permission = typeof permissionId === 'string' ? store.permissionDoc(permissionId) : undefined;
    if (!permission) throw new ApiError('permission-not-found', { method: NAME });
    if (!store.can(user, 'access-permissions'))
      throw new ApiError('permission-remove-not-allowed', { method: NAME });
    const next = permission.roles.filter((r) => store.isRoleId(r)).filter((r) => r !== role);
    return store.setPermissionRoles([{ _id: permission._id, roles: next }])[0] ?? permission;
  },
});
