/**
 * The fixed clock's warning: real drivers drop every message not newer than when they started
 * listening, so when a realtime client follows messages while the fixed clock is more than a
 * minute behind the wall clock, the fake says so once per server: one line on stderr, the
 * control API's `GET /__admin/clock` `warnings`, and a `warning` event (the inspector shows it).
 */
import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer, FakeServerOptions } from '../src/server';
import type { WorldEvent } from '../src/types';
import { AS, WORLD } from './support/fake';
import { Ddp } from './support/ddp';

const servers: FakeServer[] = [];
const open: Ddp[] = [];
let lines: string[];
let spy: jest.SpyInstance;

beforeEach(() => {
  lines = [];
  const write = process.stderr.write.bind(process.stderr);
  spy = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    if (String(chunk).includes('warning:')) lines.push(String(chunk));
    else write(chunk);
    return true;
  });
});
afterEach(async () => {
  spy.mockRestore();
  await Promise.all(open.splice(0).map((c) => c.close()));
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});

async function serve(options: FakeServerOptions = {}): Promise<{ fake: FakeServer; ws: string }> {
  const fake = createFakeServer({ scenario: WORLD, ...options });
  servers.push(fake);
  const url = await fake.start(0);
  return { fake, ws: `${url.replace('http', 'ws')}/websocket` };
}

/** A client logged in as bob, subscribed to `name` `key`. */
async function follow(ws: string, name: string, key: string): Promise<Ddp> {
  const c = new Ddp(ws);
  open.push(c);
  await c.connect();
  await c.call('login', { resume: AS.bob['X-Auth-Token'] });
  expect((await c.sub(name, key, false)).msg).toBe('ready');
  return c;
}

const WARNING =
  'the fake clock is fixed at 2026-01-01T00:00:00.000Z, behind the wall clock, and a realtime client follows messages: ' +
  'real drivers (@rocket.chat/sdk, hubot-rocketchat) drop every message not newer than when they started listening; ' +
  'start the fake with --clock now (the option clock: "now") for them';

describe('the fixed clock behind the wall clock, once a realtime client follows messages', () => {
  it('says so once: one stderr line, GET /__admin/clock warnings, a warning event', async () => {
    const { fake, ws } = await serve();
    const events: WorldEvent[] = [];
    fake.subscribe((event) => {
      if (event.type === 'warning') events.push(event);
    });
    // other streams say nothing
    await follow(ws, 'stream-notify-user', 'bobUserId00000001/rooms-changed');
    expect(lines).toEqual([]);
    expect((await request(fake.app).get('/__admin/clock')).body).toEqual({
      now: '2026-01-01T00:00:00.000Z',
      warnings: [],
    });
    await follow(ws, 'stream-room-messages', 'GENERAL');
    expect(lines).toEqual([`[rocketchat-fake] warning: ${WARNING}\n`]);
    expect(events).toEqual([{ type: 'warning', text: WARNING }]);
    expect(fake.warnings()).toEqual([WARNING]);
    // again, on another socket, after a reset, in a session: not said again
    await follow(ws, 'stream-room-messages', '__my_messages__');
    await fake.reset();
    await follow(ws, 'stream-room-messages', 'GENERAL');
    const session = fake.session();
    await follow(ws.replace('/websocket', `/s/${session.id}/websocket`), 'stream-room-messages', 'GENERAL');
    expect(lines).toHaveLength(1);
    expect(events).toHaveLength(1);
    expect((await request(fake.app).get('/__admin/clock')).body).toEqual({
      now: '2026-01-01T00:00:00.000Z',
      warnings: [WARNING],
    });
  });

  it('nothing with --clock now, nor with a fixed clock set to the wall clock', async () => {
    const now = await serve({ clock: 'now' });
    await follow(now.ws, 'stream-room-messages', 'GENERAL');
    const set = await serve();
    set.fake.clock.set(new Date().toISOString());
    await follow(set.ws, 'stream-room-messages', '__my_messages__');
    expect(lines).toEqual([]);
    expect(now.fake.warnings()).toEqual([]);
    expect(set.fake.warnings()).toEqual([]);
  });
});
