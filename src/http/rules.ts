import type { IncomingMessage } from 'node:http';

import { byEra } from '../eras';
import type { EraTable } from '../eras';
import type { Operation } from '../operations/operation';
import { OPERATIONS, isChatPath, methodsOf, operationAt } from '../operations/table';
import type { PassThrough } from '../proxy/passthrough';
import type { FakeWorld } from '../world';
import { decideRules } from '../world/runtime-rules';
import type { Decided, RuleCall, Ruled } from '../world/runtime-rules';

/**
 * The one rule list of a world, matched once per request, first match wins:
 *
 *   1. runtime rules: a fault (the chat API's paths only), then a stub (on a modelled route only
 *      one that says `override: true`);
 *   2. the modelled routes: the operation table (src/operations/table.ts);
 *   3. the pass-through to a real server, when the world has one;
 *   4. the real server's own answer: its 404, or a known route's 405 in the eras that send one.
 *
 * The static half, the table's route for a method and path ({@link Route}), is resolved once where a
 * request comes in (the fast path, or the Express app's first middleware) and carried with it; the
 * runtime half ({@link decide}) is asked once the body is in, since stubs match on it. The chat
 * pipeline (src/http/chat.ts) and the Express app's answer outside the chat API (src/app.ts) both
 * act on the decision; neither looks anything up again. The faults and the stubs are decided in
 * src/world/runtime-rules.ts, which realtime method calls go through too (as `DDP <method>`, then
 * the rate limit and the method: src/realtime/connection.ts). Realtime handshakes keep asking the
 * fault set directly (src/realtime/hub.ts): a socket has no stubs, operations or pass-through.
 *
 * Layer: http. Plain decisions; nothing is written here.
 */

/** What the operation table says of a request's method and path. */
export interface Route {
  /** the operation at the path (any method), if any */
  readonly op: Operation | undefined;
  /** whether that operation answers the method (HEAD with GET): the route is modelled */
  readonly modelled: boolean;
  /** a path of the chat API (`/api/…`, `/hooks/…`): the chat pipeline answers it, faults act on it */
  readonly chat: boolean;
}

/** A path outside the chat API: no operation is there (every route of the table is the chat API's). */
const OUTSIDE: Route = Object.freeze({ op: undefined, modelled: false, chat: false });

/** A path of the chat API that no operation serves. */
const NO_OPERATION: Route = Object.freeze({ op: undefined, modelled: false, chat: true });

/**
 * What each operation's requests resolve to, made once: its route when the method is one it
 * answers and when it is not, its outcome, and its 405's `Allow` (GET with HEAD, as the router).
 */
interface Resolved {
  readonly methods: readonly string[];
  readonly modelled: Route;
  readonly unmodelled: Route;
  readonly outcome: Answered;
  readonly allow: string;
}

const RESOLVED = new Map<Operation, Resolved>(
  OPERATIONS.map((op) => {
    const own = op.also === undefined ? [op.method] : [op.method, op.also];
    return [
      op,
      {
        methods: methodsOf(op),
        modelled: Object.freeze({ op, modelled: true, chat: true }),
        unmodelled: Object.freeze({ op, modelled: false, chat: true }),
        outcome: Object.freeze({ kind: 'operation', op }),
        allow: own.flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m])).join(', '),
      },
    ];
  }),
);

/** The table's route for a method and a path inside a world: one lookup, no object made. */
export function routeAt(method: string, path: string): Route {
  if (!isChatPath(path)) return OUTSIDE;
  const op = operationAt(path);
  const resolved = op === undefined ? undefined : RESOLVED.get(op);
  if (!resolved) return NO_OPERATION;
  return resolved.methods.includes(method) ? resolved.modelled : resolved.unmodelled;
}

/** Routes the fast path resolved for the requests it hands to Express (as they came, or replayed). */
const carried = new WeakMap<IncomingMessage, Route>();

/** Carries a request's route to the Express path (a form, a body the fast path read and replays). */
export function carryRoute(req: IncomingMessage, route: Route): void {
  carried.set(req, route);
}

/** The route the fast path resolved for a request it replays into Express, if it did. */
export function carriedRoute(req: IncomingMessage): Route | undefined {
  return carried.get(req);
}

export type { RuleCall } from '../world/runtime-rules';

/** What the modelled part of the list and what follows it answer: after the faults and the stubs. */
type Answered =
  | { readonly kind: 'operation'; readonly op: Operation }
  | { readonly kind: 'proxy'; readonly proxy: PassThrough }
  | { readonly kind: 'not-found' }
  /** a known route asked with a method it lacks, in an era whose router says so (`Allow`) */
  | { readonly kind: 'method-not-allowed'; readonly allow: string };

/** What answers a request once no fault stands in, or once its fault lets it go on. */
export type Outcome = Ruled<Answered>;

/**
 * The rule list's decision for one request. A fault comes first; when it lets the request go on (a
 * delay, half a body), `next` matches the rest of the list then, after the delay, as the request
 * would have been without the fault.
 */
export type Decision = Decided<Answered>;

/**
 * A known route asked with a method it lacks: Restivus' 405 with `Allow` (to 7.3), or, from 7.6,
 * where Hono's router matches method and path together, the unknown route's 404.
 */
const WRONG_METHOD: EraTable<'method-not-allowed' | 'not-found'> = {
  '0.49': 'method-not-allowed',
  '7.6': 'not-found',
};

const NOT_FOUND: Answered = Object.freeze({ kind: 'not-found' });

/**
 * The decision for a request of a world on its route (faults and stubs that match count it as a
 * hit): the runtime rules (src/world/runtime-rules.ts, which realtime method calls go through too),
 * then the rest of the list. Faults act on the chat API's paths only.
 */
export function decide(world: FakeWorld, call: RuleCall, route: Route): Decision {
  return decideRules(world, call, route.chat, route.modelled, () => afterRuntime(world, call, route));
}

/** The rules after the faults and the stubs: the operation, the pass-through, the real server's 404 or 405. */
function afterRuntime(world: FakeWorld, call: RuleCall, route: Route): Answered {
  const { op } = route;
  if (op !== undefined && route.modelled) return RESOLVED.get(op)?.outcome ?? { kind: 'operation', op };
  const proxy = world.passThrough;
  if (proxy !== undefined) return { kind: 'proxy', proxy };
  if (op === undefined || call.method === 'OPTIONS' || byEra(world.profile, WRONG_METHOD) === 'not-found')
    return NOT_FOUND;
  return { kind: 'method-not-allowed', allow: RESOLVED.get(op)?.allow ?? op.method };
}
