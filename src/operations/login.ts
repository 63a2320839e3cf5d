import { ApiError } from '../errors';
import { byEra } from '../eras';
import type { EraTable } from '../eras';
import type { Profile } from '../profiles';
import type { Credentials } from '../store/store';
import { operation, success } from './operation';
import type { Params } from './operation';
import { readBody } from './params';

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

/** `{username|user|email, password}`; anything else (wrong types included) is the one 401. */
function readCredentials(body: Params, profile: Profile): Credentials {
  const { username, user, email, password } = body;
  if (password === undefined) throw new ApiError(byEra(profile, NO_PASSWORD));
  if (typeof password !== 'string') throw new ApiError('login-failed');
  if (typeof username === 'string') return { username, password };
  if (typeof user === 'string')
    return user.includes('@') ? { email: user, password } : { username: user, password };
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
  const email = text(body.email);
  return email === undefined ? undefined : { email };
}

/** `POST /api/v1/login`: a password login; the answer's shape is the era's. */
export default operation({
  name: 'login',
  method: 'POST',
  path: '/api/v1/login',
  auth: false,
  rateLimited: true,
  bodyRule: 'size-only',
  changesState: false,
  read: ({ input, profile }) => {
    try {
      return readCredentials(readBody(input.body), profile);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'login-unrecognized') throw error;
      throw new ApiError('login-failed');
    }
  },
  run: ({ store, profile, input }, credentials) => {
    const { user, authToken } = store.login(credentials);
    const shape = byEra(profile, SUCCESS);
    if (shape === 'token-only')
      return { body: { status: 'success', data: { authToken, userId: user._id } }, envelope: false };
    const body = {
      status: 'success',
      data: { userId: user._id, authToken, me: store.me(user, input.baseUrl) },
    };
    return shape === 'no-success' ? { body, envelope: false } : success(body);
  },
  contract: { credentials: named },
});
