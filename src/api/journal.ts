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
  // the body as sent, for the contract: a reference to what `res.end` gets (one chunk for JSON)
  let response: string | undefined;
  const end = res.end.bind(res);
  res.end = ((...args: unknown[]) => {
    const chunk = args[0];
    if (typeof chunk === 'string') response = chunk;
    else if (Buffer.isBuffer(chunk)) response = chunk.toString('utf8');
    return (end as (...a: unknown[]) => Response)(...args);
  }) as Response['end'];
  whenAnswered(res, (status) =>
    world.recordRequest(
      {
        method: req.method,
        path,
        query: { ...(req.query as Record<string, unknown>) },
        body: req.body,
        status,
        user: maybeAuthOf(req)?.user.username ?? null,
      },
      {
        ...(response !== undefined ? { response } : {}),
        ...(req.headers['content-type'] !== undefined ? { contentType: req.headers['content-type'] } : {}),
        authHeaders: req.headers['x-auth-token'] !== undefined || req.headers['x-user-id'] !== undefined,
        fault: res.locals.fault === true || status === 0,
      },
    ),
  );
  next();
}
