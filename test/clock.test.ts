/** The fake clock formats its own ISO times (src/store/clock.ts): exactly what Date gives. */
import fc from 'fast-check';

import { FakeClock, isoOf } from '../src/store/clock';

const MAX_MS = 8.64e15;

describe('isoOf', () => {
  it('is new Date(ms).toISOString() across the whole range of dates', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: -MAX_MS, max: MAX_MS }),
          fc.integer({ min: -62_167_219_200_000 - 10_000, max: 253_402_300_800_000 + 10_000 }),
          fc.integer({ min: 0, max: 4_102_444_800_000 }),
        ),
        (ms) => expect(isoOf(ms)).toBe(new Date(ms).toISOString()),
      ),
      { seed: 11, numRuns: 20_000 },
    );
  });

  it.each([
    0,
    -1,
    1,
    951_782_400_000,
    951_868_799_999,
    4_107_542_400_000,
    -62_167_219_200_000,
    -62_167_219_200_001,
    253_402_300_799_999,
    253_402_300_800_000,
    MAX_MS,
    -MAX_MS,
  ])('%i: leap days, the edges of four-digit years and of dates', (ms) => {
    expect(isoOf(ms)).toBe(new Date(ms).toISOString());
  });

  it('is what the clock shows after a change', () => {
    const clock = new FakeClock('2028-02-28T23:59:59.500Z');
    expect(clock.next()).toBe('2028-02-29T00:00:00.500Z');
    expect(clock.tick()).toBe('2028-02-29T00:00:00.500Z');
    expect(clock.now()).toBe('2028-02-29T00:00:00.500Z');
  });
});
