/**
 * GET /__admin/events: the world's events as Server-Sent Events (the inspector's live feed, and
 * any tool's): a hello, then one `request` event per journal entry, one `state` event per
 * change of state and one `rules` event per change of the stubs or faults in force. Per world, behind the admin token, ended when the server stops.
 */
import { request as httpRequest } from 'node:http';
import type { IncomingMessage } from 'node:http';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import { AS, WORLD } from './support/fake';

interface Received {
  event: string;
  data: Record<string, unknown>;
}

/**
 * Opens the stream and collects its events until `count` have come (or the stream ends). `opened`
 * resolves with the first event (the hello): from then on the server has subscribed the stream.
 */
function events(url: string, count: number, headers: Record<string, string> = {}) {
  const got: Received[] = [];
  let response: IncomingMessage | undefined;
  let hello: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (hello = resolve));
  const done = new Promise<Received[]>((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      response = res;
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) got.push({ event, data: JSON.parse(data) as Record<string, unknown> });
          if (got.length === 1) hello();
          if (got.length >= count) {
            req.destroy();
            resolve(got);
          }
        }
      });
      res.on('end', () => resolve(got));
    });
    req.on('error', (error) => (got.length >= count ? resolve(got) : reject(error)));
    req.end();
  });
  return { done, opened, status: () => response?.statusCode, headers: () => response?.headers };
}

async function post(url: string, path: string, body: object, who: keyof typeof AS): Promise<void> {
  await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...AS[who] },
    body: JSON.stringify(body),
  });
}

describe('GET /__admin/events', () => {
  let fake: FakeServer;
  beforeEach(async () => {
    fake = createFakeServer({ scenario: WORLD });
    await fake.start(0);
  });
  afterEach(() => fake.stop());

  it('a hello, then each request as recorded and each change of state, in order', async () => {
    const stream = events(`${fake.url}/__admin/events`, 6);
    await stream.opened;
    await fetch(`${fake.url}/api/v1/channels.list?count=1`, { headers: AS.alice });
    await post(fake.url, '/api/v1/channels.setReadOnly', { roomName: 'random', readOnly: true }, 'alice');
    await fetch(`${fake.url}/__admin/reset`, { method: 'POST' });
    fake.clock.advance(60_000);
    const got = await stream.done;
    expect(stream.headers()?.['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(got.map((e) => e.event)).toEqual(['hello', 'request', 'request', 'state', 'state', 'state']);
    expect(got[0]?.data).toEqual({
      profile: '8.9',
      clock: '2026-01-01T00:00:00.000Z',
      requests: 0,
      journalSize: 1000,
    });
    expect(got[1]?.data).toMatchObject({
      type: 'request',
      entry: { seq: 1, method: 'GET', path: '/api/v1/channels.list', status: 200, user: 'alice' },
      changes: [],
    });
    // with the change events each committed: setReadOnly's system message and the room
    expect(got[2]?.data).toMatchObject({
      entry: { method: 'POST', status: 200, body: { roomName: 'random' } },
      changes: [
        { kind: 'message', op: 'inserted' },
        { kind: 'room', op: 'updated', id: fake.state().channels.find((c) => c.name === 'random')?._id },
      ],
    });
    expect(got[3]?.data).toEqual({
      type: 'state',
      reason: 'request',
      clock: '2026-01-01T00:00:01.000Z',
      // a system message (setReadOnly) alerts nobody: no subscription changes
      changed: { users: 0, channels: 1, directs: 0, integrations: 0, messages: 1, subscriptions: 0 },
    });
    expect(got[4]?.data).toMatchObject({ reason: 'reset', changed: { channels: 0 } });
    expect(got[5]?.data).toMatchObject({ reason: 'clock', clock: '2026-01-01T00:01:00.000Z' });
  });

  it('a refused request is a request event and no state event', async () => {
    const stream = events(`${fake.url}/__admin/events`, 3);
    await stream.opened;
    await post(fake.url, '/api/v1/channels.setReadOnly', { roomName: 'news', readOnly: true }, 'alice');
    fake.addChannel({ name: 'later' });
    const got = await stream.done;
    expect(
      got.map((e) => [e.event, e.data.reason ?? (e.data.entry as { status: number } | undefined)?.status]),
    ).toEqual([
      ['hello', undefined],
      ['request', 400],
      ['state', 'added'],
    ]);
  });

  it('a stub or a fault added or removed is a rules event; removing none is no event', async () => {
    const stream = events(`${fake.url}/__admin/events`, 6);
    await stream.opened;
    const admin = (method: string, path: string, body?: object) =>
      fetch(`${fake.url}/__admin/${path}`, {
        method,
        headers: { 'Content-Type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
    const stub = {
      id: 'departments',
      request: { path: '/api/v1/livechat/department' },
      response: { body: { departments: [] } },
    };
    expect((await admin('POST', 'stubs', stub)).status).toBe(201);
    expect((await admin('POST', 'faults', { path: '/api/v1/me', status: 503 })).status).toBe(201);
    expect((await admin('DELETE', 'stubs/nothing')).status).toBe(404);
    expect((await admin('DELETE', 'stubs/departments')).status).toBe(200);
    expect((await admin('DELETE', 'faults')).status).toBe(200);
    // the state event last: nothing came between the rules events it follows
    fake.addChannel({ name: 'later' });
    const got = await stream.done;
    expect(got.slice(1).map((e) => [e.event, e.data.changed])).toEqual([
      ['rules', 'stubs'],
      ['rules', 'faults'],
      ['rules', 'stubs'],
      ['rules', 'faults'],
      // the new channel's creator is its member: one subscription added
      ['state', { users: 0, channels: 1, directs: 0, integrations: 0, messages: 0, subscriptions: 1 }],
    ]);
    expect(got[1]?.data).toEqual({ type: 'rules', changed: 'stubs' });
  });

  it('a stub or a fault used up by its times is a rules event; clearing none is no event', async () => {
    fake.stub({
      id: 'once',
      request: { path: '/api/v1/livechat/department' },
      response: { body: {} },
      times: 1,
    });
    fake.fault({ path: '/api/v1/me', status: 503, times: 1 });
    const stream = events(`${fake.url}/__admin/events`, 6);
    await stream.opened;
    await fetch(`${fake.url}/api/v1/livechat/department`, { headers: AS.alice });
    await fetch(`${fake.url}/api/v1/me`, { headers: AS.alice });
    expect([fake.stubs(), fake.faults()]).toEqual([[], []]);
    // nothing was left to clear
    expect(fake.clearStubs()).toBe(false);
    expect(fake.clearFaults()).toBe(false);
    fake.addChannel({ name: 'later' });
    const got = await stream.done;
    expect(got.slice(1).map((e) => [e.event, e.event === 'rules' ? e.data.changed : e.data.reason])).toEqual([
      ['rules', 'stubs'],
      ['request', undefined],
      ['rules', 'faults'],
      ['request', undefined],
      ['state', 'added'],
    ]);
  });

  it('a session\u2019s stream carries that session alone', async () => {
    const session = fake.session({ id: 'one' });
    const stream = events(`${fake.url}/s/one/__admin/events`, 2);
    await stream.opened;
    await fetch(`${fake.url}/api/v1/channels.list`, { headers: AS.alice });
    await fetch(`${session.url}/api/v1/me`, { headers: AS.bob });
    const got = await stream.done;
    expect(got[1]?.data).toMatchObject({ entry: { path: '/api/v1/me', user: 'bob' } });
  });

  it('behind the admin token like every other control route', async () => {
    const guarded = createFakeServer({ scenario: WORLD, adminToken: 'sesame' });
    const url = await guarded.start(0);
    try {
      const refused = await fetch(`${url}/__admin/events`);
      expect(refused.status).toBe(401);
      const stream = events(`${url}/__admin/events`, 1, { Authorization: 'Bearer sesame' });
      expect((await stream.done)[0]?.event).toBe('hello');
    } finally {
      await guarded.stop();
    }
  });

  it('the journal or the webhook attempts emptied, and the rate limit set or turned off, are events', async () => {
    const stream = events(`${fake.url}/__admin/events`, 6);
    await stream.opened;
    await fetch(`${fake.url}/__admin/requests`, { method: 'DELETE' });
    fake.clearDeliveries();
    fake.setRateLimit({ limit: 5, windowMs: 1000 });
    await fetch(`${fake.url}/__admin/rate-limit`, { method: 'DELETE' });
    fake.clearRequests();
    const got = await stream.done;
    expect(got.slice(1).map((e) => e.data)).toEqual([
      { type: 'cleared', what: 'requests' },
      { type: 'cleared', what: 'deliveries' },
      { type: 'rules', changed: 'rateLimit' },
      { type: 'rules', changed: 'rateLimit' },
      { type: 'cleared', what: 'requests' },
    ]);
  });

  it('HEAD answers the stream’s head and ends (a monitor is not held open)', async () => {
    const res = await fetch(`${fake.url}/__admin/events`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(await res.text()).toBe('');
  });

  it('stop() ends open streams, so the server stops at once', async () => {
    const stream = events(`${fake.url}/__admin/events`, 99);
    await stream.opened;
    await fake.stop();
    expect((await stream.done).map((e) => e.event)).toEqual(['hello']);
  });
});
