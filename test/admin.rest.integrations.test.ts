/**
 * `PUT /api/v1/integrations.update` (the one PUT route): served, validated per release line, the
 * same commands as the realtime `updateIncomingIntegration` / `updateOutgoingIntegration`; and a PUT
 * route as every other: a stub and a fault match it, the journal records it, the OpenAPI document
 * lists it.
 */
import request from 'supertest';

import type { FakeServer } from '../src/server';
import { Ddp } from './support/ddp';
import { AS, makeFake, postAs } from './support/fake';
import type { AuthHeaders } from './support/fake';

const INCOMING = {
  type: 'webhook-incoming',
  name: 'Incoming test',
  enabled: true,
  username: 'robot',
  scriptEnabled: false,
  channel: '#general',
};

const OUTGOING = {
  type: 'webhook-outgoing',
  name: 'Outgoing test',
  enabled: true,
  event: 'sendMessage',
  username: 'robot',
  channel: '#general',
  urls: ['http://hooks.invalid/out'],
  scriptEnabled: false,
  token: 'outgoing-token',
};

function put(fake: FakeServer, who: AuthHeaders | undefined, body: object): request.Test {
  const req = request(fake.app).put('/api/v1/integrations.update');
  return (who ? req.set({ ...who }) : req).send(body);
}

async function created(fake: FakeServer, body: object): Promise<string> {
  const res = await postAs(fake.app, 'admin', '/api/v1/integrations.create', body);
  expect(res.status).toBe(200);
  return res.body.integration._id as string;
}

/** PUTs and asserts the exact refusal, and that neither the state nor the changes moved. */
async function refused(
  fake: FakeServer,
  who: AuthHeaders | undefined,
  body: object,
  status: number,
  expected: object,
): Promise<void> {
  const before = JSON.stringify({ state: fake.state(), changes: fake.changes() });
  const res = await put(fake, who, body);
  expect(res.status).toBe(status);
  expect(res.body).toEqual(expected);
  expect(JSON.stringify({ state: fake.state(), changes: fake.changes() })).toBe(before);
}

describe('PUT /api/v1/integrations.update: incoming', () => {
  it('updates the stored integration and answers it as stored; the token stays, _updatedBy is stamped', async () => {
    const fake = makeFake({ profile: '7' });
    const id = await created(fake, INCOMING);
    const before = fake.state().integrations.find((i) => i._id === id);
    const res = await put(fake, AS.admin, {
      ...INCOMING,
      integrationId: id,
      name: 'renamed',
      channel: '#general, #random',
      alias: 'Hooky',
    });
    expect(res.status).toBe(200);
    const got = await request(fake.app)
      .get(`/api/v1/integrations.get?integrationId=${id}`)
      .set({ ...AS.admin });
    expect(res.body).toEqual({ integration: got.body.integration, success: true });
    expect(res.body.integration).toMatchObject({
      name: 'renamed',
      alias: 'Hooky',
      channel: ['#general', '#random'],
      token: before?.token,
      _updatedBy: { _id: 'adminUserId000001', username: 'admin' },
    });
    expect(Object.keys(res.body.integration)[0]).toBe('_id');
    // a field set for the first time comes after those stored (Mongo's `$set`), `alias` here
    expect(Object.keys(res.body.integration).slice(-2)).toEqual(['alias', '_updatedBy']);
    // made in this test: changes() lists it added, as it is now
    expect(fake.changes().integrations.added.find((i) => i._id === id)?.name).toBe('renamed');
    // a seeded one updated is listed changed
    const seeded = await put(fake, AS.admin, { ...INCOMING, integrationId: 'integGeneral00001', name: 'g2' });
    expect(seeded.status).toBe(200);
    expect(fake.changes().integrations.changed.map((c) => c.after.name)).toEqual(['g2']);
  });

  it('answers what the realtime twin answers for the same change (one command)', async () => {
    const rest = makeFake({ profile: '7' });
    const id = await created(rest, INCOMING);
    const res = await put(rest, AS.admin, { ...INCOMING, integrationId: id, name: 'twin' });
    const live = makeFake({ profile: '7' });
    await created(live, INCOMING);
    await live.start();
    const ddp = new Ddp(`${live.url.replace('http', 'ws')}/websocket`);
    try {
      await ddp.connect();
      await ddp.call('login', { resume: 'admin-token' });
      const frame = await ddp.call('updateIncomingIntegration', id, { ...INCOMING, name: 'twin' });
      // the same document; the method's dates are EJSON (`{$date}`), the route's ISO strings
      const result = frame.result as Record<string, unknown>;
      expect(Object.keys(result)).toEqual(Object.keys(res.body.integration));
      const { _createdAt, _updatedAt, ...rest } = res.body.integration as Record<string, unknown>;
      expect(result).toEqual({
        ...rest,
        _createdAt: { $date: Date.parse(String(_createdAt)) },
        _updatedAt: { $date: Date.parse(String(_updatedAt)) },
      });
    } finally {
      await ddp.close();
      await live.stop();
    }
  });

  it('refusals by release line, exact bodies; none changes anything', async () => {
    const fake7 = makeFake({ profile: '7' });
    const id = await created(fake7, INCOMING);
    // the validator (a local ajv, no coercion): the incoming branch wants integrationId; one of two
    await refused(fake7, AS.admin, { ...INCOMING }, 400, {
      success: false,
      error:
        "must have required property 'integrationId'\n must have required property 'event'\n must match exactly one schema in oneOf [invalid-params]",
      errorType: 'invalid-params',
    });
    await refused(fake7, AS.admin, { ...INCOMING, integrationId: 'nope' }, 400, {
      success: false,
      error: 'No integration found.',
    });
    await refused(fake7, AS.admin, { ...INCOMING, type: 'webhook-incoming-x', integrationId: id }, 400, {
      success: false,
      error: 'Invalid integration type.',
    });
    await refused(fake7, AS.admin, { ...INCOMING, integrationId: id, channel: ' ' }, 400, {
      success: false,
      error: 'Invalid channel [error-invalid-channel]',
      errorType: 'error-invalid-channel',
      details: { method: 'updateIncomingIntegration' },
    });
    await refused(fake7, AS.alice, { ...INCOMING, integrationId: id }, 400, {
      success: false,
      error: 'Unauthorized [not_authorized]',
      errorType: 'not_authorized',
      details: { method: 'updateIncomingIntegration' },
    });
    await refused(fake7, undefined, { ...INCOMING, integrationId: id }, 401, {
      success: false,
      status: 'error',
      error: 'You must be logged in to do this.',
      message: 'You must be logged in to do this.',
    });
    // 5.x (rest-typings 6.3's schema): overrideDestinationChannelEnabled is required as well
    const fake5 = makeFake({ profile: '5' });
    const id5 = await created(fake5, { ...INCOMING, overrideDestinationChannelEnabled: false });
    await refused(fake5, AS.admin, { ...INCOMING, integrationId: id5 }, 400, {
      success: false,
      error:
        "must have required property 'overrideDestinationChannelEnabled'\n must have required property 'event'\n must match exactly one schema in oneOf [invalid-params]",
      errorType: 'invalid-params',
    });
    const ok5 = await put(fake5, AS.admin, {
      ...INCOMING,
      integrationId: id5,
      overrideDestinationChannelEnabled: true,
    });
    expect(ok5.status).toBe(200);
    expect(ok5.body.integration.overrideDestinationChannelEnabled).toBe(true);
    // 0.49 had no such route: its 404
    const res49 = await put(makeFake({ profile: '0.49' }), AS.admin, { ...INCOMING, integrationId: id });
    expect(res49.status).toBe(404);
  });
});

describe('PUT /api/v1/integrations.update: outgoing', () => {
  it('finds it by target_url or by integrationId; a token is required; extra keys fail the outgoing branch', async () => {
    const fake = makeFake({ profile: '7' });
    const id = await created(fake, OUTGOING);
    const byUrl = await put(fake, AS.admin, {
      ...OUTGOING,
      target_url: 'http://hooks.invalid/out',
      name: 'by url',
    });
    expect(byUrl.status).toBe(200);
    expect(byUrl.body.integration).toMatchObject({ _id: id, name: 'by url', token: 'outgoing-token' });
    const byId = await put(fake, AS.admin, { ...OUTGOING, integrationId: id, name: 'by id' });
    expect(byId.body.integration).toMatchObject({ _id: id, name: 'by id' });
    expect(fake.state().integrations.find((i) => i._id === id)?.name).toBe('by id');
    const { token: _token, ...noToken } = OUTGOING;
    await refused(fake, AS.admin, { ...noToken, integrationId: id }, 400, {
      success: false,
      error: 'Invalid token [error-invalid-token]',
      errorType: 'error-invalid-token',
      details: { method: 'updateOutgoingIntegration' },
    });
    await refused(fake, AS.admin, { ...OUTGOING }, 400, { success: false, error: 'No integration found.' });
    await refused(fake, AS.admin, { ...OUTGOING, integrationId: id, extra: 1 }, 400, {
      success: false,
      error:
        'must match pattern "webhook-incoming"\n must NOT have additional properties\n must match exactly one schema in oneOf [invalid-params]',
      errorType: 'invalid-params',
    });
  });
});

describe('a PUT route among the others', () => {
  it('POST is the wrong method: 405 with Allow: PUT to 7.3, the unknown route 404 from 7.6', async () => {
    const body = { ...INCOMING, integrationId: 'x' };
    const old = await postAs(makeFake({ profile: '7.0' }).app, 'admin', '/api/v1/integrations.update', body);
    expect(old.status).toBe(405);
    expect(old.headers.allow).toBe('PUT');
    const now = await postAs(makeFake({ profile: '7.10' }).app, 'admin', '/api/v1/integrations.update', body);
    expect(now.status).toBe(404);
  });

  it('a listening server (the fast node:http path) serves it as Express does', async () => {
    const fake = makeFake({ profile: '7' });
    const id = await created(fake, INCOMING);
    await fake.start();
    try {
      const res = await fetch(`${fake.url}/api/v1/integrations.update`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', ...AS.admin },
        body: JSON.stringify({ ...INCOMING, integrationId: id, name: 'fast' }),
      });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { integration: { name: string }; success: boolean };
      expect(body.integration.name).toBe('fast');
      expect(fake.state().integrations.find((i) => i._id === id)?.name).toBe('fast');
    } finally {
      await fake.stop();
    }
  });

  it('the journal records it as the modelled operation, with its method, body and changes', async () => {
    const fake = makeFake({ profile: '7' });
    const id = await created(fake, INCOMING);
    await put(fake, AS.admin, { ...INCOMING, integrationId: id, name: 'journaled' });
    const entry = fake.lastRequest({ method: 'PUT' });
    expect(entry).toMatchObject({
      method: 'PUT',
      path: '/api/v1/integrations.update',
      status: 200,
      modelled: true,
      body: { name: 'journaled', integrationId: id },
    });
  });

  it('a stub (override) and a fault match a PUT, and only a PUT', async () => {
    const fake = makeFake({ profile: '7' });
    const id = await created(fake, INCOMING);
    fake.stub({
      id: 'put-stub',
      request: { method: 'PUT', path: '/api/v1/integrations.update' },
      response: { status: 200, body: { stubbed: true } },
      override: true,
      times: 1,
    });
    const stubbed = await put(fake, AS.admin, { ...INCOMING, integrationId: id });
    expect(stubbed.status).toBe(200);
    expect(stubbed.body).toEqual({ stubbed: true });
    expect(fake.lastRequest({ method: 'PUT' })).toMatchObject({ stub: 'put-stub', modelled: true });
    fake.fault({ method: 'POST', path: '/api/v1/integrations.update', status: 500 });
    fake.fault({ method: 'PUT', path: '/api/v1/integrations.update', status: 503, times: 1 });
    const faulted = await put(fake, AS.admin, { ...INCOMING, integrationId: id });
    expect(faulted.status).toBe(503);
    // spent: the model answers again (the POST fault does not match a PUT)
    const answered = await put(fake, AS.admin, { ...INCOMING, integrationId: id, name: 'after' });
    expect(answered.status).toBe(200);
    expect(answered.body.integration.name).toBe('after');
  });

  it('the OpenAPI document lists it under put, with its body, the body its schema', async () => {
    const fake = makeFake({ profile: '7' });
    const res = await request(fake.app).get('/api/docs/json');
    expect(res.status).toBe(200);
    const entry = res.body.paths['/api/v1/integrations.update'];
    expect(Object.keys(entry)).toEqual(['put']);
    expect(entry.put).toMatchObject({
      operationId: 'integrations.update',
      requestBody: { required: true },
      security: [{ userId: [], authToken: [] }],
    });
    expect(entry.put.requestBody.content['application/json'].schema.oneOf).toHaveLength(2);
  });
});
