import { ApiError } from '../errors';
import { byEra } from '../eras';
import type { EraTable } from '../eras';
import type { Profile } from '../profiles';
import type { Credentials, LoginAttempt } from '../store/store';
import { success } from './operation';
import type { Params } from './operation';
import { readBody } from './params';
import { meOf } from './views';
import { isPlainObject } from '../store/query';
import { GROUPS, route } from './route-groups';
import { answer, LOGIN_DATA } from './responses';

/** The answer to a login: the token alone (0.49, Restivus' own login), no `success` (5.x, 6.x), or whole (7.0 on). */
const SUCCESS: EraTable<'token-only' | 'no-success' | 'enveloped'> = {
  '0.49': 'token-only',
  '5': 'no-success',
  '7': 'enveloped',
};
/** A body without a password: the one 401, except 5.x and 6.x, which handed it to Meteor's login. */
const NO_PASSWORD: EraTable<'login-failed' | 'login-unrecognized'> = {
  '0.49': 'login-failed',
  '5': 'login-unrecognized',
  '7': 'login-failed',
};

/** `user` as an object (`loginCompatibility`, 5.x on): `{username}` or `{email}`. */
const USER_OBJECT = { '0.49': false, '5': true };

/** `user` as an object: JSON's `{"user": {...}}`, or a form's `user[username]` / `user[email]`. */
function userObjectOf(body: Params): { username?: unknown; email?: unknown } {
  if (isPlainObject(body.user)) return body.user;
  return { username: body['user[username]'], email: body['user[email]'] };
}

/**
 * Who logs in, and the password, as `loginCompatibility` reads them: `username`, `user` (an
 * e-mail address when it holds `@`), `user` as an object `{username}` or `{email}` (5.x on), or
 * `email`. Anything else (wrong types included) is the one 401.
 */
function readCredentials(body: Params, profile: Profile): Credentials {
  const { username, user, email, password } = body;
  if (password === undefined) throw new ApiError(byEra(profile, NO_PASSWORD));
  if (typeof password !== 'string') throw new ApiError('login-failed');
  if (typeof username === 'string') return { username, password };
  if (typeof user === 'string')
    return user.includes('@') ? { email: user, password } : { username: user, password };
  if (byEra(profile, USER_OBJECT)) {
    const inner = userObjectOf(body);
    if (typeof inner.username === 'string') return { username: inner.username, password };
    if (typeof inner.email === 'string') return { email: inner.email, password };
  }
  if (typeof email === 'string') return { email, password };
  throw new ApiError('login-failed');
}

/** The user a login body names, whether or not it logs in (a contract's provider state). */
function named(body: Params): { username?: string; email?: string } | undefined {
  const text = (value: unknown): string | undefined =>
    typeof value === 'string' && value !== '' ? value : undefined;
  const username = text(body.username);
  if (username !== undefined) return { username };
  const user = text(body.user);
  if (user !== undefined) return user.includes('@') ? { email: user } : { username: user };
  const inner = userObjectOf(body);
  const byName = text(inner.username);
  if (byName !== undefined) return { username: byName };
  const byEmail = text(inner.email) ?? text(body.email);
  return byEmail === undefined ? undefined : { email: byEmail };
}

/** `POST /api/v1/login`: a password login; the answer's shape is the era's. */
export default route(GROUPS.login, {
  name: 'login',
  method: 'POST',
  order: 20,
  auth: false,
  bodyRule: 'size-only',
  errors: ['login-failed', 'login-unrecognized', 'login-blocked-for-ip', 'login-blocked-for-user'],
  response: answer({ status: { const: 'success' }, data: LOGIN_DATA }),
  reads: ['user', 'setting'],
  changes: ['token'],
  // a body that names no credentials is still an attempt: the login blocking sees and counts it
  read: ({ input, profile }): LoginAttempt => {
    const ip = input.clientAddress;
    let body: Params = {};
    try {
      body = readBody(input.body);
      return { credentials: readCredentials(body, profile), typedUsername: named(body)?.username, ip };
    } catch (error) {
      const code =
        error instanceof ApiError && error.code === 'login-unrecognized' ? error.code : 'login-failed';
      return {
        credentials: undefined,
        refusal: new ApiError(code),
        typedUsername: named(body)?.username,
        ip,
      };
    }
  },
  run: ({ store, profile, input }, attempt) => {
    const { user, authToken } = store.login(attempt);
    const shape = byEra(profile, SUCCESS);
    if (shape === 'token-only')
      return { body: { status: 'success', data: { authToken, userId: user._id } }, envelope: false };
    const body = {
      status: 'success',
      data: { userId: user._id, authToken, me: meOf(profile, user, input.baseUrl) },
    };
    return shape === 'no-success' ? { body, envelope: false } : success(body);
  },
  contract: { credentials: named },
  openApi: {
    note: 'password, e-mail, resume, digest, form-encoded',
    refusals: { '401': 'wrong user or password, or logins blocked after failed ones' },
  },
});
