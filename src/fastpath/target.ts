import type { IncomingMessage } from 'node:http';
import { parse as parseQuery } from 'node:querystring';

import type { User } from '../types';
import type { FakeWorld } from '../world';

/** The worlds a request may act on: the root's, or a session's (`/s/<id>/…`). */
export interface FastPathHost {
  readonly root: FakeWorld;
  session(id: string): FakeWorld | undefined;
}

/** The world a request URL acts on, the path inside it and the query string. */
export interface Target {
  world: FakeWorld;
  /** the path inside the world, without `/s/<id>` */
  path: string;
  /** the query string, without `?` */
  query: string;
}

export function targetOf(host: FastPathHost, url: string): Target | undefined {
  const q = url.indexOf('?');
  const pathname = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? '' : url.slice(q + 1);
  if (!pathname.startsWith('/s/')) return { world: host.root, path: pathname, query };
  const slash = pathname.indexOf('/', 3);
  if (slash < 0) return undefined;
  const world = host.session(pathname.slice(3, slash));
  return world && { world, path: pathname.slice(slash), query };
}

/** The query as Express's 'simple' parser gives it, in a plain object. */
export function queryOf(query: string): Record<string, unknown> {
  return query === '' ? {} : { ...parseQuery(query) };
}

/** The caller, when the world is in a state where the fast path may answer at all. */
export function callerOf(world: FakeWorld, req: IncomingMessage): User | undefined {
  // the fast path writes profile 7's head (no-store headers): older eras go through Express
  if (world.faultSet.size > 0 || world.limiter.config || !world.profile.noStoreHeaders) return undefined;
  const token = req.headers['x-auth-token'];
  const userId = req.headers['x-user-id'];
  if (typeof token !== 'string' || typeof userId !== 'string') return undefined;
  return world.store.authenticate(userId, token);
}
