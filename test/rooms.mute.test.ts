/**
 * `POST rooms.muteUser` and `rooms.unmuteUser` (6.8 on; the REST faces of `muteUserInRoom` and
 * `unmuteUserInRoom`, which 8.0 kept as the only way to mute): the body's validator, the user
 * (`getUserFromParams`), then the command's checks in its order; the state before and after, and
 * every refusal changing nothing.
 */
import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { ProfileId } from '../src/types';
import { AS, WORLD, roomOf } from './support/fake';

type Who = keyof typeof AS;

const BOB = 'bobUserId00000001';

function fakeAs(profile: ProfileId): FakeServer {
  return createFakeServer({ scenario: WORLD, profile });
}

function call(fake: FakeServer, who: Who, route: string, body: unknown): request.Test {
  return request(fake.app)
    .post(`/api/v1/${route}`)
    .set(AS[who])
    .send(body as object);
}

/** The world's state and change count, to show a refusal changed nothing. */
function snapshot(fake: FakeServer): string {
  return JSON.stringify({ state: fake.state(), changes: fake.changes() });
}

function systemTexts(fake: FakeServer): string[] {
  return (fake.state().messages ?? [])
    .filter((m) => m.rid === 'GENERAL' && typeof m.t === 'string')
    .map((m) => `${String(m.t)}:${m.msg}`);
}

describe.each(['7.10', '8.9'] as ProfileId[])('rooms.muteUser and rooms.unmuteUser on %s', (profile) => {
  it('mutes a member by username, unmutes by userId: {success: true}, the room’s muted list, the messages', async () => {
    const fake = fakeAs(profile);
    await call(fake, 'admin', 'rooms.muteUser', { roomId: 'GENERAL', username: 'bob' }).expect(200, {
      success: true,
    });
    expect(roomOf(fake, 'general').muted).toEqual(['bob']);
    const refused = await call(fake, 'bob', 'chat.sendMessage', {
      message: { rid: 'GENERAL', msg: 'hello?' },
    });
    expect(refused.status).toBe(400);
    await call(fake, 'admin', 'rooms.unmuteUser', { roomId: 'GENERAL', userId: BOB }).expect(200, {
      success: true,
    });
    expect(roomOf(fake, 'general').muted).toEqual([]);
    expect(systemTexts(fake)).toEqual(['user-muted:bob', 'user-unmuted:bob']);
    await call(fake, 'bob', 'chat.sendMessage', { message: { rid: 'GENERAL', msg: 'hello' } }).expect(200);
  });

  it('refuses, changing nothing: the body, an unknown user, no mute-user, an unknown room, a direct room, a non-member', async () => {
    const fake = fakeAs(profile);
    const dm = await call(fake, 'admin', 'im.create', { username: 'bob' }).expect(200);
    const direct = (dm.body as { room: { _id: string } }).room._id;
    const before = snapshot(fake);
    const legacy = profile === '7.10';
    // no user: the oneOf's two branches, then the oneOf itself (the real server's own example)
    const noUser = await call(fake, 'admin', 'rooms.muteUser', { roomId: 'GENERAL' });
    expect(noUser.status).toBe(400);
    const messages = [
      "must have required property 'userId'",
      "must have required property 'username'",
      'must match exactly one schema in oneOf',
    ];
    expect(noUser.body).toEqual(
      legacy
        ? { success: false, error: `${messages.join('\n ')} [invalid-params]`, errorType: 'invalid-params' }
        : { success: false, errorType: 'invalid-params', error: messages.join('\n') },
    );
    for (const body of [
      { username: 'bob' },
      { roomId: 'GENERAL', username: '' },
      { roomId: 'GENERAL', username: 'bob', extra: 1 },
      { roomId: 'GENERAL', username: 'bob', userId: BOB },
    ]) {
      const res = await call(fake, 'admin', 'rooms.unmuteUser', body);
      expect([res.status, (res.body as { errorType?: string }).errorType]).toEqual([400, 'invalid-params']);
    }
    await call(fake, 'admin', 'rooms.muteUser', { roomId: 'GENERAL', username: 'nobody' }).expect(400, {
      success: false,
      error:
        'The required "userId" or "username" param provided does not match any users [error-invalid-user]',
      errorType: 'error-invalid-user',
    });
    // bob is neither admin nor the room's owner or moderator
    await call(fake, 'bob', 'rooms.muteUser', { roomId: 'GENERAL', username: 'alice' }).expect(400, {
      success: false,
      error: 'Not allowed [error-not-allowed]',
      errorType: 'error-not-allowed',
      details: { method: 'muteUserInRoom' },
    });
    const unknown = await call(fake, 'admin', 'rooms.unmuteUser', { roomId: 'nowhere', username: 'bob' });
    expect(unknown.body).toMatchObject({
      errorType: 'error-invalid-room',
      details: { method: 'unmuteUserInRoom' },
    });
    await call(fake, 'admin', 'rooms.muteUser', { roomId: direct, username: 'bob' }).expect(400, {
      success: false,
      error: 'd is not a valid room type [error-invalid-room-type]',
      errorType: 'error-invalid-room-type',
      details: { method: 'muteUserInRoom', type: 'd' },
    });
    // gina is a user, not a member of #general
    await call(fake, 'admin', 'rooms.muteUser', { roomId: 'GENERAL', username: 'gina' }).expect(400, {
      success: false,
      error: 'User is not in this room [error-user-not-in-room]',
      errorType: 'error-user-not-in-room',
      details: { method: 'muteUserInRoom' },
    });
    expect(snapshot(fake)).toBe(before);
  });
});

it('5: rooms.muteUser and rooms.unmuteUser are not served yet (added in 6.8)', async () => {
  const fake = fakeAs('5');
  for (const route of ['rooms.muteUser', 'rooms.unmuteUser']) {
    const res = await call(fake, 'admin', route, { roomId: 'GENERAL', username: 'bob' });
    expect(res.status).toBe(404);
  }
  expect(roomOf(fake, 'general').muted).toEqual([]);
});
