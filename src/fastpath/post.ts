import { isAscii } from 'node:buffer';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';

import { setReadOnlyOperation, setTypeOperation } from '../api/channels';
import type { Operation } from '../api/channels';
import { replayRequest } from './replay';
import { journalWhenDone, sendJson } from './reply';
import type { FastPathHost } from './target';
import { callerOf, queryOf, targetOf } from './target';

/** Bodies larger than this take the Express path: the fast path is for the common small ones. */
const MAX_FAST_BODY = 16 * 1024;

const OPERATIONS: ReadonlyMap<string, Operation> = new Map([
  ['/api/v1/channels.setReadOnly', setReadOnlyOperation],
  ['/api/v1/channels.setType', setTypeOperation],
]);

/** Whether a path inside a world is a POST operation the fast path runs. */
export function isFastOperation(path: string): boolean {
  return OPERATIONS.has(path);
}

/** A JSON object body that body-parser would read the same way: plain ASCII, starting with `{`. */
function parseSimpleJson(body: Buffer): unknown {
  if (body[0] !== 0x7b || !isAscii(body)) return undefined;
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
  // `{...result, success: true}` serialised, without copying the result first
  const answer = `${JSON.stringify(result).slice(0, -1)},"success":true}`;
  journalWhenDone(
    target.world,
    res,
    { method: 'POST', path: target.path, query: queryOf(target.query), body: parsed, user: user.username },
    answer,
  );
  sendJson(res, 200, answer);
  return true;
}

/** The largest body the fast path reads, under the server's body limit. */
export function fastBodyLimit(bodyLimit: number | string | undefined): number {
  return typeof bodyLimit === 'number' ? Math.min(bodyLimit, MAX_FAST_BODY) : MAX_FAST_BODY;
}

/** Whether a POST's head allows the fast path: a JSON body of known, small length, not encoded. */
export function fastBodyHead(req: IncomingMessage, limit: number): boolean {
  const { headers } = req;
  const type = headers['content-type']?.toLowerCase();
  if (type !== 'application/json' && type !== 'application/json; charset=utf-8') return false;
  if (headers['content-encoding'] !== undefined || headers['transfer-encoding'] !== undefined) return false;
  const length = Number(headers['content-length']);
  return length > 0 && length <= limit;
}

/** Reads the body, then answers or replays the request into Express. */
export function readThenAnswer(
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
