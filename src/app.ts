import express, { Router } from 'express';
import type { Express, NextFunction, Request, Response } from 'express';

import type { ServerControl } from './control';
import { createAdminRouter } from './admin/router';
import { parseBody } from './http/body';
import { applyFaults } from './api/faults';
import { recordRequests } from './api/journal';
import { logRequests } from './api/log';
import { eraHeaders, errorHandler, noStore, sendSuccess } from './http/respond';
import { createApiRouter } from './api/router';
import { contextOf, setContext } from './http/context';
import { ApiError } from './errors';
import type { FakeOptions } from './options';
import type { FakeWorld } from './world';

/** What the app serves: the root world, the sessions, and what only the root can do. */
export interface AppHost {
  readonly root: FakeWorld;
  session(id: string): FakeWorld | undefined;
  readonly control: ServerControl;
  /** the server listens on loopback only (the default): the control API checks Host names */
  readonly loopbackOnly: boolean;
}

function notFound(req: Request, _res: Response, next: NextFunction): void {
  const control = req.path.startsWith('/__admin') && contextOf(req).adminEnabled !== false;
  next(new ApiError(control ? 'control-not-found' : 'not-found', { method: req.method, reason: req.path }));
}

/** The routes of one world, whichever it is: the chat API, `/__admin`, a JSON 404. */
function createWorldRouter(): Router {
  const router = Router({ caseSensitive: true, strict: true });
  router.use('/api', eraHeaders, recordRequests, applyFaults);
  router.get('/api/info', (req, res) => {
    const { version, info } = contextOf(req).world.profile;
    sendSuccess(res, info === 'nested' ? { info: { version } } : { version });
  });
  router.use(
    '/api/v1',
    createApiRouter((req) => contextOf(req).world.store),
  );
  const admin = createAdminRouter();
  router.use('/__admin', (req: Request, res: Response, next: NextFunction) => {
    if (contextOf(req).adminEnabled === false) next();
    else admin(req, res, next);
  });
  router.use(notFound);
  return router;
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
  app.use(noStore);
  app.use(parseBody(options.bodyLimit));
  const world = (sharedWorldRouter ??= createWorldRouter());
  const base = {
    control: host.control,
    adminToken: options.adminToken,
    adminEnabled: options.admin !== false,
    guard: { loopbackOnly: host.loopbackOnly, allowedHosts: options.allowedHosts ?? [] },
  };
  app.use(
    '/s/:session',
    (req: Request, res: Response, next: NextFunction) => {
      const id = String(req.params.session ?? '');
      const session = host.session(id);
      setContext(req, { ...base, world: session ?? host.root, session: id });
      if (session) next();
      else notFound(req, res, next);
    },
    world,
  );
  app.use((req: Request, _res: Response, next: NextFunction) => {
    setContext(req, { ...base, world: host.root });
    next();
  }, world);
  app.use(errorHandler);
  return app;
}
