import type { Request, Response } from 'express';

import { bodyFailureOf } from '../http/body';
import { chatRequestOf, serveChat } from '../http/chat';
import { contextOf } from '../http/context';

/**
 * The Express adapter of the chat API: the request Express has routed (its URL inside the world)
 * and parsed (its body through body-parser: JSON, forms, and their errors), handed to the one
 * pipeline (src/http/chat.ts).
 */
export function serveChatFromExpress(req: Request, res: Response): void {
  const q = req.url.indexOf('?');
  const target = { path: req.path, query: q < 0 ? '' : req.url.slice(q + 1) };
  serveChat(contextOf(req).world, chatRequestOf(req, target, req.body as unknown, bodyFailureOf(req)), res);
}
