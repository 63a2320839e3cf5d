/**
 * Contracts out of the tests (src/pact): a client's calls against one fake become a Pact v4 file,
 * which Pact's own provider verifier (@pact-foundation/pact-core) runs against a second, fresh fake
 * set up through the provider-state route. A tampered file fails. The file validates against the
 * Pact v4 schema shipped under test/support, and holds no secret.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import Ajv2020 from 'ajv/dist/2020';
import pact from '@pact-foundation/pact-core';
import request from 'supertest';

import { withExampleHost } from '../src/pact/origin';
import { shapeResponse } from '../src/pact/rules';
import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { PactDocument, PactInteraction } from '../src/types';
import { CLI } from './support/build';
import { verifyAgainstFreshFake } from './support/pact';

process.env.PACT_DO_NOT_TRACK = 'true';
pact.logLevel('error');

type Headers = Record<string, string>;

/** A client of the fake, as a bot would be: fetch, JSON, the auth headers it got from login. */
function client(base: string) {
  const call = async (method: string, path: string, body?: object, headers: Headers = {}) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...(body ? { 'Content-Type': 'application/json' } : {}), ...headers },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  return {
    call,
    async login(username: string, password: string): Promise<{ headers: Headers; token: string }> {
      const res = await call('POST', '/api/v1/login', { username, password });
      const data = res.body.data as { userId: string; authToken: string };
      return { headers: { 'X-Auth-Token': data.authToken, 'X-User-Id': data.userId }, token: data.authToken };
    },
  };
}

/**
 * A realistic sequence: alice logs in, lists, reads an integration list (refused: she may not),
 * makes her channel read-only and back, makes it private, fails to change a channel not hers;
 * the admin reads integrations; a wrong password is refused. Returns the tokens issued.
 */
async function exercise(base: string): Promise<string[]> {
  const c = client(base);
  const alice = await c.login('alice', 'alice');
  const admin = await c.login('admin', 'admin');
  await c.call('GET', '/api/v1/channels.list?count=5', undefined, alice.headers);
  await c.call('GET', '/api/v1/channels.list?count=5', undefined, alice.headers); // the same again: once in the contract
  await c.call('GET', '/api/v1/channels.getIntegrations?roomName=deploys', undefined, admin.headers);
  await c.call('GET', '/api/v1/channels.getIntegrations?roomName=deploys', undefined, alice.headers);
  await c.call('POST', '/api/v1/channels.setReadOnly', { roomName: 'random', readOnly: true }, alice.headers);
  await c.call(
    'POST',
    '/api/v1/channels.setReadOnly',
    { roomId: 'random.channel.01', readOnly: false },
    alice.headers,
  );
  await c.call('POST', '/api/v1/channels.setType', { roomName: 'random', type: 'p' }, alice.headers);
  await c.call('POST', '/api/v1/channels.setType', { roomName: 'announcements', type: 'p' }, alice.headers);
  await c.call('POST', '/api/v1/channels.setReadOnly', { roomName: 'nope', readOnly: true }, alice.headers);
  await c.call('POST', '/api/v1/login', { username: 'alice', password: 'not-her-password' });
  return [alice.token, admin.token];
}

/**
 * A bot's first minute of messaging: posts by channel name and by room id, a message sent, read
 * back, edited and deleted, the histories, subscriptions read, a direct message, the public
 * settings, and an incoming webhook's call.
 */
async function messaging(base: string, hookToken: string): Promise<void> {
  const c = client(base);
  const alice = await c.login('alice', 'alice');
  const posted = await c.call(
    'POST',
    '/api/v1/chat.postMessage',
    { channel: '#general', text: 'hello all' },
    alice.headers,
  );
  const messageId = (posted.body.message as { _id: string })._id;
  await c.call(
    'POST',
    '/api/v1/chat.postMessage',
    { roomId: 'random.channel.01', text: 'in random' },
    alice.headers,
  );
  const sent = await c.call(
    'POST',
    '/api/v1/chat.sendMessage',
    { message: { rid: 'random.channel.01', msg: 'sent' } },
    alice.headers,
  );
  const sentId = (sent.body.message as { _id: string })._id;
  await c.call('GET', `/api/v1/chat.getMessage?msgId=${messageId}`, undefined, alice.headers);
  await c.call(
    'POST',
    '/api/v1/chat.update',
    { roomId: 'random.channel.01', msgId: sentId, text: 'edited' },
    alice.headers,
  );
  await c.call('GET', '/api/v1/channels.history?roomName=general&count=2', undefined, alice.headers);
  await c.call('POST', '/api/v1/chat.delete', { roomId: 'random.channel.01', msgId: sentId }, alice.headers);
  await c.call('GET', '/api/v1/subscriptions.get', undefined, alice.headers);
  await c.call('POST', '/api/v1/subscriptions.read', { rid: 'GENERAL' }, alice.headers);
  await c.call('GET', '/api/v1/settings.public?_id=Site_Name', undefined);
  await c.call('POST', '/api/v1/im.create', { username: 'bob' }, alice.headers);
  const dm = await c.call(
    'POST',
    '/api/v1/chat.postMessage',
    { channel: '@bob', text: 'psst' },
    alice.headers,
  );
  const rid = (dm.body.message as { rid: string }).rid;
  await c.call('GET', `/api/v1/im.history?roomId=${rid}`, undefined, alice.headers);
  await c.call('POST', '/api/v1/subscriptions.read', { rid }, alice.headers);
  await c.call('POST', `/hooks/integ.incoming.004/${hookToken}`, { text: 'build passed' });
  await c.call('POST', '/hooks/integ.incoming.004/wrong-token', { text: 'x' });
}

async function contractOf(
  fake: FakeServer,
  consumer = 'my-bot',
): Promise<{ doc: PactDocument; tokens: string[] }> {
  const tokens = await exercise(fake.url);
  return { doc: fake.pact({ consumer }), tokens };
}

function byDescription(doc: PactDocument, start: string): PactInteraction {
  const found = doc.interactions.find((i) => i.description.startsWith(start));
  if (!found)
    throw new Error(`no interaction "${start}" in ${doc.interactions.map((i) => i.description).join('; ')}`);
  return found;
}

describe('fake.pact(): the journal as a Pact v4 contract', () => {
  let fake: FakeServer;
  let doc: PactDocument;
  let tokens: string[];

  beforeAll(async () => {
    fake = createFakeServer();
    await fake.start(0);
    ({ doc, tokens } = await contractOf(fake));
  });
  afterAll(() => fake.stop());

  it('one interaction per distinct request and answer, in the order first seen', () => {
    expect(doc.interactions.map((i) => i.description)).toEqual([
      'POST /api/v1/login (username=alice) as nobody: 200',
      'POST /api/v1/login (username=admin) as nobody: 200',
      'GET /api/v1/channels.list as alice: 200',
      'GET /api/v1/channels.getIntegrations (roomName=deploys) as admin: 200',
      'GET /api/v1/channels.getIntegrations (roomName=deploys) as alice: 403',
      'POST /api/v1/channels.setReadOnly (roomName=random, readOnly=true) as alice: 200',
      'POST /api/v1/channels.setReadOnly (roomId=random.channel.01, readOnly=false) as alice: 200',
      'POST /api/v1/channels.setType (roomName=random, type=p) as alice: 200',
      'POST /api/v1/channels.setType (roomName=announcements, type=p) as alice: 400',
      'POST /api/v1/channels.setReadOnly (roomName=nope, readOnly=true) as alice: 400',
      'POST /api/v1/login (username=alice) as nobody: 401',
    ]);
    expect(doc).toMatchObject({
      consumer: { name: 'my-bot' },
      provider: { name: 'rocketchat' },
      metadata: { pactSpecification: { version: '4.0' }, 'rocketchat-fake': { version: expect.any(String) } },
    });
  });

  it('validates against the Pact v4 schema (test/support/pact-v4.schema.json), which refuses a broken file', () => {
    const schema = JSON.parse(
      readFileSync(join(__dirname, 'support', 'pact-v4.schema.json'), 'utf8'),
    ) as object;
    const validate = new Ajv2020({ strict: false, allErrors: true }).compile(schema);
    expect(validate(doc)).toBe(true);
    expect(validate.errors ?? null).toBeNull();
    const broken = structuredClone(doc);
    (broken.metadata.pactSpecification as { version: string }).version = '3.0.0';
    delete (broken.interactions[0]?.request as { method?: string }).method;
    expect(validate(broken)).toBe(false);
  });

  it('provider states in words and params: the caller with its roles, the room as it was then, an absent room', () => {
    const states = (start: string) => byDescription(doc, start).providerStates;
    expect(states('POST /api/v1/channels.setReadOnly (roomName=random, readOnly=true)')).toEqual([
      {
        name: 'alice is logged in with the role user',
        params: { kind: 'caller', username: 'alice', roles: ['user'] },
      },
      {
        name: 'a public channel named random, read-only false, created by alice',
        params: { kind: 'room', name: 'random', t: 'c', ro: false, archived: false, creator: 'alice' },
      },
    ]);
    // the second change sees the first one's result
    expect(states('POST /api/v1/channels.setReadOnly (roomId=random.channel.01')[1]?.name).toBe(
      'a public channel named random, read-only true, created by alice',
    );
    expect(states('POST /api/v1/channels.setReadOnly (roomName=nope')[1]).toEqual({
      name: 'no room named nope',
      params: { kind: 'room', name: 'nope', absent: true },
    });
    expect(states('POST /api/v1/login (username=alice) as nobody: 200')).toEqual([
      { name: 'alice can log in with the password', params: { kind: 'login', username: 'alice' } },
    ]);
    expect(states('POST /api/v1/login (username=alice) as nobody: 401')).toEqual([
      { name: 'alice exists', params: { kind: 'login', username: 'alice' } },
    ]);
    // the password is a matcher, never a value
    expect(
      byDescription(doc, 'POST /api/v1/login (username=alice) as nobody: 200').request.matchingRules,
    ).toEqual({
      body: { '$.password': { combine: 'AND', matchers: [{ match: 'type' }] } },
    });
  });

  it('no secret in the file: auth headers and passwords come from the provider state', () => {
    const text = JSON.stringify(doc);
    for (const token of tokens) expect(text).not.toContain(token);
    expect(text).not.toContain('not-her-password');
    const login = byDescription(doc, 'POST /api/v1/login (username=alice) as nobody: 200');
    expect(login.request.body?.content).toEqual({
      username: 'alice',
      password: '<password from the provider state>',
    });
    expect(login.request.generators).toEqual({
      body: { '$.password': { type: 'ProviderState', expression: '${password}', dataType: 'STRING' } },
    });
    const list = byDescription(doc, 'GET /api/v1/channels.list');
    expect(list.request.headers).toEqual({
      'X-Auth-Token': ['<authToken from the provider state>'],
      'X-User-Id': ['<userId from the provider state>'],
    });
    expect(list.request.generators?.header).toEqual({
      'X-Auth-Token': { type: 'ProviderState', expression: '${authToken}', dataType: 'STRING' },
      'X-User-Id': { type: 'ProviderState', expression: '${userId}', dataType: 'STRING' },
    });
    expect(list.request.matchingRules?.header?.['X-Auth-Token']?.matchers).toEqual([
      { match: 'regex', regex: '^.+$' },
    ]);
    // a room the client named by _id: another server's _id comes from the state too
    const byId = byDescription(doc, 'POST /api/v1/channels.setReadOnly (roomId=random.channel.01');
    expect(byId.request.body?.content).toEqual({
      roomId: '<roomId from the provider state>',
      readOnly: false,
    });
  });

  it('a room’s lm and lastMessage are left out: its history decides them, not its provider state', () => {
    const room = { _id: 'GENERAL', t: 'c', name: 'general', msgs: 3, lm: '2026-01-01T00:00:01.000Z' };
    const lastMessage = { _id: 'm1', t: 'uj', msg: 'alice', rid: 'GENERAL' };
    const { body, rules } = shapeResponse({
      channel: { ...room, lastMessage },
      channels: [{ ...room, lastMessage }],
      success: true,
    });
    const kept = { _id: 'GENERAL', t: 'c', name: 'general', msgs: 3 };
    expect(body).toEqual({ channel: kept, channels: [kept], success: true });
    expect(Object.keys(rules).filter((path) => /lm|lastMessage/.test(path))).toEqual([]);
    // a message is no room: its fields stay
    expect(shapeResponse({ message: lastMessage, success: true }).body).toEqual({
      message: lastMessage,
      success: true,
    });
  });

  it('a list page’s template keeps what every element has, at every depth, of one kind', () => {
    const { body, rules } = shapeResponse({
      update: [
        { _id: 'a', t: 'c', u: { _id: 'x', username: 'x', name: 'X' }, ls: '2026-01-01T00:00:00.000Z', n: 1 },
        { _id: 'b', t: 'd', u: { _id: 'y', username: 'y' }, ls: null, n: 2 },
      ],
      success: true,
    });
    // a direct room's subscription names its user without `name`; `ls` is a date in one, null in the other
    expect(body).toEqual({
      update: [{ _id: 'a', t: 'c', u: { _id: 'x', username: 'x' }, n: 1 }],
      success: true,
    });
    expect(rules['$.update[*].u.username']).toEqual({ combine: 'AND', matchers: [{ match: 'type' }] });
    expect(rules['$.update[*].u.name']).toBeUndefined();
    expect(rules['$.update[*].ls']).toBeUndefined();
    expect(rules['$.update[*].n']).toEqual({ combine: 'AND', matchers: [{ match: 'integer' }] });
  });

  it('matching rules: what differs between servers by type or pattern, what the request decides by value', () => {
    const change = byDescription(doc, 'POST /api/v1/channels.setReadOnly (roomName=random, readOnly=true)');
    const rules = change.response.matchingRules.body ?? {};
    expect(rules['$.channel._id']).toEqual({ combine: 'AND', matchers: [{ match: 'type' }] });
    expect(rules['$.channel._updatedAt']?.matchers[0]?.match).toBe('regex');
    expect(rules['$.channel.msgs']).toEqual({ combine: 'AND', matchers: [{ match: 'integer' }] });
    for (const byValue of ['$.channel.ro', '$.channel.name', '$.channel.t', '$.success'])
      expect(rules[byValue]).toBeUndefined();
    const list = byDescription(doc, 'GET /api/v1/channels.list');
    const content = list.response.body?.content as { channels: object[]; total: number };
    // a list page is one template element: another server lists other channels
    expect(content.channels).toHaveLength(1);
    expect(list.response.matchingRules.body?.['$.channels']).toEqual({
      combine: 'AND',
      matchers: [{ match: 'type', min: 0 }],
    });
    expect(list.response.matchingRules.body?.['$.total']).toEqual({
      combine: 'AND',
      matchers: [{ match: 'integer' }],
    });
    const refused = byDescription(doc, 'POST /api/v1/channels.setType (roomName=announcements');
    expect(refused.response).toMatchObject({
      status: 400,
      body: { content: { success: false, errorType: 'error-action-not-allowed' } },
    });
    expect(refused.response.matchingRules.body).toBeUndefined();
  });

  it('GET /__admin/pact answers the same document; consumer is required; a filter narrows it', async () => {
    const res = await request(fake.url).get('/__admin/pact?consumer=my-bot');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(doc);
    const only = await request(fake.url).get(
      '/__admin/pact?consumer=my-bot&provider=chat&path=/api/v1/login&status=401',
    );
    expect(only.body.provider).toEqual({ name: 'chat' });
    expect(only.body.interactions.map((i: PactInteraction) => i.description)).toEqual([
      'POST /api/v1/login (username=alice) as nobody: 401',
    ]);
    const missing = await request(fake.url).get('/__admin/pact');
    expect(missing.status).toBe(400);
    expect(missing.body.problems).toEqual([
      { path: '$.consumer', message: '"consumer" is required: the name of your client' },
    ]);
  });

  it('a session has its own contract; answers a fault stood in for make none', async () => {
    const session = fake.session();
    try {
      const c = client(session.url);
      const alice = await c.login('alice', 'alice');
      session.fault({ path: '/api/v1/channels.list', status: 503, times: 1 });
      await c.call('GET', '/api/v1/channels.list', undefined, alice.headers);
      await c.call('GET', '/api/v1/channels.list?count=1', undefined, alice.headers);
      const own = await request(fake.url).get(`${session.path}/__admin/pact?consumer=my-bot`);
      expect(own.body.interactions.map((i: PactInteraction) => i.description)).toEqual([
        'POST /api/v1/login (username=alice) as nobody: 200',
        'GET /api/v1/channels.list as alice: 200',
      ]);
    } finally {
      await session.close();
    }
  });
});

describe("the fake's own address in a contract", () => {
  it('is written as the example localhost:3000 (URLs, workspaceUrl, its hash): two runs on two ports write one file', async () => {
    const docs: string[] = [];
    for (let i = 0; i < 2; i += 1) {
      const fake = createFakeServer();
      const url = await fake.start(0);
      const login = (await (
        await fetch(`${url}/api/v1/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ user: 'admin', password: 'admin' }),
        })
      ).json()) as { data: { authToken: string; userId: string; me: { avatarUrl: string } } };
      // the answer itself names the address the client reached
      expect(login.data.me.avatarUrl).toBe(`${url}/avatar/admin`);
      await (await fetch(`${url}/api/info`)).text();
      docs.push(JSON.stringify(fake.pact({ consumer: 'c' })));
      await fake.stop();
    }
    expect(docs[0]).toBe(docs[1]);
    expect(docs[0]).toContain('"avatarUrl":"http://localhost:3000/avatar/admin"');
    expect(docs[0]).not.toMatch(/127\.0\.0\.1/);
  });

  it('withExampleHost rewrites the host after a scheme, whole, and hashed; nothing else', () => {
    const host = '127.0.0.1:4100';
    const hash = (t: string): string => createHash('sha256').update(t).digest('hex');
    expect(
      withExampleHost(
        {
          a: `http://${host}/avatar/x`,
          b: host,
          c: hash(host),
          d: [`https://${host}`, `http://${host}0/x`, 'https://example.org/127.0.0.1:4100'],
        },
        host,
      ),
    ).toEqual({
      a: 'http://localhost:3000/avatar/x',
      b: 'localhost:3000',
      c: hash('localhost:3000'),
      d: ['https://localhost:3000', `http://${host}0/x`, 'https://example.org/127.0.0.1:4100'],
    });
  });
});

describe('the round trip: the contract verified by Pact against a fresh fake', () => {
  jest.setTimeout(60_000);

  it('every interaction verifies, through the provider-state route', async () => {
    const fake = createFakeServer();
    await fake.start(0);
    const { doc } = await contractOf(fake);
    await fake.stop();
    await expect(verifyAgainstFreshFake(doc)).resolves.toBeUndefined();
  });

  it('a bot’s messaging minute verifies too: messages, subscriptions, a direct room, an incoming webhook', async () => {
    const fake = createFakeServer();
    await fake.start(0);
    const hook = fake.state().integrations.find((i) => i._id === 'integ.incoming.004');
    await messaging(fake.url, String(hook?.token));
    const doc = fake.pact({ consumer: 'my-bot' });
    await fake.stop();
    expect(JSON.stringify(doc)).not.toContain(String(hook?.token));
    // another server gives the direct room another _id: the state makes it and hands it over
    const history = byDescription(doc, 'GET /api/v1/im.history');
    expect(history.providerStates.map((state) => state.name)).toContain('a direct room of alice and bob');
    expect(history.request.generators?.query?.roomId).toEqual({
      type: 'ProviderState',
      expression: '${roomId}',
      dataType: 'STRING',
    });
    const read = byDescription(doc, 'GET /api/v1/chat.getMessage');
    expect(read.providerStates.map((state) => state.name)).toContainEqual(
      expect.stringMatching(/^a message [0-9a-f]{24} by alice in general: hello all$/),
    );
    expect(byDescription(doc, 'POST /hooks/').request.path).toBe(
      '/hooks/integ.incoming.004/<hookToken from the provider state>',
    );
    await expect(verifyAgainstFreshFake(doc)).resolves.toBeUndefined();
  });

  it('entities the control API added are in the provider states from where they were added (no token leaks)', async () => {
    const fake = createFakeServer();
    await fake.start(0);
    const c = client(fake.url);
    const alice = await c.login('alice', 'alice');
    // before the room exists: its absence is the state
    await c.call('POST', '/api/v1/channels.setReadOnly', { roomName: 'lab', readOnly: true }, alice.headers);
    fake.addChannel({ name: 'lab', u: { username: 'alice' }, usernames: ['alice'] });
    const hook = fake.addIntegration({
      type: 'webhook-incoming',
      name: 'ci',
      channel: ['#lab'],
      username: 'alice',
    }) as { _id: string; token: string };
    await c.call('POST', '/api/v1/channels.setReadOnly', { roomName: 'lab', readOnly: true }, alice.headers);
    const posted = await c.call('POST', `/hooks/${hook._id}/${hook.token}`, { text: 'build passed' });
    expect(posted.status).toBe(200);
    const doc = fake.pact({ consumer: 'my-bot' });
    await fake.stop();
    expect(JSON.stringify(doc)).not.toContain(hook.token);
    const [before, after] = doc.interactions.filter((i) =>
      i.description.startsWith('POST /api/v1/channels.setReadOnly'),
    );
    expect(before?.response.status).toBe(400);
    expect(after?.response.status).toBe(200);
    expect(after?.providerStates.map((state) => state.name)).toContainEqual(expect.stringMatching(/lab/));
    expect(byDescription(doc, 'POST /hooks/').request.path).toBe(
      `/hooks/${hook._id}/<hookToken from the provider state>`,
    );
    await expect(verifyAgainstFreshFake(doc)).resolves.toBeUndefined();
  });

  it('the same file with one response changed by hand fails verification, naming the interaction', async () => {
    const fake = createFakeServer();
    await fake.start(0);
    const { doc } = await contractOf(fake);
    await fake.stop();
    const tampered = structuredClone(doc);
    const change = byDescription(
      tampered,
      'POST /api/v1/channels.setReadOnly (roomName=random, readOnly=true)',
    );
    (change.response.body?.content as { channel: { ro: boolean } }).channel.ro = false;
    // the verifier's logger reports the failure on the console: expected here
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    const failure = await verifyAgainstFreshFake(tampered).then(
      () => 'verified',
      (error: unknown) => String(error instanceof Error ? error.message : error),
    );
    log.mockRestore();
    expect(failure).not.toBe('verified');
    expect(failure).toContain(
      'POST /api/v1/channels.setReadOnly (roomName=random, readOnly=true) as alice: 200',
    );
    expect(failure).toContain('$.channel.ro');
  });
});

describe('POST /__admin/pact/provider-states', () => {
  it('sets a state up and answers the values to inject; a teardown resets; an unknown state is a 400', async () => {
    const fake = createFakeServer();
    const app = fake.app;
    const caller = await request(app)
      .post('/__admin/pact/provider-states')
      .send({
        state: 'carol is logged in with the role user',
        params: { kind: 'caller', username: 'carol', roles: ['user'] },
      });
    expect(caller.status).toBe(200);
    expect(caller.body).toEqual({ userId: expect.any(String), authToken: expect.any(String) });
    const me = await request(app)
      .get('/api/v1/me')
      .set({ 'X-Auth-Token': caller.body.authToken, 'X-User-Id': caller.body.userId });
    expect(me.body).toMatchObject({ username: 'carol', roles: ['user'] });
    const room = await request(app)
      .post('/__admin/pact/provider-states')
      .send({
        state: 'a public channel named random, read-only true',
        params: { kind: 'room', name: 'random', t: 'c', ro: true },
      });
    expect(room.body).toEqual({ roomId: 'random.channel.01' });
    expect(fake.state().channels.find((c) => c.name === 'random')).toMatchObject({ ro: true, t: 'c' });
    const login = await request(app)
      .post('/__admin/pact/provider-states')
      .send({ state: 'alice can log in with the password', params: { kind: 'login', username: 'alice' } });
    expect(login.body).toEqual({ password: 'alice' });
    const teardown = await request(app)
      .post('/__admin/pact/provider-states')
      .send({
        state: 'a public channel named random',
        params: { kind: 'room', name: 'random' },
        action: 'teardown',
      });
    // a teardown puts the world back to its baseline
    expect(teardown.body).toEqual({});
    expect(fake.state().channels.find((c) => c.name === 'random')).toMatchObject({ ro: false });
    expect(fake.state().users.map((u) => u.username)).not.toContain('carol');
    const anonymous = await request(app)
      .post('/__admin/pact/provider-states')
      .send({ state: 'no user is logged in', params: { kind: 'anonymous' } });
    expect(anonymous.body).toEqual({});
    const unknown = await request(app)
      .post('/__admin/pact/provider-states')
      .send({ state: 'the moon is full' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toContain('unknown provider state "the moon is full"');
    const bad = await request(app).post('/__admin/pact/provider-states').send({ params: {} });
    expect(bad.body.problems).toEqual([
      { path: '$.state', message: '"state" is required: the provider state\'s name' },
    ]);
  });
});

describe('POST /__admin/pact/provider-states: an incoming webhook', () => {
  it('makes the rooms and users it posts to, each once, then the hook', async () => {
    const fake = createFakeServer();
    const res = await request(fake.app)
      .post('/__admin/pact/provider-states')
      .send({
        state: 's',
        params: {
          kind: 'incoming-webhook',
          _id: 'hookNew',
          channel: ['#newroom', '#newroom'],
          username: 'ci',
        },
      });
    expect(res.status).toBe(200);
    expect(fake.state().channels.filter((c) => c.name === 'newroom')).toHaveLength(1);
    expect(fake.state().integrations.find((i) => i._id === 'hookNew')).toMatchObject({
      channel: ['#newroom', '#newroom'],
    });
  });
});

describe('POST /__admin/pact/provider-states: a caller with any role of the world', () => {
  it('takes a seeded role beyond the basic four and a custom role by name (held by its _id)', async () => {
    const fake = createFakeServer({ scenario: { roles: [{ _id: 'supportRoleId0001', name: 'support' }] } });
    const res = await request(fake.app)
      .post('/__admin/pact/provider-states')
      .send({
        state: 'carol is logged in with the roles user, livechat-agent and support',
        params: { kind: 'caller', username: 'carol', roles: ['user', 'livechat-agent', 'support'] },
      });
    expect(res.status).toBe(200);
    const me = await request(fake.app)
      .get('/api/v1/me')
      .set({ 'X-Auth-Token': res.body.authToken, 'X-User-Id': res.body.userId });
    expect(me.body).toMatchObject({
      username: 'carol',
      roles: ['user', 'livechat-agent', 'supportRoleId0001'],
    });
  });
});

describe('POST /__admin/pact/provider-states with a bad state', () => {
  it.each<[string, object]>([
    ['roles that do not exist', { state: 's', params: { kind: 'caller', username: 'zed', roles: ['god'] } }],
    [
      'a room name the scenario refuses, by a creator not yet there',
      { state: 's', params: { kind: 'room', name: 'bad name', creator: 'newbie' } },
    ],
    [
      'a login by an unknown e-mail address',
      { state: 's', params: { kind: 'login', email: 'nobody@example.com' } },
    ],
    ['a kind this fake does not write', { state: 's', params: { kind: 'moon' } }],
    ['params that are not an object', { state: 's', params: [1] }],
    // "absent" states this world cannot make true: the fake removes nothing
    [
      'no room named random, which the world has',
      { state: 's', params: { kind: 'room', name: 'random', absent: true } },
    ],
    [
      'no room with _id GENERAL, which the world has',
      { state: 's', params: { kind: 'room', _id: 'GENERAL', absent: true } },
    ],
    ['no user alice, who exists', { state: 's', params: { kind: 'login', username: 'alice', absent: true } }],
    ['a room type that is no room type', { state: 's', params: { kind: 'room', name: 'lab', t: 'x' } }],
    ['read-only as text', { state: 's', params: { kind: 'room', name: 'lab', ro: 'yes' } }],
    ['members that are not a list', { state: 's', params: { kind: 'room', name: 'lab', members: 'bob' } }],
    [
      'an incoming webhook posting to a new room and a user name the scenario refuses',
      {
        state: 's',
        params: {
          kind: 'incoming-webhook',
          _id: 'hookNew',
          channel: ['#newroom', '@bad name'],
          username: 'ci',
        },
      },
    ],
  ])('%s: 400, and the world is as it was', async (_name, body) => {
    const fake = createFakeServer();
    const before = fake.state();
    const res = await request(fake.app).post('/__admin/pact/provider-states').send(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual(expect.any(String));
    expect(fake.state()).toEqual(before);
  });
});

describe('the contract written to a file', () => {
  it('keeps every interaction when the journal ring drops old requests (journalSize 2), each with the states of its time', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rcf-pacts-'));
    const fake = createFakeServer({ pact: { dir, consumer: 'ring' }, journalSize: 2 });
    await fake.start(0);
    const c = client(fake.url);
    const alice = await c.login('alice', 'alice');
    await c.call(
      'POST',
      '/api/v1/channels.setReadOnly',
      { roomName: 'random', readOnly: true },
      alice.headers,
    );
    await c.call('GET', '/api/v1/channels.list?count=1', undefined, alice.headers);
    await c.call('GET', '/api/v1/me', undefined, alice.headers);
    await c.call(
      'POST',
      '/api/v1/channels.setReadOnly',
      { roomName: 'random', readOnly: false },
      alice.headers,
    );
    const kept = fake.requests().length;
    const doc = fake.pact({ consumer: 'ring' });
    await fake.stop();
    expect(kept).toBe(2);
    expect(doc.interactions.map((i) => i.description)).toEqual([
      'POST /api/v1/login (username=alice) as nobody: 200',
      'POST /api/v1/channels.setReadOnly (roomName=random, readOnly=true) as alice: 200',
      'GET /api/v1/channels.list as alice: 200',
      'GET /api/v1/me as alice: 200',
      'POST /api/v1/channels.setReadOnly (roomName=random, readOnly=false) as alice: 200',
    ]);
    // the last change saw the first one's result: the room read-only when it was asked
    const last = byDescription(doc, 'POST /api/v1/channels.setReadOnly (roomName=random, readOnly=false)');
    expect(last.providerStates.map((state) => state.name)).toContainEqual(
      expect.stringMatching(/read-only true/),
    );
    await expect(verifyAgainstFreshFake(doc)).resolves.toBeUndefined();
  });

  it('createFakeServer({pact}) keeps interactions across resets and writes them when a session ends and when it stops', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rcf-pacts-'));
    const fake = createFakeServer({ pact: { dir, consumer: 'my-bot' } });
    await fake.start(0);
    const c = client(fake.url);
    const alice = await c.login('alice', 'alice');
    await c.call('GET', '/api/v1/channels.list?count=1', undefined, alice.headers);
    await fake.reset(); // a test ends: the journal is cleared, the contract keeps its interactions
    const again = await c.login('admin', 'admin');
    await c.call('GET', '/api/v1/me', undefined, again.headers);
    const session = fake.session();
    const s = client(session.url);
    await s.login('bob', 'bob');
    await session.close();
    const file = join(dir, 'my-bot-rocketchat.json');
    const afterSession = JSON.parse(readFileSync(file, 'utf8')) as PactDocument;
    expect(afterSession.interactions.map((i) => i.description)).toEqual([
      'POST /api/v1/login (username=bob) as nobody: 200',
    ]);
    await fake.stop();
    const written = JSON.parse(readFileSync(file, 'utf8')) as PactDocument;
    expect(written.interactions.map((i) => i.description)).toEqual([
      'POST /api/v1/login (username=bob) as nobody: 200',
      'POST /api/v1/login (username=alice) as nobody: 200',
      'GET /api/v1/channels.list as alice: 200',
      'POST /api/v1/login (username=admin) as nobody: 200',
      'GET /api/v1/me as admin: 200',
    ]);
  });

  it('the CLI: -c "COMMAND" --pact-dir DIR --consumer NAME writes DIR/NAME-rocketchat.json after the command', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rcf-pacts-cli-'));
    const script = join(dir, 'client.js');
    writeFileSync(
      script,
      `const base = process.env.ROCKETCHAT_URL;
       (async () => {
         const r = await fetch(base + '/api/v1/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'bob', password: 'bob' }) });
         const { data } = await r.json();
         await fetch(base + '/__admin/reset', { method: 'POST' });
         await fetch(base + '/api/v1/channels.list', { headers: { 'X-Auth-Token': data.authToken, 'X-User-Id': data.userId } });
       })();`,
    );
    const run = spawnSync(
      process.execPath,
      [CLI, '--port', '0', '-c', `node ${script}`, '--pact-dir', join(dir, 'pacts'), '--consumer', 'my-bot'],
      { encoding: 'utf8' },
    );
    expect(run.status).toBe(0);
    const written = JSON.parse(
      readFileSync(join(dir, 'pacts', 'my-bot-rocketchat.json'), 'utf8'),
    ) as PactDocument;
    expect(written.interactions.map((i) => i.description)).toEqual([
      'POST /api/v1/login (username=bob) as nobody: 200',
      // the token died with the reset: the contract holds what the client saw
      'GET /api/v1/channels.list as nobody: 401',
    ]);
    expect(written.interactions[1]?.providerStates).toEqual([
      { name: 'no user is logged in', params: { kind: 'anonymous' } },
    ]);
    const usage = spawnSync(process.execPath, [CLI, '--pact-dir', dir], { encoding: 'utf8' });
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('--pact-dir DIR and --consumer NAME go together');
  });
});
