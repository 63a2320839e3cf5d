/**
 * `integrations.list`, `integrations.get`, `integrations.remove` (and the realtime
 * `deleteIncomingIntegration` / `deleteOutgoingIntegration`, `updateIncomingIntegration` /
 * `updateOutgoingIntegration`), `integrations.history` (the fake's delivery attempts).
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { Ddp } from './support/ddp';
import { openDdp } from './support/ddp';
import { WORLD, getAs, makeFake, postAs } from './support/fake';
import type { AS } from './support/fake';
import { snapshot } from './support/rooms';

const INCOMING = {
  type: 'webhook-incoming',
  name: 'Incoming test',
  enabled: true,
  username: 'robot',
  scriptEnabled: false,
  channel: '#general',
};

const UNAUTHORIZED_6 = {
  success: false,
  error: 'User does not have the permissions required for this action [error-unauthorized]',
};

async function created(
  fake: FakeServer,
  who: keyof typeof AS = 'admin',
  body: object = INCOMING,
): Promise<string> {
  const res = await postAs(fake.app, who, '/api/v1/integrations.create', body);
  expect(res.status).toBe(200);
  return res.body.integration._id as string;
}

describe('GET /api/v1/integrations.list', () => {
  it('lists every integration to a manager, in the order added, with the created one last; name and type filter', async () => {
    const fake = makeFake({ profile: '7' });
    const id = await created(fake);
    const res = await getAs(fake.app, 'admin', '/api/v1/integrations.list');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['integrations', 'offset', 'items', 'count', 'total', 'success']);
    expect(res.body.integrations.map((i: { name: string }) => i.name)).toEqual([
      'general-hook',
      'all-hook',
      'both-hook',
      'attic-hook',
      'secret-hook',
      'Incoming test',
    ]);
    expect(res.body).toMatchObject({ offset: 0, items: 6, count: 6, total: 6 });
    expect(res.body.integrations[5]._id).toBe(id);
    const named = await getAs(fake.app, 'admin', '/api/v1/integrations.list?name=HOOK&count=2&offset=1');
    expect(named.body).toMatchObject({ offset: 1, items: 2, count: 2, total: 5 });
    const typed = await getAs(fake.app, 'admin', '/api/v1/integrations.list?type=webhook-incoming');
    expect(typed.body.integrations.map((i: { _id: string }) => i._id)).toEqual([id]);
    const bad = await getAs(fake.app, 'admin', '/api/v1/integrations.list?fields=%7B%7D');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      success: false,
      error: 'must NOT have additional properties [invalid-params]',
      errorType: 'invalid-params',
    });
  });

  it('403 without any of the four permissions: the framework text from 6.x, the bare word in 5.x', async () => {
    for (const [profile, body] of [
      ['7', UNAUTHORIZED_6],
      ['6', UNAUTHORIZED_6],
      ['5', { success: false, error: 'unauthorized' }],
    ] as const) {
      const res = await getAs(makeFake({ profile }).app, 'alice', '/api/v1/integrations.list');
      expect(res.status).toBe(403);
      expect(res.body).toEqual(body);
    }
  });

  it('the own permission reads only the caller own integrations', async () => {
    const fake = createFakeServer({
      scenario: { ...WORLD, permissions: { 'manage-own-incoming-integrations': ['user'] } },
      profile: '7',
    });
    const id = await created(fake, 'alice', { ...INCOMING, channel: '#general' });
    const res = await getAs(fake.app, 'alice', '/api/v1/integrations.list');
    expect(res.body.integrations.map((i: { _id: string }) => i._id)).toEqual([id]);
  });
});

describe('GET /api/v1/integrations.get', () => {
  it('answers the stored document; refusals are 400s', async () => {
    const fake = makeFake({ profile: '7' });
    const id = await created(fake);
    const res = await getAs(fake.app, 'admin', `/api/v1/integrations.get?integrationId=${id}`);
    expect(res.status).toBe(200);
    expect(res.body.integration).toEqual(fake.state().integrations.find((i) => i._id === id));
    expect(Object.keys(res.body.integration)[0]).toBe('_id');
    const none = await getAs(fake.app, 'admin', '/api/v1/integrations.get?integrationId=nope');
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ success: false, error: 'The integration does not exists.' });
    const wrongCreator = await getAs(
      fake.app,
      'admin',
      `/api/v1/integrations.get?integrationId=${id}&createdBy=bobUserId00000001`,
    );
    expect(wrongCreator.body).toEqual({ success: false, error: 'The integration does not exists.' });
    const other = await getAs(fake.app, 'alice', `/api/v1/integrations.get?integrationId=${id}`);
    expect(other.status).toBe(400);
    expect(other.body).toEqual({ success: false, error: 'not-authorized' });
    const missing = await getAs(fake.app, 'admin', '/api/v1/integrations.get');
    expect(missing.body).toEqual({
      success: false,
      error: "must have required property 'integrationId' [invalid-params]",
      errorType: 'invalid-params',
    });
  });

  it('0.49 has no integrations.get: 404', async () => {
    const res = await getAs(
      makeFake({ profile: '0.49' }).app,
      'admin',
      '/api/v1/integrations.get?integrationId=x',
    );
    expect(res.status).toBe(404);
  });
});

describe('POST /api/v1/integrations.remove', () => {
  it('removes by id (incoming) and by target_url (outgoing), answering the document as it was', async () => {
    const fake = makeFake({ profile: '7' });
    const id = await created(fake);
    const stored = fake.state().integrations.find((i) => i._id === id);
    const res = await postAs(fake.app, 'admin', '/api/v1/integrations.remove', {
      type: 'webhook-incoming',
      integrationId: id,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ integration: stored, success: true });
    expect(fake.state().integrations.some((i) => i._id === id)).toBe(false);
    // the list no longer has it, nor does the room's list
    const list = await getAs(fake.app, 'admin', '/api/v1/integrations.list?type=webhook-incoming');
    expect(list.body.total).toBe(0);
    const out = await created(fake, 'admin', {
      type: 'webhook-outgoing',
      name: 'out',
      enabled: true,
      event: 'sendMessage',
      username: 'robot',
      channel: '#general',
      urls: ['http://hooks.invalid/x'],
      scriptEnabled: false,
    });
    const before = await getAs(fake.app, 'admin', '/api/v1/channels.getIntegrations?roomId=GENERAL');
    expect(before.body.integrations.some((i: { _id: string }) => i._id === out)).toBe(true);
    const byUrl = await postAs(fake.app, 'admin', '/api/v1/integrations.remove', {
      type: 'webhook-outgoing',
      target_url: 'http://hooks.invalid/x',
    });
    expect(byUrl.status).toBe(200);
    expect(byUrl.body.integration._id).toBe(out);
    const after = await getAs(fake.app, 'admin', '/api/v1/channels.getIntegrations?roomId=GENERAL');
    expect(after.body.integrations.some((i: { _id: string }) => i._id === out)).toBe(false);
    expect(after.body.total).toBe(before.body.total - 1);
    expect(fake.changes().integrations.removed).toEqual([]);
  });

  it('removes a scenario integration (changes() shows it removed); a reset brings it back', async () => {
    const fake = makeFake({ profile: '7' });
    const res = await postAs(fake.app, 'admin', '/api/v1/integrations.remove', {
      type: 'webhook-outgoing',
      integrationId: 'integAll000000001',
    });
    expect(res.status).toBe(200);
    expect(fake.changes().integrations.removed.map((i) => i._id)).toEqual(['integAll000000001']);
    fake.reset();
    expect(fake.state().integrations.some((i) => i._id === 'integAll000000001')).toBe(true);
  });

  it.each<[string, keyof typeof AS, object, number, object]>([
    ['no permission', 'alice', { type: 'webhook-incoming', integrationId: 'x' }, 403, UNAUTHORIZED_6],
    [
      'not found',
      'admin',
      { type: 'webhook-incoming', integrationId: 'nope' },
      400,
      { success: false, error: 'No integration found.' },
    ],
    [
      'an invalid type',
      'admin',
      { type: 'invalid-type', integrationId: 'x' },
      400,
      {
        success: false,
        error:
          'must match pattern "webhook-incoming"\n must have required property \'target_url\'\n must match pattern "webhook-outgoing"\n must match exactly one schema in oneOf [invalid-params]',
        errorType: 'invalid-params',
      },
    ],
    [
      'outgoing with both target_url and integrationId',
      'admin',
      { type: 'webhook-outgoing', integrationId: 'integAll000000001', target_url: 'http://x' },
      400,
      {
        success: false,
        error:
          'must match pattern "webhook-incoming"\n must match exactly one schema in oneOf [invalid-params]',
        errorType: 'invalid-params',
      },
    ],
  ])('%s', async (_what, who, body, status, answer) => {
    const fake = makeFake({ profile: '7' });
    const before = snapshot(fake);
    const res = await postAs(fake.app, who, '/api/v1/integrations.remove', body);
    expect(res.status).toBe(status);
    expect(res.body).toEqual(answer);
    expect(snapshot(fake)).toBe(before);
  });

  it('the own permission removes only the caller own: Invalid integration', async () => {
    const fake = createFakeServer({
      scenario: { ...WORLD, permissions: { 'manage-own-outgoing-integrations': ['user'] } },
      profile: '7',
    });
    const res = await postAs(fake.app, 'alice', '/api/v1/integrations.remove', {
      type: 'webhook-outgoing',
      integrationId: 'integAll000000001',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error: 'Invalid integration [error-invalid-integration]',
      errorType: 'error-invalid-integration',
      details: { method: 'deleteOutgoingIntegration' },
    });
    const mine = await postAs(fake.app, 'alice', '/api/v1/integrations.remove', {
      type: 'webhook-outgoing',
      integrationId: 'integBoth00000001',
    });
    expect(mine.status).toBe(200);
  });
});

describe('GET /api/v1/integrations.history', () => {
  let receiver: Server;
  let url: string;
  beforeEach(async () => {
    receiver = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{}');
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  });
  afterEach(async () => {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  it('the deliveries of a created outgoing webhook, newest first; an unknown id is an empty page', async () => {
    const fake = makeFake({ profile: '7' });
    const id = await created(fake, 'admin', {
      type: 'webhook-outgoing',
      name: 'out',
      enabled: true,
      event: 'sendMessage',
      username: 'robot',
      channel: '#general',
      urls: [url],
      scriptEnabled: false,
    });
    await postAs(fake.app, 'alice', '/api/v1/chat.postMessage', { roomId: 'GENERAL', text: 'one' });
    await fake.waitForDeliveries();
    await postAs(fake.app, 'alice', '/api/v1/chat.postMessage', { roomId: 'GENERAL', text: 'two' });
    await fake.waitForDeliveries();
    const res = await getAs(fake.app, 'admin', `/api/v1/integrations.history?id=${id}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['history', 'offset', 'items', 'count', 'total', 'success']);
    expect(res.body).toMatchObject({ offset: 0, items: 2, count: 2, total: 2 });
    expect(res.body.history.map((h: { data: { text: string } }) => h.data.text)).toEqual(['two', 'one']);
    expect(res.body.history[0]).toMatchObject({
      type: 'outgoing-webhook',
      step: 'finished',
      finished: true,
      event: 'sendMessage',
      url,
      integration: { _id: id, name: 'out' },
      httpResult: { statusCode: 200 },
    });
    const none = await getAs(fake.app, 'admin', '/api/v1/integrations.history?id=nope');
    expect(none.body).toEqual({ history: [], offset: 0, items: 0, count: 0, total: 0, success: true });
  });

  it('refusals: 403 without the outgoing permissions; the validator; 0.49 has none (404)', async () => {
    const fake = makeFake({ profile: '7' });
    const denied = await getAs(fake.app, 'alice', '/api/v1/integrations.history?id=x');
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual(UNAUTHORIZED_6);
    const blank = await getAs(fake.app, 'admin', '/api/v1/integrations.history?id=');
    expect(blank.body).toEqual({
      success: false,
      error: 'must NOT have fewer than 1 characters [invalid-params]',
      errorType: 'invalid-params',
    });
    const old = await getAs(makeFake({ profile: '0.49' }).app, 'admin', '/api/v1/integrations.history?id=x');
    expect(old.status).toBe(404);
  });
});

describe('the realtime delete and update methods', () => {
  let fake: FakeServer;
  const sockets: Ddp[] = [];
  beforeEach(async () => {
    fake = createFakeServer({ scenario: WORLD, profile: '7' });
    await fake.start();
  });
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
    await fake.stop();
  });
  async function loggedIn(token?: string): Promise<Ddp> {
    return openDdp(fake.url, sockets, token);
  }

  it('deleteOutgoingIntegration answers true and removes it; not logged in is not_authorized', async () => {
    const anonymous = await loggedIn();
    expect((await anonymous.call('deleteOutgoingIntegration', 'integAll000000001')).error).toMatchObject({
      error: 'not_authorized',
      reason: 'Unauthorized',
      details: { method: 'deleteOutgoingIntegration' },
    });
    const ddp = await loggedIn('admin-token');
    expect((await ddp.call('deleteOutgoingIntegration', 'integAll000000001')).result).toBe(true);
    expect(fake.state().integrations.some((i) => i._id === 'integAll000000001')).toBe(false);
    expect((await ddp.call('deleteIncomingIntegration', 'nope')).error).toMatchObject({
      error: 'error-invalid-integration',
      details: { method: 'deleteIncomingIntegration' },
    });
  });

  it('updateIncomingIntegration sets the fields, keeps the token, stamps _updatedBy; updateOutgoingIntegration needs a token', async () => {
    const id = await created(fake);
    const token = fake.state().integrations.find((i) => i._id === id)?.token;
    const ddp = await loggedIn('admin-token');
    const frame = await ddp.call('updateIncomingIntegration', id, {
      ...INCOMING,
      name: 'renamed',
      channel: '#general, #random',
    });
    const result = frame.result as Record<string, unknown>;
    expect(result).toMatchObject({
      _id: id,
      name: 'renamed',
      channel: ['#general', '#random'],
      token,
      _updatedBy: { _id: 'adminUserId000001', username: 'admin' },
    });
    expect(Object.keys(result).slice(-2)).toEqual(['_updatedAt', '_updatedBy']);
    expect(fake.state().integrations.find((i) => i._id === id)?.name).toBe('renamed');
    const noToken = await ddp.call('updateOutgoingIntegration', 'integAll000000001', {
      type: 'webhook-outgoing',
      name: 'x',
      enabled: true,
      event: 'sendMessage',
      username: 'robot',
      channel: '#general',
      urls: ['http://hooks.invalid/x'],
      scriptEnabled: false,
    });
    expect(noToken.error).toMatchObject({ error: 'error-invalid-token', reason: 'Invalid token' });
    const anonymous = await loggedIn();
    expect((await anonymous.call('updateIncomingIntegration', id, INCOMING)).error).toMatchObject({
      error: 'error-invalid-user',
      details: { method: 'updateOutgoingIntegration' },
    });
    // the REST face of update (PUT integrations.update, test/admin.rest.integrations.test.ts) is served
    const put = await request(fake.app)
      .put('/api/v1/integrations.update')
      .set({ 'X-Auth-Token': 'admin-token', 'X-User-Id': 'adminUserId000001' })
      .send({});
    expect(put.status).toBe(400);
  });
});
