/**
 * The unknown-route signal: a call the fake does not model keeps the real server's 404, and is
 * marked `modelled: false` in the journal, tallied in `GET /__admin/unmatched` with the nearest
 * modelled route, left out of contracts, and printed once per route by the CLI.
 */
import { spawn } from 'node:child_process';

import WebSocket from 'ws';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import { CLI } from './support/build';
import { AS, WORLD } from './support/fake';

const NOT_FOUND = { success: false, error: 'Resource not found' };

async function get(url: string, path: string, headers: Record<string, string> = AS.alice): Promise<Response> {
  return fetch(`${url}${path}`, { headers });
}

describe('routes the fake does not model', () => {
  let fake: FakeServer;
  beforeEach(async () => {
    fake = createFakeServer({ scenario: WORLD });
    await fake.start(0);
  });
  afterEach(() => fake.stop());

  it('answer the real server’s 404, are journaled as not modelled, and are tallied with the nearest route', async () => {
    const modelled = await get(fake.url, '/api/v1/channels.list?count=1');
    expect(modelled.status).toBe(200);
    const typo = await get(fake.url, '/api/v1/channels.lsit?count=1');
    expect(typo.status).toBe(404);
    const unknown = await get(fake.url, '/api/v1/livechat/rooms');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual(NOT_FOUND);
    await get(fake.url, '/api/v1/channels.lsit');
    // a modelled path with a method it does not answer: not modelled, the nearest is its own
    const wrongMethod = await get(fake.url, '/api/v1/chat.postMessage');
    expect(wrongMethod.status).toBe(404);
    // outside the chat API: journaled too
    const avatar = await get(fake.url, '/avatar/alice', {});
    expect(avatar.status).toBe(404);

    expect(fake.requests().map((e) => [e.method, e.path, e.status, e.modelled])).toEqual([
      ['GET', '/api/v1/channels.list', 200, true],
      ['GET', '/api/v1/channels.lsit', 404, false],
      ['GET', '/api/v1/livechat/rooms', 404, false],
      ['GET', '/api/v1/channels.lsit', 404, false],
      ['GET', '/api/v1/chat.postMessage', 404, false],
      ['GET', '/avatar/alice', 404, false],
    ]);
    expect(fake.requests({ modelled: true }).map((e) => e.path)).toEqual(['/api/v1/channels.list']);
    const at = '2026-01-01T00:00:00.000Z';
    expect(fake.unmatched()).toEqual([
      {
        method: 'GET',
        path: '/api/v1/channels.lsit',
        count: 2,
        firstAt: at,
        lastAt: at,
        nearest: 'GET /api/v1/channels.list',
      },
      {
        method: 'GET',
        path: '/api/v1/livechat/rooms',
        count: 1,
        firstAt: at,
        lastAt: at,
        nearest: null,
      },
      {
        method: 'GET',
        path: '/api/v1/chat.postMessage',
        count: 1,
        firstAt: at,
        lastAt: at,
        nearest: 'POST /api/v1/chat.postMessage',
      },
      { method: 'GET', path: '/avatar/alice', count: 1, firstAt: at, lastAt: at, nearest: null },
    ]);
    // the control API answers the same, and filters the journal by it
    const listed = await fetch(`${fake.url}/__admin/unmatched`);
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual({ unmatched: fake.unmatched() });
    const filtered = (await (await fetch(`${fake.url}/__admin/requests?modelled=false`)).json()) as {
      requests: { path: string }[];
    };
    expect(filtered.requests).toHaveLength(5);
    const bad = await fetch(`${fake.url}/__admin/requests?modelled=maybe`);
    expect(bad.status).toBe(400);
  });

  it('are forgotten with the journal and at a reset, and kept per session', async () => {
    await get(fake.url, '/api/v1/livechat/rooms');
    const session = fake.session();
    await get(session.url, '/api/v1/livechat/department');
    expect(fake.unmatched().map((r) => r.path)).toEqual(['/api/v1/livechat/rooms']);
    expect(session.unmatched().map((r) => r.path)).toEqual(['/api/v1/livechat/department']);
    fake.clearRequests();
    expect(fake.unmatched()).toEqual([]);
    await session.reset();
    expect(session.unmatched()).toEqual([]);
    await session.close();
  });

  it('stay out of contracts: their 404 says nothing of what the real server answers', async () => {
    await get(fake.url, '/api/v1/channels.list?count=1');
    await get(fake.url, '/api/v1/livechat/rooms');
    const pact = fake.pact({ consumer: 'client' });
    expect(pact.interactions.map((i) => i.request.path)).toEqual(['/api/v1/channels.list']);
  });

  it('a realtime method it does not know is journaled as not modelled, as DDP <method>', async () => {
    const ws = new WebSocket(`${fake.url.replace('http', 'ws')}/websocket`);
    const frames: Record<string, unknown>[] = [];
    const result = new Promise<void>((resolve) =>
      ws.on('message', (data) => {
        const frame = JSON.parse(String(data)) as Record<string, unknown>;
        frames.push(frame);
        if (frame.msg === 'updated') resolve();
      }),
    );
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(JSON.stringify({ msg: 'connect', version: '1', support: ['1'] }));
    ws.send(JSON.stringify({ msg: 'method', id: '1', method: 'permissions/get', params: [] }));
    await result;
    ws.close();
    expect(frames.at(-2)).toMatchObject({ msg: 'result', id: '1', error: { error: 404 } });
    const incoming = fake.requests({ method: 'DDP' }).filter((e) => e.query.direction === 'in');
    expect(incoming.map((e) => e.modelled)).toEqual([true, false]);
    expect(fake.unmatched()).toEqual([
      expect.objectContaining({ method: 'DDP', path: 'permissions/get', count: 1 }),
    ]);
  });
});

/**
 * The CLI started with these flags: its base URL, its "not modelled" lines on stderr once there are
 * `n` of them, and a stop that waits for it to exit.
 */
async function cli(
  flags: string[],
): Promise<{ url: string; lines: (n: number) => Promise<string[]>; stop: () => Promise<unknown> }> {
  const child = spawn(process.execPath, [CLI, '--port', '0', ...flags], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  const waiting = new Set<() => void>();
  child.stderr.on('data', (d: Buffer) => {
    err += d.toString();
    for (const check of waiting) check();
  });
  const lines = (n: number): Promise<string[]> =>
    new Promise((resolve) => {
      const check = (): void => {
        const found = err.split('\n').filter((l) => l.includes('not modelled:'));
        if (found.length >= n) {
          waiting.delete(check);
          resolve(found);
        }
      };
      waiting.add(check);
      check();
    });
  const url = await new Promise<string>((resolve) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const match = /http:\/\/[\d.]+:\d+/.exec(out);
      if (match) resolve(match[0]);
    });
  });
  const stop = (): Promise<unknown> =>
    new Promise((done) => {
      child.once('exit', done);
      child.kill('SIGTERM');
    });
  return { url, lines, stop };
}

describe('the CLI', () => {
  it('prints one line per route it does not model, the first time any world is called on it', async () => {
    const { url, lines, stop } = await cli([]);
    try {
      await get(url, '/api/v1/channels.lsit');
      await get(url, '/api/v1/channels.lsit');
      const session = (await (await fetch(`${url}/__admin/sessions`, { method: 'POST' })).json()) as {
        url: string;
      };
      await get(session.url, '/api/v1/channels.lsit');
      await get(session.url, '/api/v1/livechat/department');
      expect(await lines(2)).toEqual([
        "[rocketchat-fake] not modelled: GET /api/v1/channels.lsit (nearest modelled route: GET /api/v1/channels.list); answered with the real server's not-found, listed at GET /__admin/unmatched",
        "[rocketchat-fake] not modelled: GET /api/v1/livechat/department; answered with the real server's not-found, listed at GET /__admin/unmatched",
      ]);
    } finally {
      await stop();
    }
  });

  it('with --no-admin, the line points to no control API route', async () => {
    const { url, lines, stop } = await cli(['--no-admin']);
    try {
      await get(url, '/api/v1/livechat/department');
      expect(await lines(1)).toEqual([
        "[rocketchat-fake] not modelled: GET /api/v1/livechat/department; answered with the real server's not-found",
      ]);
    } finally {
      await stop();
    }
  });
});
