import type { NextFunction, Request, Response } from 'express';

import { contextOf } from '../http/context';
import { ApiError } from '../errors';
import { maybeAuthOf } from './auth';

/**
 * Rocket.Chat's rate limit on one route, after authentication and before the parameters are read:
 * per client address and route, admins and bots exempt, headers on every limited-route answer.
 */
export function rateLimit(route: string) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const { world } = contextOf(req);
    const roles = maybeAuthOf(req)?.user.roles ?? [];
    // the 0.49 era had no REST rate limiter
    if (!world.profile.rateLimiter || roles.includes('admin') || roles.includes('bot')) {
      next();
      return;
    }
    const hit = world.limiter.hit(`${req.socket.remoteAddress ?? ''}|${route}`, world.store.clock.nowMs());
    if (hit) {
      res.setHeader('X-RateLimit-Limit', String(hit.limit));
      res.setHeader('X-RateLimit-Remaining', String(hit.remaining));
      res.setHeader('X-RateLimit-Reset', String(hit.reset));
      if (hit.limited) throw new ApiError('too-many-requests', { reason: String(hit.waitSeconds) });
    }
    next();
  };
}
