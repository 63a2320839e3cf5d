import type { Store } from '../store/store';
import type { ClockControl } from '../types';

/**
 * The fake clock of a world's current state as tests drive it: `now()`, `set(iso)`, `advance(ms)`,
 * each read from the store current when it is called; `moved` hears each move.
 *
 * Layer: world.
 */
export function clockControl(store: () => Store, moved: () => void): ClockControl {
  return {
    now: () => store().clock.now(),
    set: (iso) => {
      store().clock.set(iso);
      moved();
    },
    advance: (ms) => {
      store().clock.advance(ms);
      moved();
    },
  };
}
