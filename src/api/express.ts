import type { Request, Response } from 'express';

import { bodyFailureOf } from '../http/body';
import { chatRequestOf, serveChat } from '../http/chat';
import type { Route } from '../http/rules';
import type { FakeWorld } from '../world';

/**
 * The Express adapter of the chat API: a request whose target session routing found (its path
 * and query inside the world), whose route the app resolved (src/http/rules.ts) and whose body
 * Express parsed (through body-parser: JSON, forms, and their errors), handed to the one pipeline
 * (src/http/chat.ts).
 */
export function serveChatFromExpress(
  req: Request,
  res: Response,
  world: FakeWorld,
  target: { path: string; query: string },
  route: Route,
): void {
  serveChat(world, chatRequestOf(req, target, route, req.body as unknown, bodyFailureOf(req)), res);
}
