import { IncomingMessage } from 'node:http';

/**
 * A request whose body the fast path has read, made readable again for Express: the same
 * socket, method, URL and headers, and the body's bytes pushed back in. Whatever the fast path
 * does not answer itself (a malformed body, a refusal, a fault) then takes the Express path
 * unchanged, so every error comes from one place.
 */
export function replayRequest(req: IncomingMessage, body: Buffer): IncomingMessage {
  const copy = new IncomingMessage(req.socket);
  copy.method = req.method;
  copy.url = req.url;
  copy.httpVersion = req.httpVersion;
  copy.httpVersionMajor = req.httpVersionMajor;
  copy.httpVersionMinor = req.httpVersionMinor;
  copy.headers = req.headers;
  copy.rawHeaders = req.rawHeaders;
  if (body.length > 0) copy.push(body);
  copy.push(null);
  copy.complete = true;
  return copy;
}
