/**
 * The room settings routes (`channels.setTopic` … `channels.setDefault`, `groups.set*`) and
 * `rooms.saveRoomSettings`, all one command (`saveRoomSettings`): the route's own checks per
 * release line, the room, `edit-room`, the setting saved with its system message; refusals change
 * nothing.
 */

import type { ProfileId } from '../src/profiles';
import type { FakeServer } from '../src/server';
import type { Message } from '../src/types';
import { expectRefused, makeFake, roomOf } from './support/fake';
import { post, type Who } from './support/rooms';

function refused(
  fake: FakeServer,
  who: Who,
  route: string,
  body: object,
  expected: object,
  status = 400,
): Promise<void> {
  return expectRefused(fake, who, `/api/v1/${route}`, body, status, expected);
}

/** The messages of a room, oldest first. */
function messagesOf(fake: FakeServer, rid: string): Message[] {
  return (fake.state().messages ?? []).filter((m) => m.rid === rid);
}

/** A field of a room in state(): its own, or among the `extra` fields the scenario shape has no key for. */
function fieldOf(fake: FakeServer, name: string, field: string): unknown {
  const room = roomOf(fake, name) as Record<string, unknown>;
  const extra = (room.extra ?? {}) as Record<string, unknown>;
  return Object.hasOwn(room, field) ? room[field] : extra[field];
}

const lastMessage = (fake: FakeServer, rid: string): Message | undefined => messagesOf(fake, rid).at(-1);

/** `saveRoomSettings`' refusal without edit-room (0.49: no details). */
const EDITING = {
  success: false,
  error: 'Editing room is not allowed [error-action-not-allowed]',
  errorType: 'error-action-not-allowed',
  details: { method: 'saveRoomSettings', action: 'Editing_room' },
};
const NOT_FOUND_GROUP = {
  success: false,
  error: 'The required "roomId" or "roomName" param provided does not match any group [error-room-not-found]',
  errorType: 'error-room-not-found',
};
const NOT_FOUND_CHANNEL = {
  success: false,
  error:
    'The required "roomId" or "roomName" param provided does not match any channel [error-room-not-found]',
  errorType: 'error-room-not-found',
};
const NOT_FOUND_404 = { success: false, error: 'Resource not found' };

describe('channels.setTopic and its kin (8.9)', () => {
  it('sets the topic: the answer echoes it, the room changes once, room_changed_topic by the caller', async () => {
    const fake = makeFake();
    const before = roomOf(fake, 'general');
    const res = await post(fake, 'admin', 'channels.setTopic', { roomId: 'GENERAL', topic: 'Hello' });
    expect([res.status, res.body]).toEqual([200, { topic: 'Hello', success: true }]);
    expect(res.body).toMatchShape('channels.setTopic');
    const after = roomOf(fake, 'general');
    expect(after).toEqual({
      ...before,
      topic: 'Hello',
      msgs: before.msgs + 1,
      _updatedAt: '2026-01-01T00:00:01.000Z',
    });
    expect(lastMessage(fake, 'GENERAL')).toMatchObject({
      t: 'room_changed_topic',
      msg: 'Hello',
      rid: 'GENERAL',
      u: { _id: 'adminUserId000001', username: 'admin' },
      ts: '2026-01-01T00:00:01.000Z',
    });
  });

  it("the same topic again is the route's own refusal (channels only), and changes nothing", async () => {
    const fake = makeFake();
    await post(fake, 'admin', 'channels.setTopic', { roomName: 'general', topic: 'Hello' }).expect(200);
    await refused(
      fake,
      'admin',
      'channels.setTopic',
      { roomName: 'general', topic: 'Hello' },
      {
        success: false,
        error: 'The channel topic is the same as what it would be changed to.',
      },
    );
    // no topic yet is not the same as an empty one: '' is saved as a no-op (no message)
    const empty = await post(fake, 'admin', 'channels.setTopic', { roomName: 'random', topic: '' });
    expect([empty.status, empty.body]).toEqual([200, { topic: '', success: true }]);
    expect(roomOf(fake, 'random')).not.toHaveProperty('topic');
  });

  it('lenient: the same value again is a change that saves nothing, not a refusal', async () => {
    const fake = makeFake({ lenient: true });
    await post(fake, 'admin', 'channels.setTopic', { roomName: 'general', topic: 'Hello' }).expect(200);
    const before = fake.state();
    const res = await post(fake, 'admin', 'channels.setTopic', { roomName: 'general', topic: 'Hello' });
    expect([res.status, res.body]).toEqual([200, { topic: 'Hello', success: true }]);
    expect(fake.state()).toEqual(before);
  });

  it('clears a topic: the answer and the message say ""', async () => {
    const fake = makeFake();
    await post(fake, 'admin', 'channels.setTopic', { roomName: 'general', topic: 'Hello' }).expect(200);
    const res = await post(fake, 'admin', 'channels.setTopic', { roomName: 'general', topic: '' });
    expect(res.body).toEqual({ topic: '', success: true });
    expect(roomOf(fake, 'general').topic).toBe('');
    expect(lastMessage(fake, 'GENERAL')).toMatchObject({ t: 'room_changed_topic', msg: '' });
  });

  it('setDescription and setPurpose both save the description (room_changed_description)', async () => {
    const fake = makeFake();
    const res = await post(fake, 'alice', 'channels.setDescription', {
      roomName: 'random',
      description: 'About',
    });
    expect(res.body).toEqual({ description: 'About', success: true });
    expect(lastMessage(fake, 'randomRoomId00001')).toMatchObject({
      t: 'room_changed_description',
      msg: 'About',
    });
    await refused(
      fake,
      'alice',
      'channels.setPurpose',
      { roomName: 'random', purpose: 'About' },
      {
        success: false,
        error: 'The channel purpose (description) is the same as what it would be changed to.',
      },
    );
    const purpose = await post(fake, 'alice', 'channels.setPurpose', { roomName: 'random', purpose: 'Why' });
    expect(purpose.body).toEqual({ purpose: 'Why', success: true });
    expect(roomOf(fake, 'random').description).toBe('Why');
    await refused(
      fake,
      'alice',
      'channels.setDescription',
      { roomName: 'random', description: 'Why' },
      {
        success: false,
        error: 'The channel description is the same as what it would be changed to.',
      },
    );
  });

  it('setAnnouncement: no "same value" refusal; the same text again saves nothing', async () => {
    const fake = makeFake();
    const res = await post(fake, 'admin', 'channels.setAnnouncement', {
      roomId: 'GENERAL',
      announcement: 'Hi',
    });
    expect(res.body).toEqual({ announcement: 'Hi', success: true });
    expect(roomOf(fake, 'general').announcement).toBe('Hi');
    expect(lastMessage(fake, 'GENERAL')).toMatchObject({ t: 'room_changed_announcement', msg: 'Hi' });
    const before = fake.state();
    const again = await post(fake, 'admin', 'channels.setAnnouncement', {
      roomId: 'GENERAL',
      announcement: 'Hi',
    });
    expect([again.status, again.body]).toEqual([200, { announcement: 'Hi', success: true }]);
    expect(fake.state()).toEqual(before);
  });

  it("refusals: edit-room (a 400 with the method's details), the room, archived, the body", async () => {
    const fake = makeFake();
    await refused(fake, 'bob', 'channels.setTopic', { roomId: 'GENERAL', topic: 'x' }, EDITING);
    await refused(fake, 'admin', 'channels.setTopic', { roomId: 'nope', topic: 'x' }, NOT_FOUND_CHANNEL);
    // a group is not a channel
    await refused(fake, 'admin', 'channels.setTopic', { roomName: 'secret', topic: 'x' }, NOT_FOUND_CHANNEL);
    await refused(
      fake,
      'admin',
      'channels.setTopic',
      { roomName: 'attic', topic: 'x' },
      {
        success: false,
        error: 'The channel, attic, is archived [error-room-archived]',
        errorType: 'error-room-archived',
      },
    );
    // 8.8's typed route: the body first, without the suffix
    await refused(
      fake,
      'admin',
      'channels.setTopic',
      { roomId: 'GENERAL' },
      {
        success: false,
        errorType: 'invalid-params',
        error: "must have required property 'topic'",
      },
    );
    await refused(
      fake,
      'admin',
      'channels.setAnnouncement',
      { roomId: 'GENERAL', announcement: 'x', foo: 1 },
      {
        success: false,
        errorType: 'invalid-params',
        error:
          "must NOT have additional properties\nmust have required property 'roomName'\nmust match exactly one schema in oneOf",
      },
    );
  });
});

describe('the text settings per release line', () => {
  it("7.10: the key must be there (the route's own words); '' and null pass and answer ''", async () => {
    const fake = makeFake({ profile: '7.10' });
    await refused(
      fake,
      'admin',
      'channels.setTopic',
      { roomId: 'GENERAL' },
      {
        success: false,
        error: 'The bodyParam "topic" is required',
      },
    );
    await refused(
      fake,
      'alice',
      'groups.setDescription',
      { roomName: 'secret' },
      {
        success: false,
        error: 'The bodyParam "description" is required',
      },
    );
    const res = await post(fake, 'admin', 'channels.setPurpose', { roomId: 'GENERAL', purpose: null });
    expect(res.body).toEqual({ purpose: '', success: true });
    await refused(
      fake,
      'admin',
      'channels.setAnnouncement',
      { roomId: 'GENERAL', announcement: 5 },
      {
        success: false,
        error:
          "must be string\n must have required property 'roomName'\n must match exactly one schema in oneOf [invalid-params]",
        errorType: 'invalid-params',
      },
    );
  });

  it('5: the value is echoed as given, null too; setAnnouncement has no validator yet', async () => {
    const fake = makeFake({ profile: '5' });
    const topic = await post(fake, 'admin', 'channels.setTopic', { roomId: 'GENERAL', topic: null });
    expect(topic.body).toEqual({ topic: null, success: true });
    await refused(
      fake,
      'admin',
      'channels.setAnnouncement',
      { roomId: 'GENERAL' },
      {
        success: false,
        error: 'The bodyParam "announcement" is required',
      },
    );
    const res = await post(fake, 'admin', 'channels.setAnnouncement', {
      roomId: 'GENERAL',
      announcement: 'A',
    });
    expect(res.body).toEqual({ announcement: 'A', success: true });
  });

  it('0.49: a non-blank value; by roomId; the permission refusal without details; no setAnnouncement', async () => {
    const fake = makeFake({ profile: '0.49' });
    await refused(
      fake,
      'admin',
      'channels.setTopic',
      { roomId: 'GENERAL', topic: '  ' },
      {
        success: false,
        error: 'The bodyParam "topic" is required',
      },
    );
    await refused(
      fake,
      'bob',
      'channels.setTopic',
      { roomId: 'GENERAL', topic: 'x' },
      {
        success: false,
        error: 'Editing room is not allowed [error-action-not-allowed]',
        errorType: 'error-action-not-allowed',
      },
    );
    const res = await post(fake, 'admin', 'channels.setTopic', { roomId: 'GENERAL', topic: 'Old' });
    expect(res.body).toEqual({ topic: 'Old', success: true });
    for (const route of ['channels.setAnnouncement', 'groups.setAnnouncement', 'channels.setCustomFields']) {
      const gone = await post(fake, 'admin', route, { roomId: 'GENERAL', announcement: 'x' });
      expect([gone.status, gone.body]).toEqual([404, NOT_FOUND_404]);
    }
  });
});

describe('groups.set*', () => {
  it('a member with edit-room sets it; no "same value" refusal (a no-op); outsiders do not find the group', async () => {
    const fake = makeFake();
    const res = await post(fake, 'alice', 'groups.setTopic', { roomName: 'secret', topic: 'Shh' });
    expect([res.status, res.body]).toEqual([200, { topic: 'Shh', success: true }]);
    expect(roomOf(fake, 'secret').topic).toBe('Shh');
    expect(lastMessage(fake, 'privateRoomId0001')).toMatchObject({ t: 'room_changed_topic', msg: 'Shh' });
    const before = fake.state();
    const again = await post(fake, 'alice', 'groups.setTopic', { roomName: 'secret', topic: 'Shh' });
    expect([again.status, again.body]).toEqual([200, { topic: 'Shh', success: true }]);
    expect(fake.state()).toEqual(before);
    await refused(fake, 'bob', 'groups.setTopic', { roomName: 'secret', topic: 'x' }, NOT_FOUND_GROUP);
    await refused(fake, 'admin', 'groups.setPurpose', { roomName: 'secret', purpose: 'x' }, NOT_FOUND_GROUP);
    // a channel is not a group
    await refused(fake, 'admin', 'groups.setTopic', { roomName: 'general', topic: 'x' }, NOT_FOUND_GROUP);
  });

  it('a member without edit-room is refused by the method', async () => {
    const fake = makeFake();
    await post(fake, 'alice', 'groups.invite', { roomName: 'secret', username: 'bob' }).expect(200);
    await refused(fake, 'bob', 'groups.setAnnouncement', { roomName: 'secret', announcement: 'x' }, EDITING);
  });
});

describe('setCustomFields', () => {
  it('replaces the custom fields whole and answers the room ({channel} / {group})', async () => {
    const fake = makeFake();
    const res = await post(fake, 'admin', 'channels.setCustomFields', {
      roomId: 'GENERAL',
      customFields: { team: 'blue', n: 1 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchShape('channels.setCustomFields');
    expect(res.body.channel).toMatchObject({ _id: 'GENERAL', customFields: { team: 'blue', n: 1 } });
    await post(fake, 'admin', 'channels.setCustomFields', { roomId: 'GENERAL', customFields: {} }).expect(
      200,
    );
    expect(roomOf(fake, 'general').customFields).toEqual({});
    const group = await post(fake, 'alice', 'groups.setCustomFields', {
      roomName: 'secret',
      customFields: { a: 'b' },
    });
    expect(group.body.group).toMatchObject({ _id: 'privateRoomId0001', customFields: { a: 'b' } });
    // no system message
    expect(messagesOf(fake, 'GENERAL').filter((m) => m.t !== undefined && m.t.startsWith('room'))).toEqual(
      [],
    );
  });

  it('the object first (before the room), then the method refuses an array', async () => {
    const required = {
      success: false,
      error: 'The bodyParam "customFields" is required with a type like object.',
    };
    const seven = makeFake({ profile: '7.10' });
    await refused(
      seven,
      'admin',
      'channels.setCustomFields',
      { roomId: 'nope', customFields: 'x' },
      required,
    );
    await refused(seven, 'admin', 'groups.setCustomFields', { roomId: 'nope' }, required);
    await refused(
      seven,
      'admin',
      'channels.setCustomFields',
      { roomId: 'GENERAL', customFields: [1] },
      {
        success: false,
        error: 'Invalid roomCustomFields type [invalid-roomCustomFields-type]',
        errorType: 'invalid-roomCustomFields-type',
        details: { function: 'RocketChat.saveRoomCustomFields' },
      },
    );
    await refused(seven, 'bob', 'channels.setCustomFields', { roomId: 'GENERAL', customFields: {} }, EDITING);
  });
});

describe('channels.setJoinCode', () => {
  it('sets the code joinRoom asks for; the answer never carries it', async () => {
    const fake = makeFake();
    const res = await post(fake, 'bob', 'channels.setJoinCode', {
      roomName: 'club',
      joinCode: 'open sesame',
    });
    expect(res.status).toBe(200);
    expect(res.body.channel).toMatchObject({ _id: 'clubRoomId0000001', joinCodeRequired: true });
    expect(res.body.channel).not.toHaveProperty('joinCode');
    expect(roomOf(fake, 'club')).toMatchObject({ joinCode: 'open sesame', joinCodeRequired: true });
    // no system message
    expect(lastMessage(fake, 'clubRoomId0000001')).toBeUndefined();
    await refused(
      fake,
      'alice',
      'channels.join',
      { roomName: 'club', joinCode: 'xyzzy' },
      {
        success: false,
        error: 'Invalid code [error-code-invalid]',
        errorType: 'error-code-invalid',
        details: { method: 'joinRoom' },
      },
    );
    await post(fake, 'alice', 'channels.join', { roomName: 'club', joinCode: 'open sesame' }).expect(200);
    // a room without a code gets one
    await post(fake, 'admin', 'channels.setJoinCode', { roomName: 'random', joinCode: 'k' }).expect(200);
    await refused(
      fake,
      'bob',
      'channels.join',
      { roomName: 'random' },
      {
        success: false,
        error: 'Code required [error-code-required]',
        errorType: 'error-code-required',
        details: { method: 'joinRoom' },
      },
    );
  });

  it('a blank code is refused first (a code cannot be taken away here); edit-room; no groups twin', async () => {
    const fake = makeFake({ profile: '7.10' });
    const required = { success: false, error: 'The bodyParam "joinCode" is required' };
    await refused(fake, 'bob', 'channels.setJoinCode', { roomName: 'nope', joinCode: ' ' }, required);
    await refused(fake, 'bob', 'channels.setJoinCode', { roomName: 'general' }, required);
    await refused(fake, 'bob', 'channels.setJoinCode', { roomName: 'general', joinCode: 'c' }, EDITING);
    const groups = await post(fake, 'alice', 'groups.setJoinCode', { roomName: 'secret', joinCode: 'c' });
    expect([groups.status, groups.body]).toEqual([404, NOT_FOUND_404]);
  });
});

describe('channels.setDefault', () => {
  it('a default room is joined by the users made after; not any more once it is not', async () => {
    const fake = makeFake();
    const res = await post(fake, 'admin', 'channels.setDefault', { roomName: 'random', default: true });
    expect(res.status).toBe(200);
    expect(res.body.channel).toMatchObject({ _id: 'randomRoomId00001', default: true });
    expect(roomOf(fake, 'random').default).toBe(true);
    const user = { email: 'dee@example.com', name: 'Dee', password: 'pw-dee-1', username: 'dee' };
    await post(fake, 'admin', 'users.create', user).expect(200);
    expect(roomOf(fake, 'random').usernames).toContain('dee');
    await post(fake, 'admin', 'channels.setDefault', { roomName: 'random', default: 'false' }).expect(200);
    expect(roomOf(fake, 'random').default).toBe(false);
    await post(fake, 'admin', 'users.create', { ...user, email: 'eve@example.com', username: 'eve' }).expect(
      200,
    );
    expect(roomOf(fake, 'random').usernames).not.toContain('eve');
  });

  it("refusals in order, with the route's swapped error types", async () => {
    const fake = makeFake({ profile: '7.10' });
    await refused(
      fake,
      'admin',
      'channels.setDefault',
      { roomName: 'nope' },
      {
        success: false,
        error: 'The bodyParam "default" is required',
        errorType: 'error-channels-setdefault-is-same',
      },
    );
    await refused(
      fake,
      'admin',
      'channels.setDefault',
      { roomName: 'nope', default: true },
      NOT_FOUND_CHANNEL,
    );
    await refused(fake, 'bob', 'channels.setDefault', { roomName: 'general', default: true }, EDITING);
    // the owner of random has edit-room there, not view-room-administration
    await refused(
      fake,
      'alice',
      'channels.setDefault',
      { roomName: 'random', default: true },
      {
        success: false,
        error: 'Viewing room administration is not allowed [error-action-not-allowed]',
        errorType: 'error-action-not-allowed',
        details: { method: 'saveRoomSettings', action: 'Viewing_room_administration' },
      },
    );
    await post(fake, 'admin', 'channels.setDefault', { roomName: 'random', default: '1' }).expect(200);
    await refused(
      fake,
      'admin',
      'channels.setDefault',
      { roomName: 'random', default: true },
      {
        success: false,
        error: 'The channel default setting is the same as what it would be changed to.',
        errorType: 'error-channels-setdefault-missing-default-param',
      },
    );
    // strictly: the string "true" is not the stored true
    await post(fake, 'admin', 'channels.setDefault', { roomName: 'random', default: 'true' }).expect(200);
  });

  it('0.49 has no setDefault, setJoinCode nor saveRoomSettings route', async () => {
    const fake = makeFake({ profile: '0.49' });
    for (const route of ['channels.setDefault', 'channels.setJoinCode', 'rooms.saveRoomSettings']) {
      const res = await post(fake, 'admin', route, { roomId: 'GENERAL', default: true, joinCode: 'x' });
      expect([route, res.status, res.body]).toEqual([route, 404, NOT_FOUND_404]);
    }
  });
});

describe('rooms.saveRoomSettings', () => {
  it("several settings in one call: one change, each setting's message in the order given", async () => {
    const fake = makeFake();
    const before = roomOf(fake, 'random');
    const res = await post(fake, 'admin', 'rooms.saveRoomSettings', {
      rid: 'randomRoomId00001',
      roomTopic: 'T',
      roomDescription: 'D',
      readOnly: true,
      roomType: 'p',
      roomAnnouncement: 'A',
    });
    expect([res.status, res.body]).toEqual([200, { rid: 'randomRoomId00001', success: true }]);
    expect(res.body).toMatchShape('rooms.saveRoomSettings');
    const after = roomOf(fake, 'random');
    expect(after).toMatchObject({
      topic: 'T',
      description: 'D',
      ro: true,
      t: 'p',
      announcement: 'A',
      msgs: before.msgs + 5,
      _updatedAt: '2026-01-01T00:00:01.000Z',
    });
    expect(
      messagesOf(fake, 'randomRoomId00001')
        .slice(-5)
        .map((m) => [m.t, m.msg]),
    ).toEqual([
      ['room_changed_topic', 'T'],
      ['room_changed_description', 'D'],
      ['room-set-read-only', ''],
      ['room_changed_privacy', 'private'],
      ['room_changed_announcement', 'A'],
    ]);
  });

  it('a default room made private is no default room any more', async () => {
    const fake = makeFake();
    await post(fake, 'admin', 'rooms.saveRoomSettings', { rid: 'randomRoomId00001', default: true }).expect(
      200,
    );
    expect(roomOf(fake, 'random').default).toBe(true);
    await post(fake, 'admin', 'rooms.saveRoomSettings', { rid: 'randomRoomId00001', roomType: 'p' }).expect(
      200,
    );
    expect(roomOf(fake, 'random')).not.toHaveProperty('default');
    await post(fake, 'admin', 'users.create', {
      email: 'dee@example.com',
      name: 'Dee',
      password: 'pw-dee-1',
      username: 'dee',
    }).expect(200);
    expect(roomOf(fake, 'random').usernames).not.toContain('dee');
  });

  it("the method's refusals (7.10: no validator), each before any change", async () => {
    const fake = makeFake({ profile: '7.10' });
    const invalidRoom = {
      success: false,
      error: 'Invalid room [error-invalid-room]',
      errorType: 'error-invalid-room',
      details: { method: 'saveRoomSettings' },
    };
    await refused(fake, 'admin', 'rooms.saveRoomSettings', { roomTopic: 'x' }, invalidRoom);
    await refused(
      fake,
      'admin',
      'rooms.saveRoomSettings',
      { rid: 'GENERAL', bogus: 1 },
      {
        success: false,
        error: 'Invalid settings provided [error-invalid-settings]',
        errorType: 'error-invalid-settings',
        details: { method: 'saveRoomSettings' },
      },
    );
    await refused(fake, 'admin', 'rooms.saveRoomSettings', { rid: 'nope', roomTopic: 'x' }, invalidRoom);
    await refused(fake, 'bob', 'rooms.saveRoomSettings', { rid: 'GENERAL', roomTopic: 'x' }, EDITING);
    // a later setting's refusal saves none of the earlier ones
    await refused(
      fake,
      'admin',
      'rooms.saveRoomSettings',
      { rid: 'GENERAL', roomTopic: 'x', roomType: 'x' },
      {
        success: false,
        error: 'error-invalid-room-type [error-invalid-room-type]',
        errorType: 'error-invalid-room-type',
        details: { function: 'RocketChat.saveRoomType', type: 'x' },
      },
    );
    await refused(
      fake,
      'admin',
      'rooms.saveRoomSettings',
      { rid: 'GENERAL', encrypted: true },
      {
        success: false,
        error: 'Only groups or direct channels can enable encryption [error-action-not-allowed]',
        errorType: 'error-action-not-allowed',
        details: { method: 'saveRoomSettings', action: 'Change_Room_Encrypted' },
      },
    );
    await refused(
      fake,
      'admin',
      'rooms.saveRoomSettings',
      { rid: 'GENERAL', retentionEnabled: true },
      {
        success: false,
        error: 'Room does not have retention policy [error-action-not-allowed]',
        errorType: 'error-action-not-allowed',
        details: { method: 'saveRoomSettings', action: 'Editing_room' },
      },
    );
    await refused(
      fake,
      'alice',
      'rooms.saveRoomSettings',
      { rid: 'randomRoomId00001', featured: true },
      {
        success: false,
        error: 'Viewing room administration is not allowed [error-action-not-allowed]',
        errorType: 'error-action-not-allowed',
        details: { method: 'saveRoomSettings', action: 'Viewing_room_administration' },
      },
    );
    await refused(
      fake,
      'admin',
      'rooms.saveRoomSettings',
      { rid: 'GENERAL', roomName: 'x' },
      {
        success: false,
        error:
          'The fake does not save the room setting roomName (see docs/routes-rooms.md, Room settings) [error-not-modelled]',
        errorType: 'error-not-modelled',
      },
    );
  });

  it('7.10 saves what 8.x types no more (custom fields, the join code)', async () => {
    const fake = makeFake({ profile: '7.10' });
    await post(fake, 'admin', 'rooms.saveRoomSettings', {
      rid: 'GENERAL',
      roomCustomFields: { x: 1 },
      joinCode: 'c0de',
    }).expect(200);
    expect(roomOf(fake, 'general')).toMatchObject({
      customFields: { x: 1 },
      joinCode: 'c0de',
      joinCodeRequired: true,
    });
    // a blank code takes it away
    await post(fake, 'admin', 'rooms.saveRoomSettings', { rid: 'GENERAL', joinCode: '' }).expect(200);
    expect(roomOf(fake, 'general')).not.toHaveProperty('joinCode');
    expect(roomOf(fake, 'general').joinCodeRequired).toBe(false);
  });

  it('8.9: the typed body refuses before the method, without the suffix', async () => {
    const fake = makeFake();
    await refused(
      fake,
      'admin',
      'rooms.saveRoomSettings',
      { roomTopic: 'x' },
      {
        success: false,
        errorType: 'invalid-params',
        error: "must have required property 'rid'",
      },
    );
    await refused(
      fake,
      'admin',
      'rooms.saveRoomSettings',
      { rid: 'GENERAL', roomCustomFields: {} },
      {
        success: false,
        errorType: 'invalid-params',
        error: 'must NOT have additional properties',
      },
    );
  });

  it('a retention policy (made by retentionOverrideGlobal, which has no validator) and E2E in a group', async () => {
    const fake = makeFake();
    await post(fake, 'admin', 'rooms.saveRoomSettings', {
      rid: 'privateRoomId0001',
      retentionOverrideGlobal: true,
    }).expect(200);
    expect(fieldOf(fake, 'secret', 'retention')).toEqual({ overrideGlobal: true });
    // alice owns secret: toggle-room-e2e-encryption (owner), not edit-room-retention-policy (admin)
    await refused(
      fake,
      'alice',
      'rooms.saveRoomSettings',
      { rid: 'privateRoomId0001', retentionEnabled: true },
      {
        success: false,
        error: 'Editing room retention policy is not allowed [error-action-not-allowed]',
        errorType: 'error-action-not-allowed',
        details: { method: 'saveRoomSettings', action: 'Editing_room' },
      },
    );
    await post(fake, 'alice', 'rooms.saveRoomSettings', { rid: 'privateRoomId0001', encrypted: true }).expect(
      200,
    );
    expect(fieldOf(fake, 'secret', 'encrypted')).toBe(true);
    expect(lastMessage(fake, 'privateRoomId0001')).toMatchObject({ t: 'room_e2e_enabled', msg: 'alice' });
    await post(fake, 'admin', 'rooms.saveRoomSettings', {
      rid: 'privateRoomId0001',
      retentionEnabled: true,
      retentionMaxAge: 7,
    }).expect(200);
    expect(fieldOf(fake, 'secret', 'retention')).toEqual({ overrideGlobal: true, enabled: true, maxAge: 7 });
    // retentionOverrideGlobal drops the other retention settings of the call (validated all the same)
    await post(fake, 'admin', 'rooms.saveRoomSettings', {
      rid: 'privateRoomId0001',
      retentionOverrideGlobal: false,
      retentionMaxAge: 99,
    }).expect(200);
    expect(fieldOf(fake, 'secret', 'retention')).toEqual({ overrideGlobal: false, enabled: true, maxAge: 7 });
  });
});

describe('the refusals of every set* route change nothing, per release line', () => {
  const lines: ProfileId[] = ['5', '6', '7.10', '8.9'];
  it.each(lines)('%s: without edit-room', async (profile) => {
    const fake = makeFake({ profile });
    const cases: [string, object][] = [
      ['channels.setTopic', { roomId: 'GENERAL', topic: 'x' }],
      ['channels.setDescription', { roomId: 'GENERAL', description: 'x' }],
      ['channels.setPurpose', { roomId: 'GENERAL', purpose: 'x' }],
      ['channels.setAnnouncement', { roomId: 'GENERAL', announcement: 'x' }],
      ['channels.setCustomFields', { roomId: 'GENERAL', customFields: {} }],
      ['channels.setJoinCode', { roomId: 'GENERAL', joinCode: 'x' }],
      ['channels.setDefault', { roomId: 'GENERAL', default: true }],
      ['rooms.saveRoomSettings', { rid: 'GENERAL', roomTopic: 'x' }],
    ];
    for (const [route, body] of cases) await refused(fake, 'bob', route, body, EDITING);
  });
});
