import addPermissionToRole from '../../commands/addPermissionToRole';
import addUserToRole from '../../commands/addUserToRole';
import removeRoleFromPermission from '../../commands/removeRoleFromPermission';
import removeUserFromRole from '../../commands/removeUserFromRole';
import { ApiError } from '../../errors';
import type { Method } from '../method';

/**
 * The realtime methods of roles, each as the real server answers it: `authorization:addUserToRole`
 * and `authorization:removeUserFromRole` (the commands the REST routes call), `true` once done.
 * No user is refused as one without `access-permissions` is.
 *
 * Layer: realtime.
 */

/** The third argument, the room of a room role, when it is a string. */
const scopeOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** `authorization:addUserToRole(roleId, username, scope)`. */
const addUserToRoleMethod: Method = (context, params) => {
  const [roleId, username, scope] = params;
  const user = context.user;
  if (!user) throw new ApiError('role-add-not-allowed', { method: addUserToRole.name });
  addUserToRole.run(
    { store: context.store, profile: context.profile, user },
    { roleId, username, scope: scopeOf(scope) },
  );
  return true;
};

/** `authorization:removeUserFromRole(roleId, username, scope)`. */
const removeUserFromRoleMethod: Method = (context, params) => {
  const [roleId, username, scope] = params;
  const user = context.user;
  if (!user) throw new ApiError('role-remove-not-allowed', { method: removeUserFromRole.name });
  removeUserFromRole.run(
    { store: context.store, profile: context.profile, user },
    { roleId, username, scope: scopeOf(scope) },
  );
  return true;
};

/**
 * `authorization:addPermissionToRole(permissionId, role)` / `removeRoleFromPermission`: the
 * permission is looked up before the caller (an unknown one is refused as such, logged in or
 * not); no user is refused as one without `access-permissions`. The result is empty (6.x on:
 * the methods return nothing).
 */
function permissionMethod(
  run: typeof addPermissionToRole,
  notFound: 'permission-does-not-exist' | 'permission-not-found',
  notAllowed: 'permission-add-not-allowed' | 'permission-remove-not-allowed',
): Method {
  return (context, params) => {
    const [permissionId, role] = params;
    const user = context.user;
    if (!user) {
      const known =
        typeof permissionId === 'string' && context.store.permissionDoc(permissionId) !== undefined;
      throw new ApiError(known ? notAllowed : notFound, { method: run.name });
    }
    run.run({ store: context.store, profile: context.profile, user }, { permissionId, role });
    return undefined;
  };
}

export const ROLE_METHODS: Readonly<Record<string, Method>> = {
  [addUserToRole.name]: addUserToRoleMethod,
  [removeUserFromRole.name]: removeUserFromRoleMethod,
  [addPermissionToRole.name]: permissionMethod(
    addPermissionToRole,
    'permission-does-not-exist',
    'permission-add-not-allowed',
  ),
  [removeRoleFromPermission.name]: permissionMethod(
    removeRoleFromPermission,
    'permission-not-found',
    'permission-remove-not-allowed',
  ),
};
