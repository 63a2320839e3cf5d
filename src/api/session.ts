import type { Request, Response } from 'express';

import { ApiError } from '../errors';
import type { Profile } from '../profiles';
import type { Credentials, Store } from '../store/store';
import { baseUrlOf } from '../http/url';
import { authOf } from './auth';
import { readBody } from './params';
import { sendSuccess } from '../http/respond';

/** `{username|user|email, password}`; anything else (wrong types included) is the one 401. */
function readCredentials(body: Record<string, unknown>, profile: Profile): Credentials {
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

/** POST /api/v1/login */
export function login(store: Store, req: Request, res: Response): void {
  const { profile } = store;
  let credentials: Credentials;
  try {
    credentials = readCredentials(readBody(req.body), profile);
  } catch (error) {
    if (error instanceof ApiError && error.code === 'login-unrecognized') throw error;
    throw new ApiError('login-failed');
  }
  const { user, authToken } = store.login(credentials);
  // the 0.49 era (Restivus' own login) answered with the token alone; 5.x and 6.x without `success`
  if (profile.loginSuccess === 'token-only') {
    res.status(200).json({ status: 'success', data: { authToken, userId: user._id } });
    return;
  }
  const body = {
    status: 'success',
    data: { userId: user._id, authToken, me: store.me(user, baseUrlOf(req)) },
  };
  if (profile.loginSuccess === 'no-success') res.status(200).json(body);
  else sendSuccess(res, body);
}

/** POST /api/v1/logout */
export function logout(store: Store, req: Request, res: Response): void {
  store.logout(authOf(req).authToken);
  sendSuccess(res, { status: 'success', data: { message: "You've been logged out!" } });
}

/** GET /api/v1/info: the 0.49 era's (removed in 3.0); later eras do not have the route */
export function info(store: Store, _req: Request, res: Response): void {
  if (!store.profile.v1Info) throw new ApiError('not-found');
  sendSuccess(res, { info: { version: store.profile.version } });
}

/** GET /api/v1/me */
export function me(store: Store, req: Request, res: Response): void {
  sendSuccess(res, store.me(authOf(req).user, baseUrlOf(req)));
}
