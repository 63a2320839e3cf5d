import { ApiError } from '../errors';
import type { RoleDoc } from '../types';
import { checkAccessPermissions, SAVE_ROLE } from './createRole';
import { command } from './command';

/** What changing a role takes: its id and new fields (already checked against the body's schema). */
export interface UpdateRoleArgs {
  readonly roleId: string;
  readonly name: string;
  readonly scope?: string | undefined;
  readonly description?: string | undefined;
  readonly mandatory2fa?: boolean | undefined;
  readonly via: 'rest' | 'method';
  /**
   * the community server's enterprise rule (6.x on, `roles.update`): a role that is not a protected
   * one (an unknown one too) is refused as an enterprise feature; the role is then found by id only
   */
  readonly enterprise: boolean;
  /** a description not given: `empty` ('', 6.x on and `authorization:saveRole`), `keep` (4.x–5.x's route) */
  readonly missingDescription: 'empty' | 'keep';
}

/**
 * Changes a role (`roles.update`, `updateRole`): `access-permissions`; on 6.x a role that is not a
 * protected one is an enterprise feature; the role (`This role does not exist`); a protected role
 * keeps its name and scope (`Role is protected`; a scope not given is `Users`, so a room role's
 * update must name its scope); no other role of that name (`Role name already exists`); a known
 * scope (`Invalid scope`). Writes the name, scope, description and 2FA flag (a flag not given is
 * kept), stamped; the `roles-change` notice `{type: 'changed', _id}`. Answers the role's document.
 */
export default command<UpdateRoleArgs, RoleDoc>({
  name: 'updateRole',
  run({ store, user }, args) {
    checkAccessPermissions((p) => store.can(user, p), args.via, SAVE_ROLE);
    if (args.enterprise && store.roleById(args.roleId)?.protected !== true)
      throw new ApiError('role-enterprise-feature');
    const role = args.enterprise ? store.roleById(args.roleId) : store.roleByIdOrName(args.roleId);
    if (!role) throw new ApiError('role-remove-no-role');
    const scope = args.scope === undefined || args.scope === '' ? 'Users' : args.scope;
    if (role.protected && (args.name !== role.name || scope !== role.scope))
      throw new ApiError('role-update-protected');
    const other = args.enterprise
      ? store.roles().find((r) => r.name === args.name)
      : store.roleByIdOrName(args.name);
    if (other && other._id !== role._id) throw new ApiError('role-duplicate-name');
    if (scope !== 'Users' && scope !== 'Subscriptions') throw new ApiError('role-invalid-scope');
    const description =
      args.description !== undefined && args.description !== ''
        ? args.description
        : args.missingDescription === 'empty'
          ? ''
          : (args.description ?? role.description);
    const updated = store.updateRole(role._id, {
      name: args.name,
      scope,
      description,
      mandatory2fa: args.mandatory2fa ?? role.mandatory2fa,
    });
    return updated ?? role;
  },
});
