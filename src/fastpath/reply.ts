import type { ServerResponse } from 'node:http';

import { whenAnswered } from '../journal/answered';
import type { JournalEntry } from '../types';
import type { FakeWorld } from '../world';

/**
 * Writes a finished JSON body with exactly the head the Express path sends for it: the
 * `noStore` headers, then Express's `Content-Type` and `Content-Length`, no ETag, no X-Powered-By.
 */
export function sendJson(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, {
    'Cache-Control': 'no-store',
    Pragma: 'no-cache',
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}

/** Journals the request once answered, as `recordRequests` does on the Express path. */
export function journalWhenDone(
  world: FakeWorld,
  res: ServerResponse,
  entry: Omit<JournalEntry, 'seq' | 'time' | 'status'>,
  response: string,
): void {
  const { method, path, query, body, user } = entry;
  // the Express path's key order, which GET /__admin/requests shows; the fast path answers only
  // authenticated requests, with JSON bodies. One detail object, made when the answer is over.
  const contentType = method === 'POST' ? 'application/json' : undefined;
  whenAnswered(res, (status) =>
    world.recordRequest(
      { method, path, query, body, status, user },
      { response, contentType, authHeaders: true, fault: status === 0 },
    ),
  );
}
