import createRole from '../commands/createRole';
import { ApiError } from '../errors';
import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { isPlainObject } from '../store/query';
import type { RoleDoc } from '../types';
import { success } from './operation';
import { callerOf } from './params';
import { roleAnswer } from './roles.addUserToRole';
import { ROLE } from './roles.list';
import { validated } from './schemas';
import { GROUPS, route } from './route-groups';
import { answer } from './responses';
import type { Validator } from './validator';

/** 0.6x on (profile 5); 0.49 had no roles routes. */
export const ROLE_WRITES_EXIST: EraTable<boolean> = { '0.49': false, '5': true };

/**
 * 6.0 moved `roles.create` and `roles.update` to the enterprise edition (PR #27481): a community
 * server refuses them (`This is an enterprise feature`) — the fake is one.
 */
export const ENTERPRISE_ONLY: EraTable<boolean> = { '0.49': false, '6': true };

const nullable = <T extends object>(schema: T): T & { nullable: true } => ({ ...schema, nullable: true });

/** `isRoleCreateProps`: `{name, description?, scope? ('Users' | 'Subscriptions'), mandatory2fa?}`, nothing else. */
export const CREATE_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': {
    schema: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        description: nullable({ type: 'string' }),
        scope: nullable({ type: 'string', enum: ['Users', 'Subscriptions'] }),
        mandatory2fa: nullable({ type: 'boolean' }),
      },
      required: ['name'],
      additionalProperties: false,
    },
    coerce: true,
    form: 'legacy',
  },
};

/** A role's fields as a body gives them (checked): `null` is as if not given. */
export interface RoleFields {
  readonly name: string;
  readonly scope: RoleDoc['scope'] | undefined;
  readonly description: string | undefined;
  readonly mandatory2fa: boolean | undefined;
}

/** The fields of a body the schema passed. */
export function roleFields(body: Readonly<Record<string, unknown>>): RoleFields {
  const { name, scope, description, mandatory2fa } = body;
  return {
    name: String(name),
    scope: scope === 'Users' || scope === 'Subscriptions' ? scope : undefined,
    description: typeof description === 'string' ? description : undefined,
    mandatory2fa: typeof mandatory2fa === 'boolean' ? mandatory2fa : undefined,
  };
}

/** The body checked by an era's schema, a failure as the handler's `The role properties are invalid.` */
export function roleBody(
  profile: Parameters<typeof validated>[0],
  validator: EraTable<Validator | undefined>,
  body: unknown,
): Readonly<Record<string, unknown>> {
  const raw = isPlainObject(body) ? body : {};
  try {
    return validated(profile, validator, raw);
  } catch {
    throw new ApiError('role-remove-invalid-properties');
  }
}

/**
 * `POST /api/v1/roles.create` `{name, description?, scope?, mandatory2fa?}`: until 5.x the body
 * (`The role properties are invalid.`), `access-permissions` (a 400), no role of that id or name
 * (`Role name already exists`), then the role made with a fresh id; answers `{role}`, the whole
 * document. 6.x on a community server refuses it first (`This is an enterprise feature`).
 */
export default route(GROUPS.roles, {
  name: 'roles.create',
  method: 'POST',
  permissions: ['access-permissions'],
  errors: [
    'role-enterprise-feature',
    'role-remove-invalid-properties',
    'role-delete-not-allowed',
    'role-duplicate-name',
    'roles-limit',
    'not-found',
  ],
  response: answer({ role: ROLE }),
  reads: ['role'],
  changes: ['role'],
  validator: CREATE_VALIDATOR,
  read: ({ input, profile, ...context }) => {
    callerOf(context);
    if (byEra(profile, ENTERPRISE_ONLY)) throw new ApiError('role-enterprise-feature');
    return roleFields(roleBody(profile, CREATE_VALIDATOR, input.body));
  },
  run: (context, fields) => {
    const { store, profile } = context;
    const role = createRole.run(
      { store, profile, user: callerOf(context) },
      { ...fields, via: 'rest', idIsName: false },
    );
    return success({ role: roleAnswer(role, store.worldStart()) });
  },
  openApi: { servedIn: ROLE_WRITES_EXIST },
});
