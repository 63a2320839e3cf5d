/**
 * Hostile stubs and webhook receivers (issue 44): a stub's template renders within `stubBodyBytes`
 * and `stubHeaderBytes`, a receiver's answer is read up to `webhookAnswerBytes` and posted only
 * within the message size rule, one request causes at most `webhookDeliveries` calls, and a call
 * ends within `webhookTimeoutMs` whatever the receiver does. Receivers are local servers.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import request from 'supertest';

import type { Limits } from '../src/limits';
import type { FakeServer } from '../src/server';
import type { WebhookDelivery } from '../src/types';
import { getAs, makeFake, postAs } from './support/fake';

/** A local server: records each call's path, answers as `handle` says. */
class Receiver {
  readonly calls: string[] = [];
  handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
  };
  readonly #server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      this.calls.push(req.url ?? '');
      this.handle(req, res);
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}

/** Answers JSON. */
function json(res: ServerResponse, body: unknown): void {
  res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

let receiver: Receiver;
let base: string;

beforeEach(async () => {
  receiver = new Receiver();
  base = await receiver.start();
});
afterEach(async () => {
  await receiver.stop();
});

/** A fake with its bounds, and an outgoing webhook on #general triggered by `!echo` calling `urls`. */
function withHook(limits: Partial<Limits>, urls: string[]): FakeServer {
  const fake = makeFake({ limits });
  fake.addIntegration({
    _id: 'echoHook000000001',
    type: 'webhook-outgoing',
    name: 'echo',
    channel: ['#general'],
    triggerWords: ['!echo'],
    urls,
    username: 'robot',
    token: 'echo-token',
  });
  return fake;
}

/** The messages the webhook posted back (its replies: the world has no other bot's). */
const replies = (fake: FakeServer): number =>
  (fake.state().messages ?? []).filter((m) => m.bot !== undefined).length;

const outcomes = (list: WebhookDelivery[]): Record<string, number> => {
  const counts: Record<string, number> = {};
  for (const d of list) counts[d.outcome] = (counts[d.outcome] ?? 0) + 1;
  return counts;
};

/** Posts `!echo go` as alice into #general. */
async function trigger(fake: FakeServer): Promise<void> {
  const posted = await postAs(fake.app, 'alice', '/api/v1/chat.postMessage', {
    roomId: 'GENERAL',
    text: '!echo go',
  });
  expect(posted.status).toBe(200);
}

/** The fake still answers another client. */
async function expectAnswering(fake: FakeServer): Promise<void> {
  const me = await getAs(fake.app, 'bob', '/api/v1/me');
  expect([me.status, me.body.username]).toEqual([200, 'bob']);
}

describe('stub templates are bounded while they render', () => {
  /** A stub at `path` whose body (or header X-Echo) writes `{{request.body.x}}` `times` times. */
  function echoStub(
    fake: FakeServer,
    id: string,
    path: string,
    times: number,
    where: 'body' | 'header',
  ): void {
    const template = '{{request.body.x}}'.repeat(times);
    fake.stub({
      id,
      request: { method: 'POST', path },
      response: where === 'body' ? { body: { echo: template } } : { headers: { 'X-Echo': template } },
    });
  }

  /** The refusal of a stub over its bound, as the envelope says it. */
  const refusal = (message: string): object => ({
    success: false,
    error: `${message} [error-stub-render-too-large]`,
    errorType: 'error-stub-render-too-large',
  });

  it('{{request.body.x}} 2,000 times over a 400 KB x: 413 naming the stub, over 1048576 bytes (stubBodyBytes default); journaled as the stub’s', async () => {
    const fake = makeFake();
    echoStub(fake, 'echo', '/api/v1/custom.echo', 2000, 'body');
    const x = 'a'.repeat(400 * 1024);
    const res = await postAs(fake.app, 'alice', '/api/v1/custom.echo', { x });
    expect(res.status).toBe(413);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.body).toEqual(refusal('stub echo (POST /api/v1/custom.echo) renders over 1048576 bytes'));
    expect(fake.requests().map((e) => [e.method, e.path, e.status, e.stub])).toEqual([
      ['POST', '/api/v1/custom.echo', 413, 'echo'],
    ]);
    expect(fake.stubs().map((s) => [s.id, s.hits])).toEqual([['echo', 1]]);
    // off the chat API too (a path outside /api)
    echoStub(fake, 'outside', '/custom/echo', 2000, 'body');
    const outside = await request(fake.app).post('/custom/echo').send({ x });
    expect([outside.status, outside.body]).toEqual([
      413,
      refusal('stub outside (POST /custom/echo) renders over 1048576 bytes'),
    ]);
    expect(fake.requests().map((e) => [e.path, e.status, e.stub])[1]).toEqual([
      '/custom/echo',
      413,
      'outside',
    ]);
    await expectAnswering(fake);
  });

  it('in a header: 200 times a 400 KB x is 413, a header over 8192 bytes (stubHeaderBytes default)', async () => {
    const fake = makeFake();
    echoStub(fake, 'echo-header', '/api/v1/custom.header', 200, 'header');
    const res = await postAs(fake.app, 'alice', '/api/v1/custom.header', { x: 'h'.repeat(400 * 1024) });
    expect([res.status, res.body]).toEqual([
      413,
      refusal('stub echo-header (POST /api/v1/custom.header) renders header X-Echo over 8192 bytes'),
    ]);
    expect(res.headers['x-echo']).toBeUndefined();
    expect(fake.requests().map((e) => [e.path, e.status, e.stub])).toEqual([
      ['/api/v1/custom.header', 413, 'echo-header'],
    ]);
  });

  it('stubBodyBytes 1000: a JSON body of exactly 1000 bytes is sent, 1001 is 413, escapes counted', async () => {
    const fake = makeFake({ limits: { stubBodyBytes: 1000 } });
    // {"echo":"<x>"}: 11 bytes around x
    echoStub(fake, 'echo', '/api/v1/custom.echo', 1, 'body');
    const at = await postAs(fake.app, 'alice', '/api/v1/custom.echo', { x: 'a'.repeat(989) });
    expect(at.status).toBe(200);
    expect(Buffer.byteLength(at.text)).toBe(1000);
    expect(at.body).toEqual({ echo: 'a'.repeat(989) });
    const over = await postAs(fake.app, 'alice', '/api/v1/custom.echo', { x: 'a'.repeat(990) });
    expect([over.status, over.body]).toEqual([
      413,
      refusal('stub echo (POST /api/v1/custom.echo) renders over 1000 bytes'),
    ]);
    // a line break is written \n (2 bytes); é is 2 bytes of UTF-8
    const escaped = await postAs(fake.app, 'alice', '/api/v1/custom.echo', { x: `${'\n'.repeat(494)}a` });
    expect([escaped.status, Buffer.byteLength(escaped.text)]).toEqual([200, 1000]);
    const escapedOver = await postAs(fake.app, 'alice', '/api/v1/custom.echo', { x: `${'\n'.repeat(494)}é` });
    expect(escapedOver.status).toBe(413);
    // 2,000 times is refused as once too many
    echoStub(fake, 'many', '/api/v1/custom.many', 2000, 'body');
    const many = await postAs(fake.app, 'alice', '/api/v1/custom.many', { x: 'a'.repeat(400) });
    expect([many.status, many.body]).toEqual([
      413,
      refusal('stub many (POST /api/v1/custom.many) renders over 1000 bytes'),
    ]);
    expect(fake.requests().map((e) => e.status)).toEqual([200, 413, 200, 413, 413]);
  });

  it('stubBodyBytes 100: a text body and one template alone count the bytes sent', async () => {
    const fake = makeFake({ limits: { stubBodyBytes: 100 } });
    fake.stub({
      id: 'text',
      request: { path: '/api/v1/custom.text' },
      response: { body: 'x={{request.query.x}}' },
    });
    fake.stub({
      id: 'whole',
      request: { method: 'POST', path: '/api/v1/custom.whole' },
      response: { body: '{{request.body}}' },
    });
    const at = await getAs(fake.app, 'alice', `/api/v1/custom.text?x=${'b'.repeat(98)}`);
    expect([at.status, at.text]).toEqual([200, `x=${'b'.repeat(98)}`]);
    const over = await getAs(fake.app, 'alice', `/api/v1/custom.text?x=${'b'.repeat(99)}`);
    expect([over.status, over.body]).toEqual([
      413,
      refusal('stub text (GET /api/v1/custom.text) renders over 100 bytes'),
    ]);
    // {"y":"<y>"}: 8 bytes around y
    const whole = await postAs(fake.app, 'alice', '/api/v1/custom.whole', { y: 'c'.repeat(92) });
    expect([whole.status, whole.text]).toEqual([200, JSON.stringify({ y: 'c'.repeat(92) })]);
    const wholeOver = await postAs(fake.app, 'alice', '/api/v1/custom.whole', { y: 'c'.repeat(93) });
    expect(wholeOver.status).toBe(413);
  });

  it('stubHeaderBytes 100: a header value of exactly 100 bytes is sent (what a header may not hold left out first), 101 is 413', async () => {
    const fake = makeFake({ limits: { stubHeaderBytes: 100 } });
    fake.stub({
      id: 'hdr',
      request: { path: '/api/v1/custom.hdr' },
      response: { headers: { 'X-Echo': 'v:{{request.query.v}}' }, body: { ok: true } },
    });
    const at = await getAs(fake.app, 'alice', `/api/v1/custom.hdr?v=${'d'.repeat(98)}%0A%0A`);
    expect([at.status, at.headers['x-echo']]).toEqual([200, `v:${'d'.repeat(98)}`]);
    const over = await getAs(fake.app, 'alice', `/api/v1/custom.hdr?v=${'d'.repeat(99)}`);
    expect([over.status, over.body]).toEqual([
      413,
      refusal('stub hdr (GET /api/v1/custom.hdr) renders header X-Echo over 100 bytes'),
    ]);
  });
});

describe('webhook answers are read within webhookAnswerBytes and posted within the message size rule', () => {
  it('a 20 MB answer is read up to 1048576 bytes (webhookAnswerBytes default): failed with why, nothing posted', async () => {
    const fake = withHook({}, [`${base}/big`]);
    const text = 'z'.repeat(20 * 1024 * 1024);
    receiver.handle = (_req, res) => json(res, { text });
    await trigger(fake);
    const [delivery, ...rest] = await fake.waitForDeliveries({ timeoutMs: 30_000 });
    expect(rest).toEqual([]);
    expect(delivery).toMatchObject({
      url: `${base}/big`,
      status: 200,
      outcome: 'failed',
      error: 'the answer is over 1048576 bytes (webhookAnswerBytes): not read further, nothing posted',
    });
    expect(delivery?.reply).toBeUndefined();
    expect(replies(fake)).toBe(0);
    await expectAnswering(fake);
  });

  it('webhookAnswerBytes 1000: an answer of exactly 1000 bytes is read and posted, 1001 is cut', async () => {
    const fake = withHook({ webhookAnswerBytes: 1000 }, [`${base}/edge`]);
    // {"text":"<t>"}: 11 bytes around t
    let size = 989;
    receiver.handle = (_req, res) => json(res, { text: 't'.repeat(size) });
    await trigger(fake);
    const [read] = await fake.waitForDeliveries();
    expect([read?.status, read?.outcome]).toEqual([200, 'replied']);
    size = 990;
    await trigger(fake);
    const [, cut] = await fake.waitForDeliveries();
    expect([cut?.status, cut?.outcome, cut?.error]).toEqual([
      200,
      'failed',
      'the answer is over 1000 bytes (webhookAnswerBytes): not read further, nothing posted',
    ]);
    expect(replies(fake)).toBe(1);
  });

  it('a reply over 5000 characters (Message_MaxAllowedSize) is not posted; the delivery says why', async () => {
    const fake = withHook({}, [`${base}/long`]);
    let size = 5001;
    receiver.handle = (_req, res) => json(res, { text: 'r'.repeat(size) });
    await trigger(fake);
    const [long] = await fake.waitForDeliveries();
    expect(long).toMatchObject({
      status: 200,
      outcome: 'delivered',
      replyError: 'error-message-size-exceeded',
    });
    expect(long?.reply).toBeUndefined();
    expect(replies(fake)).toBe(0);
    // an attachment's text too
    receiver.handle = (_req, res) => json(res, { text: 'ok', attachments: [{ text: 'a'.repeat(5001) }] });
    await trigger(fake);
    expect((await fake.waitForDeliveries())[1]).toMatchObject({
      outcome: 'delivered',
      replyError: 'error-message-size-exceeded',
    });
    expect(replies(fake)).toBe(0);
    // 5000 is posted
    size = 5000;
    receiver.handle = (_req, res) => json(res, { text: 'r'.repeat(size) });
    await trigger(fake);
    const [, , fits] = await fake.waitForDeliveries();
    expect(fits?.outcome).toBe('replied');
    expect(replies(fake)).toBe(1);
  });
});

describe('one request causes at most webhookDeliveries calls, its replies’ included', () => {
  /** Five URLs on the receiver, each answering a reply that triggers the webhook again. */
  function fiveReplying(limits: Partial<Limits>): FakeServer {
    receiver.handle = (_req, res) => json(res, { text: '!echo again' });
    return withHook(
      limits,
      [1, 2, 3, 4, 5].map((n) => `${base}/${n}`),
    );
  }

  it('5 URLs replying each time: exactly 100 calls and 100 replies (webhookDeliveries default), the rest skipped naming 100', async () => {
    const fake = fiveReplying({});
    await trigger(fake);
    const list = await fake.waitForDeliveries({ timeoutMs: 30_000 });
    expect(receiver.calls).toHaveLength(100);
    // each of the 100 replies triggered 5 more: of the 505, 405 not sent, past the bound or 5 deep
    // (which, the order the answers come in says; the last reply's 5 are past the bound)
    const counts = outcomes(list);
    expect([counts.replied, (counts.skipped ?? 0) + (counts['loop-stopped'] ?? 0)]).toEqual([100, 405]);
    expect(counts.skipped).toBeGreaterThanOrEqual(5);
    expect(replies(fake)).toBe(100);
    const skipped = list.filter((d) => d.outcome === 'skipped');
    expect(new Set(skipped.map((d) => d.error))).toEqual(
      new Set([
        "not sent: the request that began it made 100 webhook calls, its replies' included (webhookDeliveries 100)",
      ]),
    );
    expect(skipped.every((d) => d.status === null)).toBe(true);
    await expectAnswering(fake);
  });

  it('webhookDeliveries 7: 7 calls and 7 replies per request; the next request has its own 7', async () => {
    const fake = fiveReplying({ webhookDeliveries: 7 });
    await trigger(fake);
    let list = await fake.waitForDeliveries();
    expect(receiver.calls).toHaveLength(7);
    expect(outcomes(list)).toEqual({ replied: 7, skipped: 5 + 5 * 7 - 7 });
    expect(replies(fake)).toBe(7);
    expect(list.find((d) => d.outcome === 'skipped')?.error).toBe(
      "not sent: the request that began it made 7 webhook calls, its replies' included (webhookDeliveries 7)",
    );
    await trigger(fake);
    list = await fake.waitForDeliveries();
    expect(receiver.calls).toHaveLength(14);
    expect(outcomes(list)).toEqual({ replied: 14, skipped: 66 });
    expect(replies(fake)).toBe(14);
    await expectAnswering(fake);
  });
});

describe('a chain of replies stops 5 deep, whatever rooms its replies go to', () => {
  it('a reply posted into two rooms the webhook listens on: 31 calls (1 + 2 + 4 + 8 + 16), then 32 stopped 5 deep', async () => {
    const fake = withHook({}, [`${base}/two`]);
    fake.addIntegration({
      _id: 'twoRoomHook000001',
      type: 'webhook-outgoing',
      name: 'two-rooms',
      channel: ['#general', '#random'],
      triggerWords: ['!two'],
      urls: [`${base}/two`],
      username: 'robot',
      token: 'two-token',
    });
    receiver.handle = (_req, res) => json(res, { text: '!two again', channel: ['#general', '#random'] });
    const posted = await postAs(fake.app, 'alice', '/api/v1/chat.postMessage', {
      roomId: 'GENERAL',
      text: '!two go',
    });
    expect(posted.status).toBe(200);
    const list = await fake.waitForDeliveries({ timeoutMs: 30_000 });
    expect(receiver.calls).toHaveLength(31);
    expect(outcomes(list)).toEqual({ replied: 31, 'loop-stopped': 32 });
    // each reply is posted into both rooms
    expect(replies(fake)).toBe(62);
    await expectAnswering(fake);
  });
});

describe('a webhook call ends within webhookTimeoutMs whatever the receiver does', () => {
  it('webhookTimeoutMs 50: a receiver that never answers, and one that stops halfway, fail with the time-out', async () => {
    const held: ServerResponse[] = [];
    receiver.handle = (req, res) => {
      held.push(res);
      // /slow sends its head and a first piece, then nothing more
      if (req.url === '/slow') res.writeHead(200, { 'Content-Type': 'application/json' }).write('{"text":');
    };
    const fake = withHook({ webhookTimeoutMs: 50 }, [`${base}/never`, `${base}/slow`]);
    await trigger(fake);
    const list = await fake.waitForDeliveries({ timeoutMs: 30_000 });
    expect(list.map((d) => [d.url, d.status, d.outcome, d.error])).toEqual([
      [`${base}/never`, null, 'failed', 'no answer in 50 ms (webhookTimeoutMs)'],
      [`${base}/slow`, null, 'failed', 'no answer in 50 ms (webhookTimeoutMs)'],
    ]);
    // under load the time-out may fire before a receiver has even read the request: what it
    // received is not asserted, only that each call ended as the time-out says
    expect(held.length).toBeLessThanOrEqual(2);
    expect(replies(fake)).toBe(0);
    await expectAnswering(fake);
  });
});
