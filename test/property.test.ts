/**
 * Property-based tests: random and mutated requests against every route. Whatever arrives, no
 * 5xx, every /api/ answer is the Rocket.Chat envelope, and the state afterwards is what a small
 * reference model of the rules predicts (unchanged after any refusal).
 */
import fc from 'fast-check';

import { createFakeServer } from '../src/server';
import type { ScenarioInput } from '../src/scenario/schema';
import type { Room, World } from '../src/types';
import { AS, WORLD } from './support/fake';

const SEED = Number(process.env.FC_SEED ?? 20261122);
const RUNS = Number(process.env.FC_RUNS ?? 250);

type Who = keyof typeof AS | 'anon' | 'forged';
const ROLES: Record<keyof typeof AS, string> = {
  admin: 'admin',
  alice: 'user',
  bob: 'user',
  robot: 'bot',
  gina: 'guest',
};
const IDS: Record<keyof typeof AS, string> = {
  admin: 'adminUserId000001',
  alice: 'aliceUserId000001',
  bob: 'bobUserId00000001',
  robot: 'botUserId00000001',
  gina: 'guestUserId000001',
};

interface Call {
  who: Who;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

jest.setTimeout(300_000);

// the model below is of 7.10's validators, which coerce nothing; 8.6 on coerce as ajv does (null to
// "" or false, 1 to true or "1"), shown by example in the endpoint suites
const fake = createFakeServer({ scenario: WORLD, profile: '7.10' });
beforeAll(() => fake.start());
afterAll(() => fake.stop());

function headersOf(who: Who): Record<string, string> {
  if (who === 'anon') return {};
  if (who === 'forged') return { 'X-Auth-Token': 'admin-token', 'X-User-Id': 'aliceUserId000001' };
  return AS[who];
}

async function send(call: Call): Promise<{ status: number; type: string | null; body: unknown }> {
  const res = await fetch(`${fake.url}${call.path}`, {
    method: call.method,
    headers: {
      ...headersOf(call.who),
      ...(call.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
  });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: res.status, type: res.headers.get('content-type'), body };
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The reference model: the status and state a call should produce from `before`. */
function predict(before: World, call: Call): { status: number; after: World } {
  const refused = (status: number) => ({ status, after: before });
  const who = call.who;
  if (who === 'anon' || who === 'forged') return refused(401);
  const body = call.body;
  if (call.path.endsWith('setReadOnly')) return predictSetReadOnly(before, who, body);
  if (call.path.endsWith('setType')) return predictSetType(before, who, body);
  return refused(-1);
}

function findRoom(world: World, ref: { roomId?: unknown; roomName?: unknown }): Room | undefined {
  if (ref.roomId !== undefined) return world.channels.find((c) => c._id === ref.roomId && c.t === 'c');
  return world.channels.find((c) => c.name === ref.roomName && c.t === 'c');
}

function changed(before: World, room: Room, change: Partial<Room>): World {
  const stamp = new Date(Date.parse(before.clock) + 1000).toISOString();
  return {
    ...before,
    clock: stamp,
    channels: before.channels.map((c) =>
      c._id === room._id ? { ...c, ...change, msgs: c.msgs + 1, _updatedAt: stamp } : c,
    ),
  };
}

function canEdit(who: keyof typeof AS, room: Room): boolean {
  return ROLES[who] === 'admin' || room.u?._id === IDS[who];
}

function predictSetReadOnly(
  before: World,
  who: keyof typeof AS,
  body: unknown,
): { status: number; after: World } {
  const refused = { status: 400, after: before };
  if (!isObject(body)) return refused;
  const keys = Object.keys(body);
  if (keys.some((k) => !['roomId', 'roomName', 'readOnly'].includes(k))) return refused;
  if ('roomId' in body === 'roomName' in body) return refused;
  const ref = 'roomId' in body ? body.roomId : body.roomName;
  if (typeof ref !== 'string') return refused;
  // 7.10 compiles setReadOnly's schema without coercion: "true" is not a boolean
  const raw = body.readOnly;
  const readOnly = raw === true ? true : raw === false ? false : undefined;
  if (readOnly === undefined) return refused;
  const room = findRoom(before, 'roomId' in body ? { roomId: ref } : { roomName: ref });
  if (!room || room.archived || room.ro === readOnly || !canEdit(who, room)) return refused;
  return { status: 200, after: changed(before, room, { ro: readOnly }) };
}

function predictSetType(
  before: World,
  who: keyof typeof AS,
  body: unknown,
): { status: number; after: World } {
  const refused = { status: 400, after: before };
  if (!isObject(body)) return refused;
  const type = body.type;
  if (typeof type !== 'string' || type.trim() === '') return refused;
  for (const k of ['roomId', 'roomName'])
    if (body[k] !== undefined && typeof body[k] !== 'string') return refused;
  const roomId = body.roomId || undefined;
  const roomName = body.roomName || undefined;
  if (roomId === undefined && roomName === undefined) return refused;
  const room = findRoom(before, roomId !== undefined ? { roomId } : { roomName });
  if (!room || room.archived || room.t === type || !canEdit(who, room)) return refused;
  if (ROLES[who] === 'guest' && (type === 'p' || type === 'c')) return refused;
  if (type !== 'c' && type !== 'p') return refused;
  return { status: 200, after: changed(before, room, { t: type }) };
}

const NAMES = ['general', 'random', 'news', 'attic', 'secret', 'club', 'nope', ''];
const ROOM_IDS = ['GENERAL', 'randomRoomId00001', 'newsRoomId0000001', 'privateRoomId0001', 'nope', ''];
const who = fc.constantFrom<Who>('admin', 'alice', 'bob', 'robot', 'gina', 'anon', 'forged');
const loose = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.string({ maxLength: 40 }));
const roomName = fc.oneof(fc.constantFrom(...NAMES), loose);
const roomId = fc.oneof(fc.constantFrom(...ROOM_IDS), loose);
const readOnly = fc.oneof(fc.boolean(), fc.constantFrom('true', 'false', 'yes', ''), loose);
const roomType = fc.oneof(fc.constantFrom('c', 'p', 'x', ' ', ''), loose);
const bodyOf = (fields: Record<string, fc.Arbitrary<unknown>>) =>
  fc.oneof(
    { weight: 8, arbitrary: fc.record(fields, { requiredKeys: [] }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
    { weight: 1, arbitrary: fc.record({ ...fields, extra: loose }, { requiredKeys: ['extra'] }) },
  );

const mutation: fc.Arbitrary<Call> = fc.oneof(
  fc.record({
    who,
    method: fc.constant('POST' as const),
    path: fc.constant('/api/v1/channels.setReadOnly'),
    body: bodyOf({ roomId, roomName, readOnly }),
  }),
  fc.record({
    who,
    method: fc.constant('POST' as const),
    path: fc.constant('/api/v1/channels.setType'),
    body: bodyOf({ roomId, roomName, type: roomType }),
  }),
);

const queryValue = fc.oneof(
  fc.constantFrom('0', '1', '5', '100', '500', '-1', 'abc', '1.5', ''),
  fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
  fc.constantFrom(
    '{"name":1}',
    '{"name":-1}',
    '{"name":{"$regex":"^r"}}',
    '{"$where":"1"}',
    '{"msgs":0}',
    '{"$or":[{"ro":true}]}',
  ),
  fc.string({ maxLength: 30 }),
);
const query = fc
  .record(
    {
      count: queryValue,
      offset: queryValue,
      sort: queryValue,
      query: queryValue,
      fields: queryValue,
      roomName,
      roomId,
      includeAllPublicChannels: queryValue,
    },
    { requiredKeys: [] },
  )
  .map((q) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(q)) params.set(k, typeof v === 'string' ? v : JSON.stringify(v));
    return params.toString();
  });
const read: fc.Arbitrary<Call> = fc.oneof(
  fc.record({
    who,
    method: fc.constant('GET' as const),
    path: query.map((q) => `/api/v1/channels.list?${q}`),
  }),
  fc.record({
    who,
    method: fc.constant('GET' as const),
    path: query.map((q) => `/api/v1/channels.getIntegrations?${q}`),
  }),
  fc.record({
    who,
    method: fc.constant('GET' as const),
    path: fc.constantFrom('/api/v1/me', '/api/info', '/api/v1/nope', '/api/v1/channels.setType'),
  }),
  fc.record({
    who,
    method: fc.constant('POST' as const),
    path: fc.constant('/api/v1/login'),
    body: fc.jsonValue({ maxDepth: 3 }),
  }),
);

function expectEnvelope(res: { status: number; type: string | null; body: unknown }): void {
  expect(res.status).toBeLessThan(500);
  expect(res.type).toBe('application/json');
  expect(isObject(res.body) && res.body.success === (res.status === 200)).toBe(true);
}

const withoutTokens = (w: World) => ({ ...w, tokens: [] });

describe('generated requests', () => {
  it('mutations: no 5xx, the envelope, and exactly the state the model predicts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(mutation, { minLength: 1, maxLength: 12 }), async (calls) => {
        await fake.reset();
        for (const call of calls) {
          const before = fake.state();
          const expected = predict(before, call);
          const res = await send(call);
          expectEnvelope(res);
          expect(res.status).toBe(expected.status);
          // each change posts its system message (the model leaves messages to this count)
          const after = fake.state();
          const { messages, ...rest } = after;
          const { messages: _none, ...predicted } = expected.after;
          expect(rest).toEqual(predicted);
          const posted = expected.after === before ? 0 : 1;
          expect(messages?.length ?? 0).toBe((before.messages?.length ?? 0) + posted);
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('reads, logins and unknown routes: no 5xx, the envelope, no change to the data', async () => {
    await fc.assert(
      fc.asyncProperty(read, async (call) => {
        const before = withoutTokens(fake.state());
        const res = await send(call);
        expectEnvelope(res);
        expect(withoutTokens(fake.state())).toEqual(before);
        if (res.status === 200 && call.path.startsWith('/api/v1/channels.list') && isObject(res.body)) {
          const channels = res.body.channels as Record<string, unknown>[];
          expect(res.body.count).toBe(channels.length);
          for (const c of channels) {
            expect(c).not.toHaveProperty('joinCode');
            if ('t' in c) expect(c.t).toBe('c');
          }
        }
      }),
      { seed: SEED, numRuns: RUNS * 4 },
    );
  });

  it('Object.prototype is untouched after all of it', () => {
    expect(Object.keys(Object.prototype)).toEqual([]);
  });
});

/**
 * Ordered lists follow each change instead of sorting the world again (src/store/lists.ts). The
 * reference is a fresh fake started from the live one's state, whose first list of each kind is a
 * sort from scratch: under random changes, additions, resets, sorts, queries and pages, every page
 * must be the same bytes.
 */
describe('lists under changes: every page is what a fresh sort gives', () => {
  const LIST_WORLD = {
    seed: 11,
    users: [
      { _id: 'adminUserId000001', username: 'admin', password: 'pw', roles: ['admin' as const] },
      { _id: 'aliceUserId000001', username: 'alice', password: 'pw' },
    ],
    // every room has `ro`, so a change keeps its keys in place and a fresh fake from the state
    // (which writes known keys in Rocket.Chat's order) has the same bytes
    channels: [{ _id: 'GENERAL', name: 'general', ro: false }],
    integrations: [{ name: 'own', channel: ['#general'], _createdBy: { username: 'alice' } }],
    tokens: [
      { username: 'admin', authToken: 'admin-token' },
      { username: 'alice', authToken: 'alice-token' },
    ],
    generate: { channels: 40, integrations: 15 },
  };
  const live = createFakeServer({ scenario: LIST_WORLD, lenient: true });
  const ADMIN = { 'X-User-Id': 'adminUserId000001', 'X-Auth-Token': 'admin-token' };
  const ALICE = { 'X-User-Id': 'aliceUserId000001', 'X-Auth-Token': 'alice-token' };
  const ROOMS = live.state().channels.map((c) => c._id);
  const NAMES = live.state().channels.map((c) => c.name);

  type Step =
    | { kind: 'ro'; room: number; value: boolean }
    | { kind: 'type'; room: number; value: 'c' | 'p' }
    | { kind: 'add'; name: string; ro: boolean; t: 'c' | 'p' }
    | { kind: 'hook'; target: number; at: number }
    | { kind: 'reset' }
    | { kind: 'list'; params: string; alice: boolean }
    | { kind: 'hooks'; room: number; params: string; alice: boolean };

  const sorts = fc.constantFrom(
    undefined,
    '{"name":1}',
    '{"name":-1}',
    '{"ro":1}',
    '{"ro":-1,"name":1}',
    '{"msgs":-1}',
    '{"t":1}',
    '{"_updatedAt":-1}',
    '{"usersCount":1,"ro":-1}',
    '{"_createdAt":-1}',
  );
  const queries = fc.constantFrom(
    undefined,
    '{"ro":true}',
    '{"name":{"$regex":"^[a-m]"}}',
    '{"$or":[{"ro":true},{"msgs":0}]}',
    '{"msgs":1}',
  );
  const page = fc
    .record({
      sort: sorts,
      query: queries,
      count: fc.constantFrom(undefined, 0, 1, 5, 50),
      offset: fc.constantFrom(undefined, 0, 3, 20, 45),
      fields: fc.constantFrom(undefined, '{"name":1,"ro":1}', '{"msgs":0}'),
    })
    .map((p) => {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(p)) if (v !== undefined) params.set(k, String(v));
      return params.toString();
    });
  const room = fc.nat(ROOMS.length - 1);
  const step: fc.Arbitrary<Step> = fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('ro' as const), room, value: fc.boolean() }) },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('type' as const),
        room,
        value: fc.constantFrom('c' as const, 'p' as const),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('add' as const),
        name: fc.stringMatching(/^[a-z]{1,6}$/),
        ro: fc.boolean(),
        t: fc.constantFrom('c' as const, 'p' as const),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('hook' as const), target: room, at: fc.nat(10) }),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'reset' as const }) },
    {
      weight: 5,
      arbitrary: fc.record({ kind: fc.constant('list' as const), params: page, alice: fc.boolean() }),
    },
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant('hooks' as const), room, params: page, alice: fc.boolean() }),
    },
  );

  async function get(server: ReturnType<typeof createFakeServer>, path: string, alice: boolean) {
    const res = await fetch(`${server.url}${path}`, { headers: alice ? ALICE : ADMIN });
    return `${res.status} ${await res.text()}`;
  }

  async function act(s: Step): Promise<void> {
    const post = (path: string, body: object) =>
      fetch(`${live.url}/api/v1/${path}`, {
        method: 'POST',
        headers: { ...ADMIN, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.arrayBuffer());
    if (s.kind === 'ro') await post('channels.setReadOnly', { roomId: ROOMS[s.room], readOnly: s.value });
    else if (s.kind === 'type') await post('channels.setType', { roomId: ROOMS[s.room], type: s.value });
    else if (s.kind === 'add') {
      if (!live.state().channels.some((c) => c.name === s.name))
        live.addChannel({ name: s.name, ro: s.ro, t: s.t });
    } else if (s.kind === 'hook') {
      live.addIntegration({
        channel: [`#${NAMES[s.target]}`],
        _createdAt: `2025-06-${String(10 + s.at).padStart(2, '0')}T00:00:00.000Z`,
      });
    } else if (s.kind === 'reset') await live.reset();
  }

  beforeAll(() => live.start());
  afterAll(() => live.stop());

  it('pages after changes, additions and resets are byte-identical to a fresh sort', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 20 }), async (steps) => {
        await live.reset();
        for (const s of steps) {
          if (s.kind !== 'list' && s.kind !== 'hooks') {
            await act(s);
            continue;
          }
          const path =
            s.kind === 'list'
              ? `/api/v1/channels.list?${s.params}`
              : `/api/v1/channels.getIntegrations?roomId=${ROOMS[s.room]}&${s.params}`;
          const got = await get(live, path, s.alice);
          const fresh = createFakeServer({ scenario: live.state() as ScenarioInput, lenient: true });
          await fresh.start();
          try {
            expect(got).toBe(await get(fresh, path, s.alice));
          } finally {
            await fresh.stop();
          }
        }
      }),
      { seed: SEED, numRuns: Math.max(20, Math.round(RUNS / 3)) },
    );
  });
});
