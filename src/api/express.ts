import type { Request, Response } from 'express';

import { bodyFailureOf } from '../http/body';
import { chatRequestOf, serveChat } from '../http/chat';
import type { FakeWorld } from '../world';

/**
 * The Express adapter of the chat API: a request whose target session routing found (its path
 * and query inside the world) and Express parsed (its body through body-parser: JSON, forms, and
 * their errors), handed to the one pipeline (src/http/chat.ts).
 */
export function serveChatFromExpress(
  req: Request,
  res: Response,
  world: FakeWorld,
  target: { path: string; query: string },
): void {
  serveChat(world, chatRequestOf(req, target, req.body as unknown, bodyFailureOf(req)), res);
}
