/**
 * A real client, @rocket.chat/sdk 1.0.0-alpha.42's REST API class, against the fake on a real port:
 * what passes here is what a bot built on that SDK sees.
 */
import Api from '@rocket.chat/sdk/lib/api/api';

import { createFakeServer } from '../src/server';
import { WORLD } from './support/fake';

interface Rejection {
  status: number;
  data: { success: boolean; error: string; errorType?: string };
}

async function rejection(promise: Promise<unknown>): Promise<Rejection> {
  try {
    await promise;
  } catch (error) {
    return error as Rejection;
  }
  throw new Error('expected the SDK call to be rejected');
}

function client(host: string): Api {
  const api = new Api({ host });
  api.logger = null as never;
  return api;
}

describe('@rocket.chat/sdk REST client against the fake', () => {
  const fake = createFakeServer({ scenario: WORLD });
  beforeAll(() => fake.start());
  afterEach(() => fake.reset());
  afterAll(() => fake.stop());

  it('logs in, lists, reads integrations, sets read-only and private', async () => {
    const api = client(fake.url);
    const login = await api.login({ username: 'admin', password: 'admin-pw' });
    expect(login.me.username).toBe('admin');
    expect(api.currentLogin?.userId).toBe('adminUserId000001');

    const list = await api.get('channels.list', { count: 2, sort: { name: -1 } });
    expect(list.channels.map((c: { name: string }) => c.name)).toEqual(['random', 'news']);
    expect(list.total).toBe(5);

    const integrations = await api.get('channels.getIntegrations', { roomName: 'general' });
    expect(integrations.integrations.map((i: { name: string }) => i.name)).toEqual([
      'all-hook',
      'both-hook',
      'general-hook',
    ]);

    const ro = await api.post('channels.setReadOnly', { roomName: 'random', readOnly: true });
    expect(ro.channel).toMatchObject({ name: 'random', ro: true, _updatedAt: '2026-01-01T00:00:01.000Z' });

    const type = await api.post('channels.setType', { roomId: 'randomRoomId00001', type: 'p' });
    expect(type.channel).toMatchObject({ name: 'random', t: 'p', _updatedAt: '2026-01-01T00:00:02.000Z' });

    const me = await api.get('me', {});
    expect(me.username).toBe('admin');
    // 7.4 on, logout answers an empty 200 (Rocket.Chat#35922): the SDK's logout cannot parse it,
    // against the real server as against the fake; the token is void all the same
    await expect(api.logout()).rejects.toThrow(/JSON/);
    expect(fake.requests({ path: '/api/v1/logout' }).map((r) => [r.method, r.status])).toEqual([
      ['POST', 200],
    ]);
  });

  it('logs out as the SDK expects where logout still answered JSON (7.0)', async () => {
    const seven = createFakeServer({ scenario: WORLD, profile: '7.0' });
    await seven.start();
    try {
      const api = client(seven.url);
      await api.login({ username: 'admin', password: 'admin-pw' });
      await expect(api.logout()).resolves.toBeDefined();
      expect(seven.requests({ path: '/api/v1/logout' }).map((r) => [r.method, r.status])).toEqual([
        ['POST', 200],
      ]);
    } finally {
      await seven.stop();
    }
  });

  it("a bot's first minute: logs in, lists users, posts as an alias, reads the room's history, replies in a thread", async () => {
    const api = client(fake.url);
    await api.login({ username: 'robot', password: 'robot-pw' });
    const users = await api.get('users.list', { count: 10 });
    expect(users.users.map((u: { username: string }) => u.username)).toEqual([
      'admin',
      'alice',
      'bob',
      'gina',
      'gone',
      'robot',
    ]);
    const alice = await api.get('users.info', { username: 'alice' });
    expect(alice.user).toMatchObject({ _id: 'aliceUserId000001', canViewAllInfo: false });
    const posted = await api.post('chat.postMessage', {
      channel: '#general',
      text: 'build 42 is green',
      alias: 'CI',
      emoji: ':white_check_mark:',
    });
    expect(posted).toMatchObject({ channel: '#general', message: { msg: 'build 42 is green', alias: 'CI' } });
    const history = await api.get('channels.history', { roomName: 'general', count: 10 });
    // the bot was joined on its first post: its uj message, then its post, newest first
    expect(history.messages.map((m: { t?: string; msg: string }) => [m.t ?? null, m.msg])).toEqual([
      [null, 'build 42 is green'],
      ['uj', 'robot'],
    ]);
    const reply = await api.post('chat.sendMessage', {
      message: { tmid: posted.message._id, msg: 'details in the log' },
    });
    expect(reply.message).toMatchObject({ rid: 'GENERAL', tmid: posted.message._id });
    const threaded = await api.get('channels.history', { roomId: 'GENERAL', showThreadMessages: 'true' });
    expect(threaded.messages[0].msg).toBe('details in the log');
  });

  it('a Go SDK / matterbridge bridge: form-encoded login, its rooms, unread, a direct message, read', async () => {
    // Go's url.Values.Encode(), as the Go SDK and matterbridge log in
    const login = await fetch(`${fake.url}/api/v1/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'password=bob-pw&user=bob',
    });
    const { data } = (await login.json()) as { data: { userId: string; authToken: string } };
    const headers = { 'X-User-Id': data.userId, 'X-Auth-Token': data.authToken };
    const get = async (path: string): Promise<Record<string, unknown>> =>
      (await (await fetch(`${fake.url}/api/v1/${path}`, { headers })).json()) as Record<string, unknown>;
    const rooms = (await get('rooms.get')).update as { _id: string }[];
    expect(rooms.map((r) => r._id)).toEqual(['GENERAL', 'clubRoomId0000001']);
    const since = fake.clock.now();
    // someone writes to the bridge's user, in a channel and directly
    const alice = client(fake.url);
    await alice.login({ username: 'alice', password: 'alice-pw' });
    await alice.post('chat.postMessage', { roomId: 'GENERAL', text: 'ping @bob' });
    await alice.post('chat.postMessage', { channel: '@bob', text: 'psst' });
    const changed = (await get(`subscriptions.get?updatedSince=${since}`)).update as {
      rid: string;
      unread: number;
      t: string;
    }[];
    expect(changed.map((sub) => [sub.t, sub.unread])).toEqual([
      ['c', 1],
      ['d', 1],
    ]);
    const direct = changed.find((sub) => sub.t === 'd');
    const dm = (await get(`im.history?roomId=${direct?.rid ?? ''}`)).messages as { msg: string }[];
    expect(dm.map((m) => m.msg)).toEqual(['psst']);
    const read = await fetch(`${fake.url}/api/v1/subscriptions.read`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ rid: direct?.rid }),
    });
    expect(await read.json()).toEqual({ success: true });
    const after = (await get(`subscriptions.getOne?roomId=${direct?.rid ?? ''}`)).subscription;
    expect(after).toMatchObject({ unread: 0, alert: false });
  });

  it('sees the documented rejections', async () => {
    const api = client(fake.url);
    expect(await rejection(api.login({ username: 'admin', password: 'wrong' }))).toEqual({
      status: 401,
      data: { success: false, error: 'Unauthorized', status: 'error', message: 'Unauthorized' },
    });
    await api.login({ username: 'alice', password: 'alice-pw' });
    const forbidden = await rejection(api.get('channels.getIntegrations', { roomName: 'general' }));
    expect(forbidden.status).toBe(403);
    const notAllowed = await rejection(
      api.post('channels.setReadOnly', { roomName: 'news', readOnly: false }),
    );
    expect(notAllowed.status).toBe(400);
    expect(notAllowed.data.errorType).toBe('error-action-not-allowed');
    const same = await rejection(api.post('channels.setType', { roomName: 'random', type: 'c' }));
    expect(same.data).toEqual({
      success: false,
      error: 'The channel type is the same as what it would be changed to.',
    });
    const archived = await rejection(api.post('channels.setReadOnly', { roomName: 'attic', readOnly: true }));
    expect(archived.data.errorType).toBe('error-room-archived');
    const sort = await rejection(api.get('channels.list', { sort: '{' }));
    expect(sort.data.errorType).toBe('error-invalid-sort');
    const missing = await rejection(api.get('channels.getIntegrations', {}));
    expect(missing.status).toBe(403);
  });
});
