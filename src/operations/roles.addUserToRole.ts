import addUserToRole from '../commands/addUserToRole';
import { ApiError } from '../errors';
import { byEra } from '../eras';
import type { EraTable } from '../eras';
import type { RoleDoc } from '../store/roles';
import { isPlainObject } from '../store/query';
import { success } from './operation';
import type { OperationContext, Params } from './operation';
import { callerOf } from './params';
import { ROLES_EXIST, ROLE } from './roles.list';
import { validated } from './schemas';
import { GROUPS, route } from './route-groups';
import { answer } from './responses';
import type { Validator } from './validator';

const nullableStr = { type: 'string', nullable: true } as const;

/**
 * The body's schema: 5.x–7.x's `isRoleAddUserToRoleProps` in the handler (its messages as
 * `error-invalid-role-properties`), 8.x's on the route (`invalid-params`; `roleName` gone).
 */
export const ADD_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': {
    schema: {
      type: 'object',
      properties: {
        username: { type: 'string' },
        roleId: nullableStr,
        roleName: nullableStr,
        roomId: nullableStr,
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
      properties: { username: { type: 'string' }, roleId: nullableStr, roomId: nullableStr },
      required: ['username'],
      additionalProperties: false,
    },
    coerce: true,
    form: 'legacy',
  },
};

/** 8.x validates on the route (the framework's `invalid-params`); before, the handler did. */
const ROUTE_VALIDATED: EraTable<boolean> = { '0.49': false, '8': true };

/**
 * A role as the routes answer it: the whole document, `_updatedAt` too (a role no change stamped
 * dates from the world's clock).
 */
export function roleAnswer(role: RoleDoc, stamp: string): Record<string, unknown> {
  return { ...role, _updatedAt: role._updatedAt ?? stamp };
}

interface AddRequest {
  readonly role: RoleDoc;
  readonly username: string;
  readonly roomId: string | undefined;
}

/** The handler's checks, in its order: the body, the user, a role named, the role, the user not holding it. */
function readAdd({ input, profile, store }: OperationContext): AddRequest {
  const raw: Params = isPlainObject(input.body) ? input.body : {};
  let body: Params;
  if (byEra(profile, ROUTE_VALIDATED)) body = validated(profile, ADD_VALIDATOR, raw);
  else
    try {
      body = validated(profile, ADD_VALIDATOR, raw);
    } catch (error) {
      const reason = error instanceof ApiError ? (error.params.reason ?? '').replace(/\n /g, '\n') : '';
      throw new ApiError('role-invalid-properties', { reason });
    }
  const username = String(body.username);
  const target = store.userNamed(username);
  if (!target) throw new ApiError('user-param-invalid');
  const roleId = typeof body.roleId === 'string' && body.roleId !== '' ? body.roleId : undefined;
  const roleName = typeof body.roleName === 'string' && body.roleName !== '' ? body.roleName : undefined;
  if (roleId === undefined && roleName === undefined) throw new ApiError('role-properties-missing');
  const role = store.roleByIdOrName(roleId ?? roleName ?? '');
  if (!role) throw new ApiError('role-not-found');
  const roomId = typeof body.roomId === 'string' ? body.roomId : undefined;
  // `hasRole(user, role, roomId)`: a global role the user holds; a room role held in the room given
  const room = role.scope === 'Subscriptions' && roomId !== undefined ? store.anyRoom(roomId) : undefined;
  const held =
    role.scope === 'Users'
      ? (target.roles as readonly string[]).includes(role._id)
      : room !== undefined &&
        room.t !== 'd' &&
        (store.roomRoles(room, target._id) as readonly string[]).includes(role._id);
  if (held) throw new ApiError('role-user-already-in-role');
  return { role, username, roomId };
}

/**
 * `POST /api/v1/roles.addUserToRole` `{username, roleId | roleName, roomId?}`: the handler's own
 * checks (the body, the user, the role — its refusal with `error` and `errorType` swapped as the
 * real route has them — the role already held, in the room `roomId` names for a room role), then
 * `authorization:addUserToRole`'s, whose `access-permissions` refusal is a 400 after all the
 * others. A room role is the member's subscription's. Answers `{role}`.
 */
export default route(GROUPS.roles, {
  name: 'roles.addUserToRole',
  method: 'POST',
  permissions: ['access-permissions', 'assign-admin-role'],
  errors: [
    'role-invalid-properties',
    'user-param-invalid',
    'role-properties-missing',
    'role-not-found',
    'role-user-already-in-role',
    'role-add-not-allowed',
    'role-assign-admin-not-allowed',
    'room-user-not-found',
    'role-user-not-in-room',
    'invalid-params',
    'not-found',
  ],
  response: answer({ role: ROLE }),
  reads: ['user', 'role', 'room'],
  changes: ['user', 'subscription'],
  validator: ADD_VALIDATOR,
  read: readAdd,
  run: (context, { role, username, roomId }) => {
    const { store, profile } = context;
    addUserToRole.run(
      { store, profile, user: callerOf(context) },
      { roleId: role._id, username, scope: roomId },
    );
    return success({ role: roleAnswer(role, store.worldStart()) });
  },
  openApi: { servedIn: ROLES_EXIST },
});
