/**
 * `saveRoomSettings` over the realtime API (the command REST's room settings routes run), and
 * what a settings change tells the streams: the system message on the room's stream, the room
 * updated on each member's `rooms-changed`.
 */
import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import { withRealtime } from './support/ddp';
import type { Frame, Ddp } from './support/ddp';
import { WORLD, postAs, roomOf } from './support/fake';

describe('saveRoomSettings over the realtime API', () => {
  let fake: FakeServer;
  const loggedIn = withRealtime(
    () => (fake = createFakeServer({ scenario: WORLD })),
    () => fake,
  );

  const heard = (ddp: Ddp, event: string): Promise<unknown[]> =>
    ddp
      .next((f: Frame) => f.msg === 'changed' && (f.fields as { eventName: string }).eventName === event)
      .then((f) => (f.fields as { args: unknown[] }).args);

  it('(rid, name, value) and (rid, {settings}) answer {result, rid}; the room changes as over REST', async () => {
    const admin = await loggedIn('admin-token');
    const one = await admin.call('saveRoomSettings', 'GENERAL', 'roomTopic', 'Over DDP');
    expect(one.result).toEqual({ result: true, rid: 'GENERAL' });
    const many = await admin.call('saveRoomSettings', 'GENERAL', { roomDescription: 'D', readOnly: true });
    expect(many.result).toEqual({ result: true, rid: 'GENERAL' });
    expect(roomOf(fake, 'general')).toMatchObject({ topic: 'Over DDP', description: 'D', ro: true });
    // the REST route sees the same room: the same topic is its "same value" refusal
    const same = await postAs(fake.app, 'admin', '/api/v1/channels.setTopic', {
      roomId: 'GENERAL',
      topic: 'Over DDP',
    });
    expect([same.status, same.body]).toEqual([
      400,
      { success: false, error: 'The channel topic is the same as what it would be changed to.' },
    ]);
  });

  it("its refusals are Meteor's errors, and change nothing", async () => {
    const anon = await loggedIn();
    // bob's realtime login marks him online (docs/realtime-bots.md): the state is taken after it
    const bob = await loggedIn('bob-token');
    const before = fake.state();
    const out = await anon.call('saveRoomSettings', 'GENERAL', 'roomTopic', 'x');
    expect(out.error).toEqual({
      isClientSafe: true,
      error: 'error-invalid-user',
      reason: 'Invalid user',
      details: { function: 'RocketChat.saveRoomName' },
      message: 'Invalid user [error-invalid-user]',
      errorType: 'Meteor.Error',
    });
    const denied = await bob.call('saveRoomSettings', 'GENERAL', { roomTopic: 'x' });
    expect(denied.error).toMatchObject({
      error: 'error-action-not-allowed',
      reason: 'Editing room is not allowed',
      details: { method: 'saveRoomSettings', action: 'Editing_room' },
    });
    const unknown = await bob.call('saveRoomSettings', 'GENERAL', 'bogus', 1);
    expect(unknown.error).toMatchObject({
      error: 'error-invalid-settings',
      reason: 'Invalid settings provided',
      details: { method: 'saveRoomSettings' },
    });
    const noRoom = await bob.call('saveRoomSettings', 7, 'roomTopic', 'x');
    expect(noRoom.error).toMatchObject({
      error: 'error-invalid-room',
      details: { method: 'saveRoomSettings' },
    });
    expect(fake.state()).toEqual(before);
  });

  it('a change sends its system message on the room stream and the room to its members', async () => {
    const uid = 'aliceUserId000001';
    const alice = await loggedIn('alice-token');
    expect(await alice.sub('stream-room-messages', 'GENERAL', false)).toMatchObject({ msg: 'ready' });
    expect(await alice.sub('stream-notify-user', `${uid}/rooms-changed`, false)).toMatchObject({
      msg: 'ready',
    });
    const res = await postAs(fake.app, 'admin', '/api/v1/channels.setAnnouncement', {
      roomId: 'GENERAL',
      announcement: 'Heads up',
    });
    expect(res.status).toBe(200);
    const [message] = await heard(alice, 'GENERAL');
    expect(message).toMatchObject({
      t: 'room_changed_announcement',
      msg: 'Heads up',
      rid: 'GENERAL',
      u: { _id: 'adminUserId000001', username: 'admin' },
    });
    expect(await heard(alice, `${uid}/rooms-changed`)).toEqual([
      'updated',
      expect.objectContaining({ _id: 'GENERAL', announcement: 'Heads up' }),
    ]);
  });
});
