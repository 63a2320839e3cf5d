/**
 * The store's ordered lists (src/store/lists.ts) follow changes instead of sorting again. Here the
 * reference for every page is a store started from the current state, whose lists are sorted from
 * scratch; the paths the property test rarely reaches are driven on purpose: many changes between
 * two lists (sorted again), a log longer than it keeps, and stores sharing one baseline's lists.
 */
import { compileQuery, compileSort } from '../src/store/query';
import type { Projection } from '../src/store/query';
import { buildBaseline } from '../src/store/baseline';
import type { Baseline } from '../src/store/baseline';
import type { ListOptions } from '../src/store/store';
import { Store } from '../src/store/store';
import { resolveScenario } from '../src/scenario/resolve';
import type { User } from '../src/types';

const WORLD = resolveScenario({
  seed: 5,
  users: [{ username: 'admin', password: 'pw', roles: ['admin'] }],
  channels: [{ name: 'general', ro: false }],
  generate: { channels: 300, integrations: 40 },
});

function baselineOf(): Baseline {
  return buildBaseline(structuredClone(WORLD));
}

const admin = (store: Store): User => store.login({ username: 'admin', password: 'pw' }).user;

const SORTS: (string | undefined)[] = [
  undefined,
  '{"name":-1}',
  '{"ro":1}',
  '{"msgs":-1,"ro":1}',
  '{"t":-1}',
];
const QUERIES: (string | undefined)[] = [
  undefined,
  '{"ro":true}',
  '{"$or":[{"ro":false},{"msgs":{"$regex":"1"}}]}',
];

function optionsFor(sort: string | undefined, query: string | undefined, offset = 0, count = 0): ListOptions {
  const parse = (s: string | undefined): unknown => (s === undefined ? undefined : JSON.parse(s));
  return {
    offset,
    count,
    cacheKey: JSON.stringify([sort ?? null, query ?? null]),
    sort: compileSort(parse(sort)),
    query: query === undefined ? undefined : compileQuery(parse(query)),
    fields: undefined as Projection | undefined,
  };
}

/** Every list of every sort and query, as the store answers it. */
function pages(store: Store): string {
  const user = admin(store);
  return JSON.stringify(
    SORTS.flatMap((sort) => QUERIES.map((query) => store.listChannels(user, optionsFor(sort, query)))),
  );
}

/** The same lists from a store started on the current state: sorted from scratch. */
function freshPages(store: Store): string {
  return pages(new Store(buildBaseline(store.state()), { lenient: true }));
}

/** A deterministic run of changes over the rooms: read-only flags and types. */
function change(store: Store, step: number): void {
  const user = admin(store);
  const rooms = WORLD.channels;
  const room = rooms[(step * 7919) % rooms.length];
  if (!room) throw new Error('no room');
  if (step % 3 === 0) store.setType(user, { roomId: room._id }, step % 2 === 0 ? 'p' : 'c');
  else store.setReadOnly(user, { roomId: room._id }, step % 2 === 0);
}

describe('ordered lists under changes', () => {
  it('one change, then every list: the same pages as a fresh sort', () => {
    const store = new Store(baselineOf(), { lenient: true });
    expect(pages(store)).toBe(freshPages(store));
    change(store, 1);
    expect(pages(store)).toBe(freshPages(store));
  });

  it.each([1, 10, 499, 501, 700, 5000])(
    '%i changes between two looks at every list: the same pages as a fresh sort',
    (changes) => {
      const store = new Store(baselineOf(), { lenient: true });
      pages(store);
      change(store, 0);
      pages(store);
      for (let step = 1; step <= changes; step += 1) change(store, step);
      expect(pages(store)).toBe(freshPages(store));
      change(store, changes + 1);
      expect(pages(store)).toBe(freshPages(store));
    },
  );

  it('added rooms join every list at their place, ties after the ones before them', () => {
    const store = new Store(baselineOf(), { lenient: true });
    pages(store);
    for (const [i, name] of ['aaa', 'zzz', 'mmm', 'general-2'].entries()) {
      const room = structuredClone(WORLD.channels[0]);
      if (!room) throw new Error('no room');
      store.addChannel({ ...room, _id: `added${i}`, name, ro: i % 2 === 0, msgs: 3 });
      change(store, i);
      expect(pages(store)).toBe(freshPages(store));
    }
  });

  it('stores on one baseline share its lists, and no store’s change reaches another', () => {
    const baseline = baselineOf();
    const a = new Store(baseline, { lenient: true });
    const b = new Store(baseline, { lenient: true });
    const untouched = pages(b);
    expect(pages(a)).toBe(untouched);
    for (let step = 0; step < 40; step += 1) change(a, step);
    expect(pages(a)).toBe(freshPages(a));
    expect(pages(a)).not.toBe(untouched);
    expect(pages(b)).toBe(untouched);
    // a reset is a new store on the same baseline: the baseline's lists, unchanged
    expect(pages(new Store(baseline, { lenient: true }))).toBe(untouched);
  });

  it('pages of a list: offsets and counts cut the same order', () => {
    const store = new Store(baselineOf(), { lenient: true });
    for (let step = 0; step < 25; step += 1) change(store, step);
    const user = admin(store);
    const all = store.listChannels(user, optionsFor('{"ro":-1}', undefined));
    const cut = [0, 7, 50, 280, 400].map((offset) =>
      store.listChannels(user, optionsFor('{"ro":-1}', undefined, offset, 13)),
    );
    for (const page of cut) {
      expect(page.items).toEqual(all.items.slice(page.offset, page.offset + 13));
      expect(page.total).toBe(all.total);
    }
  });
});
