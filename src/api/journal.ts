import type { NextFunction, Request, Response } from 'express';

import { contextOf } from '../http/context';
import { whenAnswered } from '../journal/answered';
import { maybeAuthOf } from './auth';
import { worldPath } from './faults';

/**
 * Records each chat API request in its world's journal once it is answered, or with status 0
 * when the connection closed with no complete answer (a dropped or cut-off response).
 */
export function recordRequests(req: Request, res: Response, next: NextFunction): void {
  const { world } = contextOf(req);
  const path = worldPath(req);
  whenAnswered(res, (status) =>
    world.recordRequest({
      method: req.method,
      path,
      query: { ...(req.query as Record<string, unknown>) },
      body: req.body,
      status,
      user: maybeAuthOf(req)?.user.username ?? null,
    }),
  );
  next();
}
