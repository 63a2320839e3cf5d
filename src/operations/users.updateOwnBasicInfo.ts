import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import saveUserProfile from '../commands/saveUserProfile';
import type { SaveProfileArgs } from '../commands/saveUserProfile';
import type { Profile } from '../profiles';
import { isPlainObject } from '../store/query';
import { success } from './operation';
import type { OperationContext, Params } from './operation';
import { callerOf, readBody } from './params';
import { answer, USER } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import { hasInvalidNameChars, meteorCheck, userDocument } from './user-documents';
import { SERVED_FROM_5 } from './users-rest';
import type { Validator } from './validator';

/**
 * `POST /api/v1/users.updateOwnBasicInfo` (0.6x on): `{data, customFields}` checked as the release
 * line did (5.x's `check`, 6.x's AJV), 7.x's name characters, then `saveUserProfile`
 * (src/commands/saveUserProfile.ts) with `currentPassword` as the second factor. Answers the
 * caller's whole document (only `API.v1.defaultFieldsToExclude` left out: `services` with its
 * password hash stand-in, `emails`, `roles`, `settings`).
 */

const nullableStr = { type: 'string', nullable: true } as const;
const DATA = [
  'email',
  'name',
  'username',
  'nickname',
  'bio',
  'statusType',
  'statusText',
  'currentPassword',
  'newPassword',
] as const;

const VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '6': {
    schema: {
      type: 'object',
      properties: {
        data: {
          type: 'object',
          properties: Object.fromEntries(DATA.map((key) => [key, nullableStr])),
          additionalProperties: false,
        },
        customFields: { type: 'object', nullable: true },
      },
      required: ['data'],
      additionalProperties: false,
    },
    coerce: true,
    form: 'legacy',
  },
};
/** 7.x on: `validateNameChars` on `data.name`. */
const NAME_CHARS = { '0.49': false, '7': true };
/** 5.x's `check`: the strings of `data` it names (others pass: `ObjectIncluding`). */
const CHECKED_5 = ['email', 'name', 'username', 'nickname', 'statusText', 'currentPassword', 'newPassword'];

function checked(profile: Profile, input: unknown): Params {
  const body = readBody(input);
  if (byEra(profile, VALIDATOR) !== undefined) return validated(profile, VALIDATOR, body);
  meteorCheck(body, { data: 'object' }, { customFields: 'object' });
  const data = body.data as Params;
  meteorCheck(
    Object.fromEntries(Object.entries(data).filter(([key]) => CHECKED_5.includes(key))),
    {},
    Object.fromEntries(CHECKED_5.map((key) => [key, 'string' as const])),
    'data.',
  );
  return body;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function readArgs(context: OperationContext): SaveProfileArgs {
  const { profile, input } = context;
  const body = checked(profile, input.body);
  const data = isPlainObject(body.data) ? (body.data as Params) : {};
  if (byEra(profile, NAME_CHARS) && hasInvalidNameChars(data.name))
    throw new ApiError('user-name-invalid-chars');
  const out: Record<string, string | undefined> = {
    email: text(data.email),
    realname: text(data.name),
    username: text(data.username),
    nickname: text(data.nickname),
    bio: text(data.bio),
    statusText: text(data.statusText),
    statusType: text(data.statusType),
    newPassword: text(data.newPassword),
    typedPassword: text(data.currentPassword),
    keepToken: context.caller?.authToken,
  };
  return Object.fromEntries(
    Object.entries(out).filter(([, value]) => value !== undefined),
  ) as SaveProfileArgs;
}

export default route(GROUPS.users, {
  name: 'users.updateOwnBasicInfo',
  method: 'POST',
  errors: [
    'not-found',
    'users-match-error',
    'user-name-invalid-chars',
    'totp-required',
    'totp-invalid',
    'profile-change-not-allowed',
    'profile-status-not-allowed',
    'profile-identity-not-saved',
    'user-bio-too-long',
    'user-nickname-too-long',
    'profile-email-unavailable',
    'profile-password-same',
  ],
  response: answer({ user: USER }),
  changes: ['user', 'room', 'token'],
  validator: VALIDATOR,
  openApi: { servedIn: SERVED_FROM_5 },
  read: readArgs,
  run: (context, args) => {
    const user = saveUserProfile.run({ ...context, user: callerOf(context) }, args);
    return success({ user: userDocument(user, 'whole') });
  },
});
