/**
 * Typos inside entities are refused, naming file and JSON path, with the nearest known key: a
 * `"role"` that made a plain user, a `"readOnly"` that was ignored. Rocket.Chat's own fields are
 * carried as given, and anything else of its shape goes in an entity's `extra`.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import request from 'supertest';

import { loadScenarioFile } from '../src/scenario/load';
import { ScenarioError } from '../src/scenario/problems';
import { resolveScenario } from '../src/scenario/resolve';
import type { SessionOptions } from '../src/control';
import { createApp, createFakeServer } from '../src/server';
import type { FakeServerOptions } from '../src/server';
import { scenarioProblems } from './support/problems';

const admin = { username: 'admin', password: 'pw', roles: ['admin' as const] };

describe('unknown keys inside entities', () => {
  it.each([
    [
      'a user\'s "role"',
      { users: [{ username: 'a', password: 'a', role: ['admin'] }] },
      '$.users[0].role: unknown key "role"; did you mean "roles"?',
    ],
    [
      'a channel\'s "readOnly"',
      { users: [admin], channels: [{ name: 'x', readOnly: true }] },
      '$.channels[0].readOnly: unknown key "readOnly"; did you mean "ro"?',
    ],
    [
      'a channel\'s "type"',
      { users: [admin], channels: [{ name: 'x', type: 'p' }] },
      '$.channels[0].type: unknown key "type"; did you mean "t"?',
    ],
    [
      'an email\'s "adress"',
      { users: [{ username: 'a', password: 'a', emails: [{ adress: 'a@x.org' }] }] },
      '$.users[0].emails[0].adress: unknown key "adress"; did you mean "address"?',
    ],
    [
      'a creator reference\'s "usrname"',
      { users: [admin], channels: [{ name: 'x', u: { usrname: 'admin' } }] },
      '$.channels[0].u.usrname: unknown key "usrname"; did you mean "username"?',
    ],
    [
      'an outgoing webhook\'s "trigerWords"',
      { users: [admin], integrations: [{ channel: ['all_public_channels'], trigerWords: ['x'] }] },
      '$.integrations[0].trigerWords: unknown key "trigerWords"; did you mean "triggerWords"?',
    ],
    [
      'a token\'s "token"',
      { users: [admin], tokens: [{ username: 'admin', token: 't' }] },
      '$.tokens[0].token: unknown key "token"; did you mean "authToken"?',
    ],
    [
      'a key near nothing known',
      { users: [{ username: 'a', password: 'a', favouriteColour: 'red' }] },
      '$.users[0].favouriteColour: unknown key "favouriteColour"',
    ],
  ])('%s is refused with its path and a suggestion', (_name, input, expected) => {
    expect(scenarioProblems(input)).toContain(expected);
  });

  it('every unknown key of one entity is named, each at its own path', () => {
    expect(
      scenarioProblems({ users: [{ username: 'a', password: 'a', role: ['admin'], activ: false }] }),
    ).toEqual([
      '$.users[0].role: unknown key "role"; did you mean "roles"?',
      '$.users[0].activ: unknown key "activ"; did you mean "active"?',
    ]);
  });

  it('a file names itself: the whole file is refused and nothing is served', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'rcf-strict-')), 'world.json');
    writeFileSync(file, JSON.stringify({ users: [{ username: 'a', password: 'a', role: ['admin'] }] }));
    expect(() => loadScenarioFile(file)).toThrow(
      `  ${file}: $.users[0].role: unknown key "role"; did you mean "roles"?`,
    );
    expect(() => createFakeServer({ fixtures: file })).toThrow(ScenarioError);
  });

  it('PUT /__admin/scenario answers 400 with the problem, and the world is unchanged', async () => {
    const fake = createFakeServer({ scenario: { users: [admin], channels: [{ name: 'x' }] } });
    const before = fake.state();
    const res = await request(fake.app)
      .put('/__admin/scenario')
      .send({ users: [admin], channels: [{ name: 'y', readOnly: true }] });
    expect(res.status).toBe(400);
    expect(res.body.problems).toEqual([
      { path: '$.channels[0].readOnly', message: 'unknown key "readOnly"; did you mean "ro"?' },
    ]);
    expect(fake.state()).toEqual(before);
  });

  it('addChannel() refuses a typo too', () => {
    const fake = createFakeServer({ scenario: { users: [admin] } });
    expect(() => fake.addChannel({ name: 'x', readOnly: true })).toThrow(
      'addChannel(): $.readOnly: unknown key "readOnly"; did you mean "ro"?',
    );
    expect(fake.state().channels).toEqual([]);
  });

  it('a fault and a rate limit refuse typos the same way', () => {
    const fake = createFakeServer({ scenario: { users: [admin] } });
    expect(() => fake.fault({ path: '/api/info', delay: 10 } as never)).toThrow(
      '$.delay: unknown key "delay"; did you mean "delayMs"?',
    );
    expect(() => fake.setRateLimit({ limit: 1, window: 10 } as never)).toThrow(
      '$.window: unknown key "window"; did you mean "windowMs"?',
    );
  });
});

describe("Rocket.Chat's own fields and extra", () => {
  it('Rocket.Chat fields the fake does not model are carried as given', () => {
    const world = resolveScenario({
      users: [{ ...admin, status: 'online', customFields: { team: 'a' } }],
      channels: [{ name: 'x', lastMessage: { msg: 'hi' }, broadcast: true }],
    });
    expect(world.users[0]).toMatchObject({ status: 'online', customFields: { team: 'a' } });
    expect(world.channels[0]).toMatchObject({ lastMessage: { msg: 'hi' }, broadcast: true });
  });

  it('extra adds fields of any name to the entity, returned by the API as given', async () => {
    const fake = createFakeServer({
      scenario: {
        users: [admin],
        tokens: [{ username: 'admin', authToken: 'tok' }],
        channels: [{ name: 'x', extra: { federation: { origin: 'example.org' } } }],
      },
    });
    // state() is in scenario shape: the field is back in extra, and the state loads back as it is
    const state = fake.state();
    expect(state.channels[0]).toMatchObject({ extra: { federation: { origin: 'example.org' } } });
    expect(state.channels[0]).not.toHaveProperty('federation');
    await fake.load(state);
    expect(fake.state()).toEqual(state);
    const userId = fake.state().users[0]?._id ?? '';
    const res = await request(fake.app)
      .get('/api/v1/channels.list')
      .set({ 'X-Auth-Token': 'tok', 'X-User-Id': userId });
    expect(res.status).toBe(200);
    expect(res.body.channels[0]).toMatchObject({ name: 'x', federation: { origin: 'example.org' } });
  });

  it('extra may not set a field the fake models (its checks would be skipped)', () => {
    expect(scenarioProblems({ users: [admin], channels: [{ name: 'x', extra: { ro: 'yes' } }] })).toEqual([
      '$.channels[0].extra.ro: "ro" is a field the fake models: set it on the entity itself, not in "extra"',
    ]);
  });
});

describe('the published JSON Schema refuses unknown keys too', () => {
  const schema = JSON.parse(
    readFileSync(join(__dirname, '..', 'fixtures', 'scenario.schema.json'), 'utf8'),
  ) as object;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const validate = ajv.compile(schema);

  it.each([
    [{ users: [{ username: 'a', password: 'a', role: ['admin'] }] }],
    [{ channels: [{ name: 'x', readOnly: true }] }],
    [{ integrations: [{ type: 'webhook-incoming', channel: ['#x'], colour: 1 }] }],
  ])('%j is invalid', (doc) => {
    expect(validate(doc)).toBe(false);
  });

  it('carried fields and extra are valid', () => {
    expect(
      validate({
        users: [{ username: 'a', password: 'a', status: 'online' }],
        channels: [{ name: 'x', lastMessage: {}, extra: { anything: 1 } }],
      }),
    ).toBe(true);
  });
});

describe('createFakeServer options', () => {
  it('an unknown option is refused with the nearest known one', () => {
    expect(() => createFakeServer({ fixture: 'world.json' } as FakeServerOptions)).toThrow(
      '[rocketchat-fake] createFakeServer(): unknown option "fixture"; did you mean "fixtures"?',
    );
    expect(() => createFakeServer({ seeed: 1, colour: 'red' } as FakeServerOptions)).toThrow(
      '[rocketchat-fake] createFakeServer(): unknown option "seeed"; did you mean "seed"?; unknown option "colour"',
    );
  });

  it.each(['abc', -3, 1.5, 2 ** 32])(
    'a seed of %p is refused at creation, as --seed and a scenario refuse it',
    (seed) => {
      expect(() => createFakeServer({ seed } as unknown as FakeServerOptions)).toThrow(
        `[rocketchat-fake] createFakeServer(): seed is a whole number from 0 to 4294967295, not ${JSON.stringify(seed)}`,
      );
    },
  );

  it.each([
    [{ adminToken: 5 }, 'adminToken is a non-empty string'],
    [{ adminToken: ' ' }, 'adminToken is a non-empty string'],
    [{ journalSize: 0 }, 'journalSize is a whole number from 1 to 1000000, not 0'],
    [{ journalSize: 1.5 }, 'journalSize is a whole number from 1 to 1000000, not 1.5'],
    [{ sessionWorldLimit: 'x' }, 'sessionWorldLimit is a whole number from 0 to 10000000, not "x"'],
  ])('%j is refused at creation, as the CLI refuses its flag', (options, message) => {
    expect(() => createFakeServer(options as unknown as FakeServerOptions)).toThrow(
      `[rocketchat-fake] createFakeServer(): ${message}`,
    );
  });

  it.each([
    [{ timeoutMs: 1e12 }, 'timeoutMs is whole milliseconds from 0 to 600000, not 1000000000000'],
    [{ timeoutMs: -1 }, 'timeoutMs is whole milliseconds from 0 to 600000, not -1'],
    [{ timeoutMs: Number.NaN }, 'timeoutMs is whole milliseconds from 0 to 600000, not NaN'],
    [{ timeoutMs: '100' }, 'timeoutMs is whole milliseconds from 0 to 600000, not "100"'],
    [{ timeout: 100 }, 'unknown option "timeout"; did you mean "timeoutMs"?'],
  ])('a wait refuses the options %j, naming the call', (options, message) => {
    const fake = createFakeServer({ scenario: { users: [admin] } });
    expect(() => fake.waitForRequest({ path: '/x' }, options as never)).toThrow(
      `[rocketchat-fake] waitForRequest(): ${message}`,
    );
    expect(() => fake.waitForDeliveries(options as never)).toThrow(
      `[rocketchat-fake] waitForDeliveries(): ${message}`,
    );
  });

  it('a mistyped session option and a listener that is no function are refused at once', () => {
    const fake = createFakeServer({ scenario: { users: [admin] } });
    expect(() => fake.session({ idd: 'x' } as unknown as SessionOptions)).toThrow(
      '[rocketchat-fake] session(): unknown option "idd"; did you mean "id"?',
    );
    expect(fake.listSessions()).toEqual([]);
    expect(() => fake.subscribe(5 as never)).toThrow(
      '[rocketchat-fake] subscribe(): the listener is a function of one event',
    );
  });

  it('a profile that is no release line is refused at creation, for the server, the app and a session', async () => {
    const lines = '0.49, 5, 6, 7.0, 7.10, 8.5, 8.9, 7, 8';
    expect(() => createFakeServer({ profile: '9' } as unknown as FakeServerOptions)).toThrow(
      `[rocketchat-fake] createFakeServer(): profile is one of ${lines}, not "9"`,
    );
    // named by the function it was given to
    expect(() => createApp({ profile: '7.5' } as unknown as FakeServerOptions)).toThrow(
      new TypeError(`[rocketchat-fake] createApp(): profile is one of ${lines}, not "7.5"`),
    );
    expect(() => createApp({ colour: 'red' } as unknown as FakeServerOptions)).toThrow(
      '[rocketchat-fake] createApp(): unknown option "colour"',
    );
    // and the next server made is named by its own
    expect(() => createFakeServer({ profile: '9' } as unknown as FakeServerOptions)).toThrow(
      '[rocketchat-fake] createFakeServer(): profile',
    );
    const fake = createFakeServer({ scenario: { users: [admin] } });
    expect(() => fake.session({ profile: '9' } as unknown as SessionOptions)).toThrow(
      expect.objectContaining({
        name: 'ScenarioError',
        problems: [{ path: '$.profile', message: `"profile" is one of ${lines}` }],
      }),
    );
    // nothing was made: the server answers as before
    const res = await request(fake.app).get('/__admin/sessions');
    expect(res.status).toBe(200);
    expect(res.body.sessions).toEqual([]);
  });

  it('every documented option is accepted', () => {
    expect(() =>
      createFakeServer({
        scenario: { users: [admin] },
        seed: 1,
        worldCache: false,
        lenient: false,
        bodyLimit: '1mb',
        log: false,
        adminToken: 't',
        rateLimit: { limit: 5, windowMs: 1000 },
        admin: true,
        journalSize: 10,
        profile: '7',
        port: 0,
        host: '127.0.0.1',
      }),
    ).not.toThrow();
  });
});
