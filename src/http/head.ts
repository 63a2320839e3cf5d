import type { IncomingMessage } from 'node:http';

/**
 * What a request's head says of its body, read from the raw headers (so the fast path can ask
 * without loading body-parser, and the Express body parser asks the same way).
 *
 * Layer: http.
 */

/** The request has a body: a non-zero `Content-Length`, or any `Transfer-Encoding`. */
export function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}
