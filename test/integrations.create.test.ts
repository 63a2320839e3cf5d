/**
 * `POST /api/v1/integrations.create` and its realtime twins `addIncomingIntegration` /
 * `addOutgoingIntegration`: one command per kind behind both faces. A created outgoing webhook
 * fires (a real receiver gets the post), a created incoming one answers at `/hooks/<id>/<token>`.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { ProfileId } from '../src/types';
import type { Ddp } from './support/ddp';
import { openDdp } from './support/ddp';
import type { AS } from './support/fake';
import { WORLD, getAs, makeFake, postAs } from './support/fake';
import { snapshot } from './support/rooms';

const CREATE = '/api/v1/integrations.create';
const HEX24 = /^[0-9a-f]{24}$/;
const METEOR_ID = /^[23456789A-HJ-NP-Za-km-z]{17}$/;
const TOKEN = /^[23456789A-HJ-NP-Za-km-z]{48}$/;

const INCOMING = {
  type: 'webhook-incoming',
  name: 'Incoming test',
  enabled: true,
  alias: 'test',
  username: 'robot',
  scriptEnabled: false,
  overrideDestinationChannelEnabled: true,
  channel: '#general',
};

function create(fake: FakeServer, who: keyof typeof AS, body: object): request.Test {
  return postAs(fake.app, who, CREATE, body);
}

describe('POST /api/v1/integrations.create: incoming', () => {
  it('answers the method object (body order, server keys appended, _id last), stores it (_id first), tokens and bot role', async () => {
    const fake = makeFake({ profile: '7' });
    const res = await create(fake, 'admin', INCOMING);
    expect(res.status).toBe(200);
    const { integration } = res.body;
    expect(Object.keys(integration)).toEqual([
      'type',
      'name',
      'enabled',
      'alias',
      'username',
      'scriptEnabled',
      'overrideDestinationChannelEnabled',
      'channel',
      'scriptEngine',
      'token',
      'userId',
      '_createdAt',
      '_createdBy',
      '_id',
    ]);
    expect(res.body).toEqual({
      integration: {
        ...INCOMING,
        channel: ['#general'],
        scriptEngine: 'isolated-vm',
        token: expect.stringMatching(TOKEN),
        userId: 'botUserId00000001',
        _createdAt: '2026-01-01T00:00:01.000Z',
        _createdBy: { _id: 'adminUserId000001', username: 'admin' },
        _id: expect.stringMatching(HEX24),
      },
      success: true,
    });
    const stored = fake.state().integrations.find((i) => i._id === integration._id);
    expect(Object.keys(stored ?? {})[0]).toBe('_id');
    expect(Object.keys(stored ?? {}).at(-1)).toBe('_updatedAt');
    expect(fake.changes().integrations.added.map((i) => i._id)).toEqual([integration._id]);
    // the same world and requests give the same token and id
    const again = await create(makeFake({ profile: '7' }), 'admin', INCOMING);
    expect(again.body.integration.token).toBe(integration.token);
    expect(again.body.integration._id).toBe(integration._id);
    // it answers at /hooks/<id>/<token>: the message posted as robot into #general
    const hook = await request(fake.app)
      .post(`/hooks/${integration._id as string}/${integration.token as string}`)
      .send({ text: 'from the hook' });
    expect(hook.status).toBe(200);
    const history = await getAs(fake.app, 'admin', '/api/v1/channels.history?roomId=GENERAL&count=1');
    expect(history.body.messages[0]).toMatchObject({
      msg: 'from the hook',
      alias: 'test',
      u: { username: 'robot' },
      bot: { i: integration._id },
    });
    // a reset forgets it
    fake.reset();
    expect(fake.state().integrations.find((i) => i._id === integration._id)).toBeUndefined();
  });

  it('gives the user it posts as the bot role', async () => {
    const fake = makeFake({ profile: '7' });
    const res = await create(fake, 'admin', { ...INCOMING, username: 'bob' });
    expect(res.status).toBe(200);
    expect(fake.state().users.find((u) => u.username === 'bob')?.roles).toEqual(['user', 'bot']);
  });

  it('6.x: no scriptEngine, the override flag required by the method (a Match error); ids are ObjectIds', async () => {
    const fake = makeFake({ profile: '6' });
    const res = await create(fake, 'admin', INCOMING);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.integration)).not.toContain('scriptEngine');
    expect(res.body.integration._id).toMatch(HEX24);
    const { overrideDestinationChannelEnabled: _o, ...without } = INCOMING;
    const before = snapshot(fake);
    const missing = await create(fake, 'admin', without);
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      success: false,
      error: "Match error: Missing key 'overrideDestinationChannelEnabled'",
    });
    expect(snapshot(fake)).toBe(before);
  });

  it('5.x: Meteor ids', async () => {
    const res = await create(makeFake({ profile: '5' }), 'admin', INCOMING);
    expect(res.status).toBe(200);
    expect(res.body.integration._id).toMatch(METEOR_ID);
  });

  it('8.9: answers the stored document (_id first, _updatedAt last)', async () => {
    const res = await create(makeFake({ profile: '8.9' }), 'admin', INCOMING);
    expect(res.status).toBe(200);
    const keys = Object.keys(res.body.integration);
    expect(keys[0]).toBe('_id');
    expect(keys.at(-1)).toBe('_updatedAt');
  });

  it.each<[string, object, string]>([
    [
      'no channel',
      { ...INCOMING, channel: undefined },
      "must have required property 'channel'\n must have required property 'channel'\n must match exactly one schema in oneOf",
    ],
    [
      'an outgoing key',
      { ...INCOMING, urls: ['http://x'] },
      "must NOT have additional properties\n must have required property 'event'\n must match exactly one schema in oneOf",
    ],
    [
      'an unknown type',
      { ...INCOMING, type: 'xyz' },
      'must match pattern "webhook-incoming"\n must have required property \'event\'\n must match exactly one schema in oneOf',
    ],
    [
      'nothing',
      {},
      "must have required property 'type'\n must have required property 'type'\n must match exactly one schema in oneOf",
    ],
  ])('%s: the validator refuses it (invalid-params)', async (_what, body, message) => {
    const fake = makeFake({ profile: '7' });
    const res = await create(fake, 'admin', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error: `${message} [invalid-params]`,
      errorType: 'invalid-params',
    });
  });

  it('a type that passes the unanchored pattern: Invalid integration type.', async () => {
    const res = await create(makeFake(), 'admin', { ...INCOMING, type: 'webhook-incoming-invalid' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: 'Invalid integration type.' });
  });

  it.each<[string, keyof typeof AS, object, object]>([
    [
      'no permission: 400 not_authorized (never 403)',
      'alice',
      {},
      {
        error: 'Unauthorized [not_authorized]',
        errorType: 'not_authorized',
        details: { method: 'addIncomingIntegration' },
      },
    ],
    [
      'a blank channel',
      'admin',
      { channel: '  ' },
      {
        error: 'Invalid channel [error-invalid-channel]',
        errorType: 'error-invalid-channel',
        details: { method: 'addIncomingIntegration' },
      },
    ],
    [
      'a channel without # or @',
      'admin',
      { channel: 'general' },
      {
        error: 'Invalid channel. Start with @ or # [error-invalid-channel-start-with-chars]',
        errorType: 'error-invalid-channel-start-with-chars',
        details: { method: 'updateIncomingIntegration' },
      },
    ],
    [
      'a blank username',
      'admin',
      { username: ' ' },
      {
        error: 'Invalid username [error-invalid-username]',
        errorType: 'error-invalid-username',
        details: { method: 'addIncomingIntegration' },
      },
    ],
    [
      'an unknown user',
      'admin',
      { username: 'nobody' },
      {
        error: 'Invalid user [error-invalid-user]',
        errorType: 'error-invalid-user',
        details: { method: 'addIncomingIntegration' },
      },
    ],
    [
      'an unknown room',
      'admin',
      { channel: '#general, #nowhere' },
      {
        error: 'Invalid room [error-invalid-room]',
        errorType: 'error-invalid-room',
        details: { method: 'addIncomingIntegration' },
      },
    ],
  ])('%s', async (_what, who, change, body) => {
    const fake = makeFake({ profile: '7' });
    const before = snapshot(fake);
    const res = await create(fake, who, { ...INCOMING, ...change });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, ...body });
    expect(snapshot(fake)).toBe(before);
  });

  it('a caller with only the own permission may target only rooms it is in (Invalid Channel), never @user', async () => {
    const fake = createFakeServer({
      scenario: { ...WORLD, permissions: { 'manage-own-incoming-integrations': ['user'] } },
      profile: '7',
    });
    const ok = await create(fake, 'alice', INCOMING);
    expect(ok.status).toBe(200);
    for (const channel of ['#news', '@bob']) {
      const res = await create(fake, 'alice', { ...INCOMING, channel });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        error: 'Invalid Channel [error-invalid-channel]',
        errorType: 'error-invalid-channel',
        details: { method: 'addIncomingIntegration' },
      });
    }
  });

  it('refuses past integrationsPerWorld, after the other checks, writing nothing', async () => {
    const fake = makeFake({ limits: { integrationsPerWorld: 5 } });
    const before = snapshot(fake);
    const res = await create(fake, 'admin', INCOMING);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error:
        'This world holds 5 integrations, its integrationsPerWorld limit: remove one before adding another [error-integrations-limit]',
      errorType: 'error-integrations-limit',
    });
    expect(snapshot(fake)).toBe(before);
  });
});

const OUTGOING = {
  type: 'webhook-outgoing',
  name: 'echo',
  enabled: true,
  event: 'sendMessage',
  username: 'robot',
  channel: '#general',
  urls: ['http://127.0.0.1:1/x'],
  triggerWords: ['!echo'],
  scriptEnabled: false,
};

describe('POST /api/v1/integrations.create: outgoing', () => {
  let receiver: Server;
  let url: string;
  const calls: Record<string, unknown>[] = [];

  beforeEach(async () => {
    calls.length = 0;
    receiver = createServer((req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        calls.push(body);
        res.writeHead(200, { 'Content-Type': 'application/json' });
        // a hubot-style receiver answers with the text to post back
        res.end(JSON.stringify({ text: `echo: ${String(body.text).slice(6)}` }));
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hubot`;
  });
  afterEach(async () => {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  it('stores it without a token of its own; a message then triggers it: the receiver gets the post, its reply is posted back', async () => {
    const fake = makeFake({ profile: '7' });
    const res = await create(fake, 'admin', { ...OUTGOING, urls: [url, ' '], token: 'hubot-token' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.integration)).toEqual([
      'type',
      'name',
      'enabled',
      'event',
      'username',
      'channel',
      'urls',
      'triggerWords',
      'scriptEnabled',
      'token',
      'userId',
      '_createdAt',
      '_createdBy',
      '_id',
    ]);
    expect(res.body.integration).toMatchObject({ channel: ['#general'], urls: [url], token: 'hubot-token' });
    const posted = await postAs(fake.app, 'alice', '/api/v1/chat.postMessage', {
      roomId: 'GENERAL',
      text: '!echo hi',
    });
    const deliveries = await fake.waitForDeliveries();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      token: 'hubot-token',
      trigger_word: '!echo',
      channel_id: 'GENERAL',
      message_id: posted.body.message._id,
      text: '!echo hi',
    });
    expect(deliveries).toMatchObject([{ integrationId: res.body.integration._id, outcome: 'replied' }]);
    const history = await getAs(fake.app, 'alice', '/api/v1/channels.history?roomId=GENERAL&count=1');
    expect(history.body.messages[0]).toMatchObject({ msg: 'echo: hi', u: { username: 'robot' } });
  });

  it('no token is made; trigger words dropped for an event without them; retry defaults', async () => {
    const fake = makeFake({ profile: '7' });
    const res = await create(fake, 'admin', {
      ...OUTGOING,
      event: 'roomJoined',
      retryFailedCalls: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.integration).not.toHaveProperty('token');
    expect(res.body.integration).not.toHaveProperty('triggerWords');
    expect(res.body.integration).toMatchObject({ retryCount: 4, retryDelay: 'powers-of-ten' });
  });

  it.each<[string, keyof typeof AS, object, object]>([
    [
      'no permission: [not_authorized], no reason',
      'alice',
      {},
      { error: '[not_authorized]', errorType: 'not_authorized' },
    ],
    [
      'an unknown event',
      'admin',
      { event: 'nope' },
      {
        error: 'Invalid event type [error-invalid-event-type]',
        errorType: 'error-invalid-event-type',
        details: { function: 'validateOutgoing._verifyRequiredFields' },
      },
    ],
    [
      'no urls',
      'admin',
      { urls: [] },
      {
        error: 'Invalid URLs [error-invalid-urls]',
        errorType: 'error-invalid-urls',
        details: { function: 'validateOutgoing._verifyRequiredFields' },
      },
    ],
    [
      'userCreated without a target room',
      'admin',
      { event: 'userCreated' },
      {
        error: 'Invalid Target Room [error-invalid-targetRoom]',
        errorType: 'error-invalid-targetRoom',
        details: { function: 'validateOutgoing._verifyRequiredFields' },
      },
    ],
    [
      'a channel without # or @',
      'admin',
      { channel: 'general' },
      {
        error: 'Invalid channel. Start with @ or # [error-invalid-channel-start-with-chars]',
        errorType: 'error-invalid-channel-start-with-chars',
        details: { function: 'validateOutgoing' },
      },
    ],
    [
      'an unknown user',
      'admin',
      { username: 'nobody' },
      {
        error: 'Invalid user (did you delete the `rocket.cat` user?) [error-invalid-user]',
        errorType: 'error-invalid-user',
        details: { function: 'validateOutgoing' },
      },
    ],
    [
      'an unknown room',
      'admin',
      { channel: '#nowhere' },
      {
        error: 'Invalid room [error-invalid-room]',
        errorType: 'error-invalid-room',
        details: { function: 'validateOutgoing._verifyUserHasPermissionForChannels' },
      },
    ],
    [
      'an outgoing key missing (event): the validator',
      'admin',
      { event: undefined },
      {
        error:
          "must NOT have additional properties\n must have required property 'event'\n must match exactly one schema in oneOf [invalid-params]",
        errorType: 'invalid-params',
      },
    ],
  ])('%s', async (_what, who, change, body) => {
    const fake = makeFake({ profile: '7' });
    const before = snapshot(fake);
    const res = await create(fake, who, { ...OUTGOING, ...change });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, ...body });
    expect(snapshot(fake)).toBe(before);
  });

  it('0.49: outgoing only (check()ed), incoming is Invalid integration type.', async () => {
    const fake = makeFake({ profile: '0.49' });
    const res = await create(fake, 'admin', { ...INCOMING, urls: [] });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: 'Invalid integration type.' });
    const missing = await create(fake, 'admin', { ...OUTGOING, urls: undefined });
    expect(missing.body).toEqual({ success: false, error: "Match error: Missing key 'urls'" });
  });
});

describe('addIncomingIntegration / addOutgoingIntegration over the realtime API', () => {
  let fake: FakeServer;
  const sockets: Ddp[] = [];

  async function loggedIn(profile: ProfileId, token?: string): Promise<Ddp> {
    fake = createFakeServer({ scenario: WORLD, profile });
    await fake.start();
    return openDdp(fake.url, sockets, token);
  }
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
    await fake.stop();
  });

  it('addIncomingIntegration answers what REST answers (EJSON dates), and stores it', async () => {
    const ddp = await loggedIn('7', 'admin-token');
    const frame = await ddp.call('addIncomingIntegration', INCOMING);
    const result = frame.result as Record<string, unknown>;
    expect(result).toMatchObject({
      ...INCOMING,
      channel: ['#general'],
      token: expect.stringMatching(TOKEN),
      _createdAt: { $date: Date.parse('2026-01-01T00:00:01.000Z') },
      _id: expect.stringMatching(HEX24),
    });
    expect(Object.keys(result).at(-1)).toBe('_id');
    expect(fake.state().integrations.some((i) => i._id === result._id)).toBe(true);
  });

  it('refusals: not logged in (per method), a bad argument (Match failed), a method error', async () => {
    const ddp = await loggedIn('7');
    expect((await ddp.call('addIncomingIntegration', INCOMING)).error).toEqual({
      isClientSafe: true,
      error: 'invalid-user',
      reason: 'Invalid User',
      details: { method: 'addIncomingIntegration' },
      message: 'Invalid User [invalid-user]',
      errorType: 'Meteor.Error',
    });
    expect((await ddp.call('addOutgoingIntegration', OUTGOING)).error).toEqual({
      isClientSafe: true,
      error: 'Invalid User',
      message: '[Invalid User]',
      errorType: 'Meteor.Error',
    });
    await ddp.call('login', { resume: 'alice-token' });
    expect((await ddp.call('addOutgoingIntegration', OUTGOING)).error).toEqual({
      isClientSafe: true,
      error: 'not_authorized',
      message: '[not_authorized]',
      errorType: 'Meteor.Error',
    });
    expect((await ddp.call('addIncomingIntegration', { ...INCOMING, enabled: 'yes' })).error).toMatchObject({
      error: 400,
      reason: 'Match failed',
    });
    expect((await ddp.call('addIncomingIntegration', INCOMING)).error).toMatchObject({
      error: 'not_authorized',
      reason: 'Unauthorized',
      details: { method: 'addIncomingIntegration' },
    });
  });
});
