/**
 * The stream table (src/realtime/streams.ts): the store's change events reach the realtime
 * streams through it. What a commit adds reaches the members' `stream-notify-user`
 * (`rooms-changed` and `subscriptions-changed` `["inserted", …]`, as the real server's
 * notifyListener tells them); every kind of change is in the table, streamed or not.
 */
import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import { STREAM_TABLE, entryOf } from '../src/realtime/streams';
import type { ChangeEvent } from '../src/store/store';
import type { Room, User } from '../src/types';
import { AS, WORLD } from './support/fake';
import { Ddp } from './support/ddp';
import type { Frame } from './support/ddp';

let fake: FakeServer;
let url: string;
const open: Ddp[] = [];

beforeAll(async () => {
  fake = createFakeServer({ scenario: WORLD });
  url = await fake.start(0);
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
  await fake.reset();
});
afterAll(() => fake.stop());

const ID = { alice: 'aliceUserId000001', bob: 'bobUserId00000001', admin: 'adminUserId000001' } as const;

/** A logged-in client following its user's `rooms-changed` and `subscriptions-changed`. */
async function notified(who: keyof typeof ID, first: 'rooms' | 'subscriptions' = 'rooms'): Promise<Ddp> {
  const c = new Ddp(`${url.replace('http', 'ws')}/websocket`);
  open.push(c);
  await c.connect();
  await c.call('login', { resume: AS[who]['X-Auth-Token'] });
  const events = ['rooms-changed', 'subscriptions-changed'];
  if (first === 'subscriptions') events.reverse();
  for (const event of events) await c.sub('stream-notify-user', `${ID[who]}/${event}`, false);
  return c;
}

/** Every `changed` frame of the client once a round trip on its socket is done: `eventName op`. */
async function heard(c: Ddp): Promise<{ names: string[]; frames: Frame[] }> {
  await c.call('getRoomIdByNameOrId', 'general');
  const frames = c.frames.filter((f) => f.msg === 'changed');
  const names = frames.map((f) => {
    const { eventName, args } = f.fields as { eventName: string; args: unknown[] };
    return typeof args[0] === 'string' ? `${eventName} ${args[0]}` : eventName;
  });
  return { names, frames };
}

const post = (path: string, who: keyof typeof AS, body: object): Promise<Response> =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { ...AS[who], 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('what a commit adds reaches stream-notify-user as inserted', () => {
  it('a post that joins a public channel: the subscription inserted first, then the uj and the post as before', async () => {
    const bob = await notified('bob');
    const alice = await notified('alice');
    const res = await post('/api/v1/chat.postMessage', 'bob', { channel: '#random', text: 'joining' });
    expect(res.status).toBe(200);
    const { names, frames } = await heard(bob);
    expect(names).toEqual([
      `${ID.bob}/subscriptions-changed inserted`,
      // the join's uj, then the post: each message's frames as they were
      `${ID.bob}/rooms-changed updated`,
      `${ID.bob}/subscriptions-changed updated`,
      `${ID.bob}/rooms-changed updated`,
      `${ID.bob}/subscriptions-changed updated`,
    ]);
    // the subscription as the join made it (the real server's joiner: open, alerted, one mention)
    expect(frames[0]?.fields).toEqual({
      eventName: `${ID.bob}/subscriptions-changed`,
      args: [
        'inserted',
        expect.objectContaining({
          rid: 'randomRoomId00001',
          name: 'random',
          t: 'c',
          open: true,
          alert: true,
          unread: 1,
          u: expect.objectContaining({ _id: ID.bob, username: 'bob' }),
        }),
      ],
    });
    // alice (the channel's owner, a member already) hears the two messages as before, nothing inserted
    expect((await heard(alice)).names).toEqual([
      `${ID.alice}/rooms-changed updated`,
      `${ID.alice}/subscriptions-changed updated`,
      `${ID.alice}/rooms-changed updated`,
      `${ID.alice}/subscriptions-changed updated`,
    ]);
  });

  it('joinRoom over DDP: the joiner hears its subscription inserted, as subscriptions/get then answers it', async () => {
    const admin = await notified('admin');
    expect((await admin.call('joinRoom', 'clubRoomId0000001')).result).toBe(true);
    const { names, frames } = await heard(admin);
    expect(names[0]).toBe(`${ID.admin}/subscriptions-changed inserted`);
    const subs = (await admin.call('subscriptions/get')).result as { rid: string }[];
    const sub = subs.find((s) => s.rid === 'clubRoomId0000001');
    expect(sub).toBeDefined();
    expect((frames[0]?.fields as { args: unknown[] }).args).toEqual(['inserted', sub]);
  });

  it('a room added with the user as member: rooms-changed inserted, then its subscription inserted; others hear nothing', async () => {
    // the socket's subs in either order: the room's insertion comes first
    const alice = await notified('alice', 'subscriptions');
    const bob = await notified('bob');
    const added = fake.addChannel({ name: 'added', usernames: ['alice'] });
    const { names, frames } = await heard(alice);
    expect(names).toEqual([
      `${ID.alice}/rooms-changed inserted`,
      `${ID.alice}/subscriptions-changed inserted`,
    ]);
    const rooms = (await alice.call('rooms/get')).result as { _id: string }[];
    const room = rooms.find((r) => r._id === added._id);
    expect(room).toMatchObject({ _id: added._id, name: 'added', t: 'c' });
    expect((frames[0]?.fields as { args: unknown[] }).args).toEqual(['inserted', room]);
    expect((frames[1]?.fields as { args: unknown[] }).args).toEqual([
      'inserted',
      expect.objectContaining({
        rid: added._id,
        name: 'added',
        u: expect.objectContaining({ _id: ID.alice }),
      }),
    ]);
    expect((await heard(bob)).names).toEqual([]);
  });

  it('the control API adds a room: the same frames reach its members', async () => {
    const bob = await notified('bob');
    const res = await fetch(`${url}/__admin/channels`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'by-control', usernames: ['bob'] }),
    });
    expect(res.status).toBeLessThan(300);
    expect((await heard(bob)).names).toEqual([
      `${ID.bob}/rooms-changed inserted`,
      `${ID.bob}/subscriptions-changed inserted`,
    ]);
  });

  it('a new direct room: each member hears the room and its own subscription inserted, before the message', async () => {
    const alice = await notified('alice');
    const res = await post('/api/v1/chat.postMessage', 'bob', { channel: '@alice', text: 'direct' });
    expect(res.status).toBe(200);
    expect((await heard(alice)).names).toEqual([
      `${ID.alice}/rooms-changed inserted`,
      `${ID.alice}/subscriptions-changed inserted`,
      `${ID.alice}/rooms-changed updated`,
      `${ID.alice}/subscriptions-changed updated`,
    ]);
  });
});

describe('changes without a message', () => {
  it('a read: one subscriptions-changed updated, told by the table (not twice)', async () => {
    const bob = await notified('bob');
    expect((await post('/api/v1/subscriptions.read', 'bob', { rid: 'GENERAL' })).status).toBe(200);
    expect((await heard(bob)).names).toEqual([`${ID.bob}/subscriptions-changed updated`]);
  });

  it('setReadOnly without its system message (5.x): the members hear the room updated', async () => {
    const five = createFakeServer({ scenario: WORLD, profile: '5' });
    const at = await five.start(0);
    try {
      const c = new Ddp(`${at.replace('http', 'ws')}/websocket`);
      open.push(c);
      await c.connect();
      await c.call('login', { resume: AS.bob['X-Auth-Token'] });
      await c.sub('stream-notify-user', `${ID.bob}/rooms-changed`, false);
      await c.sub('stream-notify-user', `${ID.bob}/subscriptions-changed`, false);
      await fetch(`${at}/api/v1/channels.setReadOnly`, {
        method: 'POST',
        headers: { ...AS.admin, 'Content-Type': 'application/json' },
        body: JSON.stringify({ roomId: 'GENERAL', readOnly: true }),
      });
      const { names, frames } = await heard(c);
      expect(names).toEqual([`${ID.bob}/rooms-changed updated`]);
      expect((frames[0]?.fields as { args: unknown[] }).args).toEqual([
        'updated',
        expect.objectContaining({ _id: 'GENERAL', ro: true }),
      ]);
    } finally {
      await five.stop();
    }
  });
});

describe('the stream table', () => {
  /** Every kind of change, each with its ops: a kind added to ChangeEvent fails to compile here. */
  const KINDS: { [K in ChangeEvent['kind']]: readonly string[] } = {
    room: ['inserted', 'updated', 'removed'],
    subscription: ['inserted', 'updated', 'removed'],
    message: ['inserted', 'updated', 'removed'],
    user: ['inserted', 'updated', 'removed'],
    integration: ['inserted', 'updated', 'removed'],
    team: ['inserted', 'updated', 'removed'],
    settings: [],
    permission: ['updated'],
    role: ['inserted', 'removed'],
    'role-doc': ['inserted', 'updated', 'removed'],
  };

  it('lists every kind and op of ChangeEvent, streamed or explicitly not', () => {
    expect(Object.keys(STREAM_TABLE).sort()).toEqual(Object.keys(KINDS).sort());
    for (const [kind, ops] of Object.entries(KINDS)) {
      const entry = STREAM_TABLE[kind as ChangeEvent['kind']] as unknown as Record<string, unknown>;
      const entries = ops.length === 0 ? [entry] : ops.map((op) => entry[op]);
      if (ops.length > 0) expect(Object.keys(entry).sort()).toEqual([...ops].sort());
      for (const one of entries) {
        const streamed = Array.isArray(one) && one.length > 0;
        const notStreamed =
          !Array.isArray(one) &&
          (one as { streamed?: unknown }).streamed === false &&
          typeof (one as { why?: unknown }).why === 'string';
        expect({ kind, streamed: streamed || notStreamed }).toEqual({ kind, streamed: true });
      }
    }
  });

  it('streams rooms, subscriptions, messages and settings; users (their presence, names and deletion), integrations and teams not yet', () => {
    const user = { _id: 'u', username: 'u' } as unknown as User;
    const room = { _id: 'r', t: 'c', name: 'r', usernames: [] } as unknown as Room;
    // a user's update is streamed as a presence change (`user-status`, `stream-user-presence`:
    // test/bots.realtime.presence.test.ts) or a new name (`Users:NameChanged`), its deletion as
    // `Users:Deleted` (test/users.notices.test.ts); its other changes reach no stream
    expect(entryOf({ kind: 'user', op: 'updated', user })).toEqual([
      expect.objectContaining({ stream: 'stream-notify-logged', event: 'user-status' }),
      expect.objectContaining({ stream: 'stream-user-presence' }),
      expect.objectContaining({ stream: 'stream-notify-logged', event: 'Users:NameChanged' }),
    ]);
    expect(entryOf({ kind: 'user', op: 'removed', user })).toEqual([
      expect.objectContaining({ stream: 'stream-notify-logged', event: 'Users:Deleted' }),
    ]);
    const notStreamed: ChangeEvent[] = [
      { kind: 'user', op: 'inserted', user },
      { kind: 'room', op: 'removed', room },
    ];
    for (const event of notStreamed) expect(entryOf(event)).toMatchObject({ streamed: false });
    expect(STREAM_TABLE.integration.inserted).toMatchObject({ streamed: false });
    expect(STREAM_TABLE.team.updated).toMatchObject({ streamed: false });
    expect(STREAM_TABLE.settings).toEqual([
      expect.objectContaining({
        stream: 'stream-notify-all',
        event: 'public-settings-changed',
        unless: 'private-setting',
      }),
      expect.objectContaining({
        stream: 'stream-notify-logged',
        event: 'private-settings-changed',
        to: 'setting-readers',
      }),
    ]);
    expect(STREAM_TABLE.team.inserted).toMatchObject({ streamed: false });
    expect(STREAM_TABLE.room.inserted).toEqual([
      expect.objectContaining({ event: 'rooms-changed', to: 'members', op: 'inserted' }),
      expect.objectContaining({ event: 'subscriptions-changed', to: 'members', op: 'inserted' }),
    ]);
    expect(STREAM_TABLE.subscription.inserted).toEqual([
      expect.objectContaining({ event: 'subscriptions-changed', to: 'user', op: 'inserted' }),
    ]);
    expect(STREAM_TABLE.message.removed).toEqual([
      expect.objectContaining({ stream: 'stream-notify-room', event: 'deleteMessage' }),
      expect.objectContaining({ event: 'rooms-changed', op: 'updated' }),
    ]);
  });
});
