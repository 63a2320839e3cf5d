import type { IncomingMessage } from 'node:http';
import { parse as parseQuery } from 'node:querystring';

import type { FakeWorld } from '../world';

/**
 * Session routing, once for both adapters: which world a request URL acts on (the root's, or a
 * session's under `/s/<id>/…`), the path inside it and the query string.
 */

/** The worlds a request may act on: the root's, or a session's (`/s/<id>/…`). */
export interface WorldHost {
  readonly root: FakeWorld;
  session(id: string): FakeWorld | undefined;
}

/** Where a request URL goes. */
export interface Target {
  /** the world it acts on; undefined for a session that does not exist */
  world: FakeWorld | undefined;
  /** the session id, for URLs under `/s/<id>` */
  session?: string;
  /** the path inside the world, without `/s/<id>` (`/` when nothing follows the id) */
  path: string;
  /** the query string, without `?` */
  query: string;
}

export function targetOf(host: WorldHost, url: string): Target {
  const q = url.indexOf('?');
  const pathname = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? '' : url.slice(q + 1);
  if (!pathname.startsWith('/s/') || pathname.length === 3)
    return { world: host.root, path: pathname, query };
  const slash = pathname.indexOf('/', 3);
  const session = slash < 0 ? pathname.slice(3) : pathname.slice(3, slash);
  return { world: host.session(session), session, path: slash < 0 ? '/' : pathname.slice(slash), query };
}

/** The query as Express's 'simple' parser gives it, in a plain object. */
export function queryOf(query: string): Record<string, unknown> {
  return query === '' ? {} : { ...parseQuery(query) };
}

/** The server's own base URL as the client reached it: `avatarUrl` in `me`, session URLs. */
export function baseUrlOf(req: IncomingMessage): string {
  const encrypted = (req.socket as { encrypted?: boolean } | null)?.encrypted === true;
  return `${encrypted ? 'https' : 'http'}://${req.headers.host ?? 'localhost'}`;
}
