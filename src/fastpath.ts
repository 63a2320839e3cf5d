import type { IncomingMessage, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';

import { listPageKey, peekCached } from './api/cache';
import type { FakeWorld } from './world';

/**
 * A fast path in front of Express for the one request that dominates client test suites: a
 * repeated `GET channels.list` page whose finished body is already cached for the current state.
 * It answers only when nothing else could change the answer (no fault, no rate limit, no request
 * log, no body, a valid token with `view-c-room`) and records the request in the journal exactly
 * as the Express path would; anything else goes to Express untouched.
 */
export interface FastPathHost {
  readonly root: FakeWorld;
  session(id: string): FakeWorld | undefined;
}

const LIST = '/api/v1/channels.list';

function worldOf(host: FastPathHost, pathname: string): { world: FakeWorld; path: string } | undefined {
  if (!pathname.startsWith('/s/')) return { world: host.root, path: pathname };
  const slash = pathname.indexOf('/', 3);
  if (slash < 0) return undefined;
  const world = host.session(pathname.slice(3, slash));
  return world && { world, path: pathname.slice(slash) };
}

/** Answers the request if it can; returns false to hand it to Express. */
export function fastPath(host: FastPathHost, req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== 'GET' || req.headers['content-length'] || req.headers['transfer-encoding']) return false;
  const url = req.url ?? '';
  const q = url.indexOf('?');
  const pathname = q < 0 ? url : url.slice(0, q);
  const target = worldOf(host, pathname);
  if (!target || target.path !== LIST) return false;
  const { world } = target;
  if (world.faultSet.size > 0 || world.limiter.config) return false;
  const token = req.headers['x-auth-token'];
  const userId = req.headers['x-user-id'];
  if (typeof token !== 'string' || typeof userId !== 'string') return false;
  const store = world.store;
  const user = store.authenticate(userId, token);
  if (!user || !store.can(user, 'view-c-room')) return false;
  const body = peekCached(store, listPageKey(`/channels.list${q < 0 ? '' : url.slice(q)}`));
  if (body === undefined) return false;
  res.writeHead(200, {
    'Cache-Control': 'no-store',
    Pragma: 'no-cache',
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
  world.recordRequest({
    method: 'GET',
    path: LIST,
    query: { ...parseQuery(q < 0 ? '' : url.slice(q + 1)) },
    body: undefined,
    status: 200,
    user: user.username,
  });
  return true;
}
