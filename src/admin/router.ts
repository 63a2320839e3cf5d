import { Router } from 'express';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

import { checkBody } from '../http/body';
import { toControlError } from './control-error';
import { guardControl } from './guard';
import { inspectorHtml } from './ui';
import { baseUrlOf } from '../http/target';
import { contextOf } from '../http/context';
import { ApiError } from '../errors';
import type { WorldControl } from '../control';
import { ROUTES } from '../surface/routes';
import type { ControlRoute } from '../surface/routes';

/** How many bytes may wait for an event-stream reader before it is dropped. */
export const SSE_BUFFER_BYTES = 1024 * 1024;

function controlErrorHandler(error: unknown, _req: Request, _res: Response, next: NextFunction): void {
  next(toControlError(error));
}

/** How often an idle event stream gets a comment line, so proxies keep it open. */
const HEARTBEAT_MS = 15_000;

/**
 * `GET /__admin/events`: Server-Sent Events of the world: `hello` first (profile, clock, journal
 * size), then one `request` event per journal entry, one `state` event per change of state, one
 * `delivery` event per webhook attempt and one `rules` event per change of the stubs or faults,
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
  // HEAD (a monitor, `curl -I`): the head alone, not a stream that never ends
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
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
  send('hello', {
    profile: world.profileId,
    clock: world.clock.now(),
    requests: world.requests().length,
    journalSize: world.journalSize,
  });
  const unsubscribe = world.subscribe((event) => send(event.type, event));
  const heartbeat = setInterval(() => write(': keep-alive\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  stop = () => {
    unsubscribe();
    clearInterval(heartbeat);
  };
  req.on('close', stop);
}

/** What the router serves besides the declared routes: the event stream and the inspector's page. */
interface HttpOnlyRoute {
  method: 'GET';
  path: string;
  handle: (world: WorldControl, req: Request, res: Response) => void;
}

/** The inspector's page (its script finds the API's base from the address, with or without a final `/`). */
function servePage(_world: WorldControl, _req: Request, res: Response): void {
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader(
    'Content-Security-Policy',
    "default-src 'self'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:",
  );
  res.send(inspectorHtml());
}

const HTTP_ONLY: HttpOnlyRoute[] = [
  { method: 'GET', path: '/events', handle: streamEvents },
  { method: 'GET', path: '/ui', handle: servePage },
  // as typed into a browser's address bar, often
  { method: 'GET', path: '/ui/', handle: servePage },
];

/** Runs a declared control route (src/surface/routes.ts) on the request's world. */
function serveRoute(route: ControlRoute): RequestHandler {
  return async (req, res, next) => {
    const { world, session, control } = contextOf(req);
    if (route.rootOnly && session !== undefined) {
      next();
      return;
    }
    const target = { world, server: control, baseUrl: baseUrlOf(req), session, store: world.store };
    const input = {
      query: req.query as Record<string, unknown>,
      body: req.body as unknown,
      params: req.params as Record<string, string>,
    };
    const answer = await route.serve(target, input, `${route.method} /__admin${route.path}`);
    if (route.after) res.once('finish', () => route.after?.(target));
    res.status(route.status ?? 200).json(answer);
  };
}

/**
 * The control API, WireMock-style, mounted at `/__admin` of every world. Session-scoped requests
 * (`/s/<id>/__admin/…`) act on that session; sessions and shutdown exist only at the root.
 */
export function createAdminRouter(): Router {
  const router = Router({ caseSensitive: true, strict: true });
  router.use(guardControl(), checkBody);
  const declared: ControlRoute[] = Object.values(ROUTES);
  // the inspector's page and the event stream are HTTP's own; every other route is declared once
  const routes: { method: string; path: string; rootOnly?: boolean; handler: RequestHandler }[] = [
    ...declared.map((route) => ({ ...route, handler: serveRoute(route) })),
    ...HTTP_ONLY.map((route) => ({
      ...route,
      handler: ((req, res) => route.handle(contextOf(req).world, req, res)) as RequestHandler,
    })),
  ];
  const allowed = new Map<string, string[]>();
  for (const route of routes) {
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    router[method](route.path, route.handler);
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
