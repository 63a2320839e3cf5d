import type { IncomingMessage } from 'node:http';

/**
 * Each request body's bytes as they came, kept by the body parser (src/http/body.ts) for the
 * pass-through, which forwards them as they are (a multipart upload, a text body, a form with a
 * repeated key). Its own module: the chat pipeline reads it without loading the body parser.
 */
const rawBodies = new WeakMap<IncomingMessage, Buffer>();

/** body-parser's `verify` hook: keeps the bytes it read. */
export function keepRawBody(req: IncomingMessage, _res: unknown, bytes: Buffer): void {
  rawBodies.set(req, bytes);
}

/** A request's body as it came, when one was read (JSON, form, or any other type up to the limit). */
export function rawBodyOf(req: IncomingMessage): Buffer | undefined {
  return rawBodies.get(req);
}
