import { byEra } from '../eras';
import { ApiError } from '../errors';
import { blockedNames, isBlocked, USERNAMES } from '../commands/saveUser';
import { registerUser } from '../commands/registerUser';
import type { RegisterArgs } from '../commands/registerUser';
import { success } from './operation';
import type { OperationContext } from './operation';
import { readBody } from './params';
import { answer, USER } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import { USERS_REGISTER_VALIDATOR, hasInvalidNameChars, stringOf, userDocument } from './user-documents';

/**
 * `POST /api/v1/users.register` (0.50 on; 0.49 answers it as an unknown route): no login. AJV's
 * check (`secret`, not `secretURL`), 7.x's name characters and username rule, the username free,
 * `registerUser`'s own `check` (`name` required there), then the method
 * (src/commands/registerUser.ts) and the username set (the default rooms joined). The answer is
 * the limited projection: the caller is anonymous.
 */

/** 7.x on: `validateNameChars` and `validateUsername` before the username's availability. */
const PRE_CHECKS = { '0.49': false, '7': true };
/** Added in 0.50: the 0.49 line answers it as a route it does not have. */
const SERVED = { '0.49': false, '5': true };

function readArgs(context: OperationContext): RegisterArgs {
  const { store, profile } = context;
  const body = validated(profile, USERS_REGISTER_VALIDATOR, readBody(context.input.body));
  const username = stringOf(body.username) ?? '';
  if (byEra(profile, PRE_CHECKS)) {
    if (hasInvalidNameChars(body.name)) throw new ApiError('user-name-invalid-chars');
    if (!USERNAMES.test(username)) throw new ApiError('register-username-invalid');
  }
  if (isBlocked(blockedNames(profile), username))
    throw new ApiError('user-blocked-username', { name: username });
  if (store.userNamed(username)) throw new ApiError('register-username-taken');
  // the method's `check(formData, ObjectIncluding({email, pass, name: String, …}))`
  if (typeof body.name !== 'string') throw new ApiError('match-error', { reason: "Missing key 'name'" });
  const secret = stringOf(body.secret);
  return {
    email: stringOf(body.email) ?? '',
    pass: stringOf(body.pass) ?? '',
    name: body.name,
    username,
    ...(secret !== undefined ? { secretURL: secret } : {}),
  };
}

export default route(GROUPS.users, {
  name: 'users.register',
  method: 'POST',
  auth: false,
  errors: [
    'not-found',
    'user-name-invalid-chars',
    'register-username-invalid',
    'user-blocked-username',
    'register-username-taken',
    'match-error',
    'registration-disabled',
    'registration-secret',
    'register-email-exists',
    'users-per-world-limit',
  ],
  response: answer({ user: USER }),
  changes: ['user', 'room', 'subscription', 'message'],
  validator: USERS_REGISTER_VALIDATOR,
  openApi: { servedIn: SERVED },
  read: readArgs,
  run: (context, args) =>
    success({ user: userDocument(registerUser(context.store, context.profile, args), 'limited') }),
});
