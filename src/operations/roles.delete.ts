import { ApiError } from '../errors';
import { byEra } from '../eras';
import type { EraTable } from '../eras';
import deleteRole from '../commands/deleteRole';
import { isPlainObject } from '../store/query';
import { callerOf } from './params';
import { validated } from './schemas';
import { GROUPS, route } from './route-groups';
import { DONE } from './responses';
import { success } from './operation';
import type { Validator } from './validator';

/** Added in 4.0 (profile 5); 0.49 had no roles routes. */
const EXISTS: EraTable<boolean> = { '0.49': false, '5': true };

/** 6.x on check `access-permissions` as the framework's 403 first; 4.x–5.x in the handler after the body. */
const FRAMEWORK_PERMISSION: EraTable<boolean> = { '0.49': false, '6': true };
/** 8.x validates the body on the route (`invalid-params`); before, the handler (one fixed refusal). */
const ROUTE_VALIDATED: EraTable<boolean> = { '0.49': false, '8': true };

/** `isRoleDeleteProps`: `{roleId}`, a string, nothing else. */
export const DELETE_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': {
    schema: {
      type: 'object',
      properties: { roleId: { type: 'string' } },
      required: ['roleId'],
      additionalProperties: false,
    },
    coerce: true,
    form: 'legacy',
  },
};

/**
 * `POST /api/v1/roles.delete` `{roleId}` (an id or a name): the permission (6.x on the framework's
 * 403 first; 4.x–5.x after the body, a 400), the body, the role (`This role does not exist`),
 * `Cannot delete a protected role` (a seeded one), `Cannot delete role because it's in use`; then
 * the custom role is deleted. Answers `{success: true}`.
 */
export default route(GROUPS.roles, {
  name: 'roles.delete',
  method: 'POST',
  permissions: ['access-permissions'],
  errors: [
    'error-unauthorized',
    'role-remove-invalid-properties',
    'role-delete-not-allowed',
    'role-remove-no-role',
    'role-protected',
    'role-in-use',
    'invalid-params',
    'not-found',
  ],
  response: DONE,
  reads: ['role', 'user', 'subscription'],
  changes: ['role'],
  validator: DELETE_VALIDATOR,
  read: ({ input, profile, store, ...context }) => {
    const user = callerOf(context);
    const framework = byEra(profile, FRAMEWORK_PERMISSION);
    if (framework && !store.can(user, 'access-permissions')) throw new ApiError('error-unauthorized');
    const raw = isPlainObject(input.body) ? input.body : {};
    let roleId: unknown;
    if (byEra(profile, ROUTE_VALIDATED)) roleId = validated(profile, DELETE_VALIDATOR, raw).roleId;
    else
      try {
        roleId = validated(profile, DELETE_VALIDATOR, raw).roleId;
      } catch {
        throw new ApiError('role-remove-invalid-properties');
      }
    if (!framework && !store.can(user, 'access-permissions')) throw new ApiError('role-delete-not-allowed');
    return { roleId: String(roleId) };
  },
  run: (context, { roleId }) => {
    const { store, profile } = context;
    deleteRole.run({ store, profile, user: callerOf(context) }, { roleId, via: 'rest' });
    return success({});
  },
  openApi: {
    servedIn: EXISTS,
    refusals: { '403': 'without access-permissions (6.x on; until 5.x a 400)' },
  },
});
