import createRole, { SAVE_ROLE, checkAccessPermissions } from '../../commands/createRole';
import deleteRole from '../../commands/deleteRole';
import updateRole from '../../commands/updateRole';
import { ApiError } from '../../errors';
import { byEra } from '../../eras';
import type { EraTable } from '../../eras';
import { isPlainObject } from '../../store/query';
import { toEjson } from '../ejson';
import type { Method } from '../method';

/**
 * The realtime methods of the roles as the world's state: `authorization:saveRole` (0.x–5.x; 6.0
 * removed it, PR #27481) and `authorization:deleteRole`, each sharing the REST routes' commands.
 *
 * Layer: realtime.
 */

/** 4.x on check the role with `isRoleCreateProps`; 0.x only asked for a name (profile 0.49). */
const CREATE_PROPS: EraTable<boolean> = { '0.49': false, '5': true };

/** `Roles.removeById`'s result: 0.x a count, 4.x on Mongo's `DeleteResult`. */
const DELETE_RESULT: EraTable<'count' | 'delete-result'> = { '0.49': 'count', '5': 'delete-result' };

/** `isRoleCreateProps`: `{name: string, description?, scope? ('Users' | 'Subscriptions'), mandatory2fa?}` (null as not given), nothing else. */
function createProps(value: unknown): value is Record<string, unknown> {
  if (!isPlainObject(value) || typeof value.name !== 'string') return false;
  const allowed = new Set(['name', 'description', 'scope', 'mandatory2fa']);
  if (Object.keys(value).some((key) => !allowed.has(key))) return false;
  const { description, scope, mandatory2fa } = value;
  return (
    (description === undefined || description === null || typeof description === 'string') &&
    (scope === undefined || scope === null || scope === 'Users' || scope === 'Subscriptions') &&
    (mandatory2fa === undefined || mandatory2fa === null || typeof mandatory2fa === 'boolean')
  );
}

/**
 * `authorization:saveRole(roleData)`: no user or no `access-permissions` refused
 * (`details: {method, action: 'Accessing_permissions'}`); 4.x on the role's properties
 * (`The role properties are invalid.`), 0.x a name (`Role name is required`); then upserted by
 * name: an existing role is updated (`updateRole`: a protected one keeps its name and scope, a
 * scope not given being `Users`; a description not given is ''), else made with a fresh id (0.x:
 * the name as id). Answers the role (4.x on: made, `{_id, name, scope, description, protected,
 * mandatory2fa}`; updated, its whole document); 0.x nothing.
 */
const saveRole: Method = (context, params) => {
  const user = context.user;
  if (!user) throw new ApiError('role-add-not-allowed', { method: SAVE_ROLE });
  const { store, profile } = context;
  checkAccessPermissions((p) => store.can(user, p), 'method', SAVE_ROLE);
  const data = params[0];
  const checked = byEra(profile, CREATE_PROPS);
  if (
    checked ? !createProps(data) : !isPlainObject(data) || typeof data.name !== 'string' || data.name === ''
  )
    throw new ApiError(checked ? 'role-save-invalid-properties' : 'role-save-name-required', {
      method: SAVE_ROLE,
    });
  const fields = data as Record<string, unknown>;
  const name = String(fields.name);
  const scope = fields.scope === 'Subscriptions' ? 'Subscriptions' : 'Users';
  const description = typeof fields.description === 'string' ? fields.description : undefined;
  const mandatory2fa = typeof fields.mandatory2fa === 'boolean' ? fields.mandatory2fa : undefined;
  const run = { store, profile, user };
  const existing = store.roles().find((r) => r.name === name);
  if (existing) {
    const role = updateRole.run(run, {
      roleId: existing._id,
      name,
      scope,
      description,
      mandatory2fa,
      via: 'method',
      enterprise: false,
      missingDescription: 'empty',
    });
    return checked ? toEjson(role) : undefined;
  }
  const made = createRole.run(run, {
    name,
    scope,
    description,
    mandatory2fa,
    via: 'method',
    idIsName: !checked,
  });
  if (!checked) return undefined;
  const { _updatedAt: _stamp, ...role } = made;
  return role;
};

/**
 * `authorization:deleteRole(roleId)`: no user or no `access-permissions` refused; the role by id,
 * then name (`Invalid role`); a protected one (`Cannot delete a protected role`); one somebody
 * holds (`Cannot delete role because it's in use`); then deleted. Answers `Roles.removeById`'s
 * result.
 */
const deleteRoleMethod: Method = (context, params) => {
  const user = context.user;
  if (!user) throw new ApiError('role-add-not-allowed', { method: deleteRole.name });
  const [roleId] = params;
  const { store, profile } = context;
  deleteRole.run(
    { store, profile, user },
    { roleId: typeof roleId === 'string' ? roleId : '', via: 'method' },
  );
  return byEra(profile, DELETE_RESULT) === 'count' ? 1 : { acknowledged: true, deletedCount: 1 };
};

export const ROLES_STATE_METHODS: Readonly<Record<string, Method>> = {
  [SAVE_ROLE]: saveRole,
  [deleteRole.name]: deleteRoleMethod,
};

/** The release lines that serve `authorization:saveRole` (6.0 removed it). */
export const SAVE_ROLE_SERVED: EraTable<boolean> = { '0.49': true, '6': false };
