import removeUserFromRole from '../commands/removeUserFromRole';
import { ApiError } from '../errors';
import { byEra } from '../eras';
import type { EraTable } from '../eras';
import type { RoleDoc } from '../store/roles';
import { isPlainObject } from '../store/query';
import { success } from './operation';
import type { OperationContext, Params } from './operation';
import { callerOf } from './params';
import { roleAnswer } from './roles.addUserToRole';
import { ROLES_EXIST, ROLE } from './roles.list';
import { validated } from './schemas';
import { GROUPS, route } from './route-groups';
import { answer } from './responses';
import type { Validator } from './validator';

const nullableStr = { type: 'string', nullable: true } as const;

/** `isRoleRemoveUserFromRoleProps` (5.x–7.x in the handler: one fixed refusal); 8.x's on the route, `roleName` gone. */
export const REMOVE_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': {
    schema: {
      type: 'object',
      properties: {
        username: { type: 'string' },
        roleId: nullableStr,
        roleName: nullableStr,
        roomId: nullableStr,
        scope: nullableStr,
      },
      required: ['username'],
      additionalProperties: false,
    },
    coerce: true,
    form: 'legacy',
  },
  '8': {
    schema: {
      type: 'object',
      properties: {
        username: { type: 'string' },
        roleId: nullableStr,
        roomId: nullableStr,
        scope: nullableStr,
      },
      required: ['username'],
      additionalProperties: false,
    },
    coerce: true,
    form: 'legacy',
  },
};

/**
 * Where the route checks `access-permissions`: 4.x–5.x in the handler after the body (a 400
 * `error-not-allowed`), 6.x on the framework's 403 first.
 */
const FRAMEWORK_PERMISSION: EraTable<boolean> = { '0.49': false, '6': true };
const ROUTE_VALIDATED: EraTable<boolean> = { '0.49': false, '8': true };

interface RemoveRequest {
  readonly role: RoleDoc;
  readonly username: string;
  /** the room of a room role: the body's `scope` (its `roomId` is accepted and not read) */
  readonly scope: string | undefined;
}

function readRemove({ input, profile, store, ...context }: OperationContext): RemoveRequest {
  const user = callerOf(context);
  const framework = byEra(profile, FRAMEWORK_PERMISSION);
  if (framework && !store.can(user, 'access-permissions')) throw new ApiError('error-unauthorized');
  const raw: Params = isPlainObject(input.body) ? input.body : {};
  let body: Params;
  if (byEra(profile, ROUTE_VALIDATED)) body = validated(profile, REMOVE_VALIDATOR, raw);
  else
    try {
      body = validated(profile, REMOVE_VALIDATOR, raw);
    } catch {
      throw new ApiError('role-remove-invalid-properties');
    }
  if (!framework && !store.can(user, 'access-permissions'))
    throw new ApiError('role-remove-access-not-allowed');
  const roleId = typeof body.roleId === 'string' && body.roleId !== '' ? body.roleId : undefined;
  const roleName = typeof body.roleName === 'string' && body.roleName !== '' ? body.roleName : undefined;
  if (roleId === undefined && roleName === undefined) throw new ApiError('role-properties-missing');
  const username = String(body.username);
  const target = store.userNamed(username);
  if (!target) throw new ApiError('role-remove-no-user');
  const role = store.roleByIdOrName(roleId ?? roleName ?? '');
  if (!role) throw new ApiError('role-remove-no-role');
  const scope = typeof body.scope === 'string' && body.scope !== '' ? body.scope : undefined;
  if (role.scope === 'Users') {
    if (!(target.roles as readonly string[]).includes(role._id)) throw new ApiError('role-user-not-in-role');
    if (role._id === 'admin' && store.usersInRole('admin').length === 1)
      throw new ApiError('role-admin-required');
  } else {
    // `hasAnyRole(user, [role], scope)`: a room role held in the room `scope` names (none without one)
    const room = scope === undefined ? undefined : store.anyRoom(scope);
    const held =
      room !== undefined &&
      room.t !== 'd' &&
      (store.roomRoles(room, target._id) as readonly string[]).includes(role._id);
    if (!held) throw new ApiError('role-user-not-in-role');
  }
  return { role, username, scope };
}

/**
 * `POST /api/v1/roles.removeUserFromRole` `{username, roleId | roleName, roomId?, scope?}`: the
 * permission (6.x on the framework's 403 first; until 5.x after the body, a 400), the body, a
 * role named, the user, the role, the user holding it (a room role in the room the body's `scope`
 * names), the last admin kept; then the role taken. Answers `{role}`.
 */
export default route(GROUPS.roles, {
  name: 'roles.removeUserFromRole',
  method: 'POST',
  permissions: ['access-permissions'],
  errors: [
    'error-unauthorized',
    'role-remove-invalid-properties',
    'role-remove-access-not-allowed',
    'role-properties-missing',
    'role-remove-no-user',
    'role-remove-no-role',
    'role-user-not-in-role',
    'role-admin-required',
    'invalid-params',
    'not-found',
  ],
  response: answer({ role: ROLE }),
  reads: ['user', 'role', 'room'],
  changes: ['user', 'subscription'],
  validator: REMOVE_VALIDATOR,
  read: readRemove,
  run: (context, { role, username, scope }) => {
    const { store, profile } = context;
    removeUserFromRole.run(
      { store, profile, user: callerOf(context) },
      { roleId: role._id, username, scope },
    );
    return success({ role: roleAnswer(role, store.worldStart()) });
  },
  openApi: {
    servedIn: ROLES_EXIST,
    refusals: { '403': 'without access-permissions (6.x on; until 5.x a 400)' },
  },
});
