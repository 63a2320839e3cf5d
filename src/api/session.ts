import type { Request, Response } from 'express';

import { ApiError } from '../errors';
import type { Credentials, Store } from '../store/store';
import { baseUrlOf } from '../http/url';
import { authOf } from './auth';
import { readBody } from './params';
import { sendSuccess } from '../http/respond';

/** `{username|user|email, password}`; anything else (wrong types included) is the one 401. */
function readCredentials(body: Record<string, unknown>): Credentials {
  const { username, user, email, password } = body;
  if (typeof password !== 'string') throw new ApiError('login-failed');
  if (typeof username === 'string') return { username, password };
  if (typeof user === 'string')
    return user.includes('@') ? { email: user, password } : { username: user, password };
  if (typeof email === 'string') return { email, password };
  throw new ApiError('login-failed');
}

/** POST /api/v1/login */
export function login(store: Store, req: Request, res: Response): void {
  let credentials: Credentials;
  try {
    credentials = readCredentials(readBody(req.body));
  } catch {
    throw new ApiError('login-failed');
  }
  const { user, authToken } = store.login(credentials);
  sendSuccess(res, {
    status: 'success',
    data: { userId: user._id, authToken, me: store.me(user, baseUrlOf(req)) },
  });
}

/** POST /api/v1/logout */
export function logout(store: Store, req: Request, res: Response): void {
  store.logout(authOf(req).authToken);
  sendSuccess(res, { status: 'success', data: { message: "You've been logged out!" } });
}

/** GET /api/v1/me */
export function me(store: Store, req: Request, res: Response): void {
  sendSuccess(res, store.me(authOf(req).user, baseUrlOf(req)));
}
