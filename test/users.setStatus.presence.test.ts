/**
 * REST `users.setStatus` broadcasts presence as the realtime `setUserStatus` does, through the
 * same change (a user change told as presence) and the one stream table: `stream-notify-logged`
 * `user-status` to the logged-in, `stream-user-presence` to the connections watching the user.
 * The route tells its two parts apart, the message first (with the status as it was), then the
 * status; its tuples carry the user's `name` (the Presence service's do not).
 */
import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { ProfileId } from '../src/profiles';
import { AS, WORLD } from './support/fake';
import { Ddp } from './support/ddp';
import type { Frame } from './support/ddp';

const BOB = 'bobUserId00000001';
const servers: FakeServer[] = [];
const open: Ddp[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});

async function serve(profile: ProfileId): Promise<{ fake: FakeServer; url: string }> {
  const fake = createFakeServer({
    scenario: {
      ...WORLD,
      users: WORLD.users?.map((u) => (u.username === 'bob' ? { ...u, name: 'Bob B' } : u)),
    },
    profile,
  });
  servers.push(fake);
  return { fake, url: await fake.start(0) };
}

/** Alice, logged in, following `user-status` and watching bob on `stream-user-presence`. */
async function watcher(url: string): Promise<Ddp> {
  const c = new Ddp(`${url.replace('http', 'ws')}/websocket`);
  open.push(c);
  await c.connect();
  expect((await c.call('login', { resume: AS.alice['X-Auth-Token'] })).error).toBeUndefined();
  expect((await c.sub('stream-notify-logged', 'user-status', false)).msg).toBe('ready');
  expect((await c.sub('stream-user-presence', '', { added: [BOB] })).msg).toBe('ready');
  return c;
}

async function setStatus(url: string, body: object): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${url}/api/v1/users.setStatus`, {
    method: 'POST',
    headers: { ...AS.bob, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

/** The presence frames the client got since `from`, once a round trip shows nothing more is on its way. */
async function presenceSince(c: Ddp, from: number): Promise<Frame[]> {
  await c.call('getRoomIdByNameOrId', 'general');
  return c.frames
    .slice(from)
    .filter(
      (f) =>
        f.msg === 'changed' &&
        (f.collection === 'stream-notify-logged' || f.collection === 'stream-user-presence'),
    );
}

describe('REST users.setStatus broadcasts presence', () => {
  it('8.9: the message, then the status, each as user-status (with the name) and stream-user-presence', async () => {
    const { fake, url } = await serve('8.9');
    const alice = await watcher(url);
    const from = alice.frames.length;
    expect(await setStatus(url, { status: 'busy', message: 'lunch' })).toEqual({
      status: 200,
      body: { success: true },
    });
    const frames = await presenceSince(alice, from);
    // each stream in the route's order (the two streams are separate channels: no order between them)
    expect(frames.filter((f) => f.collection === 'stream-notify-logged')).toEqual([
      {
        msg: 'changed',
        collection: 'stream-notify-logged',
        id: 'id',
        fields: { eventName: 'user-status', args: [[BOB, 'bob', 0, 'lunch', 'Bob B', ['user']]] },
      },
      {
        msg: 'changed',
        collection: 'stream-notify-logged',
        id: 'id',
        fields: { eventName: 'user-status', args: [[BOB, 'bob', 3, 'lunch', 'Bob B', ['user']]] },
      },
    ]);
    expect(frames.filter((f) => f.collection === 'stream-user-presence')).toEqual([
      {
        msg: 'changed',
        collection: 'stream-user-presence',
        id: BOB,
        fields: { uid: BOB, args: [['bob', 0, 'lunch']], eventName: BOB },
      },
      {
        msg: 'changed',
        collection: 'stream-user-presence',
        id: BOB,
        fields: { uid: BOB, args: [['bob', 3, 'lunch']], eventName: BOB },
      },
    ]);
    const bob = fake.state().users.find((u) => u._id === BOB);
    expect(bob).toMatchObject({ status: 'busy', statusDefault: 'busy', statusText: 'lunch' });
  });

  it('an invalid status: the message is saved and told, the status neither', async () => {
    const { fake, url } = await serve('8.9');
    const alice = await watcher(url);
    const from = alice.frames.length;
    const refused = await setStatus(url, { status: 'sleepy', message: 'zzz' });
    expect(refused.status).toBe(400);
    const frames = await presenceSince(alice, from);
    expect(frames.map((f) => [f.collection, (f.fields as { args: unknown[] }).args]).sort()).toEqual([
      ['stream-notify-logged', [[BOB, 'bob', 0, 'zzz', 'Bob B', ['user']]]],
      ['stream-user-presence', [['bob', 0, 'zzz']]],
    ]);
    expect(fake.state().users.find((u) => u._id === BOB)).not.toHaveProperty('statusDefault');
  });

  it('5.x: the short user-status tuple, as the realtime setUserStatus sends it there', async () => {
    const { url } = await serve('5');
    const alice = await watcher(url);
    const from = alice.frames.length;
    expect((await setStatus(url, { status: 'away' })).status).toBe(200);
    const frames = await presenceSince(alice, from);
    expect(frames.map((f) => [f.collection, (f.fields as { args: unknown[] }).args]).sort()).toEqual([
      ['stream-notify-logged', [[BOB, 'bob', 2, null]]],
      ['stream-user-presence', [['bob', 2, null]]],
    ]);
  });
});
