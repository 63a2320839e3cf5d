import type { Request } from 'express';

/** The server's own base URL as the client reached it: `avatarUrl` in `me`, session URLs. */
export function baseUrlOf(req: Request): string {
  return `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}
