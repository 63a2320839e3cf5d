import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import request from 'supertest';

import type { FakeServer } from '../src/server';
import type { WebhookDelivery } from '../src/types';
import { getAs, makeFake, postAs } from './support/fake';

/** Outgoing webhooks delivered over HTTP, replies posted back, retries; incoming webhooks at /hooks/. */

/** A webhook receiver: records each call, answers as told. */
class Receiver {
  readonly calls: { headers: IncomingMessage['headers']; body: Record<string, unknown> }[] = [];
  answer: (body: Record<string, unknown>) => { status: number; type?: string; text: string } = () => ({
    status: 200,
    type: 'application/json',
    text: '{}',
  });
  #server: Server | undefined;

  async start(): Promise<string> {
    this.#server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        this.calls.push({ headers: req.headers, body });
        const { status, type, text } = this.answer(body);
        res.writeHead(status, type ? { 'Content-Type': type } : {});
        res.end(text);
      });
    });
    await new Promise<void>((resolve) => this.#server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/hook`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()));
  }
}

let receiver: Receiver;
let url: string;

beforeEach(async () => {
  receiver = new Receiver();
  url = await receiver.start();
});
afterEach(async () => {
  await receiver.stop();
});

/** A fake with an outgoing webhook on #general, triggered by `!echo`, posting as robot. */
function withHook(extra: Record<string, unknown> = {}): FakeServer {
  const fake = makeFake();
  fake.addIntegration({
    _id: 'echoHook000000001',
    type: 'webhook-outgoing',
    name: 'echo',
    channel: ['#general'],
    triggerWords: ['!echo'],
    urls: [url],
    username: 'robot',
    token: 'echo-token',
    ...extra,
  });
  return fake;
}

const outcomes = (list: WebhookDelivery[]): string[] => list.map((d) => `${d.attempt}:${d.outcome}`);

describe('outgoing webhooks', () => {
  it('name the Site_Url setting as siteUrl when it is set (ROOT_URL), as the real server sends it', async () => {
    const fake = withHook();
    await fake.setSettings({ Site_Url: 'https://chat.example.com' });
    await postAs(fake.app, 'alice', '/api/v1/chat.postMessage', { roomId: 'GENERAL', text: '!echo hi' });
    await fake.waitForDeliveries();
    expect(receiver.calls.map((call) => call.body.siteUrl)).toEqual(['https://chat.example.com']);
  });

  it('a message starting with the trigger word is POSTed with the real payload; the reply is posted back', async () => {
    const fake = withHook();
    receiver.answer = (body) => ({
      status: 200,
      type: 'application/json; charset=utf-8',
      text: JSON.stringify({ text: `echo: ${String(body.text).slice(6)}`, username: 'Echo' }),
    });
    const posted = await postAs(fake.app, 'alice', '/api/v1/chat.postMessage', {
      roomId: 'GENERAL',
      text: '!echo hello',
    });
    const deliveries = await fake.waitForDeliveries();
    expect(receiver.calls).toHaveLength(1);
    const call = receiver.calls[0];
    expect(call?.headers['content-type']).toBe('application/json');
    expect(call?.headers['user-agent']).toMatch(/^Mozilla\/5\.0 .*Chrome\/41/);
    expect(JSON.stringify(call?.body)).toBe(
      JSON.stringify({
        token: 'echo-token',
        bot: false,
        trigger_word: '!echo',
        channel_id: 'GENERAL',
        channel_name: 'general',
        message_id: posted.body.message._id,
        timestamp: posted.body.message.ts,
        user_id: 'aliceUserId000001',
        user_name: 'alice',
        text: '!echo hello',
        siteUrl: String(call?.body.siteUrl),
      }),
    );
    expect(String(call?.body.siteUrl)).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(deliveries).toHaveLength(1);
    const [delivery] = deliveries;
    expect(delivery).toMatchObject({
      id: 'delivery-1',
      integrationId: 'echoHook000000001',
      integration: 'echo',
      url,
      messageId: posted.body.message._id,
      attempt: 1,
      status: 200,
      outcome: 'replied',
    });
    const history = await getAs(fake.app, 'alice', '/api/v1/channels.history?roomId=GENERAL&count=1');
    const reply = history.body.messages[0];
    expect(reply).toMatchObject({
      _id: delivery?.reply,
      msg: 'echo: hello',
      alias: 'Echo',
      bot: { i: 'echoHook000000001' },
      u: { username: 'robot' },
    });
  });

  it('GET /__admin/deliveries?wait=true answers a 504 naming what is still pending when its timeoutMs ends', async () => {
    // a target that takes the request and never answers
    const held: ServerResponse[] = [];
    const hanging = createServer((_req, res) => held.push(res));
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const target = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/hang`;
    const fake = withHook({ urls: [target] });
    try {
      const arrived = new Promise<void>((resolve) => hanging.once('request', () => resolve()));
      await postAs(fake.app, 'alice', '/api/v1/chat.postMessage', { roomId: 'GENERAL', text: '!echo x' });
      await arrived;
      const waited = await request(fake.app).get('/__admin/deliveries?wait=true&timeoutMs=20');
      expect(waited.status).toBe(504);
      expect(waited.body).toEqual({
        error: `Webhook deliveries still pending: after 20 ms: delivery-1 POST ${target}`,
        problems: [],
      });
      for (const query of ['wait=true&timeoutMs=-1', 'wait=true&timeoutMs=600001', 'wait=true&timeoutMs=x']) {
        const bad = await request(fake.app).get(`/__admin/deliveries?${query}`);
        expect(bad.status).toBe(400);
        expect(bad.body.error).toMatch(/^timeoutMs is whole milliseconds from 0 to 600000, not /);
      }
      expect((await request(fake.app).get('/__admin/deliveries?timeoutMs=5')).body).toEqual({
        error: 'timeoutMs goes with wait=true',
        problems: [],
      });
      // answered: the wait ends with it
      held[0]?.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
      const done = await request(fake.app).get('/__admin/deliveries?wait=true&timeoutMs=10000');
      expect(done.status).toBe(200);
      expect(outcomes(done.body.deliveries)).toEqual(['1:delivered']);
    } finally {
      await new Promise<void>((resolve) => hanging.close(() => resolve()));
    }
  });

  it('no trigger word, another channel, or an answer with nothing to post: nothing posted back', async () => {
    const fake = withHook();
    await postAs(fake.app, 'alice', '/api/v1/chat.postMessage', { roomId: 'GENERAL', text: 'hello !echo' });
    await postAs(fake.app, 'alice', '/api/v1/chat.postMessage', { channel: '#random', text: '!echo x' });
    expect(await fake.waitForDeliveries()).toEqual([]);
    expect(receiver.calls).toHaveLength(0);
    const msgs = fake.state().channels.find((c) => c._id === 'GENERAL')?.msgs;
    await postAs(fake.app, 'alice', '/api/v1/chat.postMessage', { roomId: 'GENERAL', text: '!echo quiet' });
    expect(outcomes(await fake.waitForDeliveries())).toEqual(['1:delivered']);
    expect(fake.state().channels.find((c) => c._id === 'GENERAL')?.msgs).toBe((msgs ?? 0) + 1);
  });

  it('failures are retried on the fake clock (powers of ten) until the count is spent', async () => {
    const fake = withHook({ retryFailedCalls: true, retryCount: 2, retryDelay: 'powers-of-ten' });
    receiver.answer = () => ({ status: 503, text: '' });
    await postAs(fake.app, 'alice', '/api/v1/chat.postMessage', { roomId: 'GENERAL', text: '!echo a' });
    let list = await fake.waitForDeliveries();
    expect(outcomes(list)).toEqual(['1:retrying']);
    const first = list[0] as WebhookDelivery;
    expect(first.status).toBe(503);
    expect(Date.parse(first.retryAt ?? '') - Date.parse(first.time)).toBe(100);
    fake.clock.advance(100);
    list = await fake.waitForDeliveries();
    expect(outcomes(list)).toEqual(['1:retrying', '2:retrying']);
    expect(Date.parse(list[1]?.retryAt ?? '') - Date.parse(list[1]?.time ?? '')).toBe(1000);
    fake.clock.advance(999);
    expect(outcomes(await fake.waitForDeliveries())).toHaveLength(2);
    fake.clock.advance(1);
    expect(outcomes(await fake.waitForDeliveries())).toEqual(['1:retrying', '2:retrying', '3:gave-up']);
    expect(receiver.calls).toHaveLength(3);
  });

  it('410 Gone with a body turns the webhook off; a 500 with a body is not retried', async () => {
    const fake = withHook({ retryFailedCalls: true });
    receiver.answer = () => ({ status: 410, text: 'gone' });
    await postAs(fake.app, 'alice', '/api/v1/chat.postMessage', { roomId: 'GENERAL', text: '!echo a' });
    expect(outcomes(await fake.waitForDeliveries())).toEqual(['1:disabled']);
    expect(fake.state().integrations.find((i) => i._id === 'echoHook000000001')?.enabled).toBe(false);
    await postAs(fake.app, 'alice', '/api/v1/chat.postMessage', { roomId: 'GENERAL', text: '!echo b' });
    expect(await fake.waitForDeliveries()).toHaveLength(1);

    const other = withHook({ retryFailedCalls: true });
    receiver.answer = () => ({ status: 500, text: 'boom' });
    await postAs(other.app, 'alice', '/api/v1/chat.postMessage', { roomId: 'GENERAL', text: '!echo a' });
    expect(outcomes(await other.waitForDeliveries())).toEqual(['1:failed']);
  });

  it('no answer at all is a failure with its reason, not retried', async () => {
    const fake = withHook({ retryFailedCalls: true });
    await receiver.stop();
    await postAs(fake.app, 'alice', '/api/v1/chat.postMessage', { roomId: 'GENERAL', text: '!echo a' });
    const [delivery] = await fake.waitForDeliveries();
    expect(delivery).toMatchObject({ outcome: 'failed', status: null });
    expect(delivery?.error).toEqual(expect.any(String));
    receiver = new Receiver();
    url = await receiver.start();
  });

  it('a reply that triggers the webhook again stops 5 deep; a reset forgets deliveries and retries', async () => {
    const fake = withHook();
    receiver.answer = () => ({ status: 200, type: 'application/json', text: '{"text":"!echo again"}' });
    await postAs(fake.app, 'alice', '/api/v1/chat.postMessage', { roomId: 'GENERAL', text: '!echo go' });
    // each reply posts, which sends the next delivery before the last one ends: one wait sees the chain end
    const list = await fake.waitForDeliveries();
    expect(outcomes(list)).toEqual([
      '1:replied',
      '1:replied',
      '1:replied',
      '1:replied',
      '1:replied',
      '1:loop-stopped',
    ]);
    await request(fake.app).post('/__admin/reset');
    expect(fake.deliveries()).toEqual([]);
  });

  it('a documentation-only host (example.com, .invalid) is recorded, not called', async () => {
    const fake = withHook({
      urls: ['https://ci.example.com/hook', 'http://nowhere.invalid/x', 'ftp://files/x'],
    });
    await postAs(fake.app, 'alice', '/api/v1/chat.postMessage', { roomId: 'GENERAL', text: '!echo a' });
    const list = await fake.waitForDeliveries();
    expect(list.map((d) => [d.url, d.outcome, d.error])).toEqual([
      [
        'https://ci.example.com/hook',
        'skipped',
        'ci.example.com is reserved for documentation (RFC 2606): not called',
      ],
      [
        'http://nowhere.invalid/x',
        'skipped',
        'nowhere.invalid is reserved for documentation (RFC 2606): not called',
      ],
      ['ftp://files/x', 'skipped', 'not an http(s) URL'],
    ]);
    expect(receiver.calls).toHaveLength(0);
  });

  it('the control API lists them (wait=true waits) and clears them', async () => {
    const fake = withHook();
    await postAs(fake.app, 'alice', '/api/v1/chat.postMessage', { roomId: 'GENERAL', text: '!echo a' });
    const res = await request(fake.app).get('/__admin/deliveries?wait=true');
    expect(res.status).toBe(200);
    expect(res.body.deliveries.map((d: WebhookDelivery) => d.outcome)).toEqual(['delivered']);
    expect((await request(fake.app).delete('/__admin/deliveries')).body).toEqual({ status: 'ok' });
    expect((await request(fake.app).get('/__admin/deliveries')).body).toEqual({ deliveries: [] });
    expect((await request(fake.app).get('/__admin/deliveries?wait=1')).status).toBe(400);
  });
});

describe('incoming webhooks: /hooks/:id/:token', () => {
  function withIncoming(extra: Record<string, unknown> = {}): FakeServer {
    const fake = makeFake();
    fake.addIntegration({
      _id: 'ciHook00000000001',
      type: 'webhook-incoming',
      name: 'ci',
      channel: ['#general'],
      username: 'robot',
      alias: 'CI',
      emoji: ':robot:',
      token: 'ci-token',
      ...extra,
    });
    return fake;
  }

  it('posts the body’s text as the webhook’s user into its channel: {"success": true}', async () => {
    const fake = withIncoming();
    const res = await request(fake.app)
      .post('/hooks/ciHook00000000001/ci-token')
      .send({ text: 'build passed' });
    expect([res.status, res.body]).toEqual([200, { success: true }]);
    const [message] = (await getAs(fake.app, 'alice', '/api/v1/channels.history?roomId=GENERAL&count=1')).body
      .messages;
    expect(message).toMatchObject({
      alias: 'CI',
      msg: 'build passed',
      bot: { i: 'ciHook00000000001' },
      emoji: ':robot:',
      u: { username: 'robot' },
      rid: 'GENERAL',
    });
    // the /:id/:userId/:token form, and Slack's form-encoded payload
    const slack = await request(fake.app)
      .post('/hooks/ciHook00000000001/anyone/ci-token')
      .type('form')
      .send({ payload: JSON.stringify({ text: 'deployed', username: 'Deployer' }) });
    expect(slack.body).toEqual({ success: true });
    const [latest] = (await getAs(fake.app, 'alice', '/api/v1/channels.history?roomId=GENERAL&count=1')).body
      .messages;
    expect(latest).toMatchObject({ msg: 'deployed', alias: 'Deployer' });
  });

  it('an empty body posts nothing; a wrong token, a disabled webhook and an override are refused', async () => {
    const fake = withIncoming();
    const before = fake.state();
    expect((await request(fake.app).post('/hooks/ciHook00000000001/ci-token').send({})).body).toEqual({
      success: true,
    });
    const wrong = await request(fake.app).post('/hooks/ciHook00000000001/nope').send({ text: 'x' });
    expect([wrong.status, wrong.body]).toEqual([
      404,
      { success: false, error: 'Invalid integration id or token provided.' },
    ]);
    const override = await request(fake.app)
      .post('/hooks/ciHook00000000001/ci-token')
      .send({ text: 'x', channel: '#random' });
    expect([override.status, override.body]).toEqual([
      400,
      { success: false, error: 'overriding destination channel is disabled for this integration' },
    ]);
    expect(fake.state()).toEqual(before);
    const off = withIncoming({ enabled: false });
    const disabled = await request(off.app).post('/hooks/ciHook00000000001/ci-token').send({ text: 'x' });
    expect([disabled.status, disabled.body]).toEqual([503, { success: false, error: 'Service Unavailable' }]);
  });

  it('a post the room refuses is the route’s 400 with the failure’s code', async () => {
    const fake = withIncoming({ channel: ['#secret'], overrideDestinationChannelEnabled: true });
    const res = await request(fake.app).post('/hooks/ciHook00000000001/ci-token').send({ text: 'x' });
    expect([res.status, res.body]).toEqual([400, { success: false, error: 'error-not-allowed' }]);
    const nowhere = await request(fake.app)
      .post('/hooks/ciHook00000000001/ci-token')
      .send({ text: 'x', channel: '#nowhere' });
    expect(nowhere.body).toEqual({ success: false, error: 'invalid-channel' });
  });
});
