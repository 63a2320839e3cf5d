import type { Request } from 'express';

import type { ServerControl } from '../control';
import type { FakeWorld } from '../world';
import type { Route } from './rules';

/** Which world a request acts on: the root's, or a session's (`/s/<id>/…`). */
export interface RequestContext {
  world: FakeWorld;
  /** the operation table's route of the request's method and path, resolved once (src/http/rules.ts) */
  route: Route;
  /** the session id, for requests under `/s/<id>` */
  session?: string;
  /** false when the control API is turned off */
  adminEnabled?: boolean;
  /** what only the server's root can do (sessions, shutdown) */
  control: ServerControl;
  /** the bearer token `/__admin` requires, if any */
  adminToken?: string;
  /** which Host names and origins may use `/__admin` (src/admin/guard.ts) */
  guard?: { loopbackOnly: boolean; allowedHosts: readonly string[] };
}

const contexts = new WeakMap<Request, RequestContext>();

export function setContext(req: Request, context: RequestContext): void {
  contexts.set(req, context);
}

/** The request's context, if the app has set one yet (a body that fails to parse fails before). */
export function maybeContextOf(req: Request): RequestContext | undefined {
  return contexts.get(req);
}

/** The request's world; set by the app before any router runs. */
export function contextOf(req: Request): RequestContext {
  const context = contexts.get(req);
  if (!context) throw new Error('[rocketchat-fake] no world for this request');
  return context;
}
