import { Router } from 'express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

import { ApiError } from '../errors';
import type { Store } from '../store/store';
import { requireAuth } from './auth';
import { checkBody, checkBodyLimit } from '../http/body';
import { rateLimit } from './ratelimit';
import * as channels from './channels';
import * as session from './session';

type Handler = (store: Store, req: Request, res: Response) => void;

interface Route {
  method: 'GET' | 'POST';
  path: string;
  auth: boolean;
  handle: Handler;
}

/** The chat API: every route the fake serves under `/api/v1`. The README's endpoint table. */
export const ROUTES: readonly Route[] = [
  { method: 'POST', path: '/login', auth: false, handle: session.login },
  { method: 'POST', path: '/logout', auth: true, handle: session.logout },
  { method: 'GET', path: '/me', auth: true, handle: session.me },
  { method: 'GET', path: '/info', auth: false, handle: session.info },
  { method: 'GET', path: '/channels.list', auth: true, handle: channels.list },
  { method: 'GET', path: '/channels.getIntegrations', auth: true, handle: channels.getIntegrations },
  { method: 'POST', path: '/channels.setReadOnly', auth: true, handle: channels.setReadOnly },
  { method: 'POST', path: '/channels.setType', auth: true, handle: channels.setType },
  { method: 'POST', path: '/groups.setType', auth: true, handle: channels.setGroupType },
];

function methodNotAllowed(allow: string): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (req.method === 'OPTIONS') {
      next();
      return;
    }
    throw new ApiError('method-not-allowed', { method: req.method, allow });
  };
}

/** Builds the `/api/v1` router; `getStore` is read per request (a reset or a session swaps it). */
export function createApiRouter(getStore: (req: Request) => Store): Router {
  const router = Router({ caseSensitive: true, strict: true });
  const auth = requireAuth(getStore);
  for (const route of ROUTES) {
    const limit = rateLimit(route.path);
    const steps: RequestHandler[] = route.auth ? [auth, limit, checkBody] : [limit, checkBodyLimit];
    const run: RequestHandler = (req, res) => route.handle(getStore(req), req, res);
    if (route.method === 'GET') router.get(route.path, ...steps, run);
    else router.post(route.path, ...steps, run);
    router.all(route.path, methodNotAllowed(route.method === 'GET' ? 'GET, HEAD' : route.method));
  }
  return router;
}
