import express, { Router } from 'express';
import type { Express, NextFunction, Request, Response } from 'express';

import type { ServerControl } from './admin/control';
import { createAdminRouter } from './admin/router';
import { parseBody } from './api/body';
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

function notFound(req: Request, _res: Response, next: NextFunction): void {
  next(
    new ApiError(req.path.startsWith('/__admin') ? 'control-not-found' : 'not-found', {
      method: req.method,
      reason: req.path,
    }),
  );
}

/** The routes of one world, whichever it is: the chat API, `/__admin`, a JSON 404. */
function createWorldRouter(host: AppHost, options: Pick<FakeOptions, 'adminToken'>): Router {
  const router = Router({ caseSensitive: true, strict: true });
  router.use('/api', recordRequests);
  router.get('/api/info', (_req, res) => sendSuccess(res, { version: ROCKETCHAT_VERSION }));
  router.use(
    '/api/v1',
    createApiRouter((req) => contextOf(req).world.store),
  );
  router.use('/__admin', createAdminRouter(host.control, options.adminToken));
  router.use(notFound);
  return router;
}

/** Wires the Express app around a host. Never listens. */
export function buildApp(
  host: AppHost,
  options: Pick<FakeOptions, 'bodyLimit' | 'log' | 'adminToken'>,
): Express {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('query parser', 'simple');
  if (options.log) app.use(logRequests);
  app.use(noStore);
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
