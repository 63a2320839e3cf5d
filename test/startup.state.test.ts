/**
 * The start-up routes over the world's state: a scenario's `emojis` and `commands` blocks (checked
 * whole, in `state()`, kept by a reset), `emoji-custom.list` / `.all`, `commands.list` /
 * `commands.run` (a reply posted, refusals that change nothing) and `push.token` (per user,
 * bounded, forgotten by a reset).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import request from 'supertest';

import { ApiError } from '../src/errors';
import { loadScenarioFile } from '../src/scenario/load';
import { resolveScenario } from '../src/scenario/resolve';
import type { ScenarioInput } from '../src/scenario/schema';
import type { FakeServer } from '../src/server';
import { buildBaseline } from '../src/store/baseline';
import { PUSH_TOKENS_PER_USER } from '../src/store/startup';
import type { PushTokenInput } from '../src/store/startup';
import { Store } from '../src/store/store';
import type { ProfileId } from '../src/types';
import { AS, WORLD, makeFake } from './support/fake';
import { snapshot } from './support/rooms';
import { problemsOf } from './support/problems';

const SCENARIO: ScenarioInput = {
  ...WORLD,
  emojis: [
    { _id: 'emojiParrot000001', name: 'parrot', aliases: ['party'], _updatedAt: '2025-06-01T00:00:00.000Z' },
    { _id: 'emojiBlob00000001', name: 'blob', extension: 'gif' },
  ],
  commands: [
    { command: 'deploy', description: 'Deploys', params: 'service', reply: 'deploying…' },
    { command: 'noop' },
  ],
};

function fakeOn(profile?: ProfileId): FakeServer {
  return makeFake({ scenario: SCENARIO, ...(profile ? { profile } : {}) });
}

const PARROT = {
  _id: 'emojiParrot000001',
  name: 'parrot',
  aliases: ['party'],
  extension: 'png',
  _updatedAt: '2025-06-01T00:00:00.000Z',
};
const BLOB = {
  _id: 'emojiBlob00000001',
  name: 'blob',
  aliases: [],
  extension: 'gif',
  _updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('the scenario blocks emojis and commands', () => {
  it('are in state() as given (defaults filled in) and kept by a reset', async () => {
    const fake = fakeOn();
    expect(fake.state().emojis).toEqual([PARROT, BLOB]);
    expect(fake.state().commands).toEqual([
      { command: 'deploy', params: 'service', description: 'Deploys', reply: 'deploying…' },
      { command: 'noop', params: '', description: '' },
    ]);
    await fake.reset();
    expect(fake.state().emojis).toEqual([PARROT, BLOB]);
    expect(makeFake().state().emojis).toBeUndefined();
  });

  it('state() loads back as a scenario with the same blocks', async () => {
    const fake = fakeOn();
    const state = fake.state();
    await fake.load(state);
    expect(fake.state().emojis).toEqual(state.emojis);
    expect(fake.state().commands).toEqual(state.commands);
  });

  it('are checked whole: every problem named by its path', () => {
    expect(
      problemsOf({
        emojis: [
          { name: 'parrot', aliases: ['party'] },
          { name: 'party' },
          { name: 'bad name' },
          { name: 'x', shape: 'round' },
        ],
        commands: [{ command: 'shrug' }, { command: 'Deploy' }, { command: 'ok' }, { command: 'ok' }, {}],
      }),
    ).toEqual([
      '$.emojis[2].name: letters, digits, "_", ".", "+" and "-" only (written between colons: :name:)',
      '$.emojis[3].shape: unknown key "shape"',
      '$.commands[1].command: lower-case letters, digits, "_" and "-" only, without the "/"',
      '$.commands[4].command: Invalid input: expected string, received undefined',
      '$.emojis[1].name: an emoji named "party" exists already (a name or an alias)',
      '$.commands[0].command: "shrug" is a built-in command',
      '$.commands[3].command: a command "ok" exists already',
    ]);
  });

  it('a bad scenario file is rejected naming the file and the path', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rcf-startup-'));
    const file = join(dir, 'emojis.json');
    writeFileSync(file, JSON.stringify({ emojis: [{ name: 'a' }, { name: 'a' }] }));
    expect(() => loadScenarioFile(file)).toThrow(
      [
        `[rocketchat-fake] invalid scenario ${file} (1 problem):`,
        `  ${file}: $.emojis[1].name: an emoji named "a" exists already (a name or an alias)`,
      ].join('\n'),
    );
  });
});

describe('GET /api/v1/emoji-custom.list and emoji-custom.all', () => {
  it('list: every emoji as update, nothing removed; updatedSince keeps those changed after it', async () => {
    const fake = fakeOn();
    const all = await request(fake.app).get('/api/v1/emoji-custom.list').set(AS.alice);
    expect([all.status, all.body]).toEqual([
      200,
      { emojis: { update: [PARROT, BLOB], remove: [] }, success: true },
    ]);
    expect(all.body).toMatchShape('emoji-custom.list');
    const since = await request(fake.app)
      .get('/api/v1/emoji-custom.list?updatedSince=2025-12-01T00:00:00.000Z')
      .set(AS.alice);
    expect(since.body).toEqual({ emojis: { update: [BLOB], remove: [] }, success: true });
  });

  it.each<[ProfileId, string, number, object]>([
    [
      '5',
      'updatedSince=never',
      400,
      {
        success: false,
        error: 'The "updatedSince" query parameter must be a valid date. [error-roomId-param-invalid]',
        errorType: 'error-roomId-param-invalid',
      },
    ],
    [
      '7.10',
      '_updatedAt=never',
      400,
      {
        success: false,
        error: 'The "_updatedAt" query parameter must be a valid date. [error-roomId-param-invalid]',
        errorType: 'error-roomId-param-invalid',
      },
    ],
    [
      '7.0',
      'count=1',
      400,
      {
        success: false,
        error: 'must NOT have additional properties [invalid-params]',
        errorType: 'invalid-params',
      },
    ],
    [
      '8.9',
      'count=1',
      400,
      { success: false, errorType: 'error-invalid-params', error: 'must NOT have additional properties' },
    ],
    ['0.49', '', 404, { success: false, error: 'Resource not found' }],
  ])('list on %s with %s answers %s', async (profile, query, status, body) => {
    const res = await request(fakeOn(profile).app).get(`/api/v1/emoji-custom.list?${query}`).set(AS.alice);
    expect([res.status, res.body]).toEqual([status, body]);
  });

  it('list 7.0 on filters by _id', async () => {
    const res = await request(fakeOn('7.10').app)
      .get('/api/v1/emoji-custom.list?_id=emojiBlob00000001')
      .set(AS.alice);
    expect(res.body).toEqual({ emojis: { update: [BLOB], remove: [] }, success: true });
  });

  it('all: a page by name, with count, offset and total; 8.9 filters by name', async () => {
    const fake = fakeOn();
    const res = await request(fake.app).get('/api/v1/emoji-custom.all?count=1').set(AS.alice);
    expect([res.status, res.body]).toEqual([
      200,
      { emojis: [BLOB], count: 1, offset: 0, total: 2, success: true },
    ]);
    expect(res.body).toMatchShape('emoji-custom.all');
    const named = await request(fake.app).get('/api/v1/emoji-custom.all?name=PAR').set(AS.alice);
    expect(named.body).toEqual({ emojis: [PARROT], count: 1, offset: 0, total: 1, success: true });
  });
});

describe('GET /api/v1/commands.list', () => {
  it('lists the built-in commands then the scenario’s; 8.9 says appsLoaded and the page’s count', async () => {
    const res = await request(fakeOn().app).get('/api/v1/commands.list?offset=23').set(AS.alice);
    expect([res.status, res.body]).toEqual([
      200,
      {
        commands: [
          {
            command: 'deploy',
            params: 'service',
            description: 'Deploys',
            clientOnly: false,
            providesPreview: false,
          },
          { command: 'noop', params: '', description: '', clientOnly: false, providesPreview: false },
        ],
        appsLoaded: true,
        offset: 23,
        count: 2,
        total: 25,
        success: true,
      },
    ]);
    expect(res.body).toMatchShape('commands.list');
  });

  it('6 to 8.5 count every command, 5 the page', async () => {
    for (const [profile, count] of [
      ['7.10', 25],
      ['5', 1],
    ] as const) {
      const res = await request(fakeOn(profile).app).get('/api/v1/commands.list?count=1').set(AS.alice);
      expect(res.body).toEqual({
        commands: [
          {
            command: 'archive',
            params: '#channel',
            description: 'Archive',
            permission: 'archive-room',
            clientOnly: false,
            providesPreview: false,
          },
        ],
        offset: 0,
        count,
        total: 25,
        success: true,
      });
    }
  });

  it('names the permissions the real registry gives /leave, /part (leave-c, leave-p) and /msg (create-d)', async () => {
    const res = await request(fakeOn('7.10').app).get('/api/v1/commands.list?count=0').set(AS.alice);
    const byName = new Map(
      (res.body.commands as { command: string; permission?: unknown }[]).map((c) => [
        c.command,
        c.permission,
      ]),
    );
    expect([byName.get('leave'), byName.get('part'), byName.get('msg')]).toEqual([
      ['leave-c', 'leave-p'],
      ['leave-c', 'leave-p'],
      'create-d',
    ]);
  });

  it('5 filters by the JSON query; 8.9 refuses another parameter; 0.49 has none', async () => {
    const five = await request(fakeOn('5').app)
      .get('/api/v1/commands.list?query={"command":"noop"}')
      .set(AS.alice);
    expect(five.body.commands.map((c: { command: string }) => c.command)).toEqual(['noop']);
    const typed = await request(fakeOn('8.9').app).get('/api/v1/commands.list?command=x').set(AS.alice);
    expect([typed.status, typed.body]).toEqual([
      400,
      { success: false, errorType: 'error-invalid-params', error: 'must NOT have additional properties' },
    ]);
    const old = await request(fakeOn('0.49').app).get('/api/v1/commands.list').set(AS.alice);
    expect(old.status).toBe(404);
  });
});

describe('POST /api/v1/commands.run', () => {
  function run(fake: FakeServer, body: object, who: keyof typeof AS = 'alice'): request.Test {
    return request(fake.app).post('/api/v1/commands.run').set(AS[who]).send(body);
  }

  it('a scenario command posts its reply to the room as the caller', async () => {
    const fake = fakeOn();
    const before = (fake.state().messages ?? []).length;
    const res = await run(fake, { command: 'DEPLOY', params: 'api', roomId: 'GENERAL' });
    expect([res.status, res.body]).toEqual([200, { success: true }]);
    const messages = fake.state().messages ?? [];
    expect(messages).toHaveLength(before + 1);
    expect(messages[messages.length - 1]).toMatchObject({
      rid: 'GENERAL',
      msg: 'deploying…',
      u: { username: 'alice' },
    });
  });

  it('a command without a reply, and 8.9’s text commands, change nothing', async () => {
    const fake = fakeOn();
    const before = snapshot(fake);
    expect((await run(fake, { command: 'noop', roomId: 'GENERAL' })).body).toEqual({ success: true });
    expect((await run(fake, { command: 'shrug', params: 'well', roomId: 'GENERAL' })).body).toEqual({
      success: true,
    });
    expect(snapshot(fake)).toBe(before);
  });

  it('5 posts a text command’s art', async () => {
    const fake = fakeOn('5');
    await run(fake, { command: 'shrug', params: 'well', roomId: 'GENERAL' });
    const messages = fake.state().messages ?? [];
    expect(messages[messages.length - 1]).toMatchObject({ rid: 'GENERAL', msg: 'well ¯\\_(ツ)_/¯' });
  });

  it.each<[string, ProfileId, object, number, object]>([
    [
      'no command',
      '7.10',
      { roomId: 'GENERAL' },
      400,
      { success: false, error: 'You must provide a command to run.' },
    ],
    [
      'params not a string',
      '7.10',
      { command: 'deploy', params: 1, roomId: 'GENERAL' },
      400,
      { success: false, error: 'The parameters for the command must be a single string.' },
    ],
    [
      'no roomId',
      '8.5',
      { command: 'deploy' },
      400,
      {
        success: false,
        error: "The room's id where to execute this command must be provided and be a string.",
      },
    ],
    [
      'tmid not a string',
      '6',
      { command: 'deploy', roomId: 'GENERAL', tmid: 5 },
      400,
      { success: false, error: 'The tmid parameter when provided must be a string.' },
    ],
    [
      'an unknown command',
      '8.9',
      { command: 'nope', roomId: 'GENERAL' },
      400,
      { success: false, error: 'The command provided does not exist (or is disabled).' },
    ],
    [
      'a room the caller may not see',
      '8.9',
      { command: 'deploy', roomId: 'privateRoomId0001' },
      403,
      { success: false, error: 'unauthorized' },
    ],
    [
      'an unknown room',
      '5',
      { command: 'deploy', roomId: 'nowhere' },
      403,
      { success: false, error: 'unauthorized' },
    ],
    [
      'a thread not of the room',
      '8.9',
      { command: 'deploy', roomId: 'GENERAL', tmid: 'nothing' },
      400,
      { success: false, error: 'Invalid thread.' },
    ],
    [
      '8.9 without command',
      '8.9',
      { roomId: 'GENERAL' },
      400,
      { success: false, errorType: 'invalid-params', error: "must have required property 'command'" },
    ],
    [
      '8.9 with another key',
      '8.9',
      { command: 'deploy', roomId: 'GENERAL', msg: 'x' },
      400,
      { success: false, errorType: 'invalid-params', error: 'must NOT have additional properties' },
    ],
  ])('refuses %s on %s', async (_what, profile, body, status, expected) => {
    const fake = fakeOn(profile);
    const before = snapshot(fake);
    const res = await run(fake, body, 'bob');
    expect([res.status, res.body]).toEqual([status, expected]);
    expect(snapshot(fake)).toBe(before);
  });
});

describe('POST and DELETE /api/v1/push.token', () => {
  function register(fake: FakeServer, body: object, who: keyof typeof AS = 'alice'): request.Test {
    return request(fake.app).post('/api/v1/push.token').set(AS[who]).send(body);
  }
  function remove(fake: FakeServer, body: object, who: keyof typeof AS = 'alice'): request.Test {
    return request(fake.app).delete('/api/v1/push.token').set(AS[who]).send(body);
  }

  it('8.9: registers the caller’s token and answers it clean; the same token and app again updates it', async () => {
    const fake = fakeOn();
    const res = await register(fake, { type: 'gcm', value: 'device-1', appName: 'chat.rocket.android' });
    expect([res.status, res.body]).toEqual([
      200,
      {
        result: {
          _id: expect.stringMatching(/^[23456789A-HJ-NP-Za-km-z]{17}$/),
          token: { gcm: 'device-1' },
          appName: 'chat.rocket.android',
          userId: 'aliceUserId000001',
          enabled: true,
          createdAt: '2026-01-01T00:00:00.000Z',
          _updatedAt: '2026-01-01T00:00:00.000Z',
        },
        success: true,
      },
    ]);
    expect(res.body).toMatchShape('push.token');
    const again = await register(fake, { type: 'gcm', value: 'device-1', appName: 'chat.rocket.android' });
    expect(again.body.result._id).toBe(res.body.result._id);
  });

  it('to 8.5 answers the stored document, the hashed login token in it, _id last', async () => {
    const fake = fakeOn('7.10');
    const res = await register(fake, { type: 'apn', value: 'device-2', appName: 'ios', id: 'myDeviceId' });
    expect(Object.keys(res.body.result)).toEqual([
      'token',
      'authToken',
      'appName',
      'userId',
      'enabled',
      'createdAt',
      'updatedAt',
      'metadata',
      '_id',
    ]);
    expect(res.body.result).toMatchObject({
      token: { apn: 'device-2' },
      authToken: createHash('sha256').update('alice-token').digest('base64'),
      _id: 'myDeviceId',
      metadata: {},
    });
  });

  it('DELETE removes the caller’s token (another user’s is not found); a reset forgets them', async () => {
    const fake = fakeOn();
    await register(fake, { type: 'gcm', value: 'device-1', appName: 'app' });
    const bobs = await remove(fake, { token: 'device-1' }, 'bob');
    expect([bobs.status, bobs.body]).toEqual([404, { success: false, error: 'Resource not found' }]);
    const mine = await remove(fake, { token: 'device-1' });
    expect([mine.status, mine.body]).toEqual([200, { success: true }]);
    const twice = await remove(fake, { token: 'device-1' });
    expect(twice.status).toBe(404);
    await register(fake, { type: 'gcm', value: 'device-3', appName: 'app' });
    await fake.reset();
    expect((await remove(fake, { token: 'device-3' })).status).toBe(404);
  });

  it.each<[ProfileId, 'POST' | 'DELETE', object, object]>([
    [
      '7.10',
      'POST',
      { id: 5, type: 'gcm', value: 'v', appName: 'a' },
      {
        success: false,
        error: 'The required "id" body param is invalid. [error-id-param-not-valid]',
        errorType: 'error-id-param-not-valid',
      },
    ],
    [
      '8.5',
      'POST',
      { type: 'fcm', value: 'v', appName: 'a' },
      {
        success: false,
        error: 'The required "type" body param is missing or invalid. [error-type-param-not-valid]',
        errorType: 'error-type-param-not-valid',
      },
    ],
    [
      '6',
      'POST',
      { type: 'gcm', value: '', appName: 'a' },
      {
        success: false,
        error: 'The required "value" body param is missing or invalid. [error-token-param-not-valid]',
        errorType: 'error-token-param-not-valid',
      },
    ],
    [
      '5',
      'POST',
      { type: 'gcm', value: 'v' },
      {
        success: false,
        error: 'The required "appName" body param is missing or invalid. [error-appName-param-not-valid]',
        errorType: 'error-appName-param-not-valid',
      },
    ],
    [
      '8.9',
      'POST',
      { value: 'v', appName: 'a' },
      { success: false, errorType: 'invalid-params', error: "must have required property 'type'" },
    ],
    [
      '8.9',
      'POST',
      { type: 'fcm', value: 'v', appName: 'a' },
      { success: false, errorType: 'invalid-params', error: 'must be equal to one of the allowed values' },
    ],
    [
      '8.9',
      'POST',
      { type: 'gcm', value: '', appName: 'a' },
      { success: false, errorType: 'invalid-params', error: 'must NOT have fewer than 1 characters' },
    ],
    [
      '7.10',
      'DELETE',
      {},
      {
        success: false,
        error: 'The required "token" body param is missing or invalid. [error-token-param-not-valid]',
        errorType: 'error-token-param-not-valid',
      },
    ],
    [
      '8.9',
      'DELETE',
      { token: '' },
      { success: false, errorType: 'invalid-params', error: 'must NOT have fewer than 1 characters' },
    ],
  ])('on %s %s %j is refused', async (profile, method, body, expected) => {
    const fake = fakeOn(profile);
    const res = method === 'POST' ? await register(fake, body) : await remove(fake, body);
    expect([res.status, res.body]).toEqual([400, expected]);
  });

  it('0.49 has no push.token', async () => {
    const res = await register(fakeOn('0.49'), { type: 'gcm', value: 'v', appName: 'a' });
    expect(res.status).toBe(404);
  });
});

describe('push tokens in the store (src/store/startup.ts)', () => {
  const input = (value: string): PushTokenInput => ({
    id: undefined,
    type: 'gcm',
    value,
    appName: 'app',
    authToken: 'alice-token',
  });

  it('per user: one registered, updated, removed; a new store on the baseline (a reset) has none', () => {
    const baseline = buildBaseline(resolveScenario(SCENARIO));
    const store = new Store(baseline);
    expect(store.pushTokens('aliceUserId000001')).toEqual([]);
    const { after } = store.registerPushToken('aliceUserId000001', input('device-1'));
    expect(store.pushTokens('aliceUserId000001')).toEqual([after]);
    expect(store.pushTokens('bobUserId00000001')).toEqual([]);
    store.registerPushToken('aliceUserId000001', input('device-1'));
    expect(store.pushTokens('aliceUserId000001')).toHaveLength(1);
    expect(store.removePushToken('bobUserId00000001', 'device-1')).toBe(0);
    expect(store.removePushToken('aliceUserId000001', 'device-1')).toBe(1);
    expect(store.pushTokens('aliceUserId000001')).toEqual([]);
    store.registerPushToken('aliceUserId000001', input('device-2'));
    expect(new Store(baseline).pushTokens('aliceUserId000001')).toEqual([]);
  });

  it(`at most ${PUSH_TOKENS_PER_USER} per user: the next new one is refused and changes nothing; an update is no new one`, () => {
    const store = new Store(buildBaseline(resolveScenario(SCENARIO)));
    for (let i = 0; i < PUSH_TOKENS_PER_USER; i += 1)
      store.registerPushToken('aliceUserId000001', input(`d${i}`));
    const before = JSON.stringify(store.pushTokens('aliceUserId000001'));
    let refusal: unknown;
    try {
      store.registerPushToken('aliceUserId000001', input('one-more'));
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).code).toBe('push-tokens-limit');
    expect((refusal as ApiError).params).toEqual({ reason: String(PUSH_TOKENS_PER_USER) });
    expect(JSON.stringify(store.pushTokens('aliceUserId000001'))).toBe(before);
    expect(() => store.registerPushToken('aliceUserId000001', input('d0'))).not.toThrow();
    expect(() => store.registerPushToken('bobUserId00000001', input('one-more'))).not.toThrow();
  });
});
