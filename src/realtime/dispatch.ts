import type { FakeWorld } from '../world';
import { meteorError } from './frames';
import type { Frame } from './frames';
import type { Method } from './method';
import { METHODS, methodServed } from './methods';

/**
 * A method call's dispatch, shared by a socket's `method` frame (src/realtime/connection.ts) and
 * REST's DDP-over-REST bridge (src/realtime/bridge.ts): the method a release line serves under a
 * name, Meteor's error for one it lacks, and the DDP rate limiter's refusal.
 *
 * Layer: realtime.
 */

/** The method the world's release line serves under `name`; undefined: Meteor has no handler (404). */
export function servedMethod(name: string, world: FakeWorld): Method | undefined {
  return Object.hasOwn(METHODS, name) && methodServed(name, world) ? METHODS[name] : undefined;
}

/** Meteor's error for a method it has no handler for. */
export function methodNotFound(name: string): Frame {
  return meteorError(404, `Method '${name}' not found`);
}

/**
 * The world's rate limit on one call, when one is set: per connection and method, as
 * DDPRateLimiter counts. Answers the error of a spent limit (`too-many-requests`), else undefined.
 */
export function rateLimitError(world: FakeWorld, connection: string, name: string): Frame | undefined {
  if (!world.limiter.enabled) return undefined;
  const hit = world.limiter.hit(`ddp|${connection}|${name}`, world.store.clock.nowMs());
  if (!hit?.limited) return undefined;
  const reason = `Error, too many requests. Please slow down. You must wait ${hit.waitSeconds} seconds before trying again.`;
  return meteorError('too-many-requests', reason, { timeToReset: hit.waitSeconds * 1000 });
}
