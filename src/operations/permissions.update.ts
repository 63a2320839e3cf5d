import { ApiError } from '../errors';
import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { isPlainObject } from '../store/query';
import { success } from './operation';
import type { OperationContext, Params } from './operation';
import { callerOf } from './params';
import { PERMISSION } from './permissions.listAll';
import { validated } from './schemas';
import { GROUPS, route } from './route-groups';
import { answer } from './responses';
import type { Validator } from './validator';

/** 0.49 had no such route (it came in 0.6x). */
const EXISTS: EraTable<boolean> = { '0.49': false, '5': true };

/**
 * How the route checks what it is sent:
 * - `match`: 0.6x–5.x's handler, `access-permissions` as its own 400, then Meteor's `check`;
 * - `handler`: 6.0–7.9, the framework's 403, then the handler's `isBodyParamsValidPermissionUpdate`
 *   (`Invalid body params`);
 * - `validator-first`: 7.10–7.x, the route's `body:` schema (invalid-params) before the framework's 403;
 * - `permission-first`: 8.x, the 403, then the body schema.
 */
type Checking = 'match' | 'handler' | 'validator-first' | 'permission-first';
const CHECKING: EraTable<Checking> = {
  '0.49': 'match',
  '6': 'handler',
  '7.10': 'validator-first',
  '8': 'permission-first',
};

const SCHEMA = {
  type: 'object',
  properties: {
    permissions: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          _id: { type: 'string' },
          roles: { type: 'array', items: { type: 'string' }, uniqueItems: true },
        },
        required: ['_id', 'roles'],
        additionalProperties: false,
      },
    },
  },
  required: ['permissions'],
  additionalProperties: false,
} as const;

/** `isBodyParamsValidPermissionUpdate`: the handler's check (6.0–7.9), the route's `body:` since 7.10. */
export const UPDATE_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '6': { schema: SCHEMA, coerce: true, form: 'legacy' },
};

/** A value's kind as Meteor's `check` names it. */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

const matchError = (reason: string): ApiError => new ApiError('match-error', { reason });

/** `check(bodyParams, {permissions: [Match.ObjectIncluding({_id: String, roles: [String]})]})`. */
function matchChecked(body: Params): void {
  const extra = Object.keys(body).find((key) => key !== 'permissions');
  if (extra !== undefined) throw matchError(`Unknown key in field ${extra}`);
  if (!('permissions' in body)) throw matchError("Missing key 'permissions'");
  const list = body.permissions;
  if (!Array.isArray(list)) throw matchError(`Expected array, got ${kindOf(list)} in field permissions`);
  list.forEach((item: unknown, i) => {
    const at = `permissions[${String(i)}]`;
    if (!isPlainObject(item)) throw matchError(`Expected object, got ${kindOf(item)} in field ${at}`);
    if (typeof item._id !== 'string') {
      if (!('_id' in item)) throw matchError(`Missing key '_id' in field ${at}`);
      throw matchError(`Expected string, got ${kindOf(item._id)} in field ${at}._id`);
    }
    const roles = item.roles;
    if (!('roles' in item)) throw matchError(`Missing key 'roles' in field ${at}`);
    if (!Array.isArray(roles)) throw matchError(`Expected array, got ${kindOf(roles)} in field ${at}.roles`);
    roles.forEach((r: unknown, j) => {
      if (typeof r !== 'string')
        throw matchError(`Expected string, got ${kindOf(r)} in field ${at}.roles[${String(j)}]`);
    });
  });
}

/** One permission's new roles, as sent. */
interface Update {
  readonly _id: string;
  readonly roles: readonly string[];
}

/** The body's permissions, checked in the release line's order (the existence checks come after). */
function readUpdates({ input, profile, store, ...context }: OperationContext): Update[] {
  const user = callerOf(context);
  const checking = byEra(profile, CHECKING);
  const body: Params = isPlainObject(input.body) ? input.body : {};
  const allowed = store.can(user, 'access-permissions');
  if (checking === 'match') {
    if (!allowed) throw new ApiError('permissions-edit-not-allowed');
    matchChecked(body);
  } else if (checking === 'handler') {
    if (!allowed) throw new ApiError('error-unauthorized');
    try {
      validated(profile, UPDATE_VALIDATOR, body);
    } catch {
      throw new ApiError('permissions-invalid-body');
    }
  } else if (checking === 'validator-first') {
    validated(profile, UPDATE_VALIDATOR, body);
    if (!allowed) throw new ApiError('error-unauthorized');
  } else {
    if (!allowed) throw new ApiError('error-unauthorized');
    validated(profile, UPDATE_VALIDATOR, body);
  }
  return (body.permissions as Update[]).map(({ _id, roles }) => ({ _id, roles: [...roles] }));
}

/**
 * `POST /api/v1/permissions.update` `{permissions: [{_id, roles}]}`: replaces each permission's
 * roles (not merged), with `access-permissions`; answers the whole table as `permissions.listAll`
 * lists it. A permission unknown, or named twice (6.x on: the found count differs), is `Invalid
 * permission`; then a role unknown, `Invalid role`. One commit; each permission stamped.
 */
export default route(GROUPS.permissions, {
  name: 'permissions.update',
  method: 'POST',
  permissions: ['access-permissions'],
  errors: [
    'error-unauthorized',
    'permissions-edit-not-allowed',
    'permissions-invalid-body',
    'permission-invalid',
    'permission-role-invalid',
    'match-error',
    'invalid-params',
    'not-found',
  ],
  response: answer({ permissions: { type: 'array', items: PERMISSION } }),
  reads: ['permission', 'role'],
  changes: ['permission'],
  validator: UPDATE_VALIDATOR,
  read: readUpdates,
  run: ({ store, profile }, updates) => {
    const ids = updates.map((u) => u._id);
    // 6.x on count the permissions found against those sent: a repeated one is as unknown
    const counted = byEra(profile, CHECKING) !== 'match';
    const unknown = ids.some((id) => store.permissionDoc(id) === undefined);
    if (unknown || (counted && new Set(ids).size !== ids.length)) throw new ApiError('permission-invalid');
    if (updates.some((u) => u.roles.some((r) => !store.isRoleId(r))))
      throw new ApiError('permission-role-invalid');
    store.setPermissionRoles(updates.map((u) => ({ _id: u._id, roles: [...u.roles] })));
    return success({ permissions: store.permissionDocs() });
  },
  openApi: {
    servedIn: EXISTS,
    refusals: { '403': 'without access-permissions (6.x on; until 5.x a 400)' },
  },
});
