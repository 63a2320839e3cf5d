import type { ServerResponse } from 'node:http';

/**
 * Writes a finished JSON text with the given headers, then `Content-Type` and `Content-Length`
 * (the head Express's `res.json` sends, without ETag or X-Powered-By). With `partial`, half the
 * bytes are sent and the connection cut (a fault).
 */
export function sendJsonText(
  res: ServerResponse,
  status: number,
  headers: Record<string, string | number>,
  text: string,
  partial = false,
): void {
  const head: Record<string, string | number> = {};
  for (const name in headers) head[name] = headers[name] as string | number;
  head['Content-Type'] = 'application/json; charset=utf-8';
  head['Content-Length'] = Buffer.byteLength(text);
  res.writeHead(status, head);
  if (!partial) {
    res.end(text);
    return;
  }
  const bytes = Buffer.from(text);
  res.write(bytes.subarray(0, Math.floor(bytes.length / 2)), () => res.socket?.destroy());
}
