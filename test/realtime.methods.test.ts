import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import { AS, WORLD } from './support/fake';
import { Ddp } from './support/ddp';
import type { Frame } from './support/ddp';

/**
 * The realtime methods' checks and refusals, frame by frame, as the real server's methods answer
 * them (Rocket.Chat 7.x/8.x sources named in each test), and the state before and after.
 */

/** A Meteor.Error as the result frame carries it. */
function meteorError(error: string | number, reason?: string, details?: Frame): Frame {
  return {
    isClientSafe: true,
    error,
    ...(reason !== undefined ? { reason } : {}),
    ...(details ? { details } : {}),
    message: reason !== undefined ? `${reason} [${String(error)}]` : `[${String(error)}]`,
    errorType: 'Meteor.Error',
  };
}

const MATCH_FAILED = meteorError(400, 'Match failed');
const INTERNAL = meteorError(500, 'Internal server error');

let fake: FakeServer;
let url: string;
const open: Ddp[] = [];

beforeAll(async () => {
  fake = createFakeServer({ scenario: WORLD });
  url = (await fake.start(0)).replace('http', 'ws');
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
  await fake.reset();
});
afterAll(() => fake.stop());

/** A connected client of `server` (the shared fake unless given), logged in as `who` when named. */
async function client(who?: keyof typeof AS, base = url): Promise<Ddp> {
  const c = new Ddp(`${base}/websocket`);
  open.push(c);
  await c.connect();
  if (who) expect((await c.call('login', { resume: AS[who]['X-Auth-Token'] })).error).toBeUndefined();
  return c;
}

/** The usernames of a public channel, as the world holds them. */
function members(rid: string): string[] {
  return fake.state().channels?.find((c) => c._id === rid)?.usernames ?? [];
}

describe('joinRoom (app/lib/server/methods/joinRoom.ts, the room service’s join)', () => {
  it('a room with a join code: none is error-code-required, a wrong one error-code-invalid, the right one joins', async () => {
    const c = await client('alice');
    expect(members('clubRoomId0000001')).not.toContain('alice');
    const details = { method: 'joinRoom' };
    expect((await c.call('joinRoom', 'clubRoomId0000001')).error).toEqual(
      meteorError('error-code-required', 'Code required', details),
    );
    expect((await c.call('joinRoom', 'clubRoomId0000001', '')).error).toEqual(
      meteorError('error-code-required', 'Code required', details),
    );
    expect((await c.call('joinRoom', 'clubRoomId0000001', 'wrong')).error).toEqual(
      meteorError('error-code-invalid', 'Invalid code', details),
    );
    expect(members('clubRoomId0000001')).not.toContain('alice');
    const joined = await c.call('joinRoom', 'clubRoomId0000001', 'xyzzy');
    expect(joined).toEqual({ msg: 'result', id: joined.id, result: true });
    expect(members('clubRoomId0000001')).toContain('alice');
    // a member joining again: addUserToRoom returns, an empty result (the code is asked first)
    const again = await c.call('joinRoom', 'clubRoomId0000001', 'xyzzy');
    expect(again).toEqual({ msg: 'result', id: again.id });
    const general = await c.call('joinRoom', 'GENERAL');
    expect(general).toEqual({ msg: 'result', id: general.id });
  });

  it('an admin (join-without-join-code) joins without the code; up to 5.x a missing code was error-code-invalid', async () => {
    const admin = await client('admin');
    expect((await admin.call('joinRoom', 'clubRoomId0000001')).result).toBe(true);
    const five = createFakeServer({ scenario: WORLD, profile: '5' });
    const base = (await five.start(0)).replace('http', 'ws');
    try {
      const c = await client('alice', base);
      expect((await c.call('joinRoom', 'clubRoomId0000001')).error).toEqual(
        meteorError('error-code-invalid', 'Invalid Room Password', { method: 'joinRoom' }),
      );
    } finally {
      await Promise.all(open.splice(0).map((d) => d.close()));
      await five.stop();
    }
  });

  it('no room by that id is error-invalid-room, a room the user may not see error-not-allowed, no id Match failed', async () => {
    const c = await client('bob');
    const details = { method: 'joinRoom' };
    // by _id only: a name is no room
    expect((await c.call('joinRoom', 'random')).error).toEqual(
      meteorError('error-invalid-room', 'Invalid room', details),
    );
    expect((await c.call('joinRoom', 'privateRoomId0001')).error).toEqual(
      meteorError('error-not-allowed', 'Not allowed', details),
    );
    expect((await c.call('joinRoom')).error).toEqual(MATCH_FAILED);
    expect((await c.call('joinRoom', 42)).error).toEqual(MATCH_FAILED);
    expect(members('randomRoomId00001')).not.toContain('bob');
    expect((await c.call('joinRoom', 'randomRoomId00001')).result).toBe(true);
    expect(members('randomRoomId00001')).toContain('bob');
  });
});

describe('rooms/get and subscriptions/get before a login (server/publications/room, subscription)', () => {
  it('answer [] rather than refuse', async () => {
    const c = await client();
    const rooms = await c.call('rooms/get');
    expect(rooms).toEqual({ msg: 'result', id: rooms.id, result: [] });
    const subs = await c.call('subscriptions/get', { $date: 0 });
    expect(subs).toEqual({ msg: 'result', id: subs.id, result: [] });
  });
});

describe('readMessages (server/methods/readMessages.ts, server/lib/readMessages.ts)', () => {
  it('refuses as the method does: no room, no access, no subscription (500), no id', async () => {
    const c = await client('bob');
    const details = { method: 'readMessages' };
    expect((await c.call('readMessages', 'nope')).error).toEqual(
      meteorError('error-room-does-not-exist', 'This room does not exist', details),
    );
    expect((await c.call('readMessages', 'privateRoomId0001')).error).toEqual(
      meteorError('error-not-allowed', 'Not allowed', details),
    );
    // a public channel bob may see but is not in: the lib's plain Error, sanitised by Meteor
    expect((await c.call('readMessages', 'randomRoomId00001')).error).toEqual(INTERNAL);
    expect((await c.call('readMessages')).error).toEqual(MATCH_FAILED);
  });

  it('a read sends ["updated", subscription] on <uid>/subscriptions-changed to the user’s connections', async () => {
    const alice = await client('alice');
    const bob = await client('bob');
    const other = await client('bob');
    for (const d of [bob, other])
      await d.sub('stream-notify-user', 'bobUserId00000001/subscriptions-changed', false);
    await alice.sub('stream-notify-user', 'aliceUserId000001/subscriptions-changed', false);
    const before = (await bob.call('subscriptions/get')).result as { rid: string; ls?: unknown }[];
    const changed = (d: Ddp): Promise<Frame> =>
      d.next(
        (f) =>
          f.msg === 'changed' &&
          (f.fields as { eventName: string }).eventName === 'bobUserId00000001/subscriptions-changed',
      );
    const onOther = changed(other);
    const read = await bob.call('readMessages', 'GENERAL');
    expect(read).toEqual({ msg: 'result', id: read.id });
    const after = ((await bob.call('subscriptions/get')).result as { rid: string }[]).find(
      (s) => s.rid === 'GENERAL',
    );
    expect(after).not.toEqual(before.find((s) => s.rid === 'GENERAL'));
    const frame = await changed(bob);
    expect(frame).toEqual({
      msg: 'changed',
      collection: 'stream-notify-user',
      id: 'id',
      fields: { eventName: 'bobUserId00000001/subscriptions-changed', args: ['updated', after] },
    });
    expect((await onOther).fields).toEqual(frame.fields);
    // the frame leaves before the method's answer; alice hears nothing
    expect(bob.frames.indexOf(frame)).toBeLessThan(bob.frames.findIndex((f) => f.id === read.id));
    expect(alice.frames.filter((f) => f.msg === 'changed')).toEqual([]);
  });
});

describe('subscriptions rerun when the user changes (Meteor _setUserId)', () => {
  it("logout stops the subs the connection may no longer read: a direct room's stream, the user's own events", async () => {
    const say = (text: string): Promise<Response> =>
      fetch(`${url.replace('ws', 'http')}/api/v1/chat.postMessage`, {
        method: 'POST',
        headers: { ...AS.bob, 'Content-Type': 'application/json' },
        body: JSON.stringify({ channel: '@alice', text }),
      });
    const first = (await (await say('before')).json()) as { message: { rid: string } };
    const alice = await client('alice');
    const direct = (await alice.sub('stream-room-messages', first.message.rid, false)).subs as string[];
    const own = (await alice.sub('stream-notify-user', 'aliceUserId000001/subscriptions-changed', false))
      .subs as string[];
    const mine = (await alice.sub('stream-room-messages', '__my_messages__', false)).subs as string[];
    const out = await alice.call('logout');
    expect(out.error).toBeUndefined();
    const stopped = alice.frames.filter((f) => f.msg === 'nosub').map((f) => f.id);
    expect(stopped.sort()).toEqual([direct[0], own[0]].sort());
    expect(stopped).not.toContain(mine[0]);
    // nothing of the direct room reaches the logged-out socket
    expect((await say('after the logout')).status).toBe(200);
    await alice.call('rooms/get');
    expect(alice.frames.filter((f) => JSON.stringify(f).includes('after the logout'))).toEqual([]);
  });
});

describe('REST changes the realtime API hears', () => {
  const post = (path: string, who: keyof typeof AS, body: object): Promise<Response> =>
    fetch(`${url.replace('ws', 'http')}${path}`, {
      method: 'POST',
      headers: { ...AS[who], 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('subscriptions.read over REST sends ["updated", subscription] on <uid>/subscriptions-changed too', async () => {
    const bob = await client('bob');
    await bob.sub('stream-notify-user', 'bobUserId00000001/subscriptions-changed', false);
    const res = await post('/api/v1/subscriptions.read', 'bob', { rid: 'GENERAL' });
    expect(res.status).toBe(200);
    const frame = await bob.next((f) => f.msg === 'changed');
    const after = ((await bob.call('subscriptions/get')).result as { rid: string }[]).find(
      (s) => s.rid === 'GENERAL',
    );
    expect(frame.fields).toEqual({
      eventName: 'bobUserId00000001/subscriptions-changed',
      args: ['updated', after],
    });
  });

  it("a reply in another room tells the parent's change to the parent's room alone (no leak of a group's message)", async () => {
    const bob = await client('bob');
    await bob.sub('stream-room-messages', '__my_messages__', false);
    const secret = (await (
      await post('/api/v1/chat.postMessage', 'alice', {
        roomId: 'privateRoomId0001',
        text: 'top secret plan',
      })
    ).json()) as { message: { _id: string } };
    // a post may name any message as its thread: here one of a group bob is not in
    const reply = (await (
      await post('/api/v1/chat.postMessage', 'alice', {
        roomId: 'GENERAL',
        tmid: secret.message._id,
        text: 'see above',
      })
    ).json()) as { message: { _id: string } };
    // bob hears the reply (GENERAL is his), and nothing of the group's message
    await bob.next((f) => JSON.stringify(f).includes(reply.message._id));
    // a round trip on the same socket: every frame the post made has arrived before its answer
    await bob.call('rooms/get');
    expect(bob.frames.filter((f) => JSON.stringify(f).includes('top secret plan'))).toEqual([]);
  });

  it("a thread reply sends its parent's new version (tcount, tlm, replies) to the room's stream", async () => {
    const alice = await client('alice');
    await alice.sub('stream-room-messages', 'GENERAL', false);
    const parent = (await (
      await post('/api/v1/chat.postMessage', 'bob', { roomId: 'GENERAL', text: 'q' })
    ).json()) as {
      message: { _id: string };
    };
    await post('/api/v1/chat.postMessage', 'admin', {
      roomId: 'GENERAL',
      tmid: parent.message._id,
      text: 'a',
    });
    const updated = await alice.next((f) => {
      const args = (f.fields as { args?: { _id?: string; tcount?: number }[] } | undefined)?.args;
      return f.msg === 'changed' && args?.[0]?._id === parent.message._id && args[0].tcount === 1;
    });
    expect((updated.fields as { args: Frame[] }).args[0]).toMatchObject({
      replies: ['bobUserId00000001', 'adminUserId000001'],
    });
  });
});

describe('sendMessage (app/lib/server/methods/sendMessage.ts)', () => {
  it('8.x: a system message is a plain Error (500), nothing stored; a text over the limit an empty result', async () => {
    const c = await client('bob');
    await c.sub('stream-notify-user', 'bobUserId00000001/message', false);
    const stored = (): number => fake.changes().messages.added.length;
    expect(stored()).toBe(0);
    const system = await c.call('sendMessage', { rid: 'GENERAL', msg: 'joined', t: 'uj' });
    expect(system).toEqual({ msg: 'result', id: system.id, error: INTERNAL });
    const long = await c.call('sendMessage', { rid: 'GENERAL', msg: 'x'.repeat(5001) });
    expect(long).toEqual({ msg: 'result', id: long.id });
    expect(stored()).toBe(0);
    // neither is told the user as an ephemeral message
    expect(c.frames.filter((f) => f.msg === 'changed')).toEqual([]);
    // a field the check does not know is Match failed before the login is looked at
    const anonymous = await client();
    expect((await anonymous.call('sendMessage', { rid: 'GENERAL', alias: 'x' })).error).toEqual(MATCH_FAILED);
  });

  it('0.49 keeps the size error as the method’s own', async () => {
    const old = createFakeServer({ scenario: WORLD, profile: '0.49' });
    const base = (await old.start(0)).replace('http', 'ws');
    try {
      const c = await client('bob', base);
      expect((await c.call('sendMessage', { rid: 'GENERAL', msg: 'x'.repeat(5001) })).error).toEqual(
        meteorError('error-message-size-exceeded', 'Message size exceeds Message_MaxAllowedSize', {
          method: 'sendMessage',
        }),
      );
    } finally {
      await Promise.all(open.splice(0).map((d) => d.close()));
      await old.stop();
    }
  });
});

describe('updateMessage and createDirectMessage', () => {
  it('previewUrls (the second parameter) marks the other links ignoreParse, as the REST routes do', async () => {
    const c = await client('bob');
    const text = 'https://a.example/x https://b.example/y';
    const sent = await c.call('sendMessage', { _id: 'withLinks0000001', rid: 'GENERAL', msg: text }, [
      'https://a.example/x',
    ]);
    expect((sent.result as { urls: unknown }).urls).toEqual([
      { url: 'https://a.example/x', meta: {} },
      { url: 'https://b.example/y', meta: {}, ignoreParse: true },
    ]);
    // the same text with other previewUrls: still an edit (the server's check skips the no-op)
    await c.call('updateMessage', { _id: 'withLinks0000001', rid: 'GENERAL', msg: text }, [
      'https://b.example/y',
    ]);
    const edited = fake.state().messages?.find((m) => m._id === 'withLinks0000001');
    expect(edited?.urls).toEqual([
      { url: 'https://a.example/x', meta: {}, ignoreParse: true },
      { url: 'https://b.example/y', meta: {} },
    ]);
    expect(edited?.editedBy).toEqual({ _id: 'bobUserId00000001', username: 'bob' });
  });

  it('updateMessage: no message is Match failed, an unknown _id an empty result (app/lib/server/methods/updateMessage.ts)', async () => {
    const c = await client('bob');
    expect((await c.call('updateMessage')).error).toEqual(MATCH_FAILED);
    expect((await c.call('updateMessage', { rid: 'GENERAL', msg: 'x' })).error).toEqual(MATCH_FAILED);
    const unknown = await c.call('updateMessage', { _id: 'nope', rid: 'GENERAL', msg: 'x' });
    expect(unknown).toEqual({ msg: 'result', id: unknown.id });
    expect(fake.changes().messages.changed).toEqual([]);
  });

  it('createDirectMessage answers {t, rid, usernames} without _id (server/methods/createDirectMessage.ts)', async () => {
    const c = await client('alice');
    const direct = await c.call('createDirectMessage', 'bob');
    expect(direct).toEqual({
      msg: 'result',
      id: direct.id,
      result: {
        t: 'd',
        rid: 'aliceUserId000001bobUserId00000001',
        usernames: ['alice', 'bob'],
      },
    });
  });
});
