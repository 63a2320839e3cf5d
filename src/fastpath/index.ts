/* eslint-disable @typescript-eslint/no-require-imports -- deferred loads (src/lazy.ts) */
import { isAscii, isUtf8 } from 'node:buffer';
import type { IncomingMessage, RequestListener } from 'node:http';

import type * as ChatModule from '../http/chat';
import type * as RulesModule from '../http/rules';
import { lazy } from '../lazy';
import { hasBody } from '../http/head';
import type { AppHost } from '../app';
import { targetOf } from '../http/target';
import type * as SchemasModule from '../operations/schemas';
import { serveControl } from './control';
import type { ControlOptions } from './control';
import { replayRequest } from './replay';

/**
 * The fast path in front of Express: a request to an operation of the table (src/operations),
 * with no body or a UTF-8 JSON one, goes straight to the one chat pipeline (src/http/chat.ts)
 * without building or running Express; so does a bodiless call of a declared control route
 * (src/fastpath/control.ts: health, a CI script's first request; reset, between every two tests).
 * Everything else (forms, other charsets, JSON that fails to parse, control calls with a body,
 * unknown routes) goes to Express untouched, or, once a body has been read, replayed into it
 * (src/fastpath/replay.ts) with the route it resolved. The fast path frames requests and resolves
 * their route once (src/http/rules.ts); faults, stubs, authentication, headers and the journal are
 * the pipelines', the same for both.
 */
export interface FastPathOptions {
  /** the control API's guard and token; undefined when it is off (Express answers 404) */
  control: ControlOptions | undefined;
  /** the body limit in bytes, if it was given as a number */
  bodyLimit?: number | string;
}

/**
 * The chat pipeline and the rule list (with the operation table), loaded with the first chat
 * request or right after the first health answer (a CI script's first request), whichever comes
 * first: not at start.
 */
const chatModule = lazy(() => require('../http/chat') as typeof ChatModule);
const rulesModule = lazy(() => require('../http/rules') as typeof RulesModule);
/** The releases' validators, compiled right after the first health answer (not at start). */
const schemasModule = lazy(() => require('../operations/schemas') as typeof SchemasModule);

const ADMIN = '/__admin/';
const HEALTH = '/__admin/health';

/** Bodies larger than this take the Express path: the fast path is for the common small ones. */
const MAX_FAST_BODY = 16 * 1024;

/** The largest body the fast path reads, under the server's body limit. */
function fastBodyLimit(bodyLimit: number | string | undefined): number {
  return typeof bodyLimit === 'number' ? Math.min(bodyLimit, MAX_FAST_BODY) : MAX_FAST_BODY;
}

/** Whether a body's head allows the fast path: JSON of known, small length, not encoded. */
function fastBodyHead(req: IncomingMessage, limit: number): boolean {
  const { headers } = req;
  const type = headers['content-type']?.toLowerCase();
  if (type !== 'application/json' && type !== 'application/json; charset=utf-8') return false;
  if (headers['content-encoding'] !== undefined || headers['transfer-encoding'] !== undefined) return false;
  const length = Number(headers['content-length']);
  return length > 0 && length <= limit;
}

/** JSON's whitespace, which body-parser skips too before it looks for `{` or `[`. */
function isJsonSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

/**
 * A JSON body as body-parser reads it (`strict`: an object or an array at the top), when it is
 * valid UTF-8 and parses: iconv-lite decodes it as Node does, dropping one leading BOM. Anything
 * else is undefined, for Express to read and refuse in its own words: invalid UTF-8 too (iconv-lite
 * puts U+FFFD in place of the bad bytes, which is body-parser's to do), and an empty text.
 */
function parseJsonBody(body: Buffer): unknown {
  let text: string;
  if (isAscii(body)) text = body.toString('latin1');
  else if (isUtf8(body)) text = body.toString('utf8');
  else return undefined;
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let start = 0;
  while (start < text.length && isJsonSpace(text.charCodeAt(start))) start += 1;
  const first = text.charCodeAt(start);
  if (first !== 0x7b && first !== 0x5b) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Wraps the Express app (built on first use by `express`) with the fast path. */
export function withFastPath(
  host: AppHost,
  options: FastPathOptions,
  express: () => RequestListener,
): RequestListener {
  const limit = fastBodyLimit(options.bodyLimit);
  let warmed = false;
  return (req, res) => {
    const url = req.url ?? '';
    const body = hasBody(req);
    const target = targetOf(host, url);
    const { world } = target;
    // the control API's bodiless calls (reset between tests, health, the journal's reads)
    if (options.control && !body && target.path.startsWith(ADMIN)) {
      if (serveControl(host, options.control, req, res, target)) {
        // a CI script's first request: build Express while the client starts its tests
        // (and compile the releases' validators, about 80 ms on first use)
        if (!warmed && target.path === HEALTH)
          res.once('finish', () =>
            setImmediate(() => {
              rulesModule();
              chatModule();
              express();
              schemasModule().warmValidators();
            }),
          );
        warmed ||= target.path === HEALTH;
        return;
      }
    }
    // the table decides what the fast path may frame: an operation's route, with no body or JSON;
    // the route is resolved here, once, and carried with the request
    const route = world ? rulesModule().routeAt(req.method ?? 'GET', target.path) : undefined;
    // an upload route's body (or its absence) is the upload reader's, in Express (src/http/uploads.ts)
    if (world && route?.op && route.op.openApi?.multipart !== true) {
      const { chatRequestOf, serveChat } = chatModule();
      if (!body) {
        serveChat(world, chatRequestOf(req, target, route, undefined), res);
        return;
      }
      if (fastBodyHead(req, limit)) {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        // no 'end' when the client goes away before its body arrived: nothing to answer or journal
        req.once('end', () => {
          const bytes = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
          const parsed = parseJsonBody(bytes);
          // looked up again now that the body is in: a session may have ended meanwhile
          const now = target.session === undefined ? host.root : host.session(target.session);
          if (parsed !== undefined && now)
            serveChat(now, chatRequestOf(req, target, route, parsed, undefined, bytes), res);
          else {
            const replayed = replayRequest(req, bytes);
            rulesModule().carryRoute(replayed, route);
            express()(replayed, res);
          }
        });
        return;
      }
    }
    // Express reads the route the fast path resolved, if it did, rather than look it up again
    if (route) rulesModule().carryRoute(req, route);
    express()(req, res);
  };
}
