/**
 * The pins bound (src/store/message-actions.ts): a world makes at most MAX_PINS_PER_WORLD pins
 * since its scenario. Driven on the store itself (ten thousand pins over HTTP would be slow): the
 * last pin within the bound is made, the next is refused with the bound's figure and changes
 * nothing, and a new store on the same baseline (a reset) counts from nought.
 */
import { ApiError } from '../src/errors';
import { resolveScenario } from '../src/scenario/resolve';
import { buildBaseline } from '../src/store/baseline';
import { MAX_PINS_PER_WORLD } from '../src/store/message-actions';
import { Store } from '../src/store/store';
import type { User } from '../src/types';
import { ACTIONS_WORLD } from './support/message-actions';

const LEGACY = { legacy: true, method: 'pinMessage' };
const MID = 'msgGeneral0000001';

describe(`pins per world: ${MAX_PINS_PER_WORLD}`, () => {
  it(`pin ${MAX_PINS_PER_WORLD} is made, pin ${MAX_PINS_PER_WORLD + 1} is refused and changes nothing; a reset counts again`, () => {
    const baseline = buildBaseline(resolveScenario(ACTIONS_WORLD));
    const store = new Store(baseline);
    const admin = store.userNamed('admin') as User;
    // 5.x/6.x pin a pinned message again: each call is a pin of its own
    for (let i = 0; i < MAX_PINS_PER_WORLD; i += 1) store.pinMessage(admin, store.messageById(MID), LEGACY);
    const before = JSON.stringify(store.state());
    let refusal: unknown;
    try {
      store.pinMessage(admin, store.messageById(MID), LEGACY);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).code).toBe('pins-limit');
    expect((refusal as ApiError).params).toEqual({ reason: String(MAX_PINS_PER_WORLD) });
    expect(JSON.stringify(store.state())).toBe(before);
    const reset = new Store(baseline);
    expect(() => reset.pinMessage(admin, reset.messageById(MID), LEGACY)).not.toThrow();
  });
});
