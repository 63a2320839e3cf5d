/**
 * The rooms' lifecycle routes and their realtime twins: `channels.rename` / `groups.rename`,
 * `channels.archive|unarchive` / `groups.archive|unarchive` (`archiveRoom`, `unarchiveRoom`),
 * `channels.delete` / `groups.delete` / `rooms.delete` (`eraseRoom`). Each changes the room with
 * its system message (`r`, `room-archived`, `room-unarchived`) and its members' subscriptions, or
 * removes it with its messages and subscriptions; refusals change nothing; a reset brings a
 * deleted room back.
 */
import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { ScenarioInput } from '../src/scenario/schema';
import type { ProfileId } from '../src/types';
import { AS, WORLD, makeFake, roomOf } from './support/fake';
import type { Ddp } from './support/ddp';
import { withRealtime } from './support/ddp';
import { post, refused, snapshot, subscriptionOf, systemMessages } from './support/rooms';

const RANDOM = 'randomRoomId00001';
const SECRET = 'privateRoomId0001';

const ROOM_NOT_FOUND = {
  success: false,
  error:
    'The required "roomId" or "roomName" param provided does not match any channel [error-room-not-found]',
  errorType: 'error-room-not-found',
};
const GROUP_NOT_FOUND = {
  success: false,
  error: 'The required "roomId" or "roomName" param provided does not match any group [error-room-not-found]',
  errorType: 'error-room-not-found',
};
const ROOM_PARAM = {
  success: false,
  error: 'The parameter "roomId" or "roomName" is required [error-roomid-param-not-provided]',
  errorType: 'error-roomid-param-not-provided',
};
const GROUP_PARAM = {
  success: false,
  error: 'The parameter "roomId" or "roomName" is required [error-room-param-not-provided]',
  errorType: 'error-room-param-not-provided',
};
const EDIT_NOT_ALLOWED = {
  success: false,
  error: 'Editing room is not allowed [error-action-not-allowed]',
  errorType: 'error-action-not-allowed',
  details: { method: 'saveRoomSettings', action: 'Editing_room' },
};
const notAuthorized = (method: string): object => ({
  success: false,
  error: 'Not authorized [error-not-authorized]',
  errorType: 'error-not-authorized',
  details: { method },
});
const NOT_ALLOWED = {
  success: false,
  error: 'Not allowed [error-not-allowed]',
  errorType: 'error-not-allowed',
  details: { method: 'eraseRoom' },
};
const ONE_OF =
  "must have required property 'roomId'\n must have required property 'roomName'\n must match exactly one schema in oneOf";

describe('channels.rename and groups.rename (8.9)', () => {
  it("renames the channel: name and fname, the members' subscriptions, the integrations, an r message", async () => {
    const fake = makeFake();
    expect(roomOf(fake, 'random').msgs).toBe(5);
    const res = await post(fake, 'alice', 'channels.rename', { roomId: RANDOM, name: 'lobby' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchShape('channels.rename');
    expect(res.body.channel).toMatchObject({ _id: RANDOM, name: 'lobby', fname: 'lobby', msgs: 6 });
    expect(roomOf(fake, 'lobby')._id).toBe(RANDOM);
    expect(fake.state().channels.some((c) => c.name === 'random')).toBe(false);
    expect(systemMessages(fake, RANDOM)).toEqual([{ t: 'r', msg: 'lobby', u: 'alice' }]);
    expect(await subscriptionOf(fake, 'alice', RANDOM)).toMatchObject({
      name: 'lobby',
      fname: 'lobby',
      alert: true,
    });
    // the room is found by its new name, no longer by the old one
    const info = await request(fake.app)
      .get('/api/v1/channels.info')
      .query({ roomName: 'lobby' })
      .set(AS.bob);
    expect(info.body.channel._id).toBe(RANDOM);
    const old = await request(fake.app)
      .get('/api/v1/channels.info')
      .query({ roomName: 'random' })
      .set(AS.bob);
    expect(old.status).toBe(400);
    // an integration on `#random` listens on `#lobby` now
    const hook = fake.state().integrations.find((i) => i.name === 'both-hook');
    expect(hook?.channel).toEqual(['#general', '#lobby']);
    expect(fake.changes().channels.changed.map((c) => [c._id, c.fields])).toEqual([
      // the scenario's room had no fname: it comes last
      [RANDOM, ['name', 'msgs', '_updatedAt', 'fname']],
    ]);
    fake.reset();
    expect(roomOf(fake, 'random')._id).toBe(RANDOM);
  });

  it('refuses, in order: no name, no room, the same name, no edit-room, a bad or taken name', async () => {
    const fake = makeFake();
    await refused(fake, 'alice', 'channels.rename', { roomId: RANDOM }, 400, {
      success: false,
      error: 'The bodyParam "name" is required',
    });
    await refused(fake, 'alice', 'channels.rename', { roomId: RANDOM, name: '  ' }, 400, {
      success: false,
      error: 'The bodyParam "name" is required',
    });
    // 7.x on: no "missing" check, a lookup of nothing
    await refused(fake, 'alice', 'channels.rename', { name: 'x' }, 400, ROOM_NOT_FOUND);
    await refused(fake, 'alice', 'channels.rename', { roomId: SECRET, name: 'x' }, 400, ROOM_NOT_FOUND);
    await refused(fake, 'admin', 'channels.rename', { roomName: 'attic', name: 'x' }, 400, {
      success: false,
      error: 'The channel, attic, is archived [error-room-archived]',
      errorType: 'error-room-archived',
    });
    await refused(fake, 'alice', 'channels.rename', { roomName: 'random', name: 'random' }, 400, {
      success: false,
      error: 'The channel name is the same as what it would be renamed to.',
    });
    await refused(fake, 'bob', 'channels.rename', { roomId: RANDOM, name: 'x' }, 400, EDIT_NOT_ALLOWED);
    await refused(fake, 'alice', 'channels.rename', { roomId: RANDOM, name: 'a b' }, 400, {
      success: false,
      error: 'a b is not a valid room name. [error-invalid-room-name]',
      errorType: 'error-invalid-room-name',
      details: { function: 'RocketChat.getValidRoomName', channel_name: 'a b' },
    });
    await refused(fake, 'alice', 'channels.rename', { roomId: RANDOM, name: 'general' }, 400, {
      success: false,
      error: "A channel with name 'general' exists [error-duplicate-channel-name]",
      errorType: 'error-duplicate-channel-name',
      details: { function: 'RocketChat.getValidRoomName', channel_name: 'general' },
    });
    await refused(fake, 'alice', 'channels.rename', { roomId: RANDOM, name: 'attic' }, 400, {
      success: false,
      error: "There's an archived channel with name attic [error-archived-duplicate-name]",
      errorType: 'error-archived-duplicate-name',
      details: { function: 'RocketChat.getValidRoomName', channel_name: 'attic' },
    });
    await refused(fake, 'alice', 'channels.rename', { roomId: RANDOM, name: 'bob' }, 400, {
      success: false,
      error: "A room, team or user with name 'bob' already exists [error-duplicate-handle]",
      errorType: 'error-duplicate-handle',
      details: { function: 'RocketChat.updateRoomName', handle: 'bob' },
    });
  });

  it('groups.rename: a group the caller is in, answers {group}; the same name changes nothing', async () => {
    const fake = makeFake();
    await refused(fake, 'bob', 'groups.rename', { roomId: SECRET, name: 'x' }, 400, GROUP_NOT_FOUND);
    await refused(fake, 'alice', 'groups.rename', { name: 'x' }, 400, GROUP_PARAM);
    await refused(fake, 'alice', 'groups.rename', { roomId: RANDOM, name: 'x' }, 400, GROUP_NOT_FOUND);
    const before = snapshot(fake);
    const same = await post(fake, 'alice', 'groups.rename', { roomName: 'secret', name: 'secret' });
    expect(same.status).toBe(200);
    expect(same.body.group).toMatchObject({ _id: SECRET, name: 'secret' });
    expect(snapshot(fake)).toBe(before);
    const res = await post(fake, 'alice', 'groups.rename', { roomName: 'secret', name: 'vault' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchShape('groups.rename');
    expect(res.body.group).toMatchObject({ _id: SECRET, t: 'p', name: 'vault', fname: 'vault' });
    expect(systemMessages(fake, SECRET)).toEqual([{ t: 'r', msg: 'vault', u: 'alice' }]);
    const hook = fake.state().integrations.find((i) => i.name === 'secret-hook');
    expect(hook?.channel).toEqual(['#vault']);
  });

  it("a team's main room renamed renames its team", async () => {
    const fake = makeFake();
    const made = await post(fake, 'alice', 'teams.create', { name: 'crew', type: 0 });
    const roomId = made.body.team.roomId as string;
    const res = await post(fake, 'alice', 'channels.rename', { roomId, name: 'squad' });
    expect(res.status).toBe(200);
    expect(fake.state().teams?.map((t) => t.name)).toEqual(['squad']);
  });
});

describe('channels.rename and groups.rename by release line', () => {
  it('0.49 and 5 look the room up by roomId alone', async () => {
    const e49 = makeFake({ profile: '0.49' });
    await refused(e49, 'alice', 'channels.rename', { roomName: 'random', name: 'x' }, 400, {
      success: false,
      error: 'The parameter "roomId" is required [error-roomid-param-not-provided]',
      errorType: 'error-roomid-param-not-provided',
    });
    await refused(e49, 'bob', 'channels.rename', { roomId: RANDOM, name: 'x' }, 400, {
      success: false,
      error: 'Editing room is not allowed [error-action-not-allowed]',
      errorType: 'error-action-not-allowed',
    });
    // no "same name" refusal in 0.49: nothing to do
    const before = snapshot(e49);
    const same = await post(e49, 'alice', 'channels.rename', { roomId: RANDOM, name: 'random' });
    expect([same.status, same.body.channel.name]).toEqual([200, 'random']);
    expect(snapshot(e49)).toBe(before);
    const five = makeFake({ profile: '5' });
    await refused(five, 'alice', 'channels.rename', { roomName: 'random', name: 'x' }, 400, ROOM_PARAM);
    await refused(five, 'alice', 'groups.rename', { roomName: 'secret', name: 'x' }, 400, GROUP_PARAM);
    const ok = await post(five, 'alice', 'groups.rename', { roomId: SECRET, name: 'vault' });
    expect([ok.status, ok.body.group.name]).toEqual([200, 'vault']);
  });

  it('a username is free to take as a room name before 7.x', async () => {
    const six = makeFake({ profile: '6' });
    const res = await post(six, 'alice', 'channels.rename', { roomName: 'random', name: 'bob' });
    expect([res.status, res.body.channel.name]).toEqual([200, 'bob']);
    // 6.x on: no "missing" check either
    await refused(six, 'alice', 'channels.rename', { name: 'x' }, 400, ROOM_NOT_FOUND);
  });
});

describe('archive and unarchive (8.9)', () => {
  it("channels.archive: the room archived, its members' subscriptions closed, a room-archived message", async () => {
    const fake = makeFake();
    const res = await post(fake, 'admin', 'channels.archive', { roomName: 'general' });
    expect([res.status, res.body]).toEqual([200, { success: true }]);
    expect(res.body).toMatchShape('channels.archive');
    expect(roomOf(fake, 'general')).toMatchObject({ archived: true, msgs: 1 });
    expect(systemMessages(fake, 'GENERAL')).toEqual([{ t: 'room-archived', msg: '', u: 'admin' }]);
    for (const who of ['admin', 'alice', 'bob'] as const)
      expect(await subscriptionOf(fake, who, 'GENERAL')).toMatchObject({
        open: false,
        alert: false,
        archived: true,
      });
    await refused(fake, 'admin', 'channels.archive', { roomId: 'GENERAL' }, 400, {
      success: false,
      error: 'The channel, general, is archived [error-room-archived]',
      errorType: 'error-room-archived',
    });
    // the archived room refuses what checks it
    await refused(fake, 'bob', 'channels.leave', { roomId: 'GENERAL' }, 400, {
      success: false,
      error: 'The channel, general, is archived [error-room-archived]',
      errorType: 'error-room-archived',
    });
    fake.reset();
    expect(roomOf(fake, 'general').archived).toBeUndefined();
  });

  it('a room owner archives but may not unarchive (admin only); unarchive opens the subscriptions again', async () => {
    const fake = makeFake();
    await refused(fake, 'bob', 'channels.archive', { roomId: RANDOM }, 400, notAuthorized('archiveRoom'));
    await post(fake, 'alice', 'channels.archive', { roomId: RANDOM }).expect(200);
    await refused(
      fake,
      'alice',
      'channels.unarchive',
      { roomId: RANDOM },
      400,
      notAuthorized('unarchiveRoom'),
    );
    const res = await post(fake, 'admin', 'channels.unarchive', { roomId: RANDOM });
    expect([res.status, res.body]).toEqual([200, { success: true }]);
    // unarchived, the room says `archived: false` (not left out)
    expect(roomOf(fake, 'random')).toMatchObject({ archived: false, msgs: 7 });
    expect(systemMessages(fake, RANDOM)).toEqual([
      { t: 'room-archived', msg: '', u: 'alice' },
      { t: 'room-unarchived', msg: '', u: 'admin' },
    ]);
    expect(await subscriptionOf(fake, 'alice', RANDOM)).toMatchObject({
      open: true,
      alert: false,
      archived: false,
    });
    await refused(fake, 'admin', 'channels.unarchive', { roomId: RANDOM }, 400, {
      success: false,
      error: 'The channel, random, is not archived',
    });
  });

  it('channels.unarchive of a scenario room archived', async () => {
    const fake = makeFake();
    await post(fake, 'admin', 'channels.unarchive', { roomName: 'attic' }).expect(200);
    expect(roomOf(fake, 'attic').archived).toBe(false);
    await refused(fake, 'admin', 'channels.archive', {}, 400, {
      success: false,
      error: `${ONE_OF} [invalid-params]`,
      errorType: 'invalid-params',
    });
    await refused(fake, 'admin', 'channels.unarchive', { roomId: SECRET }, 400, ROOM_NOT_FOUND);
  });

  it('groups.archive and groups.unarchive: a group the caller is in; an active group is unarchived all the same', async () => {
    const fake = makeFake();
    await refused(fake, 'admin', 'groups.archive', { roomId: SECRET }, 400, GROUP_NOT_FOUND);
    await post(fake, 'alice', 'groups.invite', { roomId: SECRET, username: 'admin' }).expect(200);
    const active = await post(fake, 'admin', 'groups.unarchive', { roomId: SECRET });
    expect([active.status, active.body]).toEqual([200, { success: true }]);
    expect(roomOf(fake, 'secret').archived).toBe(false);
    const res = await post(fake, 'alice', 'groups.archive', { roomName: 'secret' });
    expect([res.status, res.body]).toEqual([200, { success: true }]);
    expect(roomOf(fake, 'secret').archived).toBe(true);
    await refused(fake, 'alice', 'groups.archive', { roomId: SECRET }, 400, {
      success: false,
      error: 'The private group, secret, is archived [error-room-archived]',
      errorType: 'error-room-archived',
    });
    await refused(fake, 'alice', 'groups.unarchive', { roomId: SECRET }, 400, notAuthorized('unarchiveRoom'));
    await post(fake, 'admin', 'groups.unarchive', { roomId: SECRET }).expect(200);
    expect(systemMessages(fake, SECRET).map((m) => m.t)).toEqual([
      'au',
      'room-unarchived',
      'room-archived',
      'room-unarchived',
    ]);
  });

  it.each(['0.49', '5'] as ProfileId[])(
    '%s: no validator; the refusal without details in 0.49',
    async (profile) => {
      const fake = makeFake({ profile });
      await refused(fake, 'admin', 'channels.archive', {}, 400, {
        ...ROOM_PARAM,
        ...(profile === '0.49'
          ? { error: 'The parameter "roomId" is required [error-roomid-param-not-provided]' }
          : {}),
      });
      const bob = await post(fake, 'bob', 'channels.archive', { roomId: RANDOM });
      expect([bob.status, bob.body]).toEqual([
        400,
        profile === '0.49'
          ? {
              success: false,
              error: 'Not authorized [error-not-authorized]',
              errorType: 'error-not-authorized',
            }
          : notAuthorized('archiveRoom'),
      ]);
      await post(fake, 'alice', 'channels.archive', { roomId: RANDOM }).expect(200);
      expect(roomOf(fake, 'random').archived).toBe(true);
    },
  );
});

/** WORLD with `general` a default room. */
const DEFAULTS: ScenarioInput = {
  ...WORLD,
  channels: (WORLD.channels ?? []).map((c) => (c.name === 'general' ? { ...c, default: true } : c)),
};

const CREW = 'crewTeamId0000001';
const CREW_MAIN = 'crewMainRoomId001';
const CREW_OPS = 'crewOpsRoomId0001';

/** WORLD with a public team `crew` (alice's, bob in it): its main room and one more room. */
const TEAMS: ScenarioInput = {
  ...WORLD,
  teams: [{ _id: CREW, name: 'crew', type: 0, members: ['alice', 'bob'], owners: ['alice'] }],
  channels: [
    ...(WORLD.channels ?? []),
    {
      _id: CREW_MAIN,
      name: 'crew',
      teamId: CREW,
      teamMain: true,
      u: { username: 'alice' },
      usernames: ['alice', 'bob'],
    },
    { _id: CREW_OPS, name: 'crew-ops', teamId: CREW, u: { username: 'alice' }, usernames: ['alice', 'bob'] },
  ],
};

describe('channels.delete, groups.delete, rooms.delete (8.9)', () => {
  it('removes the room, its messages and its subscriptions; a reset brings it back', async () => {
    const fake = makeFake();
    await post(fake, 'alice', 'chat.postMessage', { roomId: RANDOM, text: 'hello' }).expect(200);
    const res = await post(fake, 'alice', 'channels.delete', { roomName: 'random' });
    expect([res.status, res.body]).toEqual([200, { success: true }]);
    expect(res.body).toMatchShape('channels.delete');
    const state = fake.state();
    expect(state.channels.some((c) => c._id === RANDOM)).toBe(false);
    expect((state.messages ?? []).some((m) => m.rid === RANDOM)).toBe(false);
    expect(await subscriptionOf(fake, 'alice', RANDOM)).toBeNull();
    const info = await request(fake.app).get('/api/v1/channels.info').query({ roomId: RANDOM }).set(AS.bob);
    expect([info.status, info.body]).toEqual([400, ROOM_NOT_FOUND]);
    const list = await request(fake.app).get('/api/v1/channels.list').set(AS.admin);
    expect((list.body.channels as { name: string }[]).map((c) => c.name)).not.toContain('random');
    const changes = fake.changes();
    expect(changes.channels.removed.map((c) => c._id)).toEqual([RANDOM]);
    expect(changes.subscriptions.removed.map((s) => [s.rid, s.u.username])).toEqual([[RANDOM, 'alice']]);
    // the name is free again
    const again = await post(fake, 'alice', 'channels.create', { name: 'random' });
    expect(again.status).toBe(200);
    fake.reset();
    expect(roomOf(fake, 'random')).toMatchObject({ _id: RANDOM, msgs: 5 });
    expect(await subscriptionOf(fake, 'alice', RANDOM)).toMatchObject({ rid: RANDOM });
  });

  it('rooms.get and subscriptions.get with updatedSince list the deletion in remove', async () => {
    const fake = makeFake();
    const since = '2026-01-01T00:00:00.000Z';
    await post(fake, 'alice', 'channels.delete', { roomId: RANDOM }).expect(200);
    const rooms = await request(fake.app).get('/api/v1/rooms.get').query({ updatedSince: since }).set(AS.bob);
    expect(rooms.body.remove).toEqual([{ _id: RANDOM, _deletedAt: '2026-01-01T00:00:01.000Z' }]);
    const mine = await request(fake.app)
      .get('/api/v1/subscriptions.get')
      .query({ updatedSince: since })
      .set(AS.alice);
    expect(mine.body.remove).toEqual([
      { _id: expect.stringMatching(/^[0-9a-f]{24}$/), _deletedAt: '2026-01-01T00:00:01.000Z' },
    ]);
    const others = await request(fake.app)
      .get('/api/v1/subscriptions.get')
      .query({ updatedSince: since })
      .set(AS.bob);
    expect(others.body.remove).toEqual([]);
    const all = await request(fake.app).get('/api/v1/rooms.get').set(AS.bob);
    expect(all.body.remove).toEqual([]);
    fake.reset();
    const after = await request(fake.app).get('/api/v1/rooms.get').query({ updatedSince: since }).set(AS.bob);
    expect(after.body.remove).toEqual([]);
  });

  it('subscriptions.get with updatedSince lists a leave and a kick in remove, for that member only', async () => {
    const fake = makeFake();
    const since = '2026-01-01T00:00:00.000Z';
    await post(fake, 'bob', 'channels.join', { roomId: RANDOM }).expect(200);
    const joined = await subscriptionOf(fake, 'bob', RANDOM);
    await post(fake, 'bob', 'channels.leave', { roomId: RANDOM }).expect(200);
    const mine = await request(fake.app)
      .get('/api/v1/subscriptions.get')
      .query({ updatedSince: since })
      .set(AS.bob);
    expect(mine.body.remove).toEqual([{ _id: joined?._id, _deletedAt: expect.any(String) }]);
    const others = await request(fake.app)
      .get('/api/v1/subscriptions.get')
      .query({ updatedSince: since })
      .set(AS.alice);
    expect(others.body.remove).toEqual([]);
    // a kick, by an admin
    await post(fake, 'bob', 'channels.join', { roomId: RANDOM }).expect(200);
    await post(fake, 'admin', 'channels.kick', { roomId: RANDOM, userId: 'bobUserId00000001' }).expect(200);
    const after = await request(fake.app)
      .get('/api/v1/subscriptions.get')
      .query({ updatedSince: since })
      .set(AS.bob);
    expect(after.body.remove).toHaveLength(2);
    fake.reset();
    const reset = await request(fake.app)
      .get('/api/v1/subscriptions.get')
      .query({ updatedSince: since })
      .set(AS.bob);
    expect(reset.body.remove).toEqual([]);
  });

  it('refuses who may not delete, and names no room; an archived room can be deleted', async () => {
    const fake = makeFake();
    await refused(fake, 'bob', 'channels.delete', { roomId: RANDOM }, 400, NOT_ALLOWED);
    await refused(fake, 'alice', 'channels.delete', {}, 400, {
      success: false,
      error: `${ONE_OF} [invalid-params]`,
      errorType: 'invalid-params',
    });
    await refused(fake, 'alice', 'channels.delete', { roomId: SECRET }, 400, ROOM_NOT_FOUND);
    await refused(fake, 'bob', 'groups.delete', { roomId: SECRET }, 400, GROUP_NOT_FOUND);
    await post(fake, 'admin', 'channels.delete', { roomName: 'attic' }).expect(200);
    const res = await post(fake, 'alice', 'groups.delete', { roomName: 'secret' });
    expect([res.status, res.body]).toEqual([200, { success: true }]);
    expect(fake.state().channels.map((c) => c.name)).toEqual(['general', 'random', 'news', 'club']);
  });

  it('rooms.delete: the typed body, the room, then eraseRoom', async () => {
    const fake = makeFake();
    await refused(fake, 'admin', 'rooms.delete', {}, 400, {
      success: false,
      errorType: 'invalid-params',
      error: "must have required property 'roomId'",
    });
    await refused(fake, 'admin', 'rooms.delete', { roomId: RANDOM, roomName: 'random' }, 400, {
      success: false,
      errorType: 'invalid-params',
      error: 'must NOT have additional properties',
    });
    await refused(fake, 'admin', 'rooms.delete', { roomId: 'nope' }, 400, {
      success: false,
      error: 'Invalid room [error-invalid-room]',
      errorType: 'error-invalid-room',
      details: { method: 'eraseRoom' },
    });
    await refused(fake, 'bob', 'rooms.delete', { roomId: SECRET }, 400, NOT_ALLOWED);
    const res = await post(fake, 'alice', 'rooms.delete', { roomId: SECRET });
    expect([res.status, res.body]).toEqual([200, { success: true }]);
    expect(fake.state().channels.some((c) => c._id === SECRET)).toBe(false);
  });

  it('a direct room: delete-d (admin only)', async () => {
    const fake = makeFake();
    const made = await post(fake, 'alice', 'im.create', { username: 'bob' });
    const rid = made.body.room._id as string;
    await refused(fake, 'alice', 'rooms.delete', { roomId: rid }, 400, NOT_ALLOWED);
    await post(fake, 'admin', 'rooms.delete', { roomId: rid }).expect(200);
    expect(fake.state().directs ?? []).toEqual([]);
    expect(await subscriptionOf(fake, 'alice', rid)).toBeNull();
  });

  it('keeps the default rooms a new user joins, and a new room never takes a deleted one’s id', async () => {
    const fake = makeFake({ scenario: DEFAULTS });
    const first = await post(fake, 'admin', 'users.create', {
      email: 'c@example.com',
      name: 'C',
      password: 'c-pw',
      username: 'carol',
    });
    expect(first.status).toBe(200);
    expect(roomOf(fake, 'general').usernames).toContain('carol');
    await post(fake, 'admin', 'channels.delete', { roomId: 'GENERAL' }).expect(200);
    const second = await post(fake, 'admin', 'users.create', {
      email: 'd@example.com',
      name: 'D',
      password: 'd-pw',
      username: 'dave',
    });
    expect(second.status).toBe(200);
    expect(fake.state().channels.some((c) => c.usernames.includes('dave'))).toBe(false);
    const a = await post(fake, 'alice', 'channels.create', { name: 'aa' });
    const b = await post(fake, 'alice', 'channels.create', { name: 'bb' });
    await post(fake, 'alice', 'channels.delete', { roomId: a.body.channel._id as string }).expect(200);
    const c = await post(fake, 'alice', 'channels.create', { name: 'cc' });
    expect(c.body.channel._id).not.toBe(b.body.channel._id);
    expect(roomOf(fake, 'bb')._id).toBe(b.body.channel._id);
  });

  it("a team's room deleted is told in the team's main room; the main room itself only by channels.delete", async () => {
    const fake = makeFake({ scenario: TEAMS });
    const before = fake.state().channels.filter((c) => c.teamId === CREW).length;
    await refused(fake, 'bob', 'channels.delete', { roomId: CREW_OPS }, 400, NOT_ALLOWED);
    const res = await post(fake, 'alice', 'channels.delete', { roomId: CREW_OPS });
    expect(res.status).toBe(200);
    expect(fake.state().channels.filter((c) => c.teamId === CREW)).toHaveLength(before - 1);
    expect(systemMessages(fake, CREW_MAIN)).toEqual([
      { t: 'user-deleted-room-from-team', msg: 'crew-ops', u: 'alice' },
    ]);
    expect(roomOf(fake, 'crew').msgs).toBe(1);
    await refused(fake, 'alice', 'rooms.delete', { roomId: CREW_MAIN }, 400, {
      success: false,
      error: 'Cannot delete a team channel [error-cannot-delete-team-channel]',
      errorType: 'error-cannot-delete-team-channel',
      details: { method: 'eraseRoom' },
    });
    await post(fake, 'alice', 'channels.delete', { roomId: CREW_MAIN }).expect(200);
    // the team stays, naming its main room, as the real server leaves it
    expect(fake.state().teams?.map((t) => [t.name, t.roomId])).toEqual([['crew', CREW_MAIN]]);
    const info = await request(fake.app).get('/api/v1/teams.info').query({ teamId: CREW }).set(AS.alice);
    expect([info.status, info.body]).toEqual([400, { success: false, error: 'Room not found' }]);
    fake.reset();
    expect(fake.state().channels.filter((c) => c.teamId === CREW)).toHaveLength(before);
  });
});

describe('delete by release line', () => {
  it('0.49 answers the deleted room; rooms.delete is 404 before 6.x', async () => {
    const fake = makeFake({ profile: '0.49' });
    const res = await post(fake, 'alice', 'channels.delete', { roomId: RANDOM });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      channel: expect.objectContaining({ _id: RANDOM, name: 'random' }),
      success: true,
    });
    const group = await post(fake, 'alice', 'groups.delete', { roomId: SECRET });
    expect(group.body).toEqual({ group: expect.objectContaining({ _id: SECRET, t: 'p' }), success: true });
    const five = makeFake({ profile: '5' });
    const missing = await post(five, 'admin', 'rooms.delete', { roomId: RANDOM });
    expect(missing.status).toBe(404);
    const gone = await post(five, 'alice', 'channels.delete', { roomId: RANDOM });
    expect([gone.status, gone.body]).toEqual([200, { success: true }]);
  });

  it.each(['6', '7'] as ProfileId[])(
    '%s: rooms.delete checks roomId itself; a main room may go',
    async (profile) => {
      const fake = makeFake({ profile });
      await refused(fake, 'admin', 'rooms.delete', {}, 400, {
        success: false,
        error: "The 'roomId' param is required",
      });
      await refused(fake, 'admin', 'rooms.delete', { roomId: 'nope' }, 400, {
        success: false,
        error: 'Invalid room [error-invalid-room]',
        errorType: 'error-invalid-room',
        details: { method: 'eraseRoom' },
      });
      const made = await post(fake, 'alice', 'teams.create', { name: 'crew', type: 0 });
      const roomId = made.body.team.roomId as string;
      const res = await post(fake, 'alice', 'rooms.delete', { roomId });
      expect([res.status, res.body]).toEqual([200, { success: true }]);
    },
  );
});

describe('the realtime twins: archiveRoom, unarchiveRoom, eraseRoom, and what members hear', () => {
  let fake: FakeServer;
  const loggedIn = withRealtime(
    () => (fake = createFakeServer({ scenario: WORLD })),
    () => fake,
  );

  const BOB = 'bobUserId00000001';
  const heard = (ddp: Ddp, event: string, op?: string): Promise<unknown[]> =>
    ddp
      .next(
        (f) =>
          f.msg === 'changed' &&
          (f.fields as { eventName: string }).eventName === event &&
          (op === undefined || (f.fields as { args: unknown[] }).args[0] === op),
      )
      .then((f) => (f.fields as { args: unknown[] }).args);

  async function bobListening(): Promise<Ddp> {
    const bob = await loggedIn('bob-token');
    await bob.sub('stream-notify-user', `${BOB}/subscriptions-changed`, false);
    await bob.sub('stream-notify-user', `${BOB}/rooms-changed`, false);
    await bob.sub('stream-room-messages', 'GENERAL', false);
    return bob;
  }

  it('archiveRoom and unarchiveRoom answer nothing; a member hears the message, the room and the subscription', async () => {
    const bob = await bobListening();
    const admin = await loggedIn('admin-token');
    const archived = await admin.call('archiveRoom', 'GENERAL');
    expect(archived.error).toBeUndefined();
    expect(archived.result).toBeUndefined();
    const [message] = await heard(bob, 'GENERAL');
    expect(message).toMatchObject({ t: 'room-archived', rid: 'GENERAL', msg: '' });
    expect(await heard(bob, `${BOB}/rooms-changed`)).toEqual([
      'updated',
      expect.objectContaining({ _id: 'GENERAL', archived: true }),
    ]);
    expect(await heard(bob, `${BOB}/subscriptions-changed`)).toEqual([
      'updated',
      expect.objectContaining({ rid: 'GENERAL', open: false, alert: false, archived: true }),
    ]);
    const again = await admin.call('unarchiveRoom', 'GENERAL');
    expect([again.error, again.result]).toEqual([undefined, undefined]);
    expect(roomOf(fake, 'general').archived).toBe(false);
    const alice = await loggedIn('alice-token');
    const no = await alice.call('unarchiveRoom', 'GENERAL');
    expect(no.error).toMatchObject({
      error: 'error-not-authorized',
      reason: 'Not authorized',
      details: { method: 'unarchiveRoom' },
    });
    const dm = await post(fake, 'alice', 'im.create', { username: 'bob' });
    const direct = await admin.call('archiveRoom', dm.body.room._id as string);
    expect(direct.error).toMatchObject({
      error: 'error-direct-message-room',
      reason: 'rooms type: d can not be archived',
      details: { method: 'archiveRoom' },
    });
    const unknown = await admin.call('archiveRoom', 'nope');
    expect(unknown.error).toMatchObject({ error: 'error-invalid-room', details: { method: 'archiveRoom' } });
    const bad = await admin.call('eraseRoom', 7);
    expect(bad.error).toMatchObject({ error: 400, reason: 'Match failed' });
    const anon = await loggedIn();
    const out = await anon.call('archiveRoom', 'GENERAL');
    expect(out.error).toMatchObject({ error: 'error-invalid-user', details: { method: 'archiveRoom' } });
  });

  it('a rename over REST: the member hears the r message and the subscription with its new name', async () => {
    const bob = await bobListening();
    await post(fake, 'admin', 'channels.rename', { roomId: 'GENERAL', name: 'hall' }).expect(200);
    const [message] = await heard(bob, 'GENERAL');
    expect(message).toMatchObject({ t: 'r', msg: 'hall' });
    expect(await heard(bob, `${BOB}/rooms-changed`)).toEqual([
      'updated',
      expect.objectContaining({ _id: 'GENERAL', name: 'hall', fname: 'hall' }),
    ]);
    expect(await heard(bob, `${BOB}/subscriptions-changed`)).toEqual([
      'updated',
      expect.objectContaining({ rid: 'GENERAL', name: 'hall', alert: true }),
    ]);
  });

  it('eraseRoom answers true; each member hears its subscription removed; refusals are Meteor errors', async () => {
    const bob = await bobListening();
    const alice = await loggedIn('alice-token');
    const no = await alice.call('eraseRoom', 'GENERAL');
    expect(no.error).toMatchObject({
      error: 'error-not-allowed',
      reason: 'Not allowed',
      details: { method: 'eraseRoom' },
    });
    const admin = await loggedIn('admin-token');
    const erased = await admin.call('eraseRoom', 'GENERAL');
    expect([erased.error, erased.result]).toEqual([undefined, true]);
    expect(await heard(bob, `${BOB}/subscriptions-changed`, 'removed')).toEqual([
      'removed',
      expect.objectContaining({
        rid: 'GENERAL',
        name: 'general',
        u: expect.objectContaining({ username: 'bob' }),
      }),
    ]);
    expect(fake.state().channels.some((c) => c._id === 'GENERAL')).toBe(false);
    const since = await bob.call('rooms/get', { $date: Date.parse('2026-01-01T00:00:00.000Z') });
    expect((since.result as { remove: unknown[] }).remove).toEqual([
      { _id: 'GENERAL', _deletedAt: { $date: Date.parse(fake.state().clock) } },
    ]);
    const unknown = await admin.call('eraseRoom', 'GENERAL');
    expect(unknown.error).toMatchObject({ error: 'error-invalid-room', details: { method: 'eraseRoom' } });
    // the room's own rooms-changed `removed` reaches no one (the listener went with the subscription)
    expect(
      bob.frames.some(
        (f) =>
          f.msg === 'changed' &&
          (f.fields as { eventName: string }).eventName === `${BOB}/rooms-changed` &&
          (f.fields as { args: unknown[] }).args[0] === 'removed',
      ),
    ).toBe(false);
  });
});
