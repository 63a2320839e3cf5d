/**
 * The keep-alive race: a test worker busy for a few seconds between two calls reuses its pooled
 * socket just as the server closes it, and the call fails with "other side closed". The server
 * keeps idle connections longer than that, and the Jest preset's own control calls open a
 * connection each and try idempotent calls again after a reset connection. (test/consumer.test.ts
 * runs the preset with a file that holds its worker 6 s between calls.)
 */
import { createServer } from 'node:http';
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { ATTEMPTS, ControlError, controlCall, controlDelete } from '../src/jest/control-client';
import { KEEP_ALIVE_MS, createFakeServer } from '../src/server';

describe('keep-alive', () => {
  it('a started fake keeps idle connections for 65 s and says so in the Keep-Alive header', async () => {
    const fake = createFakeServer();
    await fake.start();
    try {
      const res = await fetch(`${fake.url}/api/info`);
      await res.text();
      expect(KEEP_ALIVE_MS).toBe(65_000);
      expect(res.headers.get('keep-alive')).toBe('timeout=65');
    } finally {
      await fake.stop();
    }
  });
});

describe("the Jest preset's control calls", () => {
  let server: Server;
  let url: string;
  let connections: number;
  let requests: string[];
  /** how many of the next requests have their connection reset before any answer */
  let resets: number;

  beforeEach(async () => {
    connections = 0;
    requests = [];
    resets = 0;
    server = createServer((req, res: ServerResponse) => {
      requests.push(`${req.method ?? ''} ${req.url ?? ''}`);
      if (resets > 0) {
        resets -= 1;
        req.socket.destroy();
        return;
      }
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ ok: true }));
    });
    server.on('connection', () => (connections += 1));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('each call opens its own connection, so none reuses a socket the server is closing', async () => {
    await controlCall(`${url}/__admin/state`, 'GET', { idempotent: true });
    await controlCall(`${url}/__admin/state`, 'GET', { idempotent: true });
    expect(connections).toBe(2);
  });

  it('an idempotent call is tried again after a reset connection, and succeeds', async () => {
    resets = ATTEMPTS - 1;
    await expect(controlCall(`${url}/s/x/__admin/reset`, 'POST', { idempotent: true })).resolves.toEqual({
      ok: true,
    });
    expect(requests).toEqual(Array.from({ length: ATTEMPTS }, () => 'POST /s/x/__admin/reset'));
  });

  it('creating a session is not sent twice: the error names the call and the cause, not a source file', async () => {
    resets = 1;
    const failed = controlCall(`${url}/__admin/sessions`, 'POST', { body: {}, idempotent: false });
    await expect(failed).rejects.toThrow(ControlError);
    await expect(failed).rejects.toThrow(`[rocketchat-fake] POST ${url}/__admin/sessions failed: ECONNRESET`);
    expect(requests).toEqual(['POST /__admin/sessions']);
  });

  it('deleting a session: a 404 after a reset connection means the first try did it; a first 404 is an error', async () => {
    server.removeAllListeners('request');
    let calls = 0;
    server.on('request', (req, res: ServerResponse) => {
      requests.push(`${req.method ?? ''} ${req.url ?? ''}`);
      calls += 1;
      // the first try deletes the session, and its connection breaks before the answer
      if (calls === 1) return void req.socket.destroy();
      res.statusCode = 404;
      res.end('{"error":"no session \\"s1\\""}');
    });
    await expect(controlDelete(`${url}/__admin/sessions/s1`, {})).resolves.toBeUndefined();
    expect(requests).toEqual(['DELETE /__admin/sessions/s1', 'DELETE /__admin/sessions/s1']);
    calls = 1;
    await expect(controlDelete(`${url}/__admin/sessions/s2`, {})).rejects.toThrow(
      `[rocketchat-fake] DELETE ${url}/__admin/sessions/s2 answered 404`,
    );
  });

  it('a server that is not running: the error says what to check', async () => {
    const gone = url;
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    server = createServer();
    server.listen(0);
    await expect(controlCall(`${gone}/__admin/state`, 'GET', { idempotent: true })).rejects.toThrow(
      `[rocketchat-fake] GET ${gone}/__admin/state failed: ECONNREFUSED: nothing listens there; has the globalSetup started the server, and is it still running?`,
    );
  });

  it('a refusal is reported with its status and body, not retried', async () => {
    server.removeAllListeners('request');
    server.on('request', (req, res: ServerResponse) => {
      requests.push(`${req.method ?? ''} ${req.url ?? ''}`);
      res.statusCode = 401;
      res.end('{"success":false,"error":"unauthorized"}');
    });
    await expect(controlCall(`${url}/__admin/state`, 'GET', { idempotent: true })).rejects.toThrow(
      `[rocketchat-fake] GET ${url}/__admin/state answered 401: {"success":false,"error":"unauthorized"}`,
    );
    expect(requests).toHaveLength(1);
  });
});
