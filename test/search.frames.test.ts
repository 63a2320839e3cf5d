/**
 * Edits and deletes as the realtime streams tell them (as the real server sends them): an edit is the
 * edited message on `stream-room-messages` `<rid>`; a deletion `{_id}` on `stream-notify-room`
 * `<rid>/deleteMessage` (and the room on `rooms-changed`), the message then in the trash that
 * `chat.getDeletedMessages` lists; a reply's root, one reply less, on the room's stream.
 */
import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import { AS } from './support/fake';
import { openDdp } from './support/ddp';
import type { Frame, Ddp } from './support/ddp';
import { ACTIONS_WORLD } from './support/message-actions';

describe('the frames of edits and deletes', () => {
  let fake: FakeServer;
  const sockets: Ddp[] = [];

  beforeEach(async () => {
    fake = createFakeServer({
      scenario: {
        ...ACTIONS_WORLD,
        messages: [
          ...(ACTIONS_WORLD.messages ?? []),
          {
            _id: 'msgReply000000001',
            rid: 'GENERAL',
            msg: 'a reply',
            u: { username: 'bob' },
            tmid: 'msgGeneral0000001',
          },
        ],
      },
    });
    await fake.start();
  });
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
    await fake.stop();
  });

  async function loggedIn(token: string): Promise<Ddp> {
    return openDdp(fake.url, sockets, token);
  }

  it('chat.update: the edited message (msg, editedAt, editedBy) on stream-room-messages <rid>', async () => {
    const bob = await loggedIn('bob-token');
    await bob.sub('stream-room-messages', 'GENERAL', false);
    await request(fake.app)
      .post('/api/v1/chat.update')
      .set(AS.alice)
      .send({ roomId: 'GENERAL', msgId: 'msgGeneral0000001', text: 'hello again' })
      .expect(200);
    const frame = await bob.next((f) => f.msg === 'changed' && f.collection === 'stream-room-messages');
    expect(frame).toEqual({
      msg: 'changed',
      collection: 'stream-room-messages',
      id: 'id',
      fields: {
        eventName: 'GENERAL',
        args: [
          expect.objectContaining({
            _id: 'msgGeneral0000001',
            msg: 'hello again',
            editedBy: { _id: 'aliceUserId000001', username: 'alice' },
            editedAt: { $date: expect.any(Number) as number },
          }) as Frame,
        ],
      },
    });
  });

  it("deleteMessage: {_id} on <rid>/deleteMessage, the trash lists it, the reply's root counts one reply less", async () => {
    const bob = await loggedIn('bob-token');
    await bob.sub('stream-notify-room', 'GENERAL/deleteMessage', false);
    await bob.sub('stream-room-messages', 'GENERAL', false);
    const done = await bob.call('deleteMessage', { _id: 'msgReply000000001' });
    expect(done.error).toBeUndefined();
    const gone = await bob.next((f) => f.msg === 'changed' && f.collection === 'stream-notify-room');
    expect(gone).toEqual({
      msg: 'changed',
      collection: 'stream-notify-room',
      id: 'id',
      fields: { eventName: 'GENERAL/deleteMessage', args: [{ _id: 'msgReply000000001' }] },
    });
    const listed = await request(fake.app)
      .get('/api/v1/chat.getDeletedMessages')
      .query({ roomId: 'GENERAL', since: '2026-01-01T00:00:00.000Z' })
      .set(AS.alice);
    expect(listed.body).toEqual({
      messages: [{ _id: 'msgReply000000001' }],
      count: 1,
      offset: 0,
      total: 1,
      success: true,
    });
    // the reply's root counts one reply less: its new version on the room's stream
    const root = await bob.next(
      (f) =>
        f.msg === 'changed' &&
        f.collection === 'stream-room-messages' &&
        ((f.fields as { args: { _id: string }[] }).args[0]?._id ?? '') === 'msgGeneral0000001',
    );
    expect(root.fields).toMatchObject({
      eventName: 'GENERAL',
      args: [{ _id: 'msgGeneral0000001', tcount: 0 }],
    });
  });
});
