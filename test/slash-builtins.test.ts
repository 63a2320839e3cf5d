/**
 * The built-in slash commands with a server effect (issue 50, helper "slash"), through
 * `POST commands.run` and the realtime `slashCommand`: each one's effect on the world's state,
 * its ephemeral messages to the caller over a real socket (`stream-notify-user` `<uid>/message`),
 * its refusals (changing nothing), and the release lines.
 */
import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import { AS, WORLD, roomOf } from './support/fake';
import { withRealtime } from './support/ddp';
import type { Ddp, Frame } from './support/ddp';

const ALICE = 'aliceUserId000001';
const BOB = 'bobUserId00000001';
const ADMIN = 'adminUserId000001';

type Who = keyof typeof AS;

let fake: FakeServer;
let loggedIn: (token?: string) => Promise<Ddp>;

/** `POST commands.run` as `who`. */
function run(who: Who, command: string, params: string, roomId = 'GENERAL'): request.Test {
  return request(fake.app).post('/api/v1/commands.run').set(AS[who]).send({ command, params, roomId });
}

/** A socket logged in as `who`, following its ephemeral messages. */
async function listening(who: Who, uid: string): Promise<Ddp> {
  const socket = await loggedIn(`${who}-token`);
  await socket.sub('stream-notify-user', `${uid}/message`, false);
  return socket;
}

/** The texts of the ephemeral messages the socket has heard so far. */
function notices(socket: Ddp): unknown[] {
  return socket.frames
    .filter((f) => f.msg === 'changed' && f.collection === 'stream-notify-user')
    .map((f) => ((f.fields as { args: Frame[] }).args[0] ?? {}).msg);
}

/** Waits for the socket's `n`th ephemeral message and answers all of them. */
async function heard(socket: Ddp, n: number): Promise<unknown[]> {
  let seen = 0;
  await socket.next((f) => f.msg === 'changed' && f.collection === 'stream-notify-user' && ++seen >= n);
  return notices(socket);
}

/** The world's state and change count, to show a refusal changed nothing. */
function snapshot(): string {
  return JSON.stringify({ state: fake.state(), changes: fake.changes() });
}

function texts(rid: string): string[] {
  return (fake.state().messages ?? []).filter((m) => m.rid === rid).map((m) => `${m.t ?? ''}:${m.msg}`);
}

describe('built-in slash commands', () => {
  loggedIn = withRealtime(
    () => (fake = createFakeServer({ scenario: WORLD, profile: '7.10' })),
    () => fake,
  );

  it('/join #channel joins a public channel; a missing one is a notice; a member already is refused', async () => {
    const bob = await listening('bob', BOB);
    expect(roomOf(fake, 'random').usernames).not.toContain('bob');
    expect((await run('bob', 'join', '#random')).body).toEqual({ success: true });
    expect(roomOf(fake, 'random').usernames).toContain('bob');
    expect(texts('randomRoomId00001')).toContain('uj:bob');

    const before = snapshot();
    await run('bob', 'join', '#nowhere').expect(200, { success: true });
    // a private group is no channel to /join
    await run('bob', 'join', 'secret').expect(200, { success: true });
    expect(await heard(bob, 2)).toEqual([
      'The channel `#nowhere` does not exist.',
      'The channel `#secret` does not exist.',
    ]);
    const again = await run('bob', 'join', '#general');
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({
      success: false,
      error: 'You are already in the channel [error-user-already-in-room]',
      errorType: 'error-user-already-in-room',
    });
    // no name: nothing at all
    await run('bob', 'join', '  ').expect(200, { success: true });
    expect(snapshot()).toBe(before);
  });

  it('/leave and /part leave the message’s room; a refusal (the last owner) is a notice', async () => {
    const alice = await listening('alice', ALICE);
    await run('alice', 'leave', '').expect(200, { success: true });
    expect(roomOf(fake, 'general').usernames).not.toContain('alice');
    expect(texts('GENERAL')).toContain('ul:alice');

    const before = snapshot();
    await run('alice', 'part', '', 'randomRoomId00001').expect(200, { success: true });
    expect(await heard(alice, 1)).toEqual([
      'You are the last owner. Please set new owner before leaving the room.',
    ]);
    expect(snapshot()).toBe(before);
  });

  it('/invite adds each user named; members already, unknown names and refusals are notices', async () => {
    const alice = await listening('alice', ALICE);
    await run('alice', 'invite', '@bob, @gina nobody', 'randomRoomId00001').expect(200, { success: true });
    expect(roomOf(fake, 'random').usernames).toEqual(expect.arrayContaining(['alice', 'bob', 'gina']));
    expect(texts('randomRoomId00001').filter((t) => t.startsWith('au:'))).toEqual(['au:bob', 'au:gina']);

    const before = snapshot();
    await run('alice', 'invite', '@bob', 'randomRoomId00001').expect(200, { success: true });
    await run('alice', 'invite', '@nobody @ghost', 'randomRoomId00001').expect(200, { success: true });
    expect(await heard(alice, 2)).toEqual([
      '`@bob` is already in here.',
      'No user exists by the name of `@nobody @ghost`.',
    ]);
    expect(snapshot()).toBe(before);

    // bob may not add users to #general: addUsersToRoom's refusal, caught as a notice
    const bob = await listening('bob', BOB);
    const unchanged = snapshot();
    await run('bob', 'invite', '@gina').expect(200, { success: true });
    expect(await heard(bob, 1)).toEqual(['Not allowed']);
    expect(snapshot()).toBe(unchanged);
  });

  it('/kick removes a member; an unknown name is a notice; removeUserFromRoom’s refusal is the error', async () => {
    const admin = await listening('admin', ADMIN);
    await run('admin', 'kick', '@bob').expect(200, { success: true });
    expect(roomOf(fake, 'general').usernames).not.toContain('bob');
    expect(texts('GENERAL')).toContain('ru:bob');

    const before = snapshot();
    await run('admin', 'kick', '@nobody').expect(200, { success: true });
    expect(await heard(admin, 1)).toEqual(["The username `nobody` doesn't exist."]);
    const refused = await run('alice', 'kick', '@admin');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, errorType: 'error-not-allowed' });
    expect(snapshot()).toBe(before);
  });

  it('/archive and /unarchive: the room named or the message’s room, with their notices and refusals', async () => {
    const alice = await listening('alice', ALICE);
    await run('alice', 'archive', '', 'randomRoomId00001').expect(200, { success: true });
    expect(roomOf(fake, 'random').archived).toBe(true);
    expect(texts('randomRoomId00001')).toContain('room-archived:');
    expect(await heard(alice, 1)).toEqual(['Channel with name `#random` has been archived successfully']);

    const before = snapshot();
    await run('alice', 'archive', '#random').expect(200, { success: true });
    await run('alice', 'archive', '#nowhere').expect(200, { success: true });
    expect(await heard(alice, 3)).toEqual([
      'Channel with name `#random` has been archived successfully',
      'An archived Channel with name `#random` exists',
      'The channel `#nowhere` does not exist.',
    ]);
    // bob is no owner of #news; alice may archive but not unarchive
    const bobArchives = await run('bob', 'archive', '#news');
    expect(bobArchives.status).toBe(400);
    expect(bobArchives.body).toEqual({
      success: false,
      error: 'Not authorized [error-not-authorized]',
      errorType: 'error-not-authorized',
    });
    expect((await run('alice', 'unarchive', '#random')).body).toMatchObject({
      errorType: 'error-not-authorized',
    });
    expect(snapshot()).toBe(before);

    const admin = await listening('admin', ADMIN);
    await run('admin', 'unarchive', '#attic').expect(200, { success: true });
    expect(roomOf(fake, 'attic').archived).toBe(false);
    await run('admin', 'unarchive', '#general').expect(200, { success: true });
    expect(await heard(admin, 2)).toEqual([
      'Channel with name `#attic` has been Unarchived successfully',
      'Channel with name `#general` is already in Unarchived state',
    ]);
  });

  it('/topic sets the room’s topic with edit-room, and does nothing without it', async () => {
    await run('alice', 'topic', 'plans for today', 'randomRoomId00001').expect(200, { success: true });
    expect(roomOf(fake, 'random').topic).toBe('plans for today');
    const before = snapshot();
    await run('bob', 'topic', 'mine now').expect(200, { success: true });
    expect(snapshot()).toBe(before);
  });

  it('/hide closes the caller’s subscription; a room not found or not joined is a notice', async () => {
    const bob = await listening('bob', BOB);
    const before = snapshot();
    await run('bob', 'hide', '#secret').expect(200, { success: true });
    await run('bob', 'hide', '#nowhere').expect(200, { success: true });
    expect(await heard(bob, 2)).toEqual([
      'You are not in the room `#secret`',
      'The channel `##nowhere` does not exist.',
    ]);
    expect(snapshot()).toBe(before);
    // the direct room with a user, by @name
    await run('alice', 'msg', '@bob hi').expect(200, { success: true });
    // bob's new subscription is open (the state leaves the default out)
    expect(
      (fake.state().subscriptions ?? []).find((s) => s.rid === `${ALICE}${BOB}` && s.username === 'bob')
        ?.open,
    ).not.toBe(false);
    await run('bob', 'hide', '@alice').expect(200, { success: true });
    expect(
      (fake.state().subscriptions ?? []).find((s) => s.rid === `${ALICE}${BOB}` && s.username === 'bob'),
    ).toMatchObject({ open: false });
    await run('bob', 'hide', '').expect(200, { success: true });
    expect((fake.state().subscriptions ?? []).filter((s) => s.rid === 'GENERAL')).toEqual([
      expect.objectContaining({ username: 'bob', open: false }),
    ]);
  });

  it('/create makes a channel, or a private group with --private; a name taken is a notice', async () => {
    const alice = await listening('alice', ALICE);
    await run('alice', 'create', '#plans').expect(200, { success: true });
    await run('alice', 'create', 'hideout --private').expect(200, { success: true });
    expect(roomOf(fake, 'plans')).toMatchObject({ t: 'c', usernames: ['alice'] });
    expect(roomOf(fake, 'hideout')).toMatchObject({ t: 'p', usernames: ['alice'] });
    const before = snapshot();
    await run('alice', 'create', '#general').expect(200, { success: true });
    expect(await heard(alice, 1)).toEqual(['The channel `#general` already exists.']);
    expect(snapshot()).toBe(before);
  });

  it('/me posts the text as action text; /msg posts it to a direct room, with its notices', async () => {
    await run('alice', 'me', 'waves').expect(200, { success: true });
    expect(texts('GENERAL')).toContain(':_waves_');
    const alice = await listening('alice', ALICE);
    await run('alice', 'msg', '@bob hello there').expect(200, { success: true });
    expect(texts(`${ALICE}${BOB}`)).toEqual([':hello there']);
    const before = snapshot();
    await run('alice', 'me', '   ').expect(200, { success: true });
    await run('alice', 'msg', '@bob').expect(200, { success: true });
    await run('alice', 'msg', '@nobody hi').expect(200, { success: true });
    expect(await heard(alice, 2)).toEqual([
      'Username and message must not be empty.',
      "The username `@nobody` doesn't exist.",
    ]);
    expect(snapshot()).toBe(before);
  });

  it('the realtime slashCommand runs the same callbacks: notices to the caller, refusals as Meteor errors', async () => {
    const alice = await listening('alice', ALICE);
    const before = snapshot();
    const missing = await alice.call('slashCommand', {
      cmd: 'join',
      params: '#nowhere',
      msg: { rid: 'GENERAL' },
    });
    expect(missing).toEqual({ msg: 'result', id: missing.id });
    expect(await heard(alice, 1)).toEqual(['The channel `#nowhere` does not exist.']);
    const notice = alice.frames.find((f) => f.collection === 'stream-notify-user');
    expect((notice?.fields as { args: Frame[] }).args[0]).toMatchObject({
      u: { _id: 'rocket.cat', username: 'rocket.cat' },
      private: true,
      rid: 'GENERAL',
    });
    const member = await alice.call('slashCommand', {
      cmd: 'join',
      params: '#general',
      msg: { rid: 'GENERAL' },
    });
    expect(member.error).toEqual({
      isClientSafe: true,
      error: 'error-user-already-in-room',
      reason: 'You are already in the channel',
      details: { method: 'slashCommands' },
      message: 'You are already in the channel [error-user-already-in-room]',
      errorType: 'Meteor.Error',
    });
    expect(snapshot()).toBe(before);
    await alice.call('slashCommand', { cmd: 'join', params: '#random', msg: { rid: 'GENERAL' } });
    // /me in a thread: the action text posted as a reply
    const root = await request(fake.app)
      .post('/api/v1/chat.sendMessage')
      .set(AS.alice)
      .send({ message: { rid: 'GENERAL', msg: 'a question' } });
    const tmid = (root.body as { message: { _id: string } }).message._id;
    await alice.call('slashCommand', { cmd: 'me', params: 'thinks', msg: { rid: 'GENERAL', tmid } });
    expect((fake.state().messages ?? []).find((m) => m.msg === '_thinks_')).toMatchObject({ tmid });
    // random's owner already: nothing; bob joins
    const bob = await loggedIn('bob-token');
    await bob.call('slashCommand', { cmd: 'join', params: 'random', msg: { rid: 'GENERAL' } });
    expect(roomOf(fake, 'random').usernames).toContain('bob');
  });

  it('/mute and /unmute: the member muted and unmuted, with their messages; an unknown name is a notice', async () => {
    await run('admin', 'mute', '@bob').expect(200, { success: true });
    expect(roomOf(fake, 'general').muted).toEqual(['bob']);
    const refused = await request(fake.app)
      .post('/api/v1/chat.sendMessage')
      .set(AS.bob)
      .send({ message: { rid: 'GENERAL', msg: 'hello?' } });
    expect(refused.status).toBe(400);
    await run('admin', 'unmute', 'bob').expect(200, { success: true });
    expect(roomOf(fake, 'general').muted).toEqual([]);
    expect(texts('GENERAL')).toEqual(['user-muted:bob', 'user-unmuted:bob']);

    const admin = await listening('admin', ADMIN);
    const before = snapshot();
    await run('admin', 'unmute', '@nobody').expect(200, { success: true });
    // /mute's callback goes on after its notice: muteUserInRoom refuses one who is no member
    const mute = await run('admin', 'mute', '@nobody');
    expect(mute.status).toBe(400);
    expect(mute.body).toEqual({
      success: false,
      error: 'User is not in this room [error-user-not-in-room]',
      errorType: 'error-user-not-in-room',
      details: { method: 'muteUserInRoom' },
    });
    expect(await heard(admin, 2)).toEqual([
      "The username `nobody` doesn't exist.",
      "The username `nobody` doesn't exist.",
    ]);
    // bob is no owner nor moderator of #general
    expect((await run('bob', 'mute', '@alice')).body).toMatchObject({ errorType: 'error-not-allowed' });
    // over the realtime method: the notice, then the refusal as Meteor's error
    const answer = await admin.call('slashCommand', {
      cmd: 'mute',
      params: 'ghost',
      msg: { rid: 'GENERAL' },
    });
    expect(answer.error).toMatchObject({
      error: 'error-user-not-in-room',
      reason: 'User is not in this room',
    });
    expect(await heard(admin, 3)).toContain("The username `ghost` doesn't exist.");
    expect(snapshot()).toBe(before);
  });

  it('7.10: the realtime muteUserInRoom and unmuteUserInRoom: true, the same change; Match failed first, then the login, then the checks', async () => {
    const bob = await loggedIn('bob-token');
    await bob.sub('stream-room-messages', 'GENERAL', false);
    const admin = await loggedIn('admin-token');
    const muted = await admin.call('muteUserInRoom', { rid: 'GENERAL', username: 'bob', extra: 1 });
    expect([muted.error, muted.result]).toEqual([undefined, true]);
    expect(roomOf(fake, 'general').muted).toEqual(['bob']);
    const heardMuted = await bob.next((f) => f.msg === 'changed' && f.collection === 'stream-room-messages');
    expect((heardMuted.fields as { args: unknown[] }).args[0]).toMatchObject({
      t: 'user-muted',
      msg: 'bob',
      rid: 'GENERAL',
      u: { username: 'admin' },
    });
    const unmuted = await admin.call('unmuteUserInRoom', { rid: 'GENERAL', username: 'bob' });
    expect([unmuted.error, unmuted.result]).toEqual([undefined, true]);
    expect(roomOf(fake, 'general').muted).toEqual([]);
    expect(texts('GENERAL')).toEqual(['user-muted:bob', 'user-unmuted:bob']);

    const before = snapshot();
    // Match.ObjectIncluding({rid: String, username: String}), before the login is asked for
    const anon = await loggedIn();
    for (const params of [[], ['GENERAL'], [{ rid: 'GENERAL' }], [{ rid: 7, username: 'bob' }]]) {
      expect((await anon.call('muteUserInRoom', ...params)).error).toMatchObject({
        error: 400,
        reason: 'Match failed',
      });
    }
    // each method words a missing login its own way
    expect((await anon.call('muteUserInRoom', { rid: 'GENERAL', username: 'bob' })).error).toMatchObject({
      error: 'error-invalid-user',
      reason: 'Invalid user',
      details: { method: 'muteUserInRoom' },
    });
    expect((await anon.call('unmuteUserInRoom', { rid: 'GENERAL', username: 'bob' })).error).toMatchObject({
      error: 'error-not-allowed',
      reason: 'Not allowed',
      details: { method: 'unmuteUserInRoom' },
    });
    // bob has no mute-user in #general; then an unknown room, a direct room, a non-member
    expect((await bob.call('muteUserInRoom', { rid: 'GENERAL', username: 'alice' })).error).toMatchObject({
      error: 'error-not-allowed',
      reason: 'Not allowed',
      details: { method: 'muteUserInRoom' },
    });
    expect((await admin.call('muteUserInRoom', { rid: 'nowhere', username: 'bob' })).error).toMatchObject({
      error: 'error-invalid-room',
      details: { method: 'muteUserInRoom' },
    });
    expect((await admin.call('unmuteUserInRoom', { rid: 'GENERAL', username: 'ghost' })).error).toMatchObject(
      {
        error: 'error-user-not-in-room',
        reason: 'User is not in this room',
        details: { method: 'unmuteUserInRoom' },
      },
    );
    expect(snapshot()).toBe(before);
    const dm = await request(fake.app).post('/api/v1/im.create').set(AS.admin).send({ username: 'bob' });
    const direct = await admin.call('muteUserInRoom', { rid: dm.body.room._id as string, username: 'bob' });
    expect(direct.error).toMatchObject({
      error: 'error-invalid-room-type',
      reason: 'd is not a valid room type',
      details: { method: 'muteUserInRoom', type: 'd' },
    });
  });

  it('/status sets the caller’s status message, with a notice; with the setting off, a notice and the refusal', async () => {
    const alice = await listening('alice', ALICE);
    await run('alice', 'status', '  In a meeting ').expect(200, { success: true });
    expect(fake.state().users.find((u) => u.username === 'alice')).toMatchObject({
      statusText: 'In a meeting',
    });
    expect(await heard(alice, 1)).toEqual(['Status message changed successfully.']);
    await request(fake.app)
      .post('/api/v1/settings/Accounts_AllowUserStatusMessageChange')
      .set(AS.admin)
      .send({ value: false })
      .expect(200);
    const before = snapshot();
    const refused = await run('alice', 'status', 'Away');
    expect([refused.status, refused.body]).toEqual([
      400,
      {
        success: false,
        error: 'Not allowed [error-not-allowed]',
        errorType: 'error-not-allowed',
        details: { method: 'setUserStatus' },
      },
    ]);
    expect(await heard(alice, 2)).toEqual([
      'Status message changed successfully.',
      'Your Rocket.Chat administrator has disabled the changing of status messages',
    ]);
    expect(snapshot()).toBe(before);
  });

  it('/help sends the keyboard shortcuts as one notice and changes nothing', async () => {
    const bob = await listening('bob', BOB);
    const before = snapshot();
    await run('bob', 'help', '').expect(200, { success: true });
    const [text] = await heard(bob, 1);
    expect(String(text).split('\n')).toEqual([
      '',
      '`Command (or Ctrl) + p OR Command (or Ctrl) + k` - Open Channel / User search',
      '`Shift (or Ctrl) + ESC` - Mark all messages (in all channels) as read',
      '`Up Arrow` - Edit previous message',
      '`Command (or Alt) + Left Arrow` - Move to the beginning of the message',
      '`Command (or Alt) + Up Arrow` - Move to the beginning of the message',
      '`Command (or Alt) + Right Arrow` - Move to the end of the message',
      '`Command (or Alt) + Down Arrow` - Move to the end of the message',
      '`Shift + Enter` - New line in message compose input',
    ]);
    expect(snapshot()).toBe(before);
  });

  it('/invite-all-from adds a room’s members here; /invite-all-to adds ours there, or makes the room', async () => {
    const admin = await listening('admin', ADMIN);
    // #club's members (bob) into #general, where bob is already: nothing changes but the notice
    await run('admin', 'invite-all-from', '#club').expect(200, { success: true });
    expect(roomOf(fake, 'general').usernames).toEqual(expect.arrayContaining(['admin', 'alice', 'bob']));
    await run('admin', 'invite-all-to', '#news').expect(200, { success: true });
    expect(roomOf(fake, 'news').usernames).toEqual(expect.arrayContaining(['admin', 'alice', 'bob']));
    await run('admin', 'invite-all-to', '#lounge').expect(200, { success: true });
    expect(roomOf(fake, 'lounge')).toMatchObject({ t: 'c' });
    expect(roomOf(fake, 'lounge').usernames).toEqual(expect.arrayContaining(['admin', 'alice', 'bob']));
    await run('admin', 'invite-all-from', '#nowhere').expect(200, { success: true });
    expect(await heard(admin, 5)).toEqual([
      'The users have been added',
      'The users have been added',
      'Channel `#lounge` created.',
      'The users have been added',
      'The channel `#nowhere` does not exist.',
    ]);
    // bob may not add to #general: addUsersToRoom's refusal, a notice
    const bob = await listening('bob', BOB);
    const unchanged = snapshot();
    await run('bob', 'invite-all-from', '#club').expect(200, { success: true });
    expect(await heard(bob, 1)).toEqual(['Not allowed']);
    expect(snapshot()).toBe(unchanged);
  });

  // review mends (issue 50, helper "slashfix")

  it('/status sets only the status message: a busy user stays busy, over REST and realtime', async () => {
    await request(fake.app)
      .post('/api/v1/users.setStatus')
      .set(AS.alice)
      .send({ status: 'busy' })
      .expect(200);
    // no socket: the status is the one set, not one worked out from the (no) connections
    await run('alice', 'status', 'lunch').expect(200, { success: true });
    expect(fake.state().users.find((u) => u.username === 'alice')).toMatchObject({
      status: 'busy',
      statusText: 'lunch',
    });
    const watcher = await loggedIn('bob-token');
    await watcher.sub('stream-notify-logged', 'user-status', false);
    const alice = await listening('alice', ALICE);
    await alice.call('slashCommand', { cmd: 'status', params: ' at lunch ', msg: { rid: 'GENERAL' } });
    expect(fake.state().users.find((u) => u.username === 'alice')).toMatchObject({
      status: 'busy',
      statusText: 'at lunch',
    });
    // the text change told as a presence change (the user's status number and the new text)
    const told = await watcher.next(
      (f) => f.collection === 'stream-notify-logged' && JSON.stringify(f.fields).includes('at lunch'),
    );
    const tuple = ((told.fields as { args: unknown[][] }).args[0] ?? []) as unknown[];
    expect(tuple.slice(0, 4)).toEqual([ALICE, 'alice', 3, 'at lunch']);
    expect(await heard(alice, 1)).toEqual(['Status message changed successfully.']);
    // the same text again: nothing changes (the notice is still sent)
    const before = snapshot();
    await run('alice', 'status', 'at lunch').expect(200, { success: true });
    expect(snapshot()).toBe(before);
  });

  it('/invite and /invite-all-from in a direct room: addUsersToRoom refuses it before its permission checks', async () => {
    await run('alice', 'msg', '@bob hi').expect(200, { success: true });
    const direct = `${ALICE}${BOB}`;
    const bob = await listening('bob', BOB);
    const before = snapshot();
    // bob has no add-user-to-joined-room: the direct room's refusal still comes first
    await run('bob', 'invite', '@gina', direct).expect(200, { success: true });
    await run('bob', 'invite', '@alice', direct).expect(200, { success: true });
    await run('bob', 'invite-all-from', '#random', direct).expect(200, { success: true });
    expect(await heard(bob, 3)).toEqual([
      "Can't invite user to direct rooms",
      '`@alice` is already in here.',
      "Can't invite user to direct rooms",
    ]);
    // the realtime method's error
    const refused = await bob.call('addUsersToRoom', { rid: direct, users: ['gina'] });
    expect(refused.error).toEqual({
      isClientSafe: true,
      error: 'error-cant-invite-for-direct-room',
      reason: "Can't invite user to direct rooms",
      details: { method: 'addUsersToRoom' },
      message: "Can't invite user to direct rooms [error-cant-invite-for-direct-room]",
      errorType: 'Meteor.Error',
    });
    expect(snapshot()).toBe(before);
  });

  it('a refusal a callback catches is sent as its key’s English text', async () => {
    const admin = await listening('admin', ADMIN);
    const before = snapshot();
    // the room to make has a name createChannel refuses
    await run('admin', 'invite-all-to', '#bad name!').expect(200, { success: true });
    expect(await heard(admin, 1)).toEqual(['<strong>{{room_name}}</strong> is not a valid room name']);
    expect(snapshot()).toBe(before);
  });

  it('/msg: a post refused after the direct room was made leaves the room (two writes, as the real server)', async () => {
    const direct = `${ALICE}guestUserId000001`;
    expect((fake.state().subscriptions ?? []).some((s) => s.rid === direct)).toBe(false);
    const refused = await run('alice', 'msg', `@gina ${'x'.repeat(5001)}`);
    expect([refused.status, refused.body]).toEqual([
      400,
      {
        success: false,
        error: 'Message size exceeds Message_MaxAllowedSize [error-message-size-exceeded]',
        errorType: 'error-message-size-exceeded',
      },
    ]);
    expect((fake.state().subscriptions ?? []).some((s) => s.rid === direct)).toBe(true);
    expect(texts(direct)).toEqual([]);
  });

  it('/hide @user finds the direct room by its members', async () => {
    await run('alice', 'msg', '@bob hi').expect(200, { success: true });
    await run('alice', 'hide', '@bob').expect(200, { success: true });
    expect(
      (fake.state().subscriptions ?? []).find((s) => s.rid === `${ALICE}${BOB}` && s.username === 'alice'),
    ).toMatchObject({ open: false });
  });
});

describe('built-in slash commands by release line', () => {
  let lineFake: FakeServer;
  const socketOn = withRealtime(
    () => (lineFake = createFakeServer({ scenario: WORLD, profile: '5' })),
    () => lineFake,
  );

  it('5: the same effects and notices (/join, /me)', async () => {
    const bob = await socketOn('bob-token');
    await bob.sub('stream-notify-user', `${BOB}/message`, false);
    const post = (command: string, params: string): request.Test =>
      request(lineFake.app)
        .post('/api/v1/commands.run')
        .set(AS.bob)
        .send({ command, params, roomId: 'GENERAL' });
    await post('join', '#random').expect(200, { success: true });
    await post('join', '#nowhere').expect(200, { success: true });
    await post('me', 'nods').expect(200, { success: true });
    expect(lineFake.state().channels.find((c) => c.name === 'random')?.usernames).toContain('bob');
    expect((lineFake.state().messages ?? []).map((m) => m.msg)).toContain('_nods_');
    await bob.next((f) => f.msg === 'changed' && f.collection === 'stream-notify-user');
    expect(notices(bob)).toEqual(['The channel `#nowhere` does not exist.']);
  });
  it('5: /archive asks the room’s state before the permission, which is the archiveRoom method’s', async () => {
    const bob = await socketOn('bob-token');
    await bob.sub('stream-notify-user', `${BOB}/message`, false);
    const before = JSON.stringify(lineFake.state());
    const post = (command: string, params: string): request.Test =>
      request(lineFake.app)
        .post('/api/v1/commands.run')
        .set(AS.bob)
        .send({ command, params, roomId: 'GENERAL' });
    await post('archive', '#attic').expect(200, { success: true });
    const refused = await post('archive', '#news');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      errorType: 'error-not-authorized',
      details: { method: 'archiveRoom' },
    });
    await bob.next((f) => f.msg === 'changed' && f.collection === 'stream-notify-user');
    expect(notices(bob)).toEqual(['An archived Channel with name `#attic` exists']);
    expect(JSON.stringify(lineFake.state())).toBe(before);
  });
});

describe('the realtime mute methods on 8.x', () => {
  let server: FakeServer;
  const socketOn = withRealtime(
    () => (server = createFakeServer({ scenario: WORLD, profile: '8.9' })),
    () => server,
  );

  it('8.9: muteUserInRoom and unmuteUserInRoom are not found (8.0 removed them); /mute still mutes', async () => {
    const admin = await socketOn('admin-token');
    for (const method of ['muteUserInRoom', 'unmuteUserInRoom']) {
      const answer = await admin.call(method, { rid: 'GENERAL', username: 'bob' });
      expect(answer.error).toMatchObject({ error: 404, reason: `Method '${method}' not found` });
    }
    expect(roomOf(server, 'general').muted).toEqual([]);
    await request(server.app)
      .post('/api/v1/commands.run')
      .set(AS.admin)
      .send({ command: 'mute', params: '@bob', roomId: 'GENERAL' })
      .expect(200, { success: true });
    expect(roomOf(server, 'general').muted).toEqual(['bob']);
  });
});

describe('/status and setUserStatus by release line: the text only to 8.5, the status worked out again on 8.9', () => {
  const statusOf = (server: FakeServer): unknown =>
    server.state().users.find((u) => u.username === 'alice')?.status;

  it.each([
    ['7.10', 'busy'],
    ['8.9', 'offline'],
  ] as const)('%s: a busy user with no connection is %s after /status lunch', async (profile, after) => {
    const server = createFakeServer({ scenario: WORLD, profile });
    await request(server.app)
      .post('/api/v1/users.setStatus')
      .set(AS.alice)
      .send({ status: 'busy' })
      .expect(200);
    expect(statusOf(server)).toBe('busy');
    await request(server.app)
      .post('/api/v1/commands.run')
      .set(AS.alice)
      .send({ command: 'status', params: 'lunch', roomId: 'GENERAL' })
      .expect(200, { success: true });
    expect(server.state().users.find((u) => u.username === 'alice')).toMatchObject({
      status: after,
      statusText: 'lunch',
    });
  });

  it.each([
    ['7.10', 'busy'],
    ['8.9', 'offline'],
  ] as const)(
    '%s: setUserStatus(null, text) over method.call leaves a busy user %s',
    async (profile, after) => {
      const server = createFakeServer({ scenario: WORLD, profile });
      await request(server.app)
        .post('/api/v1/users.setStatus')
        .set(AS.alice)
        .send({ status: 'busy' })
        .expect(200);
      const message = JSON.stringify({
        msg: 'method',
        id: '1',
        method: 'setUserStatus',
        params: [null, 'away a bit'],
      });
      const res = await request(server.app)
        .post('/api/v1/method.call/setUserStatus')
        .set(AS.alice)
        .send({ message });
      expect(res.status).toBe(200);
      expect(JSON.parse(String(res.body.message))).toMatchObject({ msg: 'result', id: '1' });
      expect(server.state().users.find((u) => u.username === 'alice')).toMatchObject({
        status: after,
        statusText: 'away a bit',
      });
    },
  );
});
