import express, { Router } from 'express';
import type { Express, NextFunction, Request, Response } from 'express';

import type { ServerControl } from './control';
import { createAdminRouter } from './admin/router';
import { parseBody } from './http/body';
import { readUploads } from './http/uploads';
import { serveFileUpload } from './http/file-upload';
import { rawBodyOf } from './http/raw-body';
import { serveChatFromExpress } from './api/express';
import { logRequests } from './api/log';
import { errorHandler, noStore } from './http/respond';
import { contextOf, setContext } from './http/context';
import { carriedRoute, decide, routeAt } from './http/rules';
import { targetOf } from './http/target';
import type { WorldHost } from './http/target';
import { journalFacts } from './proxy/passthrough';
import { ApiError } from './errors';
import type { FakeOptions } from './options';

/** What the app serves: the root world, the sessions, and what only the root can do. */
export interface AppHost extends WorldHost {
  readonly control: ServerControl;
  /** the server listens on loopback only (the default): the control API checks Host names */
  readonly loopbackOnly: boolean;
}

function notFound(req: Request, _res: Response, next: NextFunction): void {
  const control = req.path.startsWith('/__admin') && contextOf(req).adminEnabled !== false;
  next(new ApiError(control ? 'control-not-found' : 'not-found', { method: req.method, reason: req.path }));
}

/** A stub's or the real server's answer is as it says: none of the fake's own no-store headers. */
function withoutNoStore(res: Response): void {
  res.removeHeader('Cache-Control');
  res.removeHeader('Pragma');
}

/**
 * A path of a world outside the chat API that the fake does not model (`/avatar/…`,
 * `/file-upload/…`), as the world's rule list decides (src/http/rules.ts: no fault or operation
 * acts there): a stub's answer, the real server's through the pass-through, or its 404, journaled
 * as not modelled, so a client's call to it shows in the journal, the inspector and
 * `/__admin/unmatched`.
 */
function notModelled(req: Request, res: Response, next: NextFunction): void {
  const context = contextOf(req);
  if (req.path.startsWith('/__admin') && context.adminEnabled !== false) {
    notFound(req, res, next);
    return;
  }
  const { world, route } = context;
  const entry = {
    method: req.method,
    path: req.path,
    query: req.query as Record<string, unknown>,
    body: (req.body as unknown) ?? null,
    user: null,
    modelled: false,
  };
  const header = (name: string): string | undefined => {
    const value = req.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const decision = decide(
    world,
    {
      ...entry,
      headers: req.headers,
      body: req.body as unknown,
      authToken: header('x-auth-token'),
      userId: header('x-user-id'),
    },
    route,
  );
  if (decision.kind === 'stub') {
    const stubbed = decision.answer;
    world.recordRequest({ ...entry, status: stubbed.status, stub: stubbed.stub.id });
    withoutNoStore(res);
    res.status(stubbed.status);
    for (const [name, value] of Object.entries(stubbed.headers)) res.setHeader(name, value);
    if (stubbed.contentType !== '' && !res.hasHeader('content-type'))
      res.setHeader('Content-Type', stubbed.contentType);
    res.end(stubbed.bytes ?? stubbed.text);
    return;
  }
  if (decision.kind === 'proxy') {
    const { proxy } = decision;
    const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?') + 1) : '';
    const epoch = world.epoch;
    void proxy
      .forward({
        method: req.method,
        path: req.path,
        rawQuery: query,
        headers: req.headers,
        body: req.body as unknown,
        raw: rawBodyOf(req),
      })
      .then((answer) => {
        if (world.epoch === epoch) {
          world.recordRequest(
            { ...entry, status: answer.status, proxied: true },
            {
              answer: answer.data,
              enveloped: false,
              chars: answer.text.length,
              text: answer.text,
              authHeaders: header('x-auth-token') !== undefined || header('x-user-id') !== undefined,
              fault: false,
              ...journalFacts(answer),
            },
          );
        }
        withoutNoStore(res);
        res.status(answer.status);
        if (answer.contentType !== '') res.setHeader('Content-Type', answer.contentType);
        res.end(answer.bytes);
      });
    return;
  }
  world.recordRequest({ ...entry, status: 404 });
  // the real server's `/file-upload/` answers a file it does not hold with an empty 404
  if (req.path.startsWith('/file-upload/')) {
    res.status(404).end();
    return;
  }
  notFound(req, res, next);
}

/** The routes of one world, whichever it is: the chat API, `/__admin`, a JSON 404. */
function createWorldRouter(): Router {
  const router = Router({ caseSensitive: true, strict: true });
  const admin = createAdminRouter();
  router.use('/__admin', (req: Request, res: Response, next: NextFunction) => {
    if (contextOf(req).adminEnabled === false) next();
    else admin(req, res, next);
  });
  router.get('/sockjs/info', sockjsInfo);
  // an uploaded file's bytes (GET and HEAD); one the world does not hold goes on to notModelled
  router.get(/^\/file-upload\/[^/]+\/[^/]*$/, serveFileUpload);
  router.options('/sockjs/info', sockjsInfo);
  router.use(notModelled);
  return router;
}

/**
 * `GET /sockjs/info`, what a SockJS client asks before it opens `/sockjs/<n>/<id>/websocket`:
 * WebSocket on, any origin, no cookie, as Meteor's SockJS server answers, with SockJS's CORS
 * headers (a browser page of another origin may ask); `OPTIONS` is its preflight, a 204.
 * `entropy` (a random number there, which clients ignore) is fixed, so the answer repeats.
 */
function sockjsInfo(req: Request, res: Response): void {
  const { world } = contextOf(req);
  const preflight = req.method === 'OPTIONS';
  world.recordRequest({
    method: req.method,
    path: req.path,
    query: req.query as Record<string, unknown>,
    body: null,
    user: null,
    modelled: true,
    status: preflight ? 204 : 200,
  });
  const origin = req.headers.origin;
  res.removeHeader('Pragma');
  res.setHeader('Access-Control-Allow-Origin', origin === undefined || origin === 'null' ? '*' : origin);
  res.setHeader('Vary', 'Origin');
  const asked = req.headers['access-control-request-headers'];
  if (asked !== undefined) res.setHeader('Access-Control-Allow-Headers', asked);
  res.setHeader('Access-Control-Allow-Credentials', 'true');
  if (preflight) {
    res.setHeader('Cache-Control', 'public, max-age=31536000');
    res.setHeader('Access-Control-Allow-Methods', 'OPTIONS, GET');
    res.setHeader('Access-Control-Max-Age', '31536000');
    res.status(204).end();
    return;
  }
  res.setHeader('Cache-Control', 'no-store, no-cache, no-transform, must-revalidate, max-age=0');
  res.setHeader('Content-Type', 'application/json; charset=UTF-8');
  res.end(JSON.stringify({ websocket: true, origins: ['*:*'], cookie_needed: false, entropy: 2026 }));
}

/** The world routes keep no state (all comes from the request's context), so one serves every app. */
let sharedWorldRouter: Router | undefined;

/** Wires the Express app around a host. Never listens. */
export function buildApp(
  host: AppHost,
  options: Pick<FakeOptions, 'bodyLimit' | 'log' | 'adminToken' | 'admin' | 'allowedHosts'>,
): Express {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('query parser', 'simple');
  if (options.log) app.use(logRequests);
  // the upload routes' multipart bodies, streamed and bounded, before the body parser would buffer them
  app.use(readUploads(host));
  app.use(parseBody(options.bodyLimit));
  const world = (sharedWorldRouter ??= createWorldRouter());
  const base = {
    control: host.control,
    adminToken: options.adminToken,
    adminEnabled: options.admin !== false,
    guard: { loopbackOnly: host.loopbackOnly, allowedHosts: options.allowedHosts ?? [] },
  };
  // session routing (src/http/target.ts, as the fast path does it): the world routes see the path inside the world
  app.use((req: Request, res: Response, next: NextFunction) => {
    const target = targetOf(host, req.url);
    if (target.session !== undefined)
      req.url = target.query === '' ? target.path : `${target.path}?${target.query}`;
    // the route, resolved once: here, or by the fast path for a body it read and replays
    const route = carriedRoute(req) ?? routeAt(req.method, target.path);
    const chat = target.world !== undefined && route.chat;
    // the chat pipeline writes its era's headers itself; every other answer is no-store
    if (!chat) noStore(res);
    setContext(req, {
      ...base,
      world: target.world ?? host.root,
      route,
      ...(target.session !== undefined ? { session: target.session } : {}),
    });
    // the chat API, known routes or not: the one pipeline answers (src/http/chat.ts)
    // a control call under a session that is not there says so (its route exists)
    if (!target.world && target.session !== undefined && target.path.startsWith('/__admin/'))
      next(new ApiError('control-no-session', { reason: target.session }));
    else if (!target.world) notFound(req, res, next);
    else if (chat) serveChatFromExpress(req, res, target.world, target, route);
    else next();
  }, world);
  app.use(errorHandler);
  return app;
}
