import { createHash, timingSafeEqual } from 'node:crypto';

import { Router } from 'express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

import { checkBody } from '../api/body';
import { toApiError } from '../api/respond';
import { ApiError } from '../errors';
import { ScenarioError } from '../scenario/problems';
import type { Control } from './control';
import { readClockChange } from './params';

/** Constant-time comparison of a presented token with the configured one. */
function sameToken(presented: string, expected: string): boolean {
  const digest = (s: string): Buffer => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

function requireAdminToken(token: string | undefined): RequestHandler {
  return (req, _res, next) => {
    if (token === undefined || (req.method === 'GET' && req.path === '/health')) {
      next();
      return;
    }
    const header = req.get('authorization') ?? '';
    const match = /^Bearer (.+)$/.exec(header);
    if (!match?.[1] || !sameToken(match[1], token)) throw new ApiError('control-unauthorized');
    next();
  };
}

/** Every error under `/__admin` leaves as `{error, problems}`. */
function toControlError(error: unknown): ApiError {
  if (error instanceof ScenarioError) {
    return new ApiError('control-invalid', { reason: error.message.split('\n')[0] }, error.problems);
  }
  const apiError = toApiError(error);
  if (apiError.isControl || apiError.code === 'internal') return apiError;
  if (apiError.code === 'payload-too-large') return new ApiError('control-payload-too-large');
  const body = apiError.toBody();
  return new ApiError('control-invalid', { reason: body.error });
}

function controlErrorHandler(error: unknown, _req: Request, res: Response, next: NextFunction): void {
  next(toControlError(error));
}

function readObject(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError('control-invalid', { reason: 'The body must be a JSON object' });
  }
  return body as Record<string, unknown>;
}

type Route = [
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  handle: (req: Request, res: Response) => Promise<void> | void,
];

/** The control API, WireMock-style, mounted at `/__admin`. */
export function createAdminRouter(control: Control, adminToken?: string): Router {
  const router = Router({ caseSensitive: true, strict: true });
  router.use(requireAdminToken(adminToken), checkBody);
  const add =
    (kind: 'users' | 'channels' | 'integrations') =>
    (req: Request, res: Response): void => {
      const source = `POST /__admin/${kind}`;
      const body = readObject(req.body);
      const entity =
        kind === 'users'
          ? control.addUser(body, source)
          : kind === 'channels'
            ? control.addChannel(body, source)
            : control.addIntegration(body, source);
      res.status(201).json(entity);
    };
  const routes: Route[] = [
    ['GET', '/health', (_req, res) => void res.json({ status: 'ok' })],
    [
      'POST',
      '/reset',
      async (_req, res) => {
        await control.reset();
        res.json({ status: 'ok' });
      },
    ],
    ['GET', '/state', (_req, res) => void res.json(control.state())],
    [
      'PUT',
      '/scenario',
      async (req, res) => {
        await control.load(readObject(req.body), 'PUT /__admin/scenario');
        const { users, channels, integrations } = control.state();
        res.json({
          status: 'ok',
          users: users.length,
          channels: channels.length,
          integrations: integrations.length,
        });
      },
    ],
    ['POST', '/users', add('users')],
    ['POST', '/channels', add('channels')],
    ['POST', '/integrations', add('integrations')],
    ['GET', '/clock', (_req, res) => void res.json({ now: control.clock.now() })],
    [
      'PUT',
      '/clock',
      (req, res) => {
        const change = readClockChange(readObject(req.body));
        if ('now' in change) control.clock.set(change.now);
        else control.clock.advance(change.advanceMs);
        res.json({ now: control.clock.now() });
      },
    ],
    [
      'POST',
      '/shutdown',
      (_req, res) => {
        res.once('finish', () => void control.shutdown());
        res.json({ status: 'stopping' });
      },
    ],
  ];
  const allowed = new Map<string, string[]>();
  for (const [method, path, handle] of routes) {
    const run: RequestHandler = async (req, res) => handle(req, res);
    router[method === 'GET' ? 'get' : method === 'POST' ? 'post' : 'put'](path, run);
    allowed.set(path, [...(allowed.get(path) ?? []), method]);
  }
  for (const [path, methods] of allowed) {
    router.all(path, (req) => {
      throw new ApiError('control-method-not-allowed', { method: req.method, allow: methods.join(', ') });
    });
  }
  router.use((req) => {
    throw new ApiError('control-not-found', { method: req.method, reason: `/__admin${req.path}` });
  });
  router.use(controlErrorHandler);
  return router;
}
