import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { parse as parseQuery } from 'node:querystring';

import { listPageKey, peekCached } from '../api/cache';
import { setReadOnlyOperation, setTypeOperation } from '../api/channels';
import type { Operation } from '../api/channels';
import type { User } from '../store/types';
import type { FakeWorld } from '../world';
import { replayRequest } from './replay';
import { journalWhenDone, sendJson } from './reply';

/**
 * The fast path in front of Express, for the requests that dominate client test suites and the
 * first request a CI script makes:
 *
 * - `GET /__admin/health` (the root's, when the control API is on);
 * - a repeated `GET channels.list` page whose finished body is cached for the current state;
 * - `POST channels.setReadOnly` and `channels.setType` with a plain JSON body that succeeds.
 *
 * It answers only when nothing else could change the answer (no fault, no rate limit, a valid
 * token) and journals the request exactly as the Express path does. Anything else goes to Express
 * untouched, or, once a POST body has been read, replayed (see {@link replayRequest}): every
 * refusal and error is Express's own.
 */
export interface FastPathHost {
  readonly root: FakeWorld;
  session(id: string): FakeWorld | undefined;
}

export interface FastPathOptions {
  /** false when the control API is off (health then answers 404, from Express) */
  admin: boolean;
  /** the body limit in bytes, if it was given as a number */
  bodyLimit?: number | string;
}

const LIST = '/api/v1/channels.list';
const HEALTH = '/__admin/health';
const HEALTH_BODY = JSON.stringify({ status: 'ok' });
/** Bodies larger than this take the Express path: the fast path is for the common small ones. */
const MAX_FAST_BODY = 16 * 1024;

const OPERATIONS: ReadonlyMap<string, Operation> = new Map([
  ['/api/v1/channels.setReadOnly', setReadOnlyOperation],
  ['/api/v1/channels.setType', setTypeOperation],
]);

interface Target {
  world: FakeWorld;
  /** the path inside the world, without `/s/<id>` */
  path: string;
  /** the query string, without `?` */
  query: string;
}

function targetOf(host: FastPathHost, url: string): Target | undefined {
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
function queryOf(query: string): Record<string, unknown> {
  return query === '' ? {} : { ...parseQuery(query) };
}

/** The caller, when the world is in a state where the fast path may answer at all. */
function callerOf(world: FakeWorld, req: IncomingMessage): User | undefined {
  if (world.faultSet.size > 0 || world.limiter.config) return undefined;
  const token = req.headers['x-auth-token'];
  const userId = req.headers['x-user-id'];
  if (typeof token !== 'string' || typeof userId !== 'string') return undefined;
  return world.store.authenticate(userId, token);
}

function answerList(target: Target, req: IncomingMessage, res: ServerResponse): boolean {
  const { world } = target;
  const user = callerOf(world, req);
  if (!user || !world.store.can(user, 'view-c-room')) return false;
  const key = listPageKey(`/channels.list${target.query ? `?${target.query}` : ''}`);
  const body = peekCached(world.store, key);
  if (body === undefined) return false;
  journalWhenDone(world, res, {
    method: 'GET',
    path: LIST,
    query: queryOf(target.query),
    body: undefined,
    user: user.username,
  });
  sendJson(res, 200, body);
  return true;
}

/** A JSON object body that body-parser would read the same way: plain ASCII, starting with `{`. */
function parseSimpleJson(body: Buffer): unknown {
  if (body[0] !== 0x7b) return undefined;
  for (const byte of body) if (byte >= 0x80) return undefined;
  try {
    return JSON.parse(body.toString('latin1'));
  } catch {
    return undefined;
  }
}

/** Runs the operation on the read body; false (nothing changed) when Express must answer. */
function answerPost(
  host: FastPathHost,
  url: string,
  req: IncomingMessage,
  res: ServerResponse,
  body: Buffer,
): boolean {
  // looked up again now that the body is in: a session or a token may have gone meanwhile
  const target = targetOf(host, url);
  const operation = target && OPERATIONS.get(target.path);
  if (!target || !operation) return false;
  const user = callerOf(target.world, req);
  const parsed = user && parseSimpleJson(body);
  if (!user || parsed === undefined) return false;
  let result: object;
  try {
    result = operation(target.world.store, user, parsed);
  } catch {
    return false; // a refusal: the checks run before any change, so Express gives the same one
  }
  journalWhenDone(target.world, res, {
    method: 'POST',
    path: target.path,
    query: queryOf(target.query),
    body: parsed,
    user: user.username,
  });
  // `{...result, success: true}` serialised, without copying the result first
  sendJson(res, 200, `${JSON.stringify(result).slice(0, -1)},"success":true}`);
  return true;
}

function limitOf(options: FastPathOptions): number {
  return typeof options.bodyLimit === 'number' ? Math.min(options.bodyLimit, MAX_FAST_BODY) : MAX_FAST_BODY;
}

/** Whether a POST's head allows the fast path: a JSON body of known, small length, not encoded. */
function fastBodyHead(req: IncomingMessage, limit: number): boolean {
  const { headers } = req;
  const type = headers['content-type']?.toLowerCase();
  if (type !== 'application/json' && type !== 'application/json; charset=utf-8') return false;
  if (headers['content-encoding'] !== undefined || headers['transfer-encoding'] !== undefined) return false;
  const length = Number(headers['content-length']);
  // untouched: nothing upstream (a host app's body parser) has read the stream
  return length > 0 && length <= limit && req.readable && !req.readableDidRead;
}

/** Reads the body, then answers or replays the request into Express. */
function readThenAnswer(
  host: FastPathHost,
  req: IncomingMessage,
  res: ServerResponse,
  express: () => RequestListener,
): void {
  const url = req.url ?? '';
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  // no 'end' when the client goes away before its body arrived: then there is nothing to answer
  // or journal, as on the Express path (where body-parser reports the request aborted)
  req.once('end', () => {
    const body = Buffer.concat(chunks);
    if (!answerPost(host, url, req, res, body)) express()(replayRequest(req, body), res);
  });
}

function mountedUnderPrefix(req: IncomingMessage, url: string): boolean {
  const { originalUrl } = req as IncomingMessage & { originalUrl?: unknown };
  return originalUrl !== undefined && originalUrl !== url;
}

/** Wraps the Express app (built on first use by `express`) with the fast path. */
export function withFastPath(
  host: FastPathHost,
  options: FastPathOptions,
  express: () => RequestListener,
): RequestListener {
  const limit = limitOf(options);
  let warmed = false;
  return (req, res) => {
    const url = req.url ?? '';
    // mounted under a prefix in a host Express app: the journal's paths come from Express then
    if (mountedUnderPrefix(req, url)) {
      express()(req, res);
      return;
    }
    if (req.method === 'GET' && !req.headers['content-length'] && !req.headers['transfer-encoding']) {
      if (url === HEALTH && options.admin) {
        sendJson(res, 200, HEALTH_BODY);
        // a CI script's first request: build Express while the client starts its tests
        if (!warmed) res.once('finish', () => setImmediate(express));
        warmed = true;
        return;
      }
      const target = targetOf(host, url);
      if (target?.path === LIST && answerList(target, req, res)) return;
    } else if (req.method === 'POST' && fastBodyHead(req, limit)) {
      const target = targetOf(host, url);
      if (target && OPERATIONS.has(target.path)) {
        readThenAnswer(host, req, res, express);
        return;
      }
    }
    express()(req, res);
  };
}
