import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';

import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { join } from 'node:path';

import { ScenarioError } from '../src/scenario/problems';
import { resolveScenario } from '../src/scenario/resolve';
import { loadScenarioFile, readScenarioFile } from '../src/scenario/load';
import { scenarioJsonSchema } from '../src/scenario/schema';
import request from 'supertest';

import { createApp, createFakeServer } from '../src/server';
import { problemsOf } from './support/problems';

const admin = { username: 'admin', password: 'pw', roles: ['admin'] };

describe('scenario files: defaults', () => {
  it('an empty scenario is a valid, empty world at the default clock and seed', () => {
    const world = resolveScenario({});
    expect(world).toMatchObject({
      seed: 1,
      clock: '2026-01-01T00:00:00.000Z',
      users: [],
      channels: [],
      integrations: [],
      tokens: [],
    });
    expect(world.permissions['view-c-room']).toEqual(['admin', 'user', 'bot']);
  });

  it('fills every missing field deterministically', () => {
    const world = resolveScenario({
      users: [admin, { username: 'u2', password: 'x' }],
      channels: [{ name: 'general' }],
      integrations: [{ channel: ['#general'] }],
    });
    const [user] = world.users;
    expect(user).toEqual({
      _id: expect.stringMatching(/^[23456789ABCDEFGHJKLMNPQRSTWXYZabcdefghijkmnopqrstuvwxyz]{17}$/),
      username: 'admin',
      password: 'pw',
      name: 'admin',
      emails: [{ address: 'admin@example.com', verified: true }],
      roles: ['admin'],
      active: true,
    });
    expect(world.users[1]?.roles).toEqual(['user']);
    expect(world.channels[0]).toEqual({
      _id: expect.stringMatching(/^\w{17}$/),
      name: 'general',
      t: 'c',
      usernames: ['admin'],
      usersCount: 1,
      msgs: 0,
      u: { _id: user?._id, username: 'admin' },
      ts: '2026-01-01T00:00:00.000Z',
      sysMes: true,
      _updatedAt: '2026-01-01T00:00:00.000Z',
      joinCodeRequired: false,
      muted: [],
    });
    expect(world.channels[0]).not.toHaveProperty('ro');
    expect(world.integrations[0]).toMatchObject({
      name: 'integration-1',
      username: 'admin',
      userId: 'admin',
      _createdBy: { _id: user?._id, username: 'admin' },
      _createdAt: '2026-01-01T00:00:00.000Z',
    });
  });

  it('keeps extra fields of a pasted real response', () => {
    const world = resolveScenario({
      users: [admin],
      channels: [{ name: 'general', lastMessage: { msg: 'hi' }, customFields: {} }],
    });
    expect(world.channels[0]).toMatchObject({ lastMessage: { msg: 'hi' }, customFields: {} });
  });

  it('usersCount follows usernames unless given', () => {
    const world = resolveScenario({
      users: [admin, { username: 'b', password: 'b' }],
      channels: [
        { name: 'a', usernames: ['admin', 'b'] },
        { name: 'c', usersCount: 9 },
      ],
    });
    expect(world.channels.map((c) => c.usersCount)).toEqual([2, 9]);
  });

  it('references by _id resolve to {_id, username}', () => {
    const world = resolveScenario({
      users: [{ ...admin, _id: 'A1' }],
      channels: [{ name: 'x', u: { _id: 'A1' } }],
    });
    expect(world.channels[0]?.u).toEqual({ _id: 'A1', username: 'admin' });
  });

  it('--seed overrides the scenario seed', () => {
    expect(resolveScenario({ seed: 3 }, { seed: 9 }).seed).toBe(9);
  });
});

describe('scenario files: rejected whole, naming every problem by JSON path', () => {
  const cases: [string, unknown, string[]][] = [
    ['not an object', [], ['$: Invalid input: expected object, received array']],
    [
      'an unknown top-level key',
      { chanels: [] },
      ['$.chanels: unknown key "chanels"; did you mean "channels"?'],
    ],
    [
      'two letters of a key swapped',
      { users: [admin], channels: [{ nmae: 'z' }] },
      [
        '$.channels[0].name: Invalid input: expected string, received undefined',
        '$.channels[0].nmae: unknown key "nmae"; did you mean "name"?',
      ],
    ],
    ['a wrong type', { seed: 'one' }, ['$.seed: Invalid input: expected number, received string']],
    [
      'a missing username',
      { users: [{ password: 'x' }] },
      ['$.users[0].username: Invalid input: expected string, received undefined'],
    ],
    [
      'a missing password',
      { users: [{ username: 'x' }] },
      ['$.users[0].password: Invalid input: expected string, received undefined'],
    ],
    [
      'an unknown role',
      { users: [{ username: 'x', password: 'x', roles: ['root'] }] },
      [
        '$.users[0].roles[0]: unknown role "root": a global role (admin, user, bot, app, guest, anonymous, livechat-agent, livechat-manager)',
      ],
    ],
    [
      'an unknown room type',
      { channels: [{ name: 'x', t: 'd' }] },
      ['$.channels[0].t: Invalid option: expected one of "c"|"p"'],
    ],
    ['a bad clock', { clock: 'yesterday' }, ['$.clock: Invalid ISO datetime']],
    [
      'a negative generate count',
      { generate: { channels: -1 } },
      ['$.generate.channels: Too small: expected number to be >=0'],
    ],
    [
      'an unknown permission',
      { permissions: { 'edit-rooms': ['admin'] } },
      [expect.stringMatching(/^\$\.permissions(\["edit-rooms"\])?: /) as unknown as string],
    ],
    [
      'a duplicate username',
      { users: [admin, { ...admin }] },
      ['$.users[1].username: duplicate username "admin"'],
    ],
    [
      'a duplicate username in another case',
      { users: [admin, { ...admin, username: 'ADMIN' }] },
      ['$.users[1].username: duplicate username "ADMIN"'],
    ],
    [
      'a duplicate user _id',
      {
        users: [
          { ...admin, _id: 'a' },
          { username: 'b', password: 'b', _id: 'a' },
        ],
      },
      ['$.users[1]._id: duplicate user _id "a"'],
    ],
    [
      'a duplicate channel name',
      { channels: [{ name: 'x' }, { name: 'x' }] },
      ['$.channels[1].name: duplicate channel name "x"'],
    ],
    [
      'a duplicate channel _id',
      {
        channels: [
          { name: 'x', _id: 'R' },
          { name: 'y', _id: 'R' },
        ],
      },
      ['$.channels[1]._id: duplicate channel _id "R"'],
    ],
    [
      'an unknown channel owner',
      { users: [admin], channels: [{ name: 'x', u: { username: 'bob' } }] },
      ['$.channels[0].u: no user "bob" in users'],
    ],
    [
      'an unknown member',
      { users: [admin], channels: [{ name: 'x', usernames: ['admin', 'bob'] }] },
      ['$.channels[0].usernames[1]: no user "bob" in users'],
    ],
    [
      'an unknown integration creator',
      { users: [admin], integrations: [{ _createdBy: { _id: 'nope' } }] },
      ['$.integrations[0]._createdBy: no user with _id "nope" in users'],
    ],
    [
      'an integration posting as an unknown user',
      { users: [admin], integrations: [{ username: 'ghost' }] },
      ['$.integrations[0].username: no user "ghost" in users'],
    ],
    [
      'an unknown integration channel',
      { users: [admin], integrations: [{ channel: ['#nope', 'general'] }] },
      [
        '$.integrations[0].channel[0]: "#nope" is not "#<room name or _id>", "@<username or user _id>", "all_public_channels", "all_private_groups", "all_direct_messages" of this world',
        '$.integrations[0].channel[1]: "general" is not "#<room name or _id>", "@<username or user _id>", "all_public_channels", "all_private_groups", "all_direct_messages" of this world',
      ],
    ],
    [
      'an integration of an unknown type',
      {
        users: [admin],
        channels: [{ name: 'general' }],
        integrations: [{ type: 'webhook-bogus', channel: ['#general'] }],
      },
      ['$.integrations[0].type: "type" is "webhook-outgoing" (the default) or "webhook-incoming"'],
    ],
    [
      'an incoming webhook with the fields of an outgoing one',
      {
        users: [admin],
        channels: [{ name: 'general' }],
        integrations: [
          { type: 'webhook-incoming', channel: ['#general'], event: 'sendMessage', urls: ['https://x'] },
        ],
      },
      [
        '$.integrations[0].event: "event" is a field of outgoing webhooks; an incoming one has none',
        '$.integrations[0].urls: "urls" is a field of outgoing webhooks; an incoming one has none',
      ],
    ],
    [
      'an incoming webhook that posts nowhere, or to all public channels',
      {
        users: [admin],
        integrations: [
          { type: 'webhook-incoming' },
          { type: 'webhook-incoming', channel: [] },
          { type: 'webhook-incoming', channel: ['all_public_channels'] },
        ],
      },
      [
        '$.integrations[0].channel: Invalid input: expected array, received undefined',
        '$.integrations[1].channel: an incoming webhook posts somewhere: at least one "#room-name" or "@username"',
        '$.integrations[2].channel[0]: starts with "#" (a room) or "@" (a user)',
      ],
    ],
    [
      'an incoming webhook aimed at a room or user the world does not have',
      { users: [admin], integrations: [{ type: 'webhook-incoming', channel: ['#nope', '@zed'] }] },
      [
        '$.integrations[0].channel[0]: "#nope" is not "#<room name or _id>", "@<username or user _id>", "all_public_channels", "all_private_groups", "all_direct_messages" of this world',
        '$.integrations[0].channel[1]: "@zed" is not "#<room name or _id>", "@<username or user _id>", "all_public_channels", "all_private_groups", "all_direct_messages" of this world',
      ],
    ],
    [
      'an integration with no user to default to',
      { integrations: [{ name: 'x' }] },
      ['$.integrations[0]._createdBy: required: the scenario has no users to default to'],
    ],
    [
      'a token of an unknown user',
      { tokens: [{ username: 'bob', authToken: 't' }] },
      ['$.tokens[0]: no user "bob" in users'],
    ],
    [
      'a duplicate token',
      {
        users: [admin],
        tokens: [
          { username: 'admin', authToken: 't' },
          { username: 'admin', authToken: 't' },
        ],
      },
      ['$.tokens[1].authToken: duplicate authToken'],
    ],
    [
      'a prototype key',
      JSON.parse('{"users":[{"username":"a","password":"a","__proto__":{"roles":["admin"]}}]}'),
      ['$.users[0].__proto__: the key "__proto__" is not allowed'],
    ],
    [
      'a constructor key',
      { channels: [{ name: 'x', constructor: { prototype: {} } }] },
      ['$.channels[0].constructor: the key "constructor" is not allowed'],
    ],
  ];
  it.each(cases)('%s', (_name, input, expected) => {
    expect(problemsOf(input)).toEqual(expected);
  });

  it('reports every problem at once', () => {
    const problems = problemsOf({
      users: [admin, admin],
      channels: [{ name: 'x', u: { username: 'zed' } }, { name: 'x' }],
    });
    expect(problems).toHaveLength(3);
  });

  describe('shape and reference problems in one report', () => {
    // the example: a bad room type, a creator who does not exist, a duplicate name
    const MIXED = {
      users: [admin],
      channels: [
        { name: 'a', t: 'x' },
        { name: 'b', u: { username: 'ghost' } },
        { name: 'c' },
        { name: 'c' },
      ],
    };
    const MIXED_PROBLEMS = [
      '$.channels[0].t: Invalid option: expected one of "c"|"p"',
      '$.channels[1].u: no user "ghost" in users',
      '$.channels[3].name: duplicate channel name "c"',
    ];

    it('a document with both kinds gets all of them, shape problems first', () => {
      expect(problemsOf(MIXED)).toEqual(MIXED_PROBLEMS);
    });

    it('every kind of reference is still checked next to a problem of shape', () => {
      expect(
        problemsOf({
          seed: 'one',
          users: [admin, { username: 'Admin', password: 'x' }, { username: 'x', password: 1 }],
          channels: [{ name: 'x', usernames: ['nobody'] }],
          integrations: [{ channel: ['#nowhere', '@nobody'] }, { name: 7 }],
          tokens: [{ username: 'nobody', authToken: 't' }, { authToken: '' }],
        }),
      ).toEqual([
        '$.seed: Invalid input: expected number, received string',
        '$.users[2].password: Invalid input: expected string, received number',
        '$.integrations[1].name: Invalid input: expected string, received number',
        '$.tokens[1].authToken: Too small: expected string to have >=1 characters',
        '$.tokens[1]: needs "username" or "userId"',
        '$.users[1].username: duplicate username "Admin"',
        '$.channels[0].usernames[0]: no user "nobody" in users',
        '$.integrations[0].channel[0]: "#nowhere" is not "#<room name or _id>", "@<username or user _id>", "all_public_channels", "all_private_groups", "all_direct_messages" of this world',
        '$.integrations[0].channel[1]: "@nobody" is not "#<room name or _id>", "@<username or user _id>", "all_public_channels", "all_private_groups", "all_direct_messages" of this world',
        '$.tokens[0]: no user "nobody" in users',
      ]);
    });

    it('an entity with a problem of shape still counts: naming it is no problem, repeating it is', () => {
      expect(
        problemsOf({
          users: [
            admin,
            { username: 'carol', roles: ['root'], password: 'x' },
            { username: 'CAROL', password: 'x' },
          ],
          channels: [
            { name: 'x', t: 'x', u: { username: 'carol' } },
            { name: 'y', u: { username: 'carol' }, usernames: ['carol'] },
            { name: 'x' },
          ],
          integrations: [{ channel: ['#x', '@carol'], _createdBy: { username: 'carol' } }],
        }),
      ).toEqual([
        '$.channels[0].t: Invalid option: expected one of "c"|"p"',
        '$.users[1].roles[0]: unknown role "root": a global role (admin, user, bot, app, guest, anonymous, livechat-agent, livechat-manager)',
        '$.users[2].username: duplicate username "CAROL"',
        '$.channels[2].name: duplicate channel name "x"',
      ]);
    });

    it('a list that is not a list: references into it are not guessed at', () => {
      expect(
        problemsOf({
          users: 'everyone',
          channels: [{ name: 'x', u: { username: 'ghost' } }],
          integrations: [{ channel: ['#x'] }],
        }),
      ).toEqual(['$.users: Invalid input: expected array, received string']);
      expect(
        problemsOf({
          generate: { users: 'ten' },
          users: [admin],
          channels: [{ name: 'x', usernames: ['u1'] }],
        }),
      ).toEqual(['$.generate.users: Invalid input: expected number, received string']);
    });

    it('the same one report from a scenario file', () => {
      const dir = mkdtempSync(join(tmpdir(), 'rcf-mixed-'));
      const file = join(dir, 'mixed.json');
      writeFileSync(file, JSON.stringify(MIXED));
      expect(() => loadScenarioFile(file)).toThrow(
        [
          `[rocketchat-fake] invalid scenario ${file} (3 problems):`,
          ...MIXED_PROBLEMS.map((p) => `  ${file}: ${p}`),
        ].join('\n'),
      );
    });

    it('the same one report from fake.load() and PUT /__admin/scenario, and nothing changes', async () => {
      const fake = createFakeServer({
        scenario: { users: [{ ...admin, roles: ['admin'] }], channels: [{ name: 'keep' }] },
      });
      const before = fake.state();
      const error = await fake.load(MIXED).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ScenarioError);
      expect((error as ScenarioError).problems.map((p) => `${p.path}: ${p.message}`)).toEqual(MIXED_PROBLEMS);
      const res = await request(fake.app).put('/__admin/scenario').send(MIXED);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error:
          '[rocketchat-fake] invalid scenario PUT /__admin/scenario (3 problems): $.channels[0].t: Invalid option: expected one of "c"|"p" (and 2 more in "problems")',
        problems: MIXED_PROBLEMS.map((p) => {
          const [path, ...message] = p.split(': ');
          return { path, message: message.join(': ') };
        }),
      });
      expect(fake.state()).toEqual(before);
    });
  });

  it('the message names the file and each path', () => {
    try {
      resolveScenario(
        { seed: -1, users: [{ username: 'a b', password: 1 }] },
        { source: 'fixtures/bad.json' },
      );
      throw new Error('not rejected');
    } catch (error) {
      expect((error as Error).message).toBe(
        [
          '[rocketchat-fake] invalid scenario fixtures/bad.json (3 problems):',
          '  fixtures/bad.json: $.seed: Too small: expected number to be >=0',
          '  fixtures/bad.json: $.users[0].username: letters, digits, ".", "_" and "-" only',
          '  fixtures/bad.json: $.users[0].password: Invalid input: expected string, received number',
        ].join('\n'),
      );
    }
  });

  it('an unreadable file and bad JSON are scenario errors naming the file', () => {
    expect(() => readScenarioFile('/nonexistent/x.json')).toThrow(
      /invalid scenario \/nonexistent\/x\.json .*\n.*\$: cannot read the file/,
    );
    const dir = join(__dirname, 'support');
    expect(() => readScenarioFile(join(dir, 'setup.ts'))).toThrow(/\$: not valid JSON/);
  });

  it('createApp refuses an invalid scenario and serves nothing', () => {
    expect(() => createApp({ scenario: { users: [{ username: 'x' }] } as never })).toThrow(ScenarioError);
  });

  it('Object.prototype is untouched after a hostile scenario', () => {
    problemsOf(JSON.parse('{"__proto__":{"polluted":true},"users":[{"username":"a","password":"a"}]}'));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('shipped fixtures', () => {
  const dir = join(__dirname, '..', 'fixtures');
  const files = ['default.json', ...readdirSync(join(dir, 'examples')).map((f) => join('examples', f))];

  it.each(files)('%s is valid', (file) => {
    expect(() => loadScenarioFile(join(dir, file))).not.toThrow();
  });

  it('the default scenario has the documented users and channels', () => {
    const world = loadScenarioFile(join(dir, 'default.json'));
    expect(world.users.map((u) => [u.username, u.password, u.roles])).toEqual([
      ['admin', 'admin', ['admin']],
      ['alice', 'alice', ['user']],
      ['bob', 'bob', ['user']],
      ['deploy-bot', 'deploy-bot', ['bot']],
      ['gina', 'gina', ['guest']],
    ]);
    expect(world.channels.length).toBe(27);
    expect(world.integrations.length).toBe(14);
    // at least one incoming webhook, created by a user who is not an admin
    const incoming = world.integrations.filter((i) => i.type === 'webhook-incoming');
    expect(incoming.find((i) => i._id === 'integ.incoming.004')).toMatchObject({
      channel: ['#deploys'],
      _createdBy: { username: 'alice' },
    });
    expect(world.integrations.filter((i) => i.type === 'webhook-outgoing').length).toBeGreaterThan(3);
  });

  it.each(files)('%s validates against the published JSON Schema (what editors use)', (file) => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const validate = ajv.compile(
      JSON.parse(readFileSync(join(dir, 'scenario.schema.json'), 'utf8')) as object,
    );
    expect(validate(JSON.parse(readFileSync(join(dir, file), 'utf8')))).toBe(true);
    expect(validate({ users: [{ username: 'x' }] })).toBe(false);
    expect(validate({ channels: [{ name: 'x', t: 'd' }] })).toBe(false);
  });

  it('fixtures/scenario.schema.json is generated from the definition (run `npm run schema`)', () => {
    const committed = JSON.parse(readFileSync(join(dir, 'scenario.schema.json'), 'utf8')) as unknown;
    expect(committed).toEqual(scenarioJsonSchema());
  });
});

describe('an outgoing webhook’s rooms', () => {
  it('takes every form the matching knows: all of a kind, #name or #_id, @username or @user _id', () => {
    const users = [
      { _id: 'adminUser00000001', username: 'admin', password: 'pw', roles: ['admin' as const] },
      { _id: 'bobUser0000000001', username: 'bob', password: 'pw' },
    ];
    const channels = [{ _id: 'GENERAL', name: 'general' }];
    const channel = [
      'all_private_groups',
      'all_direct_messages',
      '#GENERAL',
      '#general',
      '@bob',
      '@bobUser0000000001',
    ];
    const world = resolveScenario({
      users,
      channels,
      integrations: [
        { type: 'webhook-outgoing', event: 'sendMessage', urls: ['http://hook.test/'], channel },
      ],
    });
    expect(world.integrations[0]?.channel).toEqual(channel);
    // and added to a running world the same
    const fake = createFakeServer({ scenario: { users, channels } });
    expect(
      fake.addIntegration({ type: 'webhook-outgoing', urls: ['http://hook.test/'], channel }).channel,
    ).toEqual(channel);
    expect(() =>
      fake.addIntegration({ type: 'webhook-outgoing', urls: ['http://hook.test/'], channel: ['#nope'] }),
    ).toThrow('"#nope" is not "#<room name or _id>"');
  });
});
