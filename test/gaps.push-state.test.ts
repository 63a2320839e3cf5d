/**
 * Push tokens in the world: a scenario's `pushTokens` preloaded (their owner by username),
 * `state()` listing those users hold, `changes()` those `push.token` registered, updated or removed
 * since the baseline, a reset giving back the scenario's, `state()` loading back, and the
 * scenario's checks of the block.
 */
import { createHash } from 'node:crypto';
import request from 'supertest';

import type { ScenarioInput } from '../src/scenario/schema';
import type { FakeServer } from '../src/server';
import type { ProfileId } from '../src/types';
import { AS, WORLD, makeFake } from './support/fake';
import { problemsOf } from './support/problems';

const SCENARIO: ScenarioInput = {
  ...WORLD,
  pushTokens: [
    {
      _id: 'pushAlice00000001',
      username: 'alice',
      token: { gcm: 'alice-device' },
      appName: 'chat.rocket.android',
    },
    {
      _id: 'pushBob0000000001',
      username: 'bob',
      token: { apn: 'bob-device' },
      appName: 'chat.rocket.ios',
      authToken: 'hashed',
      enabled: false,
      createdAt: '2025-05-01T00:00:00.000Z',
      metadata: { model: 'x' },
    },
  ],
};

const ALICE_TOKEN = {
  _id: 'pushAlice00000001',
  username: 'alice',
  token: { gcm: 'alice-device' },
  authToken: '',
  appName: 'chat.rocket.android',
  enabled: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  metadata: {},
};
const BOB_TOKEN = {
  _id: 'pushBob0000000001',
  username: 'bob',
  token: { apn: 'bob-device' },
  authToken: 'hashed',
  appName: 'chat.rocket.ios',
  enabled: false,
  createdAt: '2025-05-01T00:00:00.000Z',
  updatedAt: '2025-05-01T00:00:00.000Z',
  metadata: { model: 'x' },
};

const hashed = (token: string): string => createHash('sha256').update(token).digest('base64');

function fakeOn(profile?: ProfileId): FakeServer {
  return makeFake({ scenario: SCENARIO, ...(profile ? { profile } : {}) });
}

function register(fake: FakeServer, body: object, who: keyof typeof AS = 'alice'): request.Test {
  return request(fake.app).post('/api/v1/push.token').set(AS[who]).send(body);
}

function remove(fake: FakeServer, token: string, who: keyof typeof AS = 'alice'): request.Test {
  return request(fake.app).delete('/api/v1/push.token').set(AS[who]).send({ token });
}

describe('push tokens in state() and changes()', () => {
  it('a scenario’s are in state() (defaults filled in), unchanged in changes(), and push.token finds them', async () => {
    const fake = fakeOn('7.10');
    expect(fake.state().pushTokens).toEqual([ALICE_TOKEN, BOB_TOKEN]);
    expect(fake.changes().pushTokens).toBeUndefined();
    // the same device and app again: the scenario's document is the one updated (7.10 answers it as it was)
    const res = await register(fake, { type: 'gcm', value: 'alice-device', appName: 'chat.rocket.android' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      result: {
        token: { gcm: 'alice-device' },
        authToken: '',
        appName: 'chat.rocket.android',
        userId: 'aliceUserId000001',
        enabled: true,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
        metadata: {},
        _id: 'pushAlice00000001',
      },
      success: true,
    });
    const updated = { ...ALICE_TOKEN, authToken: hashed('alice-token') };
    expect(fake.state().pushTokens).toEqual([updated, BOB_TOKEN]);
    expect(fake.changes().pushTokens).toEqual({
      added: [],
      changed: [{ _id: 'pushAlice00000001', fields: ['authToken'], before: ALICE_TOKEN, after: updated }],
      removed: [],
    });
  });

  it('registered and removed since the baseline: added and removed in changes(); a reset gives back the scenario’s', async () => {
    const fake = fakeOn();
    const made = await register(
      fake,
      { type: 'apn', value: 'new-device', appName: 'ios', id: 'newDevice' },
      'bob',
    );
    expect(made.status).toBe(200);
    expect((await remove(fake, 'alice-device')).status).toBe(200);
    const added = {
      _id: 'newDevice',
      username: 'bob',
      token: { apn: 'new-device' },
      authToken: hashed('bob-token'),
      appName: 'ios',
      enabled: true,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      metadata: {},
    };
    // grouped by owner: bob's, his new one after his scenario one
    expect(fake.state().pushTokens).toEqual([BOB_TOKEN, added]);
    expect(fake.changes().pushTokens).toEqual({ added: [added], changed: [], removed: [ALICE_TOKEN] });
    await fake.reset();
    expect(fake.state().pushTokens).toEqual([ALICE_TOKEN, BOB_TOKEN]);
    expect(fake.changes().pushTokens).toBeUndefined();
    // removed down to none: no block in state()
    await remove(fake, 'alice-device');
    await remove(fake, 'bob-device', 'bob');
    expect(fake.state().pushTokens).toBeUndefined();
  });

  it('a world without any has no block; one registered shows', async () => {
    const fake = makeFake();
    expect(fake.state().pushTokens).toBeUndefined();
    expect(fake.changes().pushTokens).toBeUndefined();
    await register(fake, { type: 'gcm', value: 'd1', appName: 'app' });
    expect(fake.state().pushTokens).toEqual([
      expect.objectContaining({ username: 'alice', token: { gcm: 'd1' } }),
    ]);
    expect(fake.changes().pushTokens?.added).toHaveLength(1);
  });

  it('state() loads back as a scenario with the same tokens', async () => {
    const fake = fakeOn();
    await register(fake, { type: 'gcm', value: 'd2', appName: 'app', id: 'loaded' }, 'bob');
    const state = fake.state();
    await fake.load(state);
    expect(fake.state().pushTokens).toEqual(state.pushTokens);
    expect(fake.changes().pushTokens).toBeUndefined();
  });

  it('the scenario’s block is checked whole: the owner, the device token, a duplicate _id', () => {
    expect(
      problemsOf({
        ...WORLD,
        pushTokens: [
          { username: 'nobody', token: { gcm: 'a' }, appName: 'app' },
          { username: 'alice', token: { web: 'a' }, appName: 'app' },
          { username: 'alice', token: { gcm: 'a', apn: 'b' }, appName: 'app' },
          { username: 'bob', token: { gcm: 'c' } },
        ],
      }),
    ).toEqual([
      '$.pushTokens[1].token: Unrecognized key: "web"',
      '$.pushTokens[1].token: one device token: {"apn": …} or {"gcm": …}',
      '$.pushTokens[2].token: one device token: {"apn": …} or {"gcm": …}',
      '$.pushTokens[3].appName: Invalid input: expected string, received undefined',
      '$.pushTokens[0]: no user "nobody" in users',
    ]);
    expect(
      problemsOf({
        ...WORLD,
        pushTokens: [
          { _id: 'same', username: 'alice', token: { gcm: 'a' }, appName: 'app' },
          { _id: 'same', username: 'bob', token: { gcm: 'b' }, appName: 'app' },
        ],
      }),
    ).toEqual(['$.pushTokens[1]._id: a push token of _id "same" exists already']);
    const many = Array.from({ length: 51 }, (_, i) => ({
      username: 'alice',
      token: { gcm: `device-${i}` },
      appName: 'app',
    }));
    expect(problemsOf({ ...WORLD, pushTokens: many })).toEqual([
      '$.pushTokens[50]: "alice" holds 50 push tokens already, the most the fake keeps',
    ]);
  });
});
