import { ApiError } from '../errors';
import type { PermissionDoc } from '../store/store';
import { command } from './command';

/** A permission and a role, as the realtime methods take them. */
export interface PermissionRoleArgs {
  readonly permissionId: unknown;
  readonly role: unknown;
}

/** The method's name. */
const NAME = 'authorization:addPermissionToRole';

/**
 * Adds a role to a permission (`authorization:addPermissionToRole`): the permission (`Permission
 * does not exist`), `access-permissions`, the role (8.x's `Role does not exist`; the fake knows only
 * its roles, so it checks on every line), then `$addToSet`: the permission stamped even when it
 * held the role, its `permissions-changed` sent. No guest whitelist (a community server has none).
 */
export default command<PermissionRoleArgs, PermissionDoc>({
  name: NAME,
  run({ store, user }, { permissionId, role }) {
    const permission = typeof permissionId === 'string' ? store.permissionDoc(permissionId) : undefined;
    if (!permission) throw new ApiError('permission-does-not-exist', { method: NAME });
    if (!store.can(user, 'access-permissions'))
      throw new ApiError('permission-add-not-allowed', { method: NAME });
    if (typeof role !== 'string' || !store.isRoleId(role))
      throw new ApiError('permission-role-does-not-exist', { method: NAME });
    const roles = permission.roles.filter((r) => store.isRoleId(r));
    const next = roles.includes(role) ? roles : [...roles, role];
    return store.setPermissionRoles([{ _id: permission._id, roles: next }])[0] ?? permission;
  },
});
