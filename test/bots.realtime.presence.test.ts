import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { ProfileId } from '../src/profiles';
import { AS, WORLD } from './support/fake';
import { Ddp } from './support/ddp';
import type { Frame } from './support/ddp';

/**
 * Presence as a bot's connection makes it (research 47 §2.8, §2.9, §3): a realtime login marks
 * the user online, the last connection closing offline; `users.info`, `users.presence`,
 * `users.getPresence` show it; `stream-notify-logged` `user-status` and `stream-user-presence`
 * carry it, frame by frame; `UserPresence:*` and `setUserStatus` per release line; a reset
 * restores the scenario's statuses. No sleeps: every wait is on a frame.
 */

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

const ROBOT = 'botUserId00000001';

const servers: FakeServer[] = [];
const open: Ddp[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});

async function serve(profile: ProfileId): Promise<{ fake: FakeServer; url: string }> {
  const fake = createFakeServer({ scenario: WORLD, profile });
  servers.push(fake);
  const url = `${(await fake.start(0)).replace('http', 'ws')}/websocket`;
  return { fake, url };
}

async function client(url: string): Promise<Ddp> {
  const c = new Ddp(url);
  open.push(c);
  await c.connect();
  return c;
}

/** The robot's presence fields as the world's state holds them. */
function presenceOf(fake: FakeServer, id = ROBOT): Frame {
  const user = fake.state().users.find((u) => u._id === id) as Frame | undefined;
  const out: Frame = {};
  for (const key of ['status', 'statusConnection', 'statusDefault', 'statusText'])
    if (user?.[key] !== undefined) out[key] = user[key];
  return out;
}

/** The next `changed` frame of a collection on a client. */
function changedOn(c: Ddp, collection: string, after = 0): Promise<Frame> {
  return c.next((f) => f.msg === 'changed' && f.collection === collection && c.frames.indexOf(f) >= after);
}

describe('a realtime login and its socket make the presence (8.9)', () => {
  it('login (password, as the bots send it) → online; the last socket closing → offline; REST shows it', async () => {
    const { fake, url } = await serve('8.9');
    expect(presenceOf(fake)).toEqual({});
    // a watcher, logged in: user-status, and stream-user-presence watching the robot
    const watcher = await client(url);
    expect((await watcher.call('login', { resume: AS.alice['X-Auth-Token'] })).error).toBeUndefined();
    expect(await watcher.sub('stream-notify-logged', 'user-status', false)).toEqual({
      msg: 'ready',
      subs: [expect.any(String)],
    });
    expect(await watcher.sub('stream-user-presence', '', { added: [ROBOT] })).toEqual({
      msg: 'ready',
      subs: [expect.any(String)],
    });
    const mark = watcher.frames.length;
    const bot = await client(url);
    const login = await bot.call('login', { user: { username: 'robot' }, password: 'robot-pw' });
    expect(login.error).toBeUndefined();
    expect(await changedOn(watcher, 'stream-notify-logged', mark)).toEqual({
      msg: 'changed',
      collection: 'stream-notify-logged',
      id: 'id',
      fields: { eventName: 'user-status', args: [[ROBOT, 'robot', 1, null, null, ['bot']]] },
    });
    expect(await changedOn(watcher, 'stream-user-presence', mark)).toEqual({
      msg: 'changed',
      collection: 'stream-user-presence',
      id: ROBOT,
      fields: { uid: ROBOT, args: [['robot', 1, null]], eventName: ROBOT },
    });
    expect(presenceOf(fake)).toEqual({ status: 'online', statusConnection: 'online' });
    const info = await request(fake.app).get('/api/v1/users.info').query({ userId: ROBOT }).set(AS.admin);
    expect(info.body.user).toMatchObject({ status: 'online', statusConnection: 'online' });
    const presence = await request(fake.app)
      .get('/api/v1/users.presence')
      .query({ ids: ROBOT })
      .set(AS.alice);
    expect(presence.body).toEqual({
      users: [{ _id: ROBOT, username: 'robot', name: 'robot', status: 'online' }],
      full: false,
      success: true,
    });
    const own = await request(fake.app).get('/api/v1/users.getPresence').set(AS.robot);
    expect(own.body).toMatchObject({ presence: 'online', connectionStatus: 'online', success: true });
    const other = await request(fake.app)
      .get('/api/v1/users.getPresence')
      .query({ userId: ROBOT })
      .set(AS.alice);
    expect(other.body).toEqual({ presence: 'online', success: true });

    // a second connection of the robot: still online; closing one of two changes nothing
    const second = await client(url);
    expect((await second.call('login', { resume: AS.robot['X-Auth-Token'] })).error).toBeUndefined();
    const beforeClose = watcher.frames.length;
    await second.close();
    // the first connection's logout takes the robot offline (the last connection gone)
    await bot.call('logout');
    const offline = await changedOn(watcher, 'stream-notify-logged', beforeClose);
    expect(offline.fields).toEqual({
      eventName: 'user-status',
      args: [[ROBOT, 'robot', 0, null, null, ['bot']]],
    });
    expect(presenceOf(fake)).toEqual({ status: 'offline', statusConnection: 'offline' });
    // no frame came for the second connection's close: the one after the mark is the logout's
    expect(
      watcher.frames
        .slice(beforeClose)
        .filter((f) => f.msg === 'changed' && f.collection === 'stream-notify-logged'),
    ).toHaveLength(1);

    // a socket closing (no logout) takes its user offline too
    const again = await client(url);
    await again.call('login', { resume: AS.robot['X-Auth-Token'] });
    expect(presenceOf(fake)).toMatchObject({ status: 'online' });
    const beforeDrop = watcher.frames.length;
    await again.close();
    expect((await changedOn(watcher, 'stream-user-presence', beforeDrop)).fields).toEqual({
      uid: ROBOT,
      args: [['robot', 0, null]],
      eventName: ROBOT,
    });
    expect(presenceOf(fake)).toEqual({ status: 'offline', statusConnection: 'offline' });
  });

  it('a REST login changes nothing; a reset restores the scenario (and the closing sockets leave the new world alone)', async () => {
    const { fake, url } = await serve('8.9');
    const res = await request(fake.app).post('/api/v1/login').send({ user: 'robot', password: 'robot-pw' });
    expect(res.status).toBe(200);
    expect(presenceOf(fake)).toEqual({});
    const bot = await client(url);
    await bot.call('login', { resume: AS.robot['X-Auth-Token'] });
    expect(presenceOf(fake)).toEqual({ status: 'online', statusConnection: 'online' });
    expect(fake.changes().users.changed.map((c) => c.after._id)).toContain(ROBOT);
    const closed = new Promise<void>((resolve) => bot.socket.once('close', () => resolve()));
    await fake.reset();
    await closed;
    expect(presenceOf(fake)).toEqual({});
    expect(fake.changes().users.changed).toEqual([]);
  });
});

describe('presence frames per release line', () => {
  it('5: user-status carries [_id, username, status, statusText]; stream-user-presence as 8.x', async () => {
    const { url } = await serve('5');
    const watcher = await client(url);
    await watcher.call('login', { resume: AS.alice['X-Auth-Token'] });
    await watcher.sub('stream-notify-logged', 'user-status', false);
    await watcher.sub('stream-user-presence', '', { added: [ROBOT] });
    const bot = await client(url);
    await bot.call('login', { user: { username: 'robot' }, password: 'robot-pw' });
    expect((await changedOn(watcher, 'stream-notify-logged')).fields).toEqual({
      eventName: 'user-status',
      args: [[ROBOT, 'robot', 1, null]],
    });
    expect((await changedOn(watcher, 'stream-user-presence')).fields).toEqual({
      uid: ROBOT,
      args: [['robot', 1, null]],
      eventName: ROBOT,
    });
  });

  it('0.49: a login marks online, no user-status frame; stream-user-presence is not a subscription there', async () => {
    const { fake, url } = await serve('0.49');
    const watcher = await client(url);
    await watcher.call('login', { resume: AS.alice['X-Auth-Token'] });
    await watcher.sub('stream-notify-logged', 'user-status', false);
    expect(await watcher.sub('stream-user-presence', '', { added: [ROBOT] })).toEqual({
      msg: 'nosub',
      id: expect.any(String),
      error: meteorError(404, "Subscription 'stream-user-presence' not found"),
    });
    const bot = await client(url);
    await bot.call('login', { user: { username: 'robot' }, password: 'robot-pw' });
    // a method answered after the login: every frame the login caused is in
    await watcher.call('getServerInfo');
    expect(watcher.frames.filter((f) => f.msg === 'changed')).toEqual([]);
    expect(presenceOf(fake)).toEqual({ status: 'online', statusConnection: 'online' });
  });

  it('stream-user-presence: anyone may follow it; later subs change the set and stop at once; removed stops the frames', async () => {
    const { url } = await serve('8.9');
    const anon = await client(url);
    const first = await anon.sub('stream-user-presence', '', { added: [] });
    expect(first).toEqual({ msg: 'ready', subs: [expect.any(String)] });
    const later = await anon.sub('stream-user-presence', '', { added: [ROBOT, 'aliceUserId000001'] });
    expect(later).toEqual({ msg: 'nosub', id: expect.any(String) });
    await anon.sub('stream-user-presence', '', { removed: ['aliceUserId000001'] });
    const alice = await client(url);
    await alice.call('login', { resume: AS.alice['X-Auth-Token'] });
    const bot = await client(url);
    await bot.call('login', { resume: AS.robot['X-Auth-Token'] });
    const frame = await changedOn(anon, 'stream-user-presence');
    expect(frame.id).toBe(ROBOT);
    expect(anon.frames.filter((f) => f.msg === 'changed').map((f) => f.id)).toEqual([ROBOT]);
  });
});

describe('UserPresence:* and setUserStatus', () => {
  it('8.9: away / online answer whether the connection changed; setDefaultStatus busy; state and frames', async () => {
    const { fake, url } = await serve('8.9');
    const watcher = await client(url);
    await watcher.call('login', { resume: AS.alice['X-Auth-Token'] });
    await watcher.sub('stream-notify-logged', 'user-status', false);
    const bot = await client(url);
    // logged out: an empty result
    const anon = await bot.call('UserPresence:away');
    expect(anon).toEqual({ msg: 'result', id: anon.id });
    await bot.call('login', { resume: AS.robot['X-Auth-Token'] });
    let mark = watcher.frames.length;
    expect((await bot.call('UserPresence:away')).result).toBe(true);
    expect((await changedOn(watcher, 'stream-notify-logged', mark)).fields).toEqual({
      eventName: 'user-status',
      args: [[ROBOT, 'robot', 2, null, null, ['bot']]],
    });
    expect(presenceOf(fake)).toEqual({ status: 'away', statusConnection: 'away' });
    expect((await bot.call('UserPresence:away')).result).toBe(false);
    expect((await bot.call('UserPresence:online')).result).toBe(true);
    expect(presenceOf(fake)).toEqual({ status: 'online', statusConnection: 'online' });
    mark = watcher.frames.length;
    expect((await bot.call('UserPresence:setDefaultStatus', 'busy')).result).toBe(true);
    expect((await changedOn(watcher, 'stream-notify-logged', mark)).fields).toEqual({
      eventName: 'user-status',
      args: [[ROBOT, 'robot', 3, null, null, ['bot']]],
    });
    expect(presenceOf(fake)).toEqual({ status: 'busy', statusConnection: 'online', statusDefault: 'busy' });
    expect((await bot.call('UserPresence:setDefaultStatus', 'busy')).result).toBe(false);
    // closing: offline, the default kept
    await bot.close();
    await changedOn(watcher, 'stream-notify-logged', watcher.frames.length);
    expect(presenceOf(fake)).toEqual({
      status: 'offline',
      statusConnection: 'offline',
      statusDefault: 'busy',
    });
  });

  it('8.9 setUserStatus: status and text (trimmed), frames with the text; refusals', async () => {
    const { fake, url } = await serve('8.9');
    const watcher = await client(url);
    await watcher.call('login', { resume: AS.alice['X-Auth-Token'] });
    await watcher.sub('stream-notify-logged', 'user-status', false);
    const bot = await client(url);
    expect((await bot.call('setUserStatus', 'away', 'x')).error).toEqual(
      meteorError('error-invalid-user', 'Invalid user', { method: 'setUserStatus' }),
    );
    await bot.call('login', { resume: AS.robot['X-Auth-Token'] });
    const mark = watcher.frames.length;
    const set = await bot.call('setUserStatus', 'away', '  on a break  ');
    expect(set).toEqual({ msg: 'result', id: set.id });
    expect(presenceOf(fake)).toEqual({
      status: 'away',
      statusConnection: 'online',
      statusDefault: 'away',
      statusText: 'on a break',
    });
    const frames = watcher.frames.slice(mark).filter((f) => f.collection === 'stream-notify-logged');
    expect(frames.at(-1)?.fields).toEqual({
      eventName: 'user-status',
      args: [[ROBOT, 'robot', 2, 'on a break', null, ['bot']]],
    });
    expect((await bot.call('setUserStatus', null, 42)).error).toEqual(meteorError(400, 'Match failed'));
    const before = fake.state();
    // 8.9: the text's setting first, before the status
    await request(fake.app)
      .post('/api/v1/settings/Accounts_AllowUserStatusMessageChange')
      .set(AS.admin)
      .send({ value: false });
    const afterSetting = fake.state();
    expect((await bot.call('setUserStatus', 'busy', 'x')).error).toEqual(
      meteorError('error-not-allowed', 'Not allowed', { method: 'setUserStatus' }),
    );
    expect(fake.state()).toEqual(afterSetting);
    expect(presenceOf(fake)).toEqual(presenceOfState(before));
    await request(fake.app)
      .post('/api/v1/settings/Accounts_AllowInvisibleStatusOption')
      .set(AS.admin)
      .send({ value: false });
    expect((await bot.call('setUserStatus', 'offline')).error).toEqual(
      meteorError('error-status-not-allowed', 'Invisible status is disabled', { method: 'setUserStatus' }),
    );
    expect(presenceOf(fake)).toMatchObject({ status: 'away' });
  });

  it('7.10: the status changes before the text is refused', async () => {
    const { fake, url } = await serve('7.10');
    await request(fake.app)
      .post('/api/v1/settings/Accounts_AllowUserStatusMessageChange')
      .set(AS.admin)
      .send({ value: false });
    const bot = await client(url);
    await bot.call('login', { resume: AS.robot['X-Auth-Token'] });
    expect((await bot.call('setUserStatus', 'busy', 'x')).error).toEqual(
      meteorError('error-not-allowed', 'Not allowed', { method: 'setUserStatus' }),
    );
    expect(presenceOf(fake)).toEqual({ status: 'busy', statusConnection: 'online', statusDefault: 'busy' });
  });

  it('5 (konecty): an unknown status is ignored; another user’s id refused; away/online answer nothing', async () => {
    const { fake, url } = await serve('5');
    const bot = await client(url);
    await bot.call('login', { resume: AS.robot['X-Auth-Token'] });
    const unknown = await bot.call('UserPresence:setDefaultStatus', 'dancing');
    expect(unknown).toEqual({ msg: 'result', id: unknown.id });
    expect(presenceOf(fake)).toEqual({ status: 'online', statusConnection: 'online' });
    expect((await bot.call('UserPresence:setDefaultStatus', 'aliceUserId000001', 'busy')).error).toEqual(
      meteorError('cannot-change-other-users-status'),
    );
    expect((await bot.call('UserPresence:setDefaultStatus', ROBOT, 'busy')).error).toBeUndefined();
    expect(presenceOf(fake)).toMatchObject({ status: 'busy', statusDefault: 'busy' });
    const away = await bot.call('UserPresence:away');
    expect(away).toEqual({ msg: 'result', id: away.id });
    expect(presenceOf(fake)).toEqual({ status: 'busy', statusConnection: 'away', statusDefault: 'busy' });
    expect((await bot.call('setUserStatus', 'dancing', 'hi')).error).toBeUndefined();
    expect(presenceOf(fake)).toMatchObject({ statusDefault: 'busy', statusText: 'hi' });
  });

  it('0.49: setUserStatus is not a method; setDefaultStatus takes one argument', async () => {
    const { fake, url } = await serve('0.49');
    const bot = await client(url);
    await bot.call('login', { resume: AS.robot['X-Auth-Token'] });
    expect((await bot.call('setUserStatus', 'away')).error).toEqual(
      meteorError(404, "Method 'setUserStatus' not found"),
    );
    await bot.call('UserPresence:setDefaultStatus', 'away');
    expect(presenceOf(fake)).toEqual({ status: 'away', statusConnection: 'online', statusDefault: 'away' });
  });
});

/** The robot's presence fields of a state taken before. */
function presenceOfState(state: ReturnType<FakeServer['state']>): Frame {
  const user = state.users.find((u) => u._id === ROBOT) as Frame | undefined;
  const out: Frame = {};
  for (const key of ['status', 'statusConnection', 'statusDefault', 'statusText'])
    if (user?.[key] !== undefined) out[key] = user[key];
  return out;
}
