import type { FaultAction, FaultSet } from '../faults/faults';
import type { StubAnswer, StubSet } from '../stubs/stubs';

/**
 * The runtime rules of a world's rule list, shared by its two ways in: an HTTP request (the rule
 * list of src/http/rules.ts) and a realtime method call (src/realtime/connection.ts, addressed as
 * `DDP <method name>`). First a fault, then a stub (on a modelled route or method only one that
 * says `override: true`), then what the caller models (`rest`): an operation, a realtime method,
 * the pass-through, the real server's 404. One order for both, decided here.
 *
 * Layer: world. Plain decisions; nothing is written here.
 */

/** A request or a method call as the runtime rules match it: a stub's matchers and templates read all of it. */
export interface RuleCall {
  /** an HTTP method, or `DDP` for a realtime method call */
  readonly method: string;
  /** the path inside the world, or a realtime method's name */
  readonly path: string;
  readonly query: Record<string, unknown>;
  readonly headers: Record<string, string | string[] | undefined>;
  /** the parsed body, or a method call's params array */
  readonly body: unknown;
  readonly authToken?: string | undefined;
  readonly userId?: string | undefined;
}

/** What the runtime rules need of a world: its faults, its stubs, and a stub's answer filled in. */
export interface RuleWorld {
  readonly faultSet: FaultSet;
  readonly stubSet: StubSet;
  stubAnswer(call: RuleCall, modelled: boolean): StubAnswer | undefined;
}

/** A stub's answer, or what the rest of the list decided (`O`). */
export type Ruled<O> = { readonly kind: 'stub'; readonly answer: StubAnswer } | O;

/**
 * The runtime rules' decision. A fault comes first; when it lets the call go on (a delay, half a
 * body), `next` matches the rest of the list then, after the delay, as the call would have been
 * without the fault.
 */
export type Decided<O> =
  { readonly kind: 'fault'; readonly action: FaultAction; readonly next: () => Ruled<O> } | Ruled<O>;

/**
 * The decision for one call (faults and stubs that match count it as a hit): `faultable` whether
 * faults act on it, `modelled` whether the fake answers it itself (then only an overriding stub
 * stands in), `rest` the rest of the list.
 */
export function decideRules<O>(
  world: RuleWorld,
  call: RuleCall,
  faultable: boolean,
  modelled: boolean,
  rest: () => O,
): Decided<O> {
  if (faultable) {
    const action = world.faultSet.take(call.method, call.path);
    if (action) return { kind: 'fault', action, next: () => afterFaults(world, call, modelled, rest) };
  }
  return afterFaults(world, call, modelled, rest);
}

/** The rules after the faults: a stub, else the rest of the list. */
function afterFaults<O>(world: RuleWorld, call: RuleCall, modelled: boolean, rest: () => O): Ruled<O> {
  // stubs are asked only when the world has some
  const stubbed = world.stubSet.size === 0 ? undefined : world.stubAnswer(call, modelled);
  return stubbed ? { kind: 'stub', answer: stubbed } : rest();
}
