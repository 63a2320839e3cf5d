import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import saveUser, { saveArgsOf } from '../commands/saveUser';
import type { SaveUserArgs } from '../commands/saveUser';
import type { Profile } from '../profiles';
import { isPlainObject } from '../store/query';
import { success } from './operation';
import type { OperationContext, Params } from './operation';
import { callerOf, readBody } from './params';
import { answer, USER } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import { levelFor } from './users.create';
import { hasInvalidNameChars, meteorCheck, userDocument } from './user-documents';
import type { Schema, Validator } from './validator';

/**
 * `POST /api/v1/users.update`: `{userId, data}` checked as the release line did (0.49's exact
 * `check`, AJV from late 5.x: 7.0 on `userId` at least one character and no
 * `data.joinDefaultChannels`, 7.11 on `data.freeSwitchExtension`), 7.x's name characters, then
 * `saveUser`'s edit (src/commands/saveUser.ts) and the user as `{user}`, projected as
 * `users.create` answers it.
 */

const nullableStr = { type: 'string', nullable: true } as const;
const nullableBool = { type: 'boolean', nullable: true } as const;
const DATA_FIELDS = {
  email: nullableStr,
  name: nullableStr,
  password: nullableStr,
  username: nullableStr,
  bio: nullableStr,
  nickname: nullableStr,
  statusText: nullableStr,
  status: nullableStr,
  active: nullableBool,
  requirePasswordChange: nullableBool,
  setRandomPassword: nullableBool,
  sendWelcomeEmail: nullableBool,
  verified: nullableBool,
  roles: { type: 'array', items: { type: 'string' }, nullable: true },
  customFields: { type: 'object', nullable: true },
};

function updateSchema(userId: Schema, data: Readonly<Record<string, unknown>>): Schema {
  return {
    type: 'object',
    properties: {
      userId,
      data: { type: 'object', properties: data, additionalProperties: false },
      confirmRelinquish: { type: 'boolean' },
    },
    required: ['userId', 'data'],
    additionalProperties: false,
  };
}

const VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '5': {
    schema: updateSchema({ type: 'string' }, { ...DATA_FIELDS, joinDefaultChannels: nullableBool }),
    coerce: true,
    form: 'legacy',
  },
  '7': {
    schema: updateSchema({ type: 'string', minLength: 1 }, DATA_FIELDS),
    coerce: true,
    form: 'legacy',
  },
  '7.11': {
    schema: updateSchema(
      { type: 'string', minLength: 1 },
      { ...DATA_FIELDS, freeSwitchExtension: nullableStr },
    ),
    coerce: true,
    form: 'legacy',
  },
};
/** 7.x on: `validateNameChars` on `data.name` first. */
const NAME_CHARS = { '0.49': false, '7': true };

function checked(profile: Profile, input: unknown): Params {
  const body = readBody(input);
  if (byEra(profile, VALIDATOR) !== undefined) return validated(profile, VALIDATOR, body);
  meteorCheck(body, { userId: 'string', data: 'object' }, {});
  meteorCheck(
    body.data as Params,
    {},
    {
      email: 'string',
      name: 'string',
      password: 'string',
      username: 'string',
      active: 'boolean',
      joinDefaultChannels: 'boolean',
      requirePasswordChange: 'boolean',
      sendWelcomeEmail: 'boolean',
      verified: 'boolean',
      roles: 'array',
      customFields: 'object',
    },
    'data.',
  );
  return body;
}

function readArgs(context: OperationContext): SaveUserArgs {
  const { profile, input } = context;
  const body = checked(profile, input.body);
  const data = isPlainObject(body.data) ? (body.data as Params) : {};
  if (byEra(profile, NAME_CHARS) && hasInvalidNameChars(data.name))
    throw new ApiError('user-name-invalid-chars');
  return {
    ...saveArgsOf(data),
    _id: String(body.userId),
    confirmRelinquish: body.confirmRelinquish === true,
  };
}

export default route(GROUPS.users, {
  name: 'users.update',
  method: 'POST',
  permissions: [
    'edit-other-user-info',
    'edit-other-user-password',
    'assign-roles',
    'assign-admin-role',
    'edit-other-user-active-status',
  ],
  errors: [
    'users-match-error',
    'user-name-invalid-chars',
    'user-edit-not-allowed',
    'user-edit-verification-not-allowed',
    'user-invalid-role',
    'user-assign-admin-not-allowed',
    'user-assign-roles-not-allowed',
    'user-invalid-username',
    'user-blocked-username',
    'user-field-unavailable',
    'user-bio-too-long',
    'user-nickname-too-long',
    'users-update-invalid-user',
    'set-active-not-allowed',
    'users-last-active-admin',
    'user-last-owner',
  ],
  response: answer({ user: USER }),
  changes: ['user', 'room', 'token'],
  validator: VALIDATOR,
  read: readArgs,
  run: (context, args) => {
    const user = saveUser.run({ ...context, user: callerOf(context) }, args);
    return success({ user: userDocument(user, levelFor(context)) });
  },
});
