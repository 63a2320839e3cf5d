/**
 * Server-version profiles (src/profiles.ts and the era tables): the table of differences
 * drives these tests. Every profile answers on one server at once, each in a session of its own.
 */
import { spawnSync } from 'node:child_process';

import request from 'supertest';

import { PROFILES, PROFILE_IDS } from '../src/profiles';
import type { ProfileId } from '../src/profiles';
import { createFakeServer } from '../src/server';
import type { FakeApp } from '../src/server';
import {
  FORBIDDEN,
  LOGIN_REFUSED,
  NOT_LOGGED_IN,
  ROOM_NOT_FOUND,
  ROOM_PARAM_MISSING,
} from '../src/verify/expected';
import { WORLD } from './support/fake';
import { CLI } from './support/build';

const ADMIN = { 'X-Auth-Token': 'admin-token', 'X-User-Id': 'adminUserId000001' };
const GUEST = { 'X-Auth-Token': 'gina-token', 'X-User-Id': 'guestUserId000001' };
const ALICE = { 'X-Auth-Token': 'alice-token', 'X-User-Id': 'aliceUserId000001' };
const GINA = { 'X-Auth-Token': 'gina-token', 'X-User-Id': 'guestUserId000001' };

/** One server, one session per profile: each profile's app is the session's paths on it. */
const fake = createFakeServer({ scenario: WORLD });
const sessions = new Map(
  PROFILE_IDS.map((profile) => [profile, fake.session({ profile, id: `p${profile.replace('.', '-')}` })]),
);

function app(): FakeApp {
  return fake.app;
}

function at(profile: ProfileId, path: string): string {
  return `${sessions.get(profile)?.path ?? ''}${path}`;
}

afterEach(async () => {
  for (const session of sessions.values()) await session.reset();
});

const OLD: ProfileId[] = ['0.49', '5', '6'];
const RESTIVUS_401 = { status: 'error', message: 'You must be logged in to do this.' };
const UNAUTHORIZED_403 = { success: false, error: 'unauthorized' };

describe('every profile on one server, side by side', () => {
  it.each(PROFILE_IDS)(
    '%s: GET /api/info gives anyone the version without its patch (0.49: nested, whole)',
    async (profile) => {
      const res = await request(app()).get(at(profile, '/api/info'));
      const { version } = PROFILES[profile];
      const short = version.replace(/^(\d+\.\d+).*/, '$1');
      const clients = { desktop: '4.1.0', mobile: '4.39.0' };
      const line = PROFILES[profile].id;
      const expected =
        line === '0.49'
          ? { info: { version }, success: true }
          : line === '5'
            ? { version: short, success: true }
            : line === '8.9'
              ? {
                  workspaceUrl: expect.any(String),
                  hashedWorkspaceUrl: expect.stringMatching(/^[0-9a-f]{64}$/),
                  version: short,
                  minimumClientVersions: clients,
                  cloudWorkspaceId: '',
                  success: true,
                }
              : { version: short, minimumClientVersions: clients, cloudWorkspaceId: '', success: true };
      expect(res.body).toEqual(expected);
      // the key order of the real body: the workspace first (8.6 on), success last
      expect(Object.keys(res.body).at(-1)).toBe('success');
    },
  );

  it.each(PROFILE_IDS)(
    '%s: GET /api/info as an admin adds the build (view-statistics; get-server-info in 5)',
    async (profile) => {
      const res = await request(app()).get(at(profile, '/api/info')).set(ADMIN);
      const { version } = PROFILES[profile];
      const line = PROFILES[profile].id;
      if (line === '0.49') {
        expect(res.body).toEqual({ info: { version }, success: true });
        return;
      }
      expect(res.body.info).toMatchObject({
        version,
        build: { arch: 'x64', platform: 'linux', cpus: 4 },
        commit: { tag: version, branch: 'HEAD' },
      });
      if (line === '5') expect(Object.keys(res.body)).toEqual(['info', 'success']);
      else expect(res.body.version).toBe(version);
      // a guest sees what anyone sees
      const guest = await request(app()).get(at(profile, '/api/info')).set(GUEST);
      expect(guest.body.info).toBeUndefined();
    },
  );

  it.each(PROFILE_IDS)(
    '%s: GET /api/v1/info exists in the 0.49 era only (removed in 3.0)',
    async (profile) => {
      const res = await request(app()).get(at(profile, '/api/v1/info'));
      if (profile === '0.49')
        expect([res.status, res.body]).toEqual([200, { info: { version: '0.49.4' }, success: true }]);
      else expect(res.status).toBe(404);
    },
  );

  it.each(PROFILE_IDS)(
    '%s: health and state show the active release line (7 and 8 name the newest of their major)',
    async (profile) => {
      const line = { '7': '7.10', '8': '8.9' }[profile as string] ?? profile;
      expect((await request(app()).get(at(profile, '/__admin/health'))).body).toEqual({
        status: 'ok',
        profile: line,
      });
      expect(sessions.get(profile)?.state().profile).toBe(line);
    },
  );

  it.each<[ProfileId, string[]]>([
    ['0.49', ['status', 'data']],
    ['5', ['status', 'data']],
    ['6', ['status', 'data']],
    ['7', ['status', 'data', 'success']],
    ['8', ['status', 'data', 'success']],
  ])('%s: a login answers %j', async (profile, keys) => {
    const res = await request(app())
      .post(at(profile, '/api/v1/login'))
      .send({ username: 'alice', password: 'alice-pw' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(keys);
    expect(Object.keys(res.body.data)).toEqual(
      profile === '0.49' ? ['authToken', 'userId'] : ['userId', 'authToken', 'me'],
    );
  });

  it.each<[ProfileId, object, object]>([
    ['0.49', { status: 'error', message: 'Unauthorized' }, { status: 'error', message: 'Unauthorized' }],
    [
      '5',
      { status: 'error', error: 'Unauthorized', message: 'Unauthorized' },
      { status: 'error', error: 400, message: 'Unrecognized options for login request' },
    ],
    [
      '6',
      { status: 'error', error: 'Unauthorized', message: 'Unauthorized' },
      { status: 'error', error: 400, message: 'Unrecognized options for login request' },
    ],
    ['7', LOGIN_REFUSED, LOGIN_REFUSED],
    ['8', LOGIN_REFUSED, LOGIN_REFUSED],
  ])('%s: a wrong password, then a body without one: 401 %j, %j', async (profile, wrong, missing) => {
    const bad = await request(app())
      .post(at(profile, '/api/v1/login'))
      .send({ username: 'alice', password: 'nope' });
    expect([bad.status, bad.body]).toEqual([401, wrong]);
    const none = await request(app()).post(at(profile, '/api/v1/login')).send({ username: 'alice' });
    expect([none.status, none.body]).toEqual([401, missing]);
  });

  it.each(PROFILE_IDS)('%s: not logged in is 401 in its era\u2019s words', async (profile) => {
    const res = await request(app()).get(at(profile, '/api/v1/channels.list'));
    expect(res.status).toBe(401);
    expect(res.body).toEqual(OLD.includes(profile) ? RESTIVUS_401 : NOT_LOGGED_IN);
  });

  it.each(PROFILE_IDS)('%s: no-store headers only from 7 on', async (profile) => {
    const res = await request(app()).get(at(profile, '/api/v1/channels.list?count=1')).set(ADMIN);
    expect(res.headers['cache-control']).toBe(OLD.includes(profile) ? undefined : 'no-store');
    expect(res.headers.pragma).toBe(OLD.includes(profile) ? undefined : 'no-cache');
    expect(res.headers['content-type']).toBe('application/json');
  });

  it.each(PROFILE_IDS)(
    "%s: a wrong method on a known route: Restivus' 405 to 7.3, the unknown route's 404 from 7.6",
    async (profile) => {
      const res = await request(app()).delete(at(profile, '/api/v1/channels.list')).set(ADMIN);
      if (['0.49', '5', '6', '7.0'].includes(profile)) {
        expect(res.status).toBe(405);
        expect(res.headers.allow).toBe('GET, HEAD');
        expect(res.body).toEqual({ status: 'error', message: 'API endpoint does not exist' });
      } else {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ success: false, error: 'Resource not found' });
      }
    },
  );
});

describe('channels.list across the eras', () => {
  it.each<[ProfileId, number]>([
    ['0.49', 5],
    ['5', 0],
    ['6', 0],
    ['7', 0],
    ['8', 0],
  ])(
    '%s: a guest who joined none lists %i channels (0.49 checked no permission; later eras the joined ones)',
    async (profile, total) => {
      const res = await request(app()).get(at(profile, '/api/v1/channels.list')).set(GINA);
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(total);
    },
  );

  it.each<[ProfileId, number, object | undefined]>([
    ['0.49', 200, undefined],
    ['5', 200, undefined],
    [
      '6',
      400,
      {
        success: false,
        error: 'must NOT have additional properties [invalid-params]',
        errorType: 'invalid-params',
      },
    ],
    // 7.0 to 8.7: the schema has no `fields`; 8.8's typed route takes it again
    [
      '7.0',
      400,
      {
        success: false,
        error: 'must NOT have additional properties [invalid-params]',
        errorType: 'invalid-params',
      },
    ],
    [
      '7',
      400,
      {
        success: false,
        error: 'must NOT have additional properties [invalid-params]',
        errorType: 'invalid-params',
      },
    ],
    [
      '8.5',
      400,
      {
        success: false,
        error: 'must NOT have additional properties [invalid-params]',
        errorType: 'invalid-params',
      },
    ],
    ['8', 200, undefined],
  ])('%s: fields is %i', async (profile, status, body) => {
    const res = await request(app())
      .get(at(profile, `/api/v1/channels.list?fields=${encodeURIComponent('{"name":1}')}`))
      .set(ADMIN);
    expect(res.status).toBe(status);
    if (body) expect(res.body).toEqual(body);
  });

  it('8 checks the permission before the parameters; 7 the parameters first', async () => {
    const none = { 'view-c-room': [], 'view-joined-room': [] };
    for (const [profile, status] of [
      ['7', 400],
      ['8', 403],
    ] as const) {
      const session = fake.session({ profile, scenario: { ...WORLD, permissions: none } });
      try {
        const res = await request(app()).get(`${session.path}/api/v1/channels.list?count=abc`).set(ALICE);
        expect(res.status).toBe(status);
      } finally {
        await session.close();
      }
    }
  });

  it.each<[ProfileId, object]>([
    ['7', { success: false, error: 'must be number [invalid-params]', errorType: 'invalid-params' }],
    ['8', { success: false, errorType: 'error-invalid-params', error: 'must be number' }],
  ])('%s: a count that is not a number', async (profile, body) => {
    const res = await request(app()).get(at(profile, '/api/v1/channels.list?count=abc')).set(ADMIN);
    expect([res.status, res.body]).toEqual([400, body]);
  });
});

describe('channels.getIntegrations across the eras', () => {
  it.each<[ProfileId, object]>([
    ['0.49', UNAUTHORIZED_403],
    ['5', UNAUTHORIZED_403],
    ['6', FORBIDDEN],
    ['7', FORBIDDEN],
    ['8', FORBIDDEN],
  ])('%s: without the permission, 403 %j', async (profile, body) => {
    const res = await request(app())
      .get(at(profile, '/api/v1/channels.getIntegrations?roomId=GENERAL'))
      .set(ALICE);
    expect([res.status, res.body]).toEqual([403, body]);
  });

  it('0.49: manage-integrations is the permission, and it reads every kind', async () => {
    const scenario = {
      ...WORLD,
      permissions: { 'manage-integrations': ['admin' as const, 'user' as const] },
    };
    const session = fake.session({ profile: '0.49', scenario });
    try {
      const res = await request(app())
        .get(`${session.path}/api/v1/channels.getIntegrations?roomId=GENERAL`)
        .set(ALICE);
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(3);
    } finally {
      await session.close();
    }
  });

  it.each<[ProfileId, number, object]>([
    [
      '0.49',
      400,
      {
        success: false,
        error: 'The parameter "roomId" is required [error-roomid-param-not-provided]',
        errorType: 'error-roomid-param-not-provided',
      },
    ],
    ['5', 400, ROOM_PARAM_MISSING],
    ['6', 400, ROOM_NOT_FOUND],
    ['7', 400, ROOM_PARAM_MISSING],
    ['8.5', 400, ROOM_PARAM_MISSING],
    [
      '8',
      400,
      {
        success: false,
        errorType: 'error-invalid-params',
        error:
          "must have required property 'roomId'\nmust have required property 'roomName'\nmust match a schema in anyOf",
      },
    ],
  ])('%s: no room parameter', async (profile, status, body) => {
    const res = await request(app()).get(at(profile, '/api/v1/channels.getIntegrations')).set(ADMIN);
    expect([res.status, res.body]).toEqual([status, body]);
  });

  it.each(PROFILE_IDS)(
    '%s: roomName is a room parameter from 5 on; 0.49 knows roomId alone',
    async (profile) => {
      const res = await request(app())
        .get(at(profile, '/api/v1/channels.getIntegrations?roomName=general'))
        .set(ADMIN);
      if (profile === '0.49') expect(res.body.errorType).toBe('error-roomid-param-not-provided');
      else expect(res.body.total).toBe(3);
    },
  );

  it.each<[ProfileId, string]>([
    ['0.49', 'No channel found by the id of: nope [error-room-not-found]'],
    [
      '7',
      'The required "roomId" or "roomName" param provided does not match any channel [error-room-not-found]',
    ],
  ])('%s: an unknown room', async (profile, error) => {
    const res = await request(app())
      .get(at(profile, '/api/v1/channels.getIntegrations?roomId=nope'))
      .set(ADMIN);
    expect(res.body).toEqual({ success: false, error, errorType: 'error-room-not-found' });
  });
});

describe('setReadOnly and setType across the eras', () => {
  it.each<[ProfileId, object]>([
    ['0.49', { success: false, error: 'The bodyParam "readOnly" is required' }],
    ['5', { success: false, error: 'The bodyParam "readOnly" is required' }],
    // the rest-typings schema (a oneOf) as ajv words it: "\n " inside the action's validator, then
    // 8.8's router: "\n", no suffix, the body's error type
    ...(['6', '7.0', '7', '8.5'] as const).map((profile): [ProfileId, object] => [
      profile,
      {
        success: false,
        error:
          "must have required property 'readOnly'\n must have required property 'roomName'\n must match exactly one schema in oneOf [invalid-params]",
        errorType: 'invalid-params',
      },
    ]),
    [
      '8',
      {
        success: false,
        errorType: 'invalid-params',
        error:
          "must have required property 'readOnly'\nmust have required property 'roomName'\nmust match exactly one schema in oneOf",
      },
    ],
  ])('%s: setReadOnly without readOnly', async (profile, body) => {
    const res = await request(app())
      .post(at(profile, '/api/v1/channels.setReadOnly'))
      .set(ADMIN)
      .send({ roomId: 'GENERAL' });
    expect([res.status, res.body]).toEqual([400, body]);
  });

  it.each<[ProfileId, number, string[]]>([
    ['0.49', 0, ['alice', 'bob']],
    ['5', 0, []],
    ['6', 1, []],
    ['7', 1, []],
    ['8', 1, []],
  ])(
    '%s: a change adds %i system message(s); muted %j (0.49 mutes who may not post)',
    async (profile, added, muted) => {
      const res = await request(app())
        .post(at(profile, '/api/v1/channels.setReadOnly'))
        .set(ADMIN)
        .send({ roomId: 'GENERAL', readOnly: true });
      expect(res.status).toBe(200);
      expect(res.body.channel.msgs).toBe(added);
      expect(res.body.channel.muted).toEqual(muted);
    },
  );

  it.each(PROFILE_IDS)('%s: details of a Meteor.Error from 5 on; 0.49 has none', async (profile) => {
    const res = await request(app())
      .post(at(profile, '/api/v1/channels.setType'))
      .set(ADMIN)
      .send({ roomId: 'randomRoomId00001', type: 'x' });
    expect(res.body.errorType).toBe('error-invalid-room-type');
    expect('details' in res.body).toBe(profile !== '0.49');
  });

  it.each<[ProfileId, object]>([
    ['7', { success: false, error: 'The bodyParam "type" is required' }],
    ['8.5', { success: false, error: 'The bodyParam "type" is required' }],
    // 8.8's typed route: its body schema first, and a body refusal keeps the `invalid-params` type
    ['8', { success: false, errorType: 'invalid-params', error: "must have required property 'type'" }],
  ])('%s: setType without a type key', async (profile, body) => {
    const res = await request(app())
      .post(at(profile, '/api/v1/channels.setType'))
      .set(ADMIN)
      .send({ roomId: 'GENERAL' });
    expect([res.status, res.body]).toEqual([400, body]);
  });
});

describe('choosing a profile', () => {
  it('0.49 has no rate limiter; 7 has', async () => {
    for (const [profile, limited] of [
      ['0.49', false],
      ['7', true],
    ] as const) {
      const server = createFakeServer({
        scenario: WORLD,
        profile,
        rateLimit: { limit: 1, windowMs: 60_000 },
      });
      await request(server.app).get('/api/v1/channels.list').set(ALICE).expect(200);
      const second = await request(server.app).get('/api/v1/channels.list').set(ALICE);
      expect(second.status === 429).toBe(limited);
    }
  });

  it('the option wins over the scenario\u2019s "profile"; a session\u2019s own wins over both', async () => {
    const fromFile = createFakeServer({ scenario: { ...WORLD, profile: '0.49' } });
    expect(fromFile.state().profile).toBe('0.49');
    const option = createFakeServer({ scenario: { ...WORLD, profile: '0.49' }, profile: '8' });
    expect(option.state().profile).toBe('8.9');
    const session = option.session({ profile: '5' });
    expect(session.state().profile).toBe('5');
    await session.close();
    const res = await request(option.app).post('/__admin/sessions').send({ profile: '9' });
    expect(res.status).toBe(400);
    expect(res.body.problems).toEqual([
      { path: '$.profile', message: '"profile" is one of 0.49, 5, 6, 7.0, 7.10, 8.5, 8.9, 7, 8' },
    ]);
  });

  it('the CLI takes --profile; an unknown one is bad usage', () => {
    const bad = spawnSync(process.execPath, [CLI, '--profile', '4'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--profile is one of 0.49, 5, 6, 7.0, 7.10, 8.5, 8.9, 7, 8, not "4"');
    const ok = spawnSync(
      process.execPath,
      [
        CLI,
        '--port',
        '0',
        '--profile',
        '0.49',
        '-c',
        'node -e "fetch(process.env.ROCKETCHAT_URL + \'/api/info\').then(r => r.text()).then(t => process.stdout.write(t))"',
      ],
      { encoding: 'utf8' },
    );
    expect(ok.stdout).toContain('{"info":{"version":"0.49.4"},"success":true}');
  });

  it('a scenario file\u2019s profile is checked against the list', () => {
    expect(() => createFakeServer({ scenario: { ...WORLD, profile: '4' as ProfileId } })).toThrow(
      /\$\.profile/,
    );
  });
});
