import type { NextFunction, Request, Response } from 'express';

import { contextOf } from '../context';
import { redactBody } from '../journal/journal';
import { maybeAuthOf } from './auth';

/** Records each chat API request in its world's journal once the response is sent. */
export function recordRequests(req: Request, res: Response, next: NextFunction): void {
  const { world, session } = contextOf(req);
  const journal = world.journal;
  res.once('finish', () => {
    const pathname = req.originalUrl.split('?')[0] ?? '';
    const path = session === undefined ? pathname : pathname.slice(`/s/${session}`.length);
    journal.record({
      method: req.method,
      path,
      query: { ...(req.query as Record<string, unknown>) },
      body: redactBody(req.body),
      status: res.statusCode,
      user: maybeAuthOf(req)?.user.username ?? null,
      time: world.store.clock.now(),
    });
  });
  next();
}
