import { byEra } from '../eras';
import { ApiError } from '../errors';
import saveUser, { saveArgsOf } from '../commands/saveUser';
import type { SaveUserArgs } from '../commands/saveUser';
import type { Profile } from '../profiles';
import { success } from './operation';
import type { OperationContext, Params } from './operation';
import { callerOf, readBody } from './params';
import { answer, USER } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import { USERS_CREATE_VALIDATOR, hasInvalidNameChars, meteorCheck, userDocument } from './user-documents';
import type { DocumentLevel } from './user-documents';

/**
 * `POST /api/v1/users.create`: the release line's body check (0.49's Meteor `check`, AJV from
 * 5.x), 7.x's name characters, then `saveUser` (src/commands/saveUser.ts: `create-user` as a 400,
 * the roles, the name, the username's rule, its blocked names, the username and e-mail free), and
 * the new user as `{user}`: 0.49's whole document, later the projection of `/v1/users.` routes.
 */

/** 7.x on: `validateNameChars` before anything else of the action. */
const NAME_CHARS = { '0.49': false, '7': true };
/** 0.49 answered the whole document (the bcrypt hash too). */
const WHOLE = { '0.49': true, '5': false };

/** The body as the release line checks it. */
export function readCreateBody(profile: Profile, input: unknown): Params {
  const body = readBody(input);
  if (byEra(profile, USERS_CREATE_VALIDATOR) === undefined) {
    meteorCheck(
      body,
      { email: 'string', name: 'string', password: 'string', username: 'string' },
      {
        active: 'boolean',
        roles: 'array',
        joinDefaultChannels: 'boolean',
        requirePasswordChange: 'boolean',
        sendWelcomeEmail: 'boolean',
        verified: 'boolean',
        customFields: 'object',
      },
    );
    return body;
  }
  return validated(profile, USERS_CREATE_VALIDATOR, body);
}

/** How the answer projects a user for this caller. */
export function levelFor(context: OperationContext): DocumentLevel {
  if (byEra(context.profile, WHOLE)) return 'whole';
  return context.store.can(callerOf(context), 'view-full-other-user-info') ? 'privileged' : 'limited';
}

function readArgs(context: OperationContext): SaveUserArgs {
  const body = readCreateBody(context.profile, context.input.body);
  if (byEra(context.profile, NAME_CHARS) && hasInvalidNameChars(body.name))
    throw new ApiError('user-name-invalid-chars');
  return saveArgsOf(body);
}

export default route(GROUPS.users, {
  name: 'users.create',
  method: 'POST',
  permissions: ['create-user', 'assign-admin-role'],
  errors: [
    'users-match-error',
    'user-name-invalid-chars',
    'user-add-not-allowed',
    'user-invalid-role',
    'user-assign-admin-not-allowed',
    'user-field-required',
    'user-invalid-username',
    'user-blocked-username',
    'user-field-unavailable',
    'user-bio-too-long',
    'user-nickname-too-long',
    'users-per-world-limit',
  ],
  response: answer({ user: USER }),
  changes: ['user', 'room', 'subscription', 'message'],
  validator: USERS_CREATE_VALIDATOR,
  read: readArgs,
  run: (context, args) => {
    const user = saveUser.run({ ...context, user: callerOf(context) }, args);
    return success({ user: userDocument(user, levelFor(context)) });
  },
});
