import { STATUS_CODES } from 'node:http';

import type { NextFunction, Request, Response } from 'express';

import { contextOf } from '../http/context';
import { toEnvelope } from '../errors';
import type { ErrorCode } from '../errors';
import type { Fault } from '../types';

const DEFAULT_ERRORS: Record<number, ErrorCode> = {
  401: 'not-logged-in',
  403: 'error-unauthorized',
  404: 'not-found',
  413: 'payload-too-large',
  429: 'too-many-requests',
  500: 'internal',
};

/** The body a status fault sends when it names none: the Rocket.Chat envelope for that status. */
export function defaultFaultBody(status: number): object {
  if (status < 400) return { success: true };
  const code = DEFAULT_ERRORS[status];
  if (code) return toEnvelope(code, { reason: '60' });
  return { success: false, error: STATUS_CODES[status] ?? `HTTP ${status}` };
}

/** The request's path inside its world (without `/s/<id>`). */
export function worldPath(req: Request): string {
  const pathname = req.originalUrl.split('?')[0] ?? '';
  const { session } = contextOf(req);
  return session === undefined ? pathname : pathname.slice(`/s/${session}`.length);
}

/** Sends the real response's head and half its body, then cuts the connection. */
function truncateResponse(res: Response): void {
  const end = res.end.bind(res);
  res.end = ((chunk?: unknown) => {
    if (typeof chunk === 'string' || Buffer.isBuffer(chunk)) {
      const bytes = Buffer.from(chunk);
      res.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => res.socket?.destroy());
      return res;
    }
    return end();
  }) as Response['end'];
}

function act(fault: Fault, res: Response, next: NextFunction): void {
  // the journal marks the answer as a fault's: no contract is made of it (src/pact)
  if (fault.drop || fault.partial || fault.status !== undefined) res.locals.fault = true;
  if (fault.drop) {
    res.socket?.destroy();
    return;
  }
  if (fault.partial) truncateResponse(res);
  if (fault.status !== undefined) {
    res.status(fault.status).json(fault.body === undefined ? defaultFaultBody(fault.status) : fault.body);
    return;
  }
  next();
}

/** Applies the first matching fault of the request's world, if any. */
export function applyFaults(req: Request, res: Response, next: NextFunction): void {
  const action = contextOf(req).world.faultSet.take(req.method, worldPath(req));
  if (!action) {
    next();
    return;
  }
  if (action.delayMs <= 0) {
    act(action.fault, res, next);
    return;
  }
  // a client that gives up releases the hold; a reset or a stop ends it with the connection
  const release = contextOf(req).world.faultSet.hold(
    action.delayMs,
    () => {
      res.off('close', release);
      act(action.fault, res, next);
    },
    () => res.socket?.destroy(),
  );
  res.once('close', release);
}
