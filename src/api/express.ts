import type { Request, Response } from 'express';

import { bodyFailureOf } from '../http/body';
import { headerValue, serveChat } from '../http/chat';
import { contextOf } from '../http/context';
import { baseUrlOf } from '../http/target';

/**
 * The Express adapter of the chat API: frames the request Express has parsed (its body through
 * body-parser: JSON, forms, and their errors) and hands it to the one pipeline (src/http/chat.ts).
 */
export function serveChatFromExpress(req: Request, res: Response): void {
  const q = req.url.indexOf('?');
  serveChat(
    contextOf(req).world,
    {
      method: req.method,
      path: req.path,
      rawQuery: q < 0 ? '' : req.url.slice(q + 1),
      query: req.query as Record<string, unknown>,
      body: req.body as unknown,
      bodyError: bodyFailureOf(req),
      contentType: req.headers['content-type'],
      authToken: headerValue(req.headers['x-auth-token']),
      userId: headerValue(req.headers['x-user-id']),
      remoteAddress: req.socket.remoteAddress ?? '',
      baseUrl: baseUrlOf(req),
    },
    res,
  );
}
