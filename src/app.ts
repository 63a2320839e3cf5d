import express from 'express';
import type { Express, NextFunction, Request, Response } from 'express';

import type { Control } from './admin/control';
import { ROCKETCHAT_VERSION } from './options';
import type { FakeOptions } from './options';
import { createAdminRouter } from './admin/router';
import { createApiRouter } from './api/router';
import { parseBody } from './api/body';
import { logRequests } from './api/log';
import { errorHandler, noStore, sendSuccess } from './api/respond';
import { ApiError } from './errors';
import { DEFAULT_FIXTURES, readScenarioFile } from './scenario/load';
import { resolveScenario } from './scenario/resolve';
import type { Store } from './store/store';
import type { World } from './store/types';

/** Validates and builds the world the options describe. Throws ScenarioError naming every problem. */
export function buildWorld(options: FakeOptions = {}): World {
  const seed = options.seed;
  if (options.scenario !== undefined) return resolveScenario(options.scenario, { source: 'scenario', seed });
  const file = options.fixtures ?? DEFAULT_FIXTURES;
  return resolveScenario(readScenarioFile(file), { source: file, seed });
}

/** Wires the Express app around a store getter. Never listens. */
export function buildApp(
  getStore: () => Store,
  options: Pick<FakeOptions, 'bodyLimit' | 'log' | 'adminToken'>,
  control: Control,
): Express {
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('query parser', 'simple');
  if (options.log) app.use(logRequests);
  app.use(noStore);
  app.use(parseBody(options.bodyLimit));
  app.get('/api/info', (_req, res) => sendSuccess(res, { version: ROCKETCHAT_VERSION }));
  app.use('/api/v1', createApiRouter(getStore));
  app.use('/__admin', createAdminRouter(control, options.adminToken));
  app.use((_req: Request, _res: Response, next: NextFunction) => next(new ApiError('not-found')));
  app.use(errorHandler);
  return app;
}
