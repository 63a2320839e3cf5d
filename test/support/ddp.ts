import { WebSocket } from 'ws';
import type { FakeServer } from '../../src/server';

/** A DDP frame as JSON. */
export type Frame = Record<string, unknown>;

/** A raw DDP client: sends frames, and waits for the next frame that matches. */
export class Ddp {
  readonly frames: Frame[] = [];
  #waiters: { match: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  readonly socket: WebSocket;

  constructor(url: string) {
    this.socket = new WebSocket(url);
    this.socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as Frame;
      this.frames.push(frame);
      this.#waiters = this.#waiters.filter((w) => {
        if (!w.match(frame)) return true;
        w.resolve(frame);
        return false;
      });
    });
  }

  open(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
    });
  }

  send(frame: Frame): void {
    this.socket.send(JSON.stringify(frame));
  }

  /** The first frame (already received or to come) matching. */
  next(match: (f: Frame) => boolean): Promise<Frame> {
    const found = this.frames.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve) => this.#waiters.push({ match, resolve }));
  }

  async connect(): Promise<Frame> {
    await this.open();
    this.send({ msg: 'connect', version: '1', support: ['1', 'pre2', 'pre1'] });
    return this.next((f) => f.msg === 'connected' || f.msg === 'failed');
  }

  #ids = 0;
  /** Calls a method; resolves with its `result` frame. */
  async call(method: string, ...params: unknown[]): Promise<Frame> {
    this.#ids += 1;
    const id = String(this.#ids);
    this.send({ msg: 'method', method, params, id });
    return this.next((f) => f.msg === 'result' && f.id === id);
  }

  async sub(name: string, ...params: unknown[]): Promise<Frame> {
    this.#ids += 1;
    const id = `s${this.#ids}`;
    this.send({ msg: 'sub', id, name, params });
    return this.next(
      (f) => (f.msg === 'ready' && (f.subs as string[]).includes(id)) || (f.msg === 'nosub' && f.id === id),
    );
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.readyState === this.socket.CLOSED) resolve();
      else {
        this.socket.once('close', () => resolve());
        this.socket.close();
      }
    });
  }
}

/**
 * A socket to the fake at `url` (its HTTP base), connected, and logged in with `token` (a resume
 * token) when one is given; pushed on `sockets` for the test's `afterEach` to close.
 */
export async function openDdp(url: string, sockets: Ddp[], token?: string): Promise<Ddp> {
  const ddp = new Ddp(`${url.replace('http', 'ws')}/websocket`);
  sockets.push(ddp);
  await ddp.connect();
  if (token !== undefined) await ddp.call('login', { resume: token });
  return ddp;
}

/**
 * For a `describe` whose tests each start a fake and open realtime sockets on it: `start` makes
 * (and keeps, for the tests to read) the test's fake before each test; after each, its sockets are
 * closed and `current()` stopped. Returns `loggedIn(token?)`, a socket on the current fake.
 */
export function withRealtime(
  start: () => FakeServer,
  current: () => FakeServer,
): (token?: string) => Promise<Ddp> {
  const sockets: Ddp[] = [];
  beforeEach(async () => {
    await start().start();
  });
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
    await current().stop();
  });
  return (token) => openDdp(current().url, sockets, token);
}
