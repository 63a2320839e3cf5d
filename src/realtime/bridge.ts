import { ApiError } from '../errors';
import { jsonOutOfBounds } from '../journal/json-depth';
import type { BridgedAnswer, BridgedCall } from '../operations/operation';
import type { FakeWorld } from '../world';
import { frameTooDeep, frameTooWide } from './bounds';
import { methodNotFound, rateLimitError, servedMethod } from './dispatch';
import { errorOf } from './frames';
import { MeteorError } from './method';
import type { MethodContext } from './method';

/**
 * The DDP-over-REST bridge's realtime half (`method.call`, `method.callAnon`): a method frame's
 * text read with the socket's bounds, and one method run through the same rows as a socket's call
 * (src/realtime/dispatch.ts, src/realtime/methods.ts), as the REST caller, with its realtime side
 * effects (change events, a user's events, a room stream's writes) reaching the sockets as a
 * socket's call's do. The server gives each world this bridge (src/server.ts); the route
 * (src/operations/method-bridge.ts) reads the request and writes the answer.
 *
 * Layer: realtime.
 */

/**
 * A method frame's text, read as a socket reads a frame (src/realtime/connection.ts): refused
 * while it is text when it nests deeper, or holds more values, than the world's frames may; then
 * parsed (a text that is no JSON: the parser's words, as EJSON.parse throws them).
 */
export function readFrame(world: FakeWorld, text: string): { frame: unknown } | { refused: string } {
  const { ddpFrameDepth, ddpFrameValues } = world.limits;
  const out = jsonOutOfBounds(text, ddpFrameDepth, ddpFrameValues);
  if (out !== undefined)
    return { refused: out === 'depth' ? frameTooDeep(ddpFrameDepth) : frameTooWide(ddpFrameValues) };
  try {
    return { frame: JSON.parse(text) as unknown };
  } catch (error) {
    return { refused: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Meteor's error as the REST route serialises it (`EJSON.stringify` of what the method threw):
 * a Meteor.Error as the socket sends it; any other error has no enumerable member, `{}` (the
 * socket sends it as `500 Internal server error`, the error Meteor sanitises it to).
 */
function thrownError(error: unknown): unknown {
  return error instanceof MeteorError || error instanceof ApiError ? errorOf(error) : {};
}

/** A room stream's write from a REST call has no socket of its own: every follower hears it. */
const NO_SOCKET: object = Object.freeze({});

/**
 * Runs one method call as a socket's call runs it: the method the release line serves (else
 * Meteor's 404), the world's DDP rate limit (keyed by the caller's token, without one by the
 * client's address, as the REST route keys its connection), then the method as the caller, with no
 * connection of its own: a `login` answers its token and logs no socket in.
 */
export function callMethod(world: FakeWorld, call: BridgedCall): BridgedAnswer {
  const { name, caller, clientAddress } = call;
  const method = servedMethod(name, world);
  if (!method) return { error: methodNotFound(name) };
  const connection = `rest:${caller?.authToken ?? clientAddress}`;
  const spent = rateLimitError(world, connection, name);
  if (spent !== undefined) return { error: spent };
  const context: MethodContext = {
    store: world.store,
    profile: world.profile,
    user: caller?.user,
    // no socket's login: `logout` logs out no REST token
    token: undefined,
    ip: clientAddress,
    session: connection,
    setUser: () => undefined,
    notifyUser: (event) => world.notifyUser(event),
    emitRoomStream: (eventName, args) => world.emitRoomStream({ eventName, args, origin: NO_SOCKET }),
  };
  try {
    return { result: method(context, [...call.params]) };
  } catch (error) {
    return { error: thrownError(error) };
  }
}
