import { ApiError } from '../errors';
import type { Profile } from '../profiles';
import type { Credentials } from '../store/store';
import { operation, success } from './operation';
import type { Params } from './operation';
import { readBody } from './params';

/** `{username|user|email, password}`; anything else (wrong types included) is the one 401. */
function readCredentials(body: Params, profile: Profile): Credentials {
  const { username, user, email, password } = body;
  // 5.x and 6.x hand a body without a password to Meteor's login, which does not recognise it
  if (password === undefined && profile.loginFailure === 'e5x') throw new ApiError('login-unrecognized');
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
    // the 0.49 era (Restivus' own login) answered with the token alone; 5.x and 6.x without `success`
    if (profile.loginSuccess === 'token-only')
      return { body: { status: 'success', data: { authToken, userId: user._id } }, envelope: false };
    const body = {
      status: 'success',
      data: { userId: user._id, authToken, me: store.me(user, input.baseUrl) },
    };
    return profile.loginSuccess === 'no-success' ? { body, envelope: false } : success(body);
  },
  contract: { credentials: named },
});
