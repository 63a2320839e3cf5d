/** The fake clock formats its own ISO times (src/store/clock.ts): exactly what Date gives. */
import fc from 'fast-check';
import { createFakeServer } from '../src/server';
import { WORLD, postAs } from './support/fake';

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

describe('the clock modes: fixed, running, now', () => {
  it('now: starts at the wall clock and runs with it; each change is later than the one before', async () => {
    const before = Date.now();
    const fake = createFakeServer({ scenario: WORLD, clock: 'now' });
    const start = Date.parse(fake.clock.now());
    expect(start).toBeGreaterThanOrEqual(before);
    const first = await postAs(fake.app, 'alice', '/api/v1/chat.postMessage', {
      roomId: 'GENERAL',
      text: 'a',
    });
    const second = await postAs(fake.app, 'alice', '/api/v1/chat.postMessage', {
      roomId: 'GENERAL',
      text: 'b',
    });
    const [a, b] = [Date.parse(first.body.message.ts), Date.parse(second.body.message.ts)];
    expect(a).toBeGreaterThanOrEqual(start);
    expect(b).toBeGreaterThan(a);
    expect(b).toBeLessThanOrEqual(Date.now());
    // a test still moves it, by an offset
    const moved = Date.parse(fake.clock.now());
    fake.clock.advance(3_600_000);
    expect(Date.parse(fake.clock.now())).toBeGreaterThanOrEqual(moved + 3_600_000);
  });

  it('running: starts at the scenario clock; fixed (the default) moves one second per change', async () => {
    const running = createFakeServer({ scenario: WORLD, clock: 'running' });
    const start = Date.parse(running.clock.now());
    expect(start).toBeGreaterThanOrEqual(Date.parse('2026-01-01T00:00:00.000Z'));
    const posted = await postAs(running.app, 'alice', '/api/v1/chat.postMessage', {
      roomId: 'GENERAL',
      text: 'a',
    });
    expect(Date.parse(posted.body.message.ts)).toBeGreaterThan(start);
    const fixed = createFakeServer({ scenario: WORLD });
    const again = await postAs(fixed.app, 'alice', '/api/v1/chat.postMessage', {
      roomId: 'GENERAL',
      text: 'a',
    });
    expect(again.body.message.ts).toBe('2026-01-01T00:00:01.000Z');
  });

  it('an unknown mode is refused by name', () => {
    expect(() => createFakeServer({ scenario: WORLD, clock: 'wall' as never })).toThrow(/clock/);
  });
});
