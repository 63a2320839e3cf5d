/**
 * The realtime `createDiscussion({prid, pmid, t_name, reply, users, encrypted})`, the twin of
 * rooms.createDiscussion (one command), over a real WebSocket: its result as EJSON, its refusals
 * as Meteor errors, and the raw frames a new discussion sends (the parent's `discussion-created`
 * on the room stream, the new room and subscription to each member).
 */
import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { ProfileId } from '../src/types';
import { openDdp } from './support/ddp';
import type { Frame, Ddp } from './support/ddp';
import { ACTIONS_WORLD } from './support/message-actions';

const HEX24 = /^[0-9a-f]{24}$/;
const METEOR_ID = /^[23456789A-HJ-NP-Za-km-z]{17}$/;

describe('createDiscussion over the realtime API', () => {
  let fake: FakeServer;
  const sockets: Ddp[] = [];

  async function start(profile?: ProfileId): Promise<void> {
    fake = createFakeServer({ scenario: ACTIONS_WORLD, ...(profile ? { profile } : {}) });
    await fake.start();
  }

  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
    await fake.stop();
  });

  async function connected(token?: string): Promise<Ddp> {
    return openDdp(fake.url, sockets, token);
  }

  it('makes the discussion as the REST route does and answers the room as EJSON; the raw frames', async () => {
    await start();
    const bob = await connected('bob-token');
    await bob.sub('stream-room-messages', 'GENERAL', false);
    const gina = await connected('gina-token');
    await gina.sub('stream-notify-user', 'guestUserId000001/subscriptions-changed', false);
    await gina.sub('stream-notify-user', 'guestUserId000001/rooms-changed', false);
    const alice = await connected('alice-token');
    const answer = await alice.call('createDiscussion', {
      prid: 'GENERAL',
      pmid: 'msgGeneral0000001',
      t_name: 'Plans',
      reply: 'first',
      users: ['gina'],
      // the method passes no topic on
      topic: 'ignored',
    });
    const result = answer.result as Record<string, unknown>;
    const rid = result.rid as string;
    expect(rid).toMatch(HEX24);
    const t1 = { $date: Date.parse('2026-01-01T00:00:01.000Z') };
    expect(answer).toEqual({
      msg: 'result',
      id: answer.id,
      result: {
        rid,
        inserted: true,
        _id: rid,
        fname: 'Plans',
        _updatedAt: t1,
        description: 'hello',
        topic: 'general',
        prid: 'GENERAL',
        encrypted: false,
        name: expect.stringMatching(METEOR_ID),
        t: 'c',
        msgs: 0,
        usersCount: 0,
        u: { _id: 'aliceUserId000001', username: 'alice', name: 'alice' },
        ts: t1,
        ro: false,
      },
    });
    expect(fake.state().channels.find((c) => c._id === rid)).toMatchObject({
      prid: 'GENERAL',
      usernames: ['alice', 'gina'],
    });

    // the parent's room stream: the discussion-created message, with its drid, then its refresh by the reply
    const created = await bob.next((f) => JSON.stringify(f).includes('"dcount"'));
    const roomFrames = bob.frames.filter(
      (f) => f.msg === 'changed' && f.collection === 'stream-room-messages',
    );
    const t2 = { $date: Date.parse('2026-01-01T00:00:02.000Z') };
    const t3 = { $date: Date.parse('2026-01-01T00:00:03.000Z') };
    const system = {
      _id: expect.stringMatching(HEX24),
      t: 'discussion-created',
      rid: 'GENERAL',
      ts: t2,
      msg: 'Plans',
      u: { _id: 'aliceUserId000001', username: 'alice', name: 'alice' },
      groupable: false,
      drid: rid,
      attachments: [
        {
          text: 'hello',
          author_name: 'alice',
          author_icon: '/avatar/alice',
          message_link: '/channel/general?msg=msgGeneral0000001',
          ts: { $date: Date.parse('2026-01-01T00:00:00.000Z') },
        },
      ],
      _updatedAt: t2,
    };
    expect(roomFrames).toEqual([
      {
        msg: 'changed',
        collection: 'stream-room-messages',
        id: 'id',
        fields: { eventName: 'GENERAL', args: [system] },
      },
      created,
    ]);
    expect(created).toEqual({
      msg: 'changed',
      collection: 'stream-room-messages',
      id: 'id',
      fields: { eventName: 'GENERAL', args: [{ ...system, dcount: 1, dlm: t3 }] },
    });

    // the invited member hears of the new room and subscription
    const subscription = await gina.next(
      (f) => JSON.stringify(f).includes('subscriptions-changed') && JSON.stringify(f).includes('"inserted"'),
    );
    expect(subscription).toMatchObject({
      msg: 'changed',
      collection: 'stream-notify-user',
      fields: {
        eventName: 'guestUserId000001/subscriptions-changed',
        args: ['inserted', expect.objectContaining({ rid, prid: 'GENERAL', fname: 'Plans' }) as Frame],
      },
    });
    const room = await gina.next(
      (f) => JSON.stringify(f).includes('rooms-changed') && JSON.stringify(f).includes('"inserted"'),
    );
    expect(room).toMatchObject({
      fields: {
        eventName: 'guestUserId000001/rooms-changed',
        args: ['inserted', expect.objectContaining({ _id: rid, prid: 'GENERAL' }) as Frame],
      },
    });
  });

  it('refuses as the REST route does, as Meteor errors; not logged in: Invalid user (DiscussionCreation)', async () => {
    await start();
    const anonymous = await connected();
    const robot = await connected('robot-token');
    const alice = await connected('alice-token');
    // the rooms and messages (a login moves the user's presence, not these)
    const rooms = (): string => JSON.stringify([fake.state().channels, fake.state().messages]);
    const before = rooms();
    const out = await anonymous.call('createDiscussion', { prid: 'GENERAL', t_name: 'x' });
    expect(out.error).toMatchObject({
      error: 'error-invalid-user',
      reason: 'Invalid user',
      details: { method: 'DiscussionCreation' },
    });
    const denied = await robot.call('createDiscussion', { prid: 'GENERAL', t_name: 'x' });
    expect(denied.error).toMatchObject({
      error: 'error-action-not-allowed',
      reason: 'You are not allowed to create a discussion',
      details: { method: 'createDiscussion' },
    });
    const orphan = await alice.call('createDiscussion', { t_name: 'x' });
    expect(orphan.error).toMatchObject({
      error: 'error-invalid-arguments',
      reason: 'Missing parent room ID',
      details: { method: 'DiscussionCreation' },
    });
    const mismatch = await alice.call('createDiscussion', {
      prid: 'GENERAL',
      pmid: 'msgSecret00000001',
      t_name: 'x',
    });
    expect(mismatch.error).toMatchObject({
      error: 'error-invalid-arguments',
      reason: 'Root message room ID does not match parent room ID ',
    });
    const hidden = await alice.call('createDiscussion', { prid: 'noSuchRoom', t_name: 'x' });
    expect(hidden).toMatchObject({
      msg: 'result',
      error: { error: 'error-invalid-room', message: '[error-invalid-room]' },
    });
    expect(hidden.error).not.toHaveProperty('reason');
    expect(rooms()).toBe(before);
  });

  it('without prid, the message’s room is the parent', async () => {
    await start();
    const alice = await connected('alice-token');
    const answer = await alice.call('createDiscussion', { pmid: 'msgSecret00000001', t_name: 'Secretly' });
    expect(answer.result).toMatchObject({ prid: 'privateRoomId0001', t: 'p', description: 'plan' });
  });

  it('5.x answers without inserted; 0.49 does not know the method', async () => {
    await start('5');
    const alice = await connected('alice-token');
    const answer = await alice.call('createDiscussion', { prid: 'GENERAL', t_name: 'x' });
    const result = answer.result as Record<string, unknown>;
    expect(Object.keys(result).slice(0, 3)).toEqual(['rid', '_id', 'fname']);
    await Promise.all(sockets.splice(0).map((s) => s.close()));
    await fake.stop();
    await start('0.49');
    const old = await connected('alice-token');
    const unknown = await old.call('createDiscussion', { prid: 'GENERAL', t_name: 'x' });
    expect(unknown.error).toMatchObject({ error: 404, reason: "Method 'createDiscussion' not found" });
  });
});
