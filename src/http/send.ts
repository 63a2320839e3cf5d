import type { ServerResponse } from 'node:http';

/** Exactly this, no charset: the real server's answers (its own tests compare the header as a string). */
export const JSON_TYPE = 'application/json';
/** The control API's type: Express's default, which the fast path's health answer matches. */
export const CONTROL_JSON_TYPE = 'application/json; charset=utf-8';

const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' } as const;

/**
 * Writes a finished JSON text: `Cache-Control: no-store` and `Pragma: no-cache` when `noStore`,
 * the given headers, then `Content-Type: application/json` (no charset, as Rocket.Chat sends it)
 * or the given `type` (none when it is empty) and `Content-Length`. With `partial`, half the bytes
 * are sent and the connection cut (a fault). `size`: the text's size in bytes when the caller
 * knows it (counting a text built in pieces makes V8 copy it into one piece first, a copy the
 * write makes again).
 */
export function sendJsonText(
  res: ServerResponse,
  status: number,
  noStore: boolean,
  headers: Record<string, string> | undefined,
  text: string | Buffer,
  partial = false,
  type = JSON_TYPE,
  size?: number,
): void {
  const length = size ?? Buffer.byteLength(text);
  if ((status === 204 || status === 304) && !partial) {
    // no content: no body, and so no Content-Length or Content-Type (RFC 9110 §8.6, §15.3.5)
    res.writeHead(status, { ...(noStore ? NO_STORE : {}), ...headers });
    res.end();
    return;
  }
  if (headers === undefined && type !== '') {
    // the common answers' heads as literals: one object of a stable shape (the hot path)
    res.writeHead(
      status,
      noStore
        ? {
            'Cache-Control': 'no-store',
            Pragma: 'no-cache',
            'Content-Type': type,
            'Content-Length': length,
          }
        : { 'Content-Type': type, 'Content-Length': length },
    );
  } else {
    res.writeHead(status, {
      ...(noStore ? NO_STORE : {}),
      ...headers,
      // an answer that names no type (a stub or a passed-through answer without one): none is made up
      ...(type === '' ? {} : { 'Content-Type': type }),
      'Content-Length': length,
    });
  }
  if (!partial) {
    res.end(text);
    return;
  }
  const bytes = typeof text === 'string' ? Buffer.from(text) : text;
  res.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => res.socket?.destroy());
}
