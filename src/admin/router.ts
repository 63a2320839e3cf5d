import { createHash, timingSafeEqual } from 'node:crypto';

import { Router } from 'express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

import { checkBody } from '../http/body';
import { guardControl } from './guard';
import { inspectorHtml } from './ui';
import { baseUrlOf } from '../http/target';
import { toApiError } from '../http/respond';
import { contextOf } from '../http/context';
import { ApiError } from '../errors';
import { ScenarioError } from '../scenario/problems';
import type { ServerControl, WorldControl } from '../control';
import {
  readClockChange,
  readObject,
  readPactOptions,
  readProviderStateChange,
  readRequestFilter,
  readSessionOptions,
} from './params';

/** How many bytes may wait for an event-stream reader before it is dropped. */
export const SSE_BUFFER_BYTES = 1024 * 1024;

/** Constant-time comparison of a presented token with the configured one. */
function sameToken(presented: string, expected: string): boolean {
  const digest = (s: string): Buffer => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

function requireAdminToken(): RequestHandler {
  return (req, _res, next) => {
    const token = contextOf(req).adminToken;
    // the inspector's page holds no data: it asks for the token, and every call it makes carries it
    if (token === undefined || (req.method === 'GET' && (req.path === '/health' || req.path === '/ui'))) {
      next();
      return;
    }
    const match = /^Bearer (.+)$/.exec(req.get('authorization') ?? '');
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
  if (apiError.status === 413) return new ApiError('control-payload-too-large');
  return new ApiError('control-invalid', { reason: String(apiError.toBody().error ?? '') });
}

function controlErrorHandler(error: unknown, _req: Request, _res: Response, next: NextFunction): void {
  next(toControlError(error));
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Handle = (world: WorldControl, req: Request, res: Response) => Promise<void> | void;
interface Route {
  method: Method;
  path: string;
  handle: Handle;
  /** only at the root, not under `/s/<id>` */
  rootOnly?: boolean;
}

/** How often an idle event stream gets a comment line, so proxies keep it open. */
const HEARTBEAT_MS = 15_000;

/**
 * `GET /__admin/events`: Server-Sent Events of the world: `hello` first (profile, clock, journal
 * size), then one `request` event per journal entry and one `state` event per change of state,
 * each `data:` a JSON object (src/types.ts, WorldEvent). Ends when the client goes away, or when
 * the server stops.
 */
function streamEvents(world: WorldControl, req: Request, res: Response): void {
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-store',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  // a reader that stops reading is dropped once 1 MB waits for it: the server never buffers more
  let stop = (): void => undefined;
  const write = (chunk: string): void => {
    if (res.destroyed) return;
    res.write(chunk);
    if (res.writableLength > SSE_BUFFER_BYTES) {
      stop();
      res.destroy();
    }
  };
  const send = (event: string, data: unknown): void =>
    write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  write('retry: 1000\n\n');
  send('hello', { profile: world.profileId, clock: world.clock.now(), requests: world.requests().length });
  const unsubscribe = world.subscribe((event) => send(event.type, event));
  const heartbeat = setInterval(() => write(': keep-alive\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  stop = () => {
    unsubscribe();
    clearInterval(heartbeat);
  };
  req.on('close', stop);
}

function worldRoutes(): Route[] {
  const add =
    (kind: 'users' | 'channels' | 'integrations'): Handle =>
    (world, req, res) => {
      const source = `POST /__admin/${kind}`;
      const body = readObject(req.body);
      const entity =
        kind === 'users'
          ? world.addUser(body, source)
          : kind === 'channels'
            ? world.addChannel(body, source)
            : world.addIntegration(body, source);
      res.status(201).json(entity);
    };
  return [
    {
      method: 'GET',
      path: '/health',
      handle: (world, _req, res) => void res.json({ status: 'ok', profile: world.profileId }),
    },
    {
      method: 'POST',
      path: '/reset',
      handle: async (world, _req, res) => {
        await world.reset();
        res.json({ status: 'ok' });
      },
    },
    {
      method: 'GET',
      path: '/state',
      handle: (world, req, res) => {
        const { diff, ...rest } = req.query;
        if (Object.keys(rest).length > 0 || (diff !== undefined && diff !== 'baseline')) {
          throw new ApiError('control-invalid', { reason: 'The only query is diff=baseline' });
        }
        res.json(diff === 'baseline' ? world.changes() : world.state());
      },
    },
    {
      method: 'PUT',
      path: '/scenario',
      handle: async (world, req, res) => {
        await world.load(readObject(req.body), 'PUT /__admin/scenario');
        const { users, channels, integrations } = world.state();
        res.json({
          status: 'ok',
          users: users.length,
          channels: channels.length,
          integrations: integrations.length,
        });
      },
    },
    { method: 'POST', path: '/users', handle: add('users') },
    { method: 'POST', path: '/channels', handle: add('channels') },
    { method: 'POST', path: '/integrations', handle: add('integrations') },
    {
      method: 'GET',
      path: '/clock',
      handle: (world, _req, res) => void res.json({ now: world.clock.now() }),
    },
    {
      method: 'PUT',
      path: '/clock',
      handle: (world, req, res) => {
        const change = readClockChange(readObject(req.body));
        if ('now' in change) world.clock.set(change.now);
        else world.clock.advance(change.advanceMs);
        res.json({ now: world.clock.now() });
      },
    },
    {
      method: 'GET',
      path: '/requests',
      handle: (world, req, res) => void res.json(world.requestsPage(readRequestFilter(req.query))),
    },
    {
      method: 'GET',
      path: '/requests/count',
      handle: (world, req, res) =>
        void res.json({ count: world.requests(readRequestFilter(req.query)).length }),
    },
    {
      method: 'GET',
      path: '/requests/last',
      handle: (world, req, res) => {
        const last = world.requests(readRequestFilter(req.query)).at(-1);
        if (!last)
          throw new ApiError('control-no-match', { reason: JSON.stringify(readRequestFilter(req.query)) });
        res.json(last);
      },
    },
    {
      method: 'POST',
      path: '/faults',
      handle: (world, req, res) =>
        void res.status(201).json(world.fault(readObject(req.body), 'POST /__admin/faults')),
    },
    {
      method: 'GET',
      path: '/faults',
      handle: (world, _req, res) => void res.json({ faults: world.faults() }),
    },
    {
      method: 'DELETE',
      path: '/faults',
      handle: (world, _req, res) => {
        world.clearFaults();
        res.json({ status: 'ok' });
      },
    },
    {
      method: 'DELETE',
      path: '/faults/:id',
      handle: (world, req, res) => {
        const id = String(req.params.id);
        if (!world.clearFaults(id)) throw new ApiError('control-no-fault', { reason: id });
        res.json({ status: 'ok' });
      },
    },
    {
      method: 'GET',
      path: '/rate-limit',
      handle: (world, _req, res) => void res.json({ rateLimit: world.getRateLimit() }),
    },
    {
      method: 'PUT',
      path: '/rate-limit',
      handle: (world, req, res) =>
        void res.json({ rateLimit: world.setRateLimit(readObject(req.body), 'PUT /__admin/rate-limit') }),
    },
    {
      method: 'DELETE',
      path: '/rate-limit',
      handle: (world, _req, res) => void res.json({ rateLimit: world.setRateLimit(null) }),
    },
    { method: 'GET', path: '/events', handle: streamEvents },
    {
      method: 'GET',
      path: '/ui',
      handle: (_world, _req, res) => {
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.setHeader(
          'Content-Security-Policy',
          "default-src 'self'; style-src 'unsafe-inline'; script-src 'unsafe-inline'",
        );
        res.send(inspectorHtml());
      },
    },
    {
      method: 'GET',
      path: '/requests/:seq',
      handle: (world, req, res) => {
        const seq = Number(req.params.seq);
        const found = Number.isInteger(seq) ? world.exchange(seq) : undefined;
        if (!found) throw new ApiError('control-no-match', { reason: `seq ${String(req.params.seq)}` });
        res.json(found);
      },
    },
    {
      method: 'GET',
      path: '/pact',
      handle: (world, req, res) => void res.json(world.pact(readPactOptions(req.query))),
    },
    {
      method: 'POST',
      path: '/pact/provider-states',
      handle: async (world, req, res) => {
        res.json(await world.providerState(readProviderStateChange(readObject(req.body))));
      },
    },
    {
      method: 'DELETE',
      path: '/requests',
      handle: (world, _req, res) => {
        world.clearRequests();
        res.json({ status: 'ok' });
      },
    },
  ];
}

function serverRoutes(): Route[] {
  const server = (req: Request): ServerControl => contextOf(req).control;
  const describe = (req: Request, id: string) => ({ id, url: `${baseUrlOf(req)}/s/${id}` });
  return [
    {
      method: 'POST',
      path: '/sessions',
      rootOnly: true,
      handle: (_w, req, res) => {
        const session = server(req).createSession(
          readSessionOptions(readObject(req.body, true)),
          'POST /__admin/sessions',
        );
        res.status(201).json(describe(req, session.id));
      },
    },
    {
      method: 'GET',
      path: '/sessions',
      rootOnly: true,
      handle: (_w, req, res) =>
        void res.json({
          sessions: server(req)
            .listSessions()
            .map((s) => ({ ...describe(req, s.id), requests: s.requests, createdAt: s.createdAt })),
        }),
    },
    {
      method: 'DELETE',
      path: '/sessions/:id',
      rootOnly: true,
      handle: (_w, req, res) => {
        const id = String(req.params.id);
        if (!server(req).deleteSession(id)) throw new ApiError('control-no-session', { reason: id });
        res.json({ status: 'ok' });
      },
    },
    {
      method: 'POST',
      path: '/shutdown',
      rootOnly: true,
      handle: (_w, req, res) => {
        const control = server(req);
        res.once('finish', () => void control.shutdown());
        res.json({ status: 'stopping' });
      },
    },
  ];
}

/**
 * The control API, WireMock-style, mounted at `/__admin` of every world. Session-scoped requests
 * (`/s/<id>/__admin/…`) act on that session; sessions and shutdown exist only at the root.
 */
export function createAdminRouter(): Router {
  const router = Router({ caseSensitive: true, strict: true });
  router.use(guardControl(), requireAdminToken(), checkBody);
  const routes = [...worldRoutes(), ...serverRoutes()];
  const allowed = new Map<string, string[]>();
  for (const route of routes) {
    const run: RequestHandler = async (req, res, next) => {
      const { world, session } = contextOf(req);
      if (route.rootOnly && session !== undefined) {
        next();
        return;
      }
      await route.handle(world, req, res);
    };
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    router[method](route.path, run);
    allowed.set(route.path, [...(allowed.get(route.path) ?? []), route.method]);
  }
  for (const [path, methods] of allowed) {
    router.all(path, (req, _res, next) => {
      if (contextOf(req).session !== undefined && routes.some((r) => r.path === path && r.rootOnly)) {
        next();
        return;
      }
      throw new ApiError('control-method-not-allowed', { method: req.method, allow: methods.join(', ') });
    });
  }
  router.use((req) => {
    throw new ApiError('control-not-found', { method: req.method, reason: `/__admin${req.path}` });
  });
  router.use(controlErrorHandler);
  return router;
}
