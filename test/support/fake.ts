import request from 'supertest';

import type { FakeOptions } from '../../src/options';
import { createFakeServer } from '../../src/server';
import type { FakeApp, FakeServer } from '../../src/server';
import type { Room } from '../../src/types';
import type { ScenarioInput } from '../../src/scenario/schema';

/** Headers that authenticate as a logged-in user. */
export type AuthHeaders = {
  'X-Auth-Token': string;
  'X-User-Id': string;
};

/** A small, fully hand-written world the endpoint tests share (no generated entities). */
export const WORLD: ScenarioInput = {
  seed: 7,
  clock: '2026-01-01T00:00:00.000Z',
  users: [
    { _id: 'adminUserId000001', username: 'admin', password: 'admin-pw', roles: ['admin'] },
    {
      _id: 'aliceUserId000001',
      username: 'alice',
      password: 'alice-pw',
      emails: [{ address: 'alice@example.com', verified: true }],
    },
    { _id: 'bobUserId00000001', username: 'bob', password: 'bob-pw' },
    { _id: 'botUserId00000001', username: 'robot', password: 'robot-pw', roles: ['bot'] },
    { _id: 'guestUserId000001', username: 'gina', password: 'gina-pw', roles: ['guest'] },
    { _id: 'offUserId00000001', username: 'gone', password: 'gone-pw', active: false },
  ],
  channels: [
    { _id: 'GENERAL', name: 'general', u: { username: 'admin' }, usernames: ['admin', 'alice', 'bob'] },
    { _id: 'randomRoomId00001', name: 'random', ro: false, u: { username: 'alice' }, msgs: 5 },
    { _id: 'newsRoomId0000001', name: 'news', ro: true, u: { username: 'admin' } },
    { _id: 'archivedRoomId001', name: 'attic', ro: false, archived: true, u: { username: 'admin' } },
    { _id: 'privateRoomId0001', name: 'secret', t: 'p', ro: false, u: { username: 'alice' } },
    { _id: 'clubRoomId0000001', name: 'club', ro: false, joinCode: 'xyzzy', u: { username: 'bob' } },
  ],
  integrations: [
    {
      _id: 'integGeneral00001',
      name: 'general-hook',
      channel: ['#general'],
      _createdAt: '2025-01-03T00:00:00.000Z',
    },
    {
      _id: 'integAll000000001',
      name: 'all-hook',
      channel: ['all_public_channels'],
      _createdAt: '2025-01-01T00:00:00.000Z',
    },
    {
      _id: 'integBoth00000001',
      name: 'both-hook',
      channel: ['#general', '#random'],
      _createdAt: '2025-01-02T00:00:00.000Z',
      _createdBy: { username: 'alice' },
    },
    { _id: 'integAttic0000001', name: 'attic-hook', channel: ['#attic'] },
    { _id: 'integSecret000001', name: 'secret-hook', channel: ['#secret'] },
  ],
  tokens: [
    { username: 'admin', authToken: 'admin-token' },
    { username: 'alice', authToken: 'alice-token' },
    { username: 'bob', authToken: 'bob-token' },
    { username: 'robot', authToken: 'robot-token' },
    { username: 'gina', authToken: 'gina-token' },
  ],
};

export const AS: Record<'admin' | 'alice' | 'bob' | 'robot' | 'gina', AuthHeaders> = {
  admin: { 'X-Auth-Token': 'admin-token', 'X-User-Id': 'adminUserId000001' },
  alice: { 'X-Auth-Token': 'alice-token', 'X-User-Id': 'aliceUserId000001' },
  bob: { 'X-Auth-Token': 'bob-token', 'X-User-Id': 'bobUserId00000001' },
  robot: { 'X-Auth-Token': 'robot-token', 'X-User-Id': 'botUserId00000001' },
  gina: { 'X-Auth-Token': 'gina-token', 'X-User-Id': 'guestUserId000001' },
};

/** A fresh fake on {@link WORLD} (or another scenario), not listening: drive `fake.app` with supertest. */
export function makeFake(options: FakeOptions = {}): FakeServer {
  return createFakeServer({ scenario: WORLD, ...options });
}

/** A room of the current state, by name. */
export function roomOf(fake: FakeServer, name: string): Room {
  const room = fake.state().channels.find((c) => c.name === name);
  if (!room) throw new Error(`no room ${name}`);
  return room;
}

/** GET a path as a user. */
export function getAs(app: FakeApp, who: keyof typeof AS, path: string): request.Test {
  return request(app)
    .get(path)
    .set({ ...AS[who] });
}

/** POST a JSON body as a user. */
export function postAs(app: FakeApp, who: keyof typeof AS, path: string, body: object): request.Test {
  return request(app)
    .post(path)
    .set({ ...AS[who] })
    .send(body);
}

/** POSTs as a user and asserts the exact refusal, and that the state did not change. */
export async function expectRefused(
  fake: FakeServer,
  who: keyof typeof AS,
  path: string,
  body: object,
  status: number,
  expected: object,
): Promise<void> {
  const before = fake.state();
  const res = await postAs(fake.app, who, path, body);
  expect(res.status).toBe(status);
  expect(res.body).toEqual(expected);
  expect(fake.state()).toEqual(before);
}

/** A logger that says nothing, for the SDK drivers the realtime tests run. */
export const SILENT_LOG = {
  debug: () => undefined,
  info: () => undefined,
  warning: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
