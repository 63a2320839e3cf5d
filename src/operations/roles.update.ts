import updateRole from '../commands/updateRole';
import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { success } from './operation';
import { callerOf } from './params';
import { roleAnswer } from './roles.addUserToRole';
import { ENTERPRISE_ONLY, ROLE_WRITES_EXIST, roleBody, roleFields } from './roles.create';
import { ROLE } from './roles.list';
import { GROUPS, route } from './route-groups';
import { answer } from './responses';
import type { Validator } from './validator';

/** `isRoleUpdateProps`: `{roleId, name, description?, scope?, mandatory2fa?}`, nothing else. */
export const UPDATE_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': {
    schema: {
      type: 'object',
      properties: {
        roleId: { type: 'string' },
        name: { type: 'string' },
        description: { type: 'string', nullable: true },
        scope: { type: 'string', enum: ['Users', 'Subscriptions'], nullable: true },
        mandatory2fa: { type: 'boolean', nullable: true },
      },
      required: ['roleId', 'name'],
      additionalProperties: false,
    },
    coerce: true,
    form: 'legacy',
  },
};

/** A description not given: kept by 4.x–5.x's route (UNVERIFIED: `$set` of undefined), '' from 6.x (`description || ''`). */
const MISSING_DESCRIPTION: EraTable<'keep' | 'empty'> = { '0.49': 'keep', '6': 'empty' };

/**
 * `POST /api/v1/roles.update` `{roleId, name, description?, scope?, mandatory2fa?}`: the body
 * (`The role properties are invalid.`), `access-permissions` (a 400); 6.x on a community server, a
 * role that is not a protected one is an enterprise feature (so only the seeded roles' description
 * and 2FA flag change there); then `updateRole`'s checks (see src/commands/updateRole.ts). Answers
 * `{role}`, the whole document with `_updatedAt`.
 */
export default route(GROUPS.roles, {
  name: 'roles.update',
  method: 'POST',
  permissions: ['access-permissions'],
  errors: [
    'role-remove-invalid-properties',
    'role-delete-not-allowed',
    'role-enterprise-feature',
    'role-remove-no-role',
    'role-update-protected',
    'role-duplicate-name',
    'role-invalid-scope',
    'not-found',
  ],
  response: answer({ role: ROLE }),
  reads: ['role'],
  changes: ['role'],
  validator: UPDATE_VALIDATOR,
  read: ({ input, profile, ...context }) => {
    callerOf(context);
    const body = roleBody(profile, UPDATE_VALIDATOR, input.body);
    return { roleId: String(body.roleId), ...roleFields(body) };
  },
  run: (context, args) => {
    const { store, profile } = context;
    const role = updateRole.run(
      { store, profile, user: callerOf(context) },
      {
        ...args,
        via: 'rest',
        enterprise: byEra(profile, ENTERPRISE_ONLY),
        missingDescription: byEra(profile, MISSING_DESCRIPTION),
      },
    );
    return success({ role: roleAnswer(role, store.worldStart()) });
  },
  openApi: { servedIn: ROLE_WRITES_EXIST },
});
