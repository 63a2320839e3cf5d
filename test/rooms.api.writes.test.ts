/**
 * The writes of rooms-api: `rooms.leave` (any room by id or name, then the `leaveRoom` command
 * `channels.leave` and `groups.leave` share) and `rooms.favorite` with its realtime twin
 * `toggleFavorite` (the subscription's `f`, the `subscriptions-changed` frame). State before and
 * after; every refusal, per release line, changes nothing.
 */
import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { ProfileId } from '../src/types';
import { AS, WORLD, makeFake, roomOf } from './support/fake';
import type { Ddp } from './support/ddp';
import { withRealtime } from './support/ddp';
import { refused, subscriptionOf, systemMessages, type Who } from './support/rooms';

function post(fake: FakeServer, who: Who, route: string, body: object): request.Test {
  return request(fake.app)
    .post(`/api/v1/${route}`)
    .set({ ...AS[who] })
    .send(body);
}

const NOT_FOUND_404 = { success: false, error: 'Resource not found' };
const PARAM_REQUIRED = {
  success: false,
  error: 'The parameter "roomId" or "roomName" is required [error-roomid-param-not-provided]',
  errorType: 'error-roomid-param-not-provided',
};
const ROOM_NOT_FOUND = {
  success: false,
  error:
    'The required "roomId" or "roomName" param provided does not match any channel [error-room-not-found]',
  errorType: 'error-room-not-found',
};
const ATTIC_ARCHIVED = {
  success: false,
  error: 'The channel, attic, is archived [error-room-archived]',
  errorType: 'error-room-archived',
};
const notAllowed = {
  success: false,
  error: 'Not allowed [error-not-allowed]',
  errorType: 'error-not-allowed',
  details: { method: 'leaveRoom' },
};

describe('POST /api/v1/rooms.leave', () => {
  it('leaves a channel or a group by id or name: out of the room, ul, no subscription (8.9)', async () => {
    const fake = makeFake();
    expect(await subscriptionOf(fake, 'bob', 'GENERAL')).not.toBeNull();
    const res = await post(fake, 'bob', 'rooms.leave', { roomName: 'general' });
    expect([res.status, res.body]).toEqual([200, { success: true }]);
    expect(res.body).toMatchShape('rooms.leave');
    expect(roomOf(fake, 'general').usernames).toEqual(['admin', 'alice']);
    expect(roomOf(fake, 'general').usersCount).toBe(2);
    expect(systemMessages(fake, 'GENERAL')).toEqual([{ t: 'ul', msg: 'bob', u: 'bob' }]);
    expect(await subscriptionOf(fake, 'bob', 'GENERAL')).toBeNull();
    // a group, by id
    await post(fake, 'alice', 'groups.invite', { roomName: 'secret', username: 'bob' }).expect(200);
    const group = await post(fake, 'bob', 'rooms.leave', { roomId: 'privateRoomId0001' });
    expect([group.status, group.body]).toEqual([200, { success: true }]);
    expect(roomOf(fake, 'secret').usernames).toEqual(['alice']);
    fake.reset();
    expect(roomOf(fake, 'general').usernames).toEqual(['admin', 'alice', 'bob']);
  });

  it.each(['5', '6', '7', '8.9'] as ProfileId[])(
    "%s: the lookup's refusals, then leaveRoom's, each changing nothing",
    async (profile) => {
      const fake = makeFake({ profile });
      await refused(fake, 'bob', 'rooms.leave', { roomName: 'nope' }, 400, ROOM_NOT_FOUND);
      await refused(fake, 'admin', 'rooms.leave', { roomName: 'attic' }, 400, ATTIC_ARCHIVED);
      // the room's only owner
      await refused(fake, 'alice', 'rooms.leave', { roomName: 'random' }, 400, {
        success: false,
        error:
          'You are the last owner. Please set new owner before leaving the room. [error-you-are-last-owner]',
        errorType: 'error-you-are-last-owner',
        details: { method: 'leaveRoom' },
      });
      // not a member
      await refused(fake, 'robot', 'rooms.leave', { roomId: 'GENERAL' }, 400, {
        success: false,
        error: 'You are not in this room [error-user-not-in-room]',
        errorType: 'error-user-not-in-room',
        details: { method: 'leaveRoom' },
      });
      // a guest lacks leave-c (checked before membership)
      await refused(fake, 'gina', 'rooms.leave', { roomId: 'GENERAL' }, 400, notAllowed);
    },
  );

  it('a direct room cannot be left', async () => {
    const fake = makeFake();
    const dm = await post(fake, 'alice', 'im.create', { username: 'bob' });
    await refused(fake, 'alice', 'rooms.leave', { roomId: dm.body.room._id as string }, 400, notAllowed);
  });

  it('no room given: 5.x to 7.x the lookup; 8.x the typed body; 0.49: 404', async () => {
    for (const profile of ['5', '7'] as ProfileId[])
      await refused(makeFake({ profile }), 'bob', 'rooms.leave', {}, 400, PARAM_REQUIRED);
    const eight = makeFake({ profile: '8.5' });
    await refused(eight, 'bob', 'rooms.leave', {}, 400, {
      success: false,
      errorType: 'invalid-params',
      error:
        "must have required property 'roomId'\nmust have required property 'roomName'\nmust match a schema in anyOf",
    });
    await refused(eight, 'bob', 'rooms.leave', { roomId: 'GENERAL', other: 1 }, 400, {
      success: false,
      errorType: 'invalid-params',
      error:
        "must NOT have additional properties\nmust have required property 'roomName'\nmust match a schema in anyOf",
    });
    await refused(
      makeFake({ profile: '0.49' }),
      'bob',
      'rooms.leave',
      { roomId: 'GENERAL' },
      404,
      NOT_FOUND_404,
    );
  });

  it('7.x: an empty roomId is looked up (and not found); 6.x falls through to roomName', async () => {
    await refused(
      makeFake({ profile: '7' }),
      'bob',
      'rooms.leave',
      { roomId: '', roomName: 'general' },
      400,
      ROOM_NOT_FOUND,
    );
    const six = makeFake({ profile: '6' });
    expect((await post(six, 'bob', 'rooms.leave', { roomId: '', roomName: 'general' })).status).toBe(200);
    expect(roomOf(six, 'general').usernames).toEqual(['admin', 'alice']);
  });
});

const NOT_SUBSCRIBED = {
  success: false,
  error: 'You must be part of a room to favorite it [error-invalid-subscription]',
  errorType: 'error-invalid-subscription',
  details: { method: 'toggleFavorite' },
};
const MATCH_ERROR = {
  success: false,
  error: 'Match error: Failed Match.OneOf, Match.Maybe or Match.Optional validation',
};

describe('POST /api/v1/rooms.favorite', () => {
  it("sets the caller's f, its _updatedAt moved; the state shows it and a reset forgets it (8.9)", async () => {
    const fake = makeFake();
    const before = await subscriptionOf(fake, 'bob', 'GENERAL');
    expect(before).not.toHaveProperty('f');
    const res = await post(fake, 'bob', 'rooms.favorite', { roomName: 'general', favorite: true });
    expect([res.status, res.body]).toEqual([200, { success: true }]);
    expect(res.body).toMatchShape('rooms.favorite');
    const after = await subscriptionOf(fake, 'bob', 'GENERAL');
    expect(after).toEqual({ ...before, _updatedAt: '2026-01-01T00:00:01.000Z', f: true });
    expect(Object.keys(after ?? {}).slice(-2)).toEqual(['_updatedAt', 'f']);
    expect(fake.state().subscriptions).toEqual([
      { rid: 'GENERAL', username: 'bob', _updatedAt: '2026-01-01T00:00:01.000Z', f: true },
    ]);
    // the others' subscriptions are untouched
    expect(await subscriptionOf(fake, 'alice', 'GENERAL')).not.toHaveProperty('f');
    // unmarked: f false, kept
    await post(fake, 'bob', 'rooms.favorite', { roomId: 'GENERAL', favorite: false }).expect(200);
    expect((await subscriptionOf(fake, 'bob', 'GENERAL'))?.f).toBe(false);
    // a state with the mark loads back with it
    const reloaded = createFakeServer({ scenario: fake.state() });
    expect((await subscriptionOf(reloaded, 'bob', 'GENERAL'))?.f).toBe(false);
    fake.reset();
    expect(await subscriptionOf(fake, 'bob', 'GENERAL')).toEqual(before);
  });

  it("a direct room's subscription too, found by the room's id", async () => {
    const fake = makeFake();
    const dm = await post(fake, 'alice', 'im.create', { username: 'bob' });
    const rid = dm.body.room._id as string;
    await post(fake, 'bob', 'rooms.favorite', { roomId: rid, favorite: true }).expect(200);
    const sub = await subscriptionOf(fake, 'bob', rid);
    expect(sub).toMatchObject({ rid, t: 'd', f: true });
    expect(Object.keys(sub ?? {}).at(-1)).toBe('f');
    expect((await subscriptionOf(fake, 'alice', rid))?.f).toBeUndefined();
    expect(fake.state().subscriptions).toContainEqual(
      expect.objectContaining({ rid, username: 'bob', f: true }),
    );
  });

  it.each(['5', '6', '7', '8.9'] as ProfileId[])('%s: the refusals change nothing', async (profile) => {
    const fake = makeFake({ profile });
    await refused(
      fake,
      'robot',
      'rooms.favorite',
      { roomId: 'GENERAL', favorite: true },
      400,
      NOT_SUBSCRIBED,
    );
    await refused(fake, 'bob', 'rooms.favorite', { roomName: 'nope', favorite: true }, 400, ROOM_NOT_FOUND);
    // archived rooms cannot be (un)favourited
    await refused(
      fake,
      'admin',
      'rooms.favorite',
      { roomName: 'attic', favorite: true },
      400,
      ATTIC_ARCHIVED,
    );
  });

  it.each(['5', '6', '7'] as ProfileId[])(
    "%s: the route's own favorite check first, then Match.Optional(Boolean)",
    async (profile) => {
      const fake = makeFake({ profile });
      await refused(fake, 'bob', 'rooms.favorite', { roomId: 'nope' }, 400, {
        success: false,
        error: "The 'favorite' param is required",
      });
      await refused(fake, 'bob', 'rooms.favorite', { roomId: 'GENERAL', favorite: 'true' }, 400, MATCH_ERROR);
      // the room is looked up before the method's check
      await refused(fake, 'bob', 'rooms.favorite', { roomId: 'nope', favorite: 'true' }, 400, ROOM_NOT_FOUND);
    },
  );

  it('favorite null: a Match error to 6.x, true in 7.x (the model default)', async () => {
    await refused(
      makeFake({ profile: '6' }),
      'bob',
      'rooms.favorite',
      { roomId: 'GENERAL', favorite: null },
      400,
      MATCH_ERROR,
    );
    const seven = makeFake({ profile: '7' });
    await post(seven, 'bob', 'rooms.favorite', { roomId: 'GENERAL', favorite: null }).expect(200);
    expect((await subscriptionOf(seven, 'bob', 'GENERAL'))?.f).toBe(true);
  });

  it('8.x: the typed body (favorite required, "true" coerced); 0.49: 404', async () => {
    const fake = makeFake({ profile: '8.5' });
    await refused(fake, 'bob', 'rooms.favorite', { roomId: 'GENERAL' }, 400, {
      success: false,
      errorType: 'invalid-params',
      error:
        "must have required property 'roomName'\nmust have required property 'favorite'\nmust match a schema in anyOf",
    });
    await post(fake, 'bob', 'rooms.favorite', { roomId: 'GENERAL', favorite: 'true' }).expect(200);
    expect((await subscriptionOf(fake, 'bob', 'GENERAL'))?.f).toBe(true);
    await refused(
      makeFake({ profile: '0.49' }),
      'bob',
      'rooms.favorite',
      { roomId: 'GENERAL', favorite: true },
      404,
      NOT_FOUND_404,
    );
  });
});

describe('realtime: the subscriptions-changed frame, and toggleFavorite', () => {
  let fake: FakeServer;
  const loggedIn = withRealtime(
    () => (fake = createFakeServer({ scenario: WORLD })),
    () => fake,
  );

  const heard = (ddp: Ddp, event: string): Promise<unknown[]> =>
    ddp
      .next((f) => f.msg === 'changed' && (f.fields as { eventName: string }).eventName === event)
      .then((f) => (f.fields as { args: unknown[] }).args);

  it("rooms.favorite: the caller hears its subscription 'updated' with f", async () => {
    const uid = 'bobUserId00000001';
    const bob = await loggedIn('bob-token');
    await bob.sub('stream-notify-user', `${uid}/subscriptions-changed`, false);
    await post(fake, 'bob', 'rooms.favorite', { roomId: 'GENERAL', favorite: true }).expect(200);
    expect(await heard(bob, `${uid}/subscriptions-changed`)).toEqual([
      'updated',
      expect.objectContaining({ rid: 'GENERAL', u: expect.objectContaining({ _id: uid }), f: true }),
    ]);
  });

  it('toggleFavorite(rid, favorite?): 1, the mark set (true by default); its refusals are Meteor errors', async () => {
    const bob = await loggedIn('bob-token');
    const set = await bob.call('toggleFavorite', 'GENERAL');
    expect(set.error).toBeUndefined();
    expect(set.result).toBe(1);
    expect(fake.state().subscriptions).toEqual([
      { rid: 'GENERAL', username: 'bob', _updatedAt: '2026-01-01T00:00:01.000Z', f: true },
    ]);
    expect((await bob.call('toggleFavorite', 'GENERAL', false)).result).toBe(1);
    expect(fake.state().subscriptions?.[0]?.f).toBe(false);
    const before = JSON.stringify(fake.state());
    expect((await bob.call('toggleFavorite', 'GENERAL', 'yes')).error).toMatchObject({
      error: 400,
      reason: 'Match failed',
    });
    expect((await bob.call('toggleFavorite', 7)).error).toMatchObject({ error: 400, reason: 'Match failed' });
    expect((await bob.call('toggleFavorite', 'randomRoomId00001', true)).error).toMatchObject({
      error: 'error-invalid-subscription',
      reason: 'You must be part of a room to favorite it',
      details: { method: 'toggleFavorite' },
    });
    const anon = await loggedIn();
    expect((await anon.call('toggleFavorite', 'GENERAL')).error).toMatchObject({
      error: 'error-invalid-user',
      details: { method: 'toggleFavorite' },
    });
    expect(JSON.stringify(fake.state())).toBe(before);
  });
});
