import { ApiError } from '../errors';
import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { isPlainObject } from '../store/query';
import { success } from './operation';
import type { BridgedAnswer, OperationContext, Reply } from './operation';
import { readBody } from './params';
import { GROUPS } from './route-groups';
import type { RouteSpec } from './route-groups';
import { answer, str } from './responses';
import { validated } from './schemas';
import type { Validator } from './validator';

/**
 * `POST method.call/:method` and `POST method.callAnon/:method`, the DDP-over-REST bridge (one
 * declaration each, src/operations/method.call.ts and method.callAnon.ts): the body's `message` is
 * a DDP method frame as text; the frame's method runs through the realtime API's own dispatch
 * (the world's `methods`, src/realtime/bridge.ts) as the caller (`callAnon`: no user), and the
 * answer's `message` is the DDP `result` frame as text. The path's `:method` is not read.
 *
 * Layer: operations.
 */

/** rest-typings' `isMeteorCall`: `{message: string}`, nothing else (its ajv coerces a number to text). */
const MESSAGE_BODY = {
  type: 'object',
  properties: { message: str },
  required: ['message'],
  additionalProperties: false,
} as const;

/** The body's validator: `validateParams` (5.x to 8.7), then 8.8's typed route (the router's body refusal). */
export const METEOR_CALL_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '5': { schema: MESSAGE_BODY, coerce: true, form: 'legacy' },
  '8.8': { schema: MESSAGE_BODY, coerce: true, form: 'body' },
};

/**
 * 5.x to 8.7 refuse a frame other than `{msg: 'method', id, method, params}` (each required, no
 * other key: `isMethodCallProps`) with `Invalid method call`; 8.8's typed route checks none (a frame
 * without `id` or `msg` runs). A method's error is a 200 `success: true` to 8.7, then a 400
 * `success: false` (the same frame in its `message`). 8.5 is UNVERIFIED: taken as 7.x.
 */
const TYPED: EraTable<boolean> = { '0.49': false, '8.8': true };

/** The frame's shape rest-typings' `isMethodCallProps` accepts. */
const FRAME_KEYS: ReadonlySet<string> = new Set(['msg', 'id', 'method', 'params']);

/** A method call read off the body: the frame's `id` as it was (any type, or none), its method and params. */
export interface BridgeRequest {
  readonly id: unknown;
  readonly name: string;
  /** undefined: not a list (8.8 on: the call's spread of it throws, an error with no member) */
  readonly params: readonly unknown[] | undefined;
}

/** `isMethodCallProps`: exactly the four keys, of their types. */
function isMethodCall(frame: unknown): frame is { id: string; method: string; params: unknown[] } {
  return (
    isPlainObject(frame) &&
    Object.keys(frame).every((key) => FRAME_KEYS.has(key)) &&
    frame.msg === 'method' &&
    typeof frame.id === 'string' &&
    typeof frame.method === 'string' &&
    Array.isArray(frame.params)
  );
}

/** The route's body read and checked in the real server's order: its validator, the frame's JSON, its shape. */
function readRequest(context: OperationContext): BridgeRequest {
  const { profile, input } = context;
  const body = validated(profile, METEOR_CALL_VALIDATOR, readBody(input.body));
  const message = typeof body.message === 'string' ? body.message : '';
  const bridge = methodsOf(context);
  const read = bridge.readFrame(message);
  if ('refused' in read) throw new ApiError('method-message-unparsed', { reason: read.refused });
  const { frame } = read;
  if (!byEra(profile, TYPED)) {
    if (!isMethodCall(frame)) throw new ApiError('method-call-invalid');
    return { id: frame.id, name: frame.method, params: frame.params };
  }
  // 8.8 on: `const {method, params, id} = data`, no check; a frame that is no object names nothing
  const fields = isPlainObject(frame) ? frame : {};
  return {
    id: fields.id,
    name: String(fields.method),
    params: Array.isArray(fields.params) ? (fields.params as unknown[]) : undefined,
  };
}

function methodsOf(context: OperationContext): NonNullable<OperationContext['methods']> {
  const { methods } = context;
  // every world a server makes has its bridge (src/server.ts)
  if (!methods) throw new ApiError('internal');
  return methods;
}

/**
 * The call's answer: `mountResult`, the `result` frame as EJSON text (`{msg, id, error}` or
 * `{msg, id, result}`, an undefined member left out), as the body's `message`; a method's error a
 * 200 with `success: true`, from 8.8 a 400 with `success: false`.
 */
function runRequest(context: OperationContext, request: BridgeRequest, anonymous: boolean): Reply {
  const { id, name, params } = request;
  const outcome: BridgedAnswer =
    params === undefined
      ? { error: {} }
      : methodsOf(context).call({
          name,
          params,
          caller: anonymous ? undefined : context.caller,
          clientAddress: context.input.clientAddress,
        });
  const failed = 'error' in outcome;
  const message = JSON.stringify(
    failed ? { msg: 'result', id, error: outcome.error } : { msg: 'result', id, result: outcome.result },
  );
  if (failed && byEra(context.profile, TYPED))
    return { status: 400, envelope: false, body: { message, success: false } };
  return success({ message });
}

/** One of the two routes: `method.call` (a login) or `method.callAnon` (none; the method runs with no user). */
export function bridgeRoute(name: string, anonymous: boolean): RouteSpec<BridgeRequest> {
  const group = GROUPS.methodCall;
  return {
    name,
    method: 'POST',
    path: `${name}/`,
    prefix: true,
    ...(anonymous ? { auth: false } : {}),
    errors: ['method-message-unparsed', 'method-call-invalid', 'not-found'],
    response: answer({ message: str }),
    reads: ['room', 'message', 'subscription', 'user', 'integration', 'setting', 'permission', 'role'],
    changes: [
      'room',
      'message',
      'subscription',
      'user',
      'integration',
      'setting',
      'permission',
      'role',
      'token',
    ],
    validator: METEOR_CALL_VALIDATOR,
    read: (context) => {
      // `:method` is one path segment, not read (the frame's method is called)
      const segment = context.input.path.slice(`${group.prefix}${name}/`.length);
      if (segment === '' || segment.includes('/')) throw new ApiError('not-found');
      return readRequest(context);
    },
    run: (context, request) => runRequest(context, request, anonymous),
    openApi: {
      servedIn: { '0.49': false, '5': true },
      pathParameters: ['method'],
      note: anonymous ? 'runs a realtime method with no user' : 'runs a realtime method as the caller',
      refusals: { '404': 'on 0.49, or a path without one `:method` segment' },
    },
  };
}
