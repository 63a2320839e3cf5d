import { ApiError } from '../errors';
import { byEra } from '../eras';
import type { EraTable } from '../eras';
import type { User } from '../types';
import { success } from './operation';
import type { OperationContext } from './operation';
import { callerOf, readPagination } from './params';
import { validated } from './schemas';
import { GROUPS, route } from './route-groups';
import { USER, answer } from './responses';
import type { Validator } from './validator';

/** Added in 1.2 (profile 5); 0.49 had no roles routes. */
const EXISTS: EraTable<boolean> = { '0.49': false, '5': true };

/** 5.x checks `access-permissions` in the handler after `role` (a 400); 6.x on the framework's 403 first. */
const FRAMEWORK_PERMISSION: EraTable<boolean> = { '0.49': false, '6': true };

/** 5.x–7.x find the role by id, then by name (deprecated); 8.x by id only. */
const BY_NAME_TOO: EraTable<boolean> = { '0.49': true, '8': false };

const nullableStr = { type: 'string', nullable: true } as const;
const nullableNum = { type: 'number', nullable: true } as const;

/** 8.x's `isRolesGetUsersInRoleProps` on the route; none before. */
export const USERS_IN_ROLE_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '8': {
    schema: {
      type: 'object',
      properties: {
        role: { type: 'string' },
        roomId: nullableStr,
        count: nullableNum,
        offset: nullableNum,
        sort: nullableStr,
        query: nullableStr,
      },
      required: ['role'],
      additionalProperties: false,
    },
    coerce: true,
    form: 'legacy',
  },
};

/** The fields the route projects, in the order the user's document holds them. */
const FIELDS = new Set(['_id', 'name', 'username', 'emails', 'avatarETag', 'createdAt', '_updatedAt']);

function projected(user: User): Record<string, unknown> {
  return Object.fromEntries(Object.entries(user).filter(([key]) => FIELDS.has(key)));
}

interface UsersInRoleRequest {
  readonly role: string;
  readonly offset: number;
  readonly count: number;
}

function readRequest({ input, profile, store, ...context }: OperationContext): UsersInRoleRequest {
  const user = callerOf(context);
  const framework = byEra(profile, FRAMEWORK_PERMISSION);
  if (framework && !store.can(user, 'access-permissions')) throw new ApiError('error-unauthorized');
  const params = validated(profile, USERS_IN_ROLE_VALIDATOR, input.query);
  const role = typeof params.role === 'string' ? params.role : '';
  if (role === '') throw new ApiError('role-param-not-provided');
  if (!framework && !store.can(user, 'access-permissions')) throw new ApiError('role-users-not-allowed');
  const roomId = params.roomId;
  if (typeof roomId === 'string' && roomId !== '' && !store.can(user, 'view-other-user-channels'))
    throw new ApiError('role-users-not-allowed');
  const found = byEra(profile, BY_NAME_TOO) ? store.roleByIdOrName(role) : store.roleById(role);
  if (!found) throw new ApiError('role-invalid-role-id');
  if (found.scope === 'Subscriptions') throw new ApiError('role-room-role-not-modelled');
  return { role: found._id, ...readPagination(params) };
}

/**
 * `GET /api/v1/roles.getUsersInRole?role=&roomId=&count=&offset=`: the users holding a global
 * role, by username, each `{_id, createdAt, username, emails, _updatedAt, name}` as the user's
 * document orders them, a page (`count` 50 by default), and `total`. `access-permissions` (6.x
 * on the framework's 403 first; 5.x after `role`, a 400); a `roomId` needs
 * `view-other-user-channels`.
 */
export default route(GROUPS.roles, {
  name: 'roles.getUsersInRole',
  method: 'GET',
  permissions: ['access-permissions', 'view-other-user-channels'],
  errors: [
    'error-unauthorized',
    'role-param-not-provided',
    'role-users-not-allowed',
    'role-invalid-role-id',
    'role-room-role-not-modelled',
    'invalid-params',
    'not-found',
  ],
  response: answer({ users: { type: 'array', items: USER }, total: { type: 'integer', minimum: 0 } }),
  reads: ['user', 'role'],
  validator: USERS_IN_ROLE_VALIDATOR,
  read: readRequest,
  run: ({ store }, { role, offset, count }) => {
    const all = store.usersInRole(role);
    const page = all.slice(offset, count === 0 ? undefined : offset + count);
    return success({ users: page.map(projected), total: all.length });
  },
  openApi: {
    servedIn: EXISTS,
    refusals: { '403': 'without access-permissions (6.x on; until 5.x a 400)' },
  },
});
