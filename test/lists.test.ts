/**
 * The store's ordered lists (src/store/lists.ts) follow changes instead of sorting again. Here the
 * reference for every page is a store started from the current state, whose lists are sorted from
 * scratch; the paths the property test rarely reaches are driven on purpose: many changes between
 * two lists (sorted again), a log longer than it keeps, and stores sharing one baseline's lists.
 */
import fc from 'fast-check';

import { OrderedList } from '../src/store/ordered';
import { compileQuery, compileSort, sortBy } from '../src/store/query';
import type { JsonObject } from '../src/store/query';
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
  generate: { channels: 1500, integrations: 40 },
});

function baselineOf(): Baseline {
  return buildBaseline(structuredClone(WORLD));
}

const admin = (store: Store): User =>
  store.login({ credentials: { username: 'admin', password: 'pw' }, typedUsername: 'admin', ip: '' }).user;

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

/** Every list of the given sorts and queries (default: all of them), as the store answers it. */
function pages(store: Store, sorts = SORTS, queries = QUERIES): string {
  const user = admin(store);
  return JSON.stringify(
    sorts.flatMap((sort) => queries.map((query) => store.listChannels(user, optionsFor(sort, query)))),
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

  it('one room changed many times between looks (its changes folded into one): every list as a fresh sort', () => {
    const store = new Store(baselineOf(), { lenient: true });
    const user = admin(store);
    const room = WORLD.channels[3];
    if (!room) throw new Error('no room');
    const some = (sorts: (string | undefined)[]) => pages(store, sorts);
    // lists at different versions: one read before the run, one first read midway, others never
    some(SORTS.slice(0, 1));
    for (let step = 0; step < 9; step += 1) store.setReadOnly(user, { roomId: room._id }, step % 2 === 0);
    store.setType(user, { roomId: room._id }, 'p');
    some(SORTS.slice(1, 2));
    for (let step = 0; step < 6; step += 1) store.setReadOnly(user, { roomId: room._id }, step % 2 === 1);
    store.setType(user, { roomId: room._id }, 'c');
    for (let step = 0; step < 4; step += 1) change(store, step);
    expect(pages(store)).toBe(freshPages(store));
  });

  it('members joining one at a time (their list grown in place): lists filtered by a member as a fresh sort, before and after each look', () => {
    const store = new Store(baselineOf(), { lenient: true });
    const room = WORLD.channels[5];
    if (!room) throw new Error('no room');
    const byMember = (name: string) =>
      JSON.stringify(
        store.listChannels(admin(store), optionsFor(undefined, JSON.stringify({ usernames: name }))),
      );
    const fresh = (name: string) => {
      const other = new Store(buildBaseline(store.state()), { lenient: true });
      return JSON.stringify(
        other.listChannels(admin(other), optionsFor(undefined, JSON.stringify({ usernames: name }))),
      );
    };
    const names = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6'];
    for (const name of names) byMember(name);
    // a list of the rooms whose members are exactly the room's first ones: it loses the room at the first join
    const exactly = JSON.stringify({ usernames: room.usernames });
    const exact = (s: Store) => JSON.stringify(s.listChannels(admin(s), optionsFor(undefined, exactly)));
    expect(JSON.parse(exact(store)).items.map((r: { _id: string }) => r._id)).toContain(room._id);
    for (const [i, name] of names.entries()) {
      const user = store.createUser({
        username: name,
        email: `${name}@example.com`,
        verified: false,
        name,
        password: 'pw',
        roles: ['user'],
        active: true,
        pendingApproval: false,
        settings: true,
        usernameLast: false,
        joinDefaultChannels: false,
      });
      store.joinChannel(user, room._id);
      // some joins are looked at at once, some only after the next join (their changes folded)
      if (i % 2 === 1) for (const each of names) expect(byMember(each)).toBe(fresh(each));
    }
    for (const each of names) expect(byMember(each)).toBe(fresh(each));
    expect(JSON.parse(exact(store)).items.map((r: { _id: string }) => r._id)).not.toContain(room._id);
    expect(exact(store)).toBe(exact(new Store(buildBaseline(store.state()), { lenient: true })));
    expect(JSON.parse(byMember('m6')).items.map((r: { _id: string }) => r._id)).toEqual([room._id]);
    // the baseline's list of members is as the scenario made it: the first join copied it
    expect(
      new Store(baselineOf(), { lenient: true }).state().channels.find((c) => c._id === room._id)?.usernames,
    ).toEqual(room.usernames);
  });

  it('a list that matched a room by its members as they were drops it after a join that grew them in place', () => {
    const store = new Store(baselineOf(), { lenient: true });
    const room = WORLD.channels[6];
    if (!room) throw new Error('no room');
    const newcomer = (name: string): User =>
      store.createUser({
        username: name,
        email: `${name}@example.com`,
        verified: false,
        name,
        password: 'pw',
        roles: ['user'],
        active: true,
        pendingApproval: false,
        settings: true,
        usernameLast: false,
        joinDefaultChannels: false,
      });
    // the first join copies the scenario's list; the second grows that copy in place
    store.joinChannel(newcomer('n1'), room._id);
    const members = store.state().channels.find((c) => c._id === room._id)?.usernames;
    const exactly = optionsFor(undefined, JSON.stringify({ usernames: members }));
    const ids = () => store.listChannels(admin(store), exactly).items.map((r) => r._id);
    expect(ids()).toEqual([room._id]);
    store.joinChannel(newcomer('n2'), room._id);
    expect(ids()).toEqual([]);
  });

  it('a room added, changed and changed again before any look: listed once, as it is now', () => {
    const store = new Store(baselineOf(), { lenient: true });
    const user = admin(store);
    pages(store);
    const room = structuredClone(WORLD.channels[0]);
    if (!room) throw new Error('no room');
    store.addChannel({ ...room, _id: 'addedFolded', name: 'folded', ro: false, msgs: 2 });
    store.setReadOnly(user, { roomId: 'addedFolded' }, true);
    store.setType(user, { roomId: 'addedFolded' }, 'p');
    store.setType(user, { roomId: 'addedFolded' }, 'c');
    const listed = pages(store);
    expect(listed).toBe(freshPages(store));
    expect(listed.split('"addedFolded"').length - 1).toBe(SORTS.length * 2);
  });

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
    // four lists: few enough that the baseline keeps every one of them (it keeps eight)
    const some = (store: Store) => pages(store, SORTS.slice(0, 2), QUERIES.slice(0, 2));
    const baseline = baselineOf();
    const a = new Store(baseline, { lenient: true });
    const b = new Store(baseline, { lenient: true });
    const untouched = some(b);
    expect(some(a)).toBe(untouched);
    for (let step = 0; step < 40; step += 1) change(a, step);
    expect(some(a)).toBe(
      pages(new Store(buildBaseline(a.state()), { lenient: true }), SORTS.slice(0, 2), QUERIES.slice(0, 2)),
    );
    expect(some(a)).not.toBe(untouched);
    expect(some(b)).toBe(untouched);
    // a reset is a new store on the same baseline: the baseline's lists, unchanged
    expect(some(new Store(baseline, { lenient: true }))).toBe(untouched);
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

describe('OrderedList against a sorted array', () => {
  type Op = { insert: boolean; key: number; flag: boolean };
  type Entity = { key: number; flag: boolean; rank: number };
  const SPEC = compileSort({ key: 1, flag: -1 }) ?? [];

  it('random inserts and removals, many ties, across chunk splits: the order of a fresh stable sort', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ insert: fc.boolean(), key: fc.nat(40), flag: fc.boolean() }), {
          minLength: 1,
          maxLength: 3000,
        }),
        fc.nat(2000),
        (ops: Op[], start) => {
          // rank = the entity's number; the model keeps the live entities in rank order
          const live = new Map<number, Entity>();
          for (let r = 0; r < start; r += 1) live.set(r, { key: r % 37, flag: r % 3 === 0, rank: r });
          const docOf = (e: Entity): JsonObject => ({ key: e.key, flag: e.flag, id: e.rank });
          const base = OrderedList.build(
            SPEC,
            [...live.values()].map((e): [JsonObject, JsonObject, number] => [docOf(e), docOf(e), e.rank]),
            0,
          );
          const list = base.copy();
          const untouched = JSON.stringify(base.page(0, 0));
          let next = start;
          ops.forEach((op, k) => {
            const victim = [...live.keys()][(op.key * 7919 + k) % Math.max(1, live.size)];
            if (op.insert || victim === undefined) {
              const e = { key: op.key, flag: op.flag, rank: next };
              next += 1;
              live.set(e.rank, e);
              list.insert(docOf(e), docOf(e), e.rank);
            } else {
              const e = live.get(victim) as Entity;
              live.delete(victim);
              list.remove(docOf(e), e.rank);
            }
          });
          const model = sortBy([...live.values()].sort((a, b) => a.rank - b.rank).map(docOf), SPEC);
          expect(list.size).toBe(model.length);
          expect(list.page(0, 0)).toEqual(model);
          expect(list.page(17, 250)).toEqual(model.slice(17, 267));
          // the list it was copied from is as it was
          expect(JSON.stringify(base.page(0, 0))).toBe(untouched);
        },
      ),
      { seed: 7, numRuns: 60 },
    );
  });
});
