import type { NextFunction, Request, Response } from 'express';

import { ApiError } from '../errors';
import type { Store } from '../store/store';
import type { User } from '../types';

/** Who made an authenticated request. */
export interface Auth {
  user: User;
  authToken: string;
}

const contexts = new WeakMap<Request, Auth>();

/** Middleware: `X-Auth-Token` + `X-User-Id` must name a live token of that user, else 401. */
export function requireAuth(getStore: (req: Request) => Store) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const authToken = req.get('x-auth-token');
    const userId = req.get('x-user-id');
    const user = authToken && userId ? getStore(req).authenticate(userId, authToken) : undefined;
    if (!user || !authToken) throw new ApiError('not-logged-in');
    contexts.set(req, { user, authToken });
    next();
  };
}

/** The caller, if the request authenticated. */
export function maybeAuthOf(req: Request): Auth | undefined {
  return contexts.get(req);
}

/** The caller of a route behind {@link requireAuth}. */
export function authOf(req: Request): Auth {
  const auth = contexts.get(req);
  if (!auth) throw new ApiError('not-logged-in');
  return auth;
}
