import express, { Router } from 'express';
import type { Express, NextFunction, Request, Response } from 'express';

import type { ServerControl } from './admin/control';
import { createAdminRouter } from './admin/router';
import { parseBody } from './api/body';
import { applyFaults } from './api/faults';
import { recordRequests } from './api/journal';
import { logRequests } from './api/log';
import { errorHandler, noStore, sendSuccess } from './api/respond';
import { createApiRouter } from './api/router';
import { contextOf, setContext } from './context';
import { ApiError } from './errors';
import { ROCKETCHAT_VERSION } from './options';
import type { FakeOptions } from './options';
import { DEFAULT_FIXTURES, readScenarioFile } from './scenario/load';
import { resolveScenario } from './scenario/resolve';
import type { World } from './store/types';
import type { FakeWorld } from './world';

/** Validates and builds the world the options describe. Throws ScenarioError naming every problem. */
export function buildWorld(options: FakeOptions = {}): World {
  const seed = options.seed;
  if (options.scenario !== undefined) return resolveScenario(options.scenario, { source: 'scenario', seed });
  const file = options.fixtures ?? DEFAULT_FIXTURES;
  return resolveScenario(readScenarioFile(file), { source: file, seed });
}

/** What the app serves: the root world, the sessions, and what only the root can do. */
export interface AppHost {
  readonly root: FakeWorld;
  session(id: string): FakeWorld | undefined;
  readonly control: ServerControl;
}

/** The control API is off (`admin: false`) when the app says so; deleted sessions keep it on. */
const adminOff = new WeakSet<Request>();
function adminEnabled(req: Request): boolean {
  return !adminOff.has(req);
}

function notFound(req: Request, _res: Response, next: NextFunction): void {
  const control = req.path.startsWith('/__admin') && adminEnabled(req);
  next(new ApiError(control ? 'control-not-found' : 'not-found', { method: req.method, reason: req.path }));
}

/** The routes of one world, whichever it is: the chat API, `/__admin`, a JSON 404. */
function createWorldRouter(host: AppHost, options: Pick<FakeOptions, 'adminToken' | 'admin'>): Router {
  const router = Router({ caseSensitive: true, strict: true });
  router.use('/api', recordRequests, applyFaults);
  router.get('/api/info', (_req, res) => sendSuccess(res, { version: ROCKETCHAT_VERSION }));
  router.use(
    '/api/v1',
    createApiRouter((req) => contextOf(req).world.store),
  );
  if (options.admin !== false) router.use('/__admin', createAdminRouter(host.control, options.adminToken));
  router.use(notFound);
  return router;
}

/** Wires the Express app around a host. Never listens. */
export function buildApp(
  host: AppHost,
  options: Pick<FakeOptions, 'bodyLimit' | 'log' | 'adminToken' | 'admin'>,
): Express {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('query parser', 'simple');
  if (options.log) app.use(logRequests);
  app.use(noStore);
  if (options.admin === false) {
    app.use((req: Request, _res: Response, next: NextFunction) => {
      adminOff.add(req);
      next();
    });
  }
  app.use(parseBody(options.bodyLimit));
  const world = createWorldRouter(host, options);
  app.use(
    '/s/:session',
    (req: Request, _res: Response, next: NextFunction) => {
      const id = String(req.params.session ?? '');
      const session = host.session(id);
      if (!session) {
        notFound(req, _res, next);
        return;
      }
      setContext(req, { world: session, session: id });
      next();
    },
    world,
  );
  app.use((req: Request, _res: Response, next: NextFunction) => {
    setContext(req, { world: host.root });
    next();
  }, world);
  app.use(errorHandler);
  return app;
}
