/**
 * A user's suite, as the suites written against a real Rocket.Chat in Docker run: it builds its
 * whole world through the API before it tests anything, on a server started with the default
 * options (users, a public and a private room with members and room roles, a team, an incoming and an
 * outgoing integration, a changed setting and a changed permission), then exercises that world, sees every change in
 * `state()` and over the realtime API, and a reset brings back the scenario.
 */
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import { Ddp } from './support/ddp';
import type { Frame } from './support/ddp';

type Json = Record<string, unknown>;

interface Caller {
  'X-Auth-Token': string;
  'X-User-Id': string;
}

async function call(
  fake: FakeServer,
  method: 'GET' | 'POST',
  path: string,
  as?: Caller,
  body?: Json,
): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${fake.url}${path}`, {
    method,
    headers: { ...(as ?? {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Json };
}

async function login(fake: FakeServer, user: string, password: string): Promise<Caller> {
  const res = await call(fake, 'POST', '/api/v1/login', undefined, { user, password });
  expect(res.status).toBe(200);
  const data = res.body.data as { authToken: string; userId: string };
  return { 'X-Auth-Token': data.authToken, 'X-User-Id': data.userId };
}

describe('a suite builds its world through the API (default options)', () => {
  let fake: FakeServer;
  let receiver: Server;
  let receiverUrl: string;
  const received: Json[] = [];
  const sockets: Ddp[] = [];

  beforeAll(async () => {
    receiver = createServer((req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json;
        received.push(body);
        res.writeHead(200, { 'Content-Type': 'application/json' });
        // a hubot: answers the trigger with the text to post back
        res.end(JSON.stringify({ text: `pong to ${String(body.user_name)}` }));
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hubot`;
    fake = createFakeServer();
    await fake.start();
  });
  afterAll(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
    await fake.stop();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  it('users, rooms with members and roles, integrations and a setting: made, used, seen, and reset', async () => {
    const scenario = fake.state();
    const admin = await login(fake, 'admin', 'admin');

    // users: one made by the admin, one registered by itself
    const carolMade = await call(fake, 'POST', '/api/v1/users.create', admin, {
      email: 'carol@example.com',
      name: 'Carol',
      username: 'carol',
      password: 'carol-pw',
    });
    expect(carolMade.status).toBe(200);
    const carolId = (carolMade.body.user as Json)._id as string;
    const daveMade = await call(fake, 'POST', '/api/v1/users.register', undefined, {
      email: 'dave@example.com',
      name: 'Dave',
      username: 'dave',
      pass: 'dave-pw',
    });
    expect(daveMade.status).toBe(200);
    const daveId = (daveMade.body.user as Json)._id as string;
    const carol = await login(fake, 'carol', 'carol-pw');
    const dave = await login(fake, 'dave', 'dave-pw');

    // dave listens over the realtime API before anything is done to him
    const ddp = new Ddp(`${fake.url.replace('http', 'ws')}/websocket`);
    sockets.push(ddp);
    await ddp.connect();
    const loggedIn = await ddp.call('login', { resume: dave['X-Auth-Token'] });
    expect(loggedIn.error).toBeUndefined();
    expect((await ddp.sub('stream-notify-user', `${daveId}/subscriptions-changed`, false)).msg).toBe('ready');
    expect((await ddp.sub('stream-notify-user', `${daveId}/rooms-changed`, false)).msg).toBe('ready');

    // a public room with both as members, a private one with carol; carol owns the public room,
    // dave moderates it, then dave is invited into the private one
    const launch = await call(fake, 'POST', '/api/v1/channels.create', carol, {
      name: 'launch',
      members: ['dave'],
    });
    expect(launch.status).toBe(200);
    const launchId = (launch.body.channel as Json)._id as string;
    const core = await call(fake, 'POST', '/api/v1/groups.create', carol, { name: 'core' });
    expect(core.status).toBe(200);
    const coreId = (core.body.group as Json)._id as string;
    const moderator = await call(fake, 'POST', '/api/v1/channels.addModerator', carol, {
      roomId: launchId,
      userId: daveId,
    });
    expect(moderator.body).toEqual({ success: true });
    const invited = await call(fake, 'POST', '/api/v1/groups.invite', carol, {
      roomId: coreId,
      userId: daveId,
    });
    expect(invited.status).toBe(200);

    // dave heard of his new subscription to the private room, and of the room
    const isCore = (f: Frame): boolean =>
      f.msg === 'changed' && JSON.stringify((f.fields as Json | undefined)?.args ?? []).includes(coreId);
    const subFrame = await ddp.next(
      (f) => isCore(f) && ((f.fields as Json).eventName as string).endsWith('/subscriptions-changed'),
    );
    expect(((subFrame.fields as Json).args as unknown[])[0]).toBe('inserted');
    const roomFrame = await ddp.next(
      (f) => isCore(f) && ((f.fields as Json).eventName as string).endsWith('/rooms-changed'),
    );
    expect(((roomFrame.fields as Json).args as unknown[])[1]).toMatchObject({
      _id: coreId,
      name: 'core',
      t: 'p',
    });

    // a team of the two, its main room private
    const team = await call(fake, 'POST', '/api/v1/teams.create', carol, {
      name: 'platform',
      type: 1,
      members: [daveId],
    });
    expect(team.status).toBe(200);
    const teamRoomId = (team.body.team as Json).roomId as string;
    const teamInfo = await call(fake, 'GET', '/api/v1/teams.info?teamName=platform', dave);
    expect(teamInfo.body.teamInfo).toMatchObject({ name: 'platform', type: 1, roomId: teamRoomId });
    const teamId = (team.body.team as Json)._id as string;
    // the private room joins the team; its members see it among the team's rooms
    const addedRooms = await call(fake, 'POST', '/api/v1/teams.addRooms', carol, {
      teamName: 'platform',
      rooms: [coreId],
    });
    expect(addedRooms.status).toBe(200);
    const teamRooms = await call(fake, 'GET', '/api/v1/teams.listRooms?teamName=platform', dave);
    expect(teamRooms.status).toBe(200);
    expect((teamRooms.body.rooms as Json[]).map((r) => r._id)).toContain(coreId);
    // a room setting: the public room's topic
    const topic = await call(fake, 'POST', '/api/v1/channels.setTopic', carol, {
      roomId: launchId,
      topic: 'launch day',
    });
    expect(topic.status).toBe(200);

    // an outgoing integration (a hubot behind it) and an incoming one, both on the public room
    const outgoing = await call(fake, 'POST', '/api/v1/integrations.create', admin, {
      type: 'webhook-outgoing',
      name: 'hubot',
      enabled: true,
      event: 'sendMessage',
      username: 'carol',
      channel: '#launch',
      urls: [receiverUrl],
      triggerWords: ['!ping'],
      scriptEnabled: false,
    });
    expect(outgoing.status).toBe(200);
    const incoming = await call(fake, 'POST', '/api/v1/integrations.create', admin, {
      type: 'webhook-incoming',
      name: 'ci',
      enabled: true,
      username: 'carol',
      channel: '#launch',
      scriptEnabled: false,
      overrideDestinationChannelEnabled: false,
    });
    expect(incoming.status).toBe(200);
    const hook = incoming.body.integration as { _id: string; token: string };

    // a changed setting: messages of at most 40 characters
    const setting = await call(fake, 'POST', '/api/v1/settings/Message_MaxAllowedSize', admin, { value: 40 });
    expect(setting.body).toEqual({ success: true });

    // a changed permission: only admins may make public rooms now
    const permission = await call(fake, 'POST', '/api/v1/permissions.update', admin, {
      permissions: [{ _id: 'create-c', roles: ['admin'] }],
    });
    expect(permission.status).toBe(200);
    const refused = await call(fake, 'POST', '/api/v1/channels.create', dave, { name: 'not-allowed' });
    expect(refused).toEqual({ status: 403, body: { success: false, error: 'unauthorized' } });

    // now use the world: the hubot answers in the channel, the size rule holds, the hook posts
    const ping = await call(fake, 'POST', '/api/v1/chat.postMessage', dave, {
      roomId: launchId,
      text: '!ping',
    });
    expect(ping.status).toBe(200);
    await fake.waitForDeliveries();
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ channel_name: 'launch', user_name: 'dave', text: '!ping' });
    const tooLong = await call(fake, 'POST', '/api/v1/chat.postMessage', dave, {
      roomId: launchId,
      text: 'x'.repeat(41),
    });
    expect(tooLong.status).toBe(400);
    const hooked = await fetch(`${fake.url}/hooks/${hook._id}/${hook.token}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: 'deployed' }),
    });
    expect(hooked.status).toBe(200);
    const history = await call(fake, 'GET', `/api/v1/channels.history?roomId=${launchId}&count=3`, carol);
    expect((history.body.messages as Json[]).map((m) => m.msg)).toEqual([
      'deployed',
      'pong to dave',
      '!ping',
    ]);
    // a moderator may remove a member; a plain member may not
    const kicked = await call(fake, 'POST', '/api/v1/groups.kick', dave, { roomId: coreId, userId: carolId });
    expect(kicked.status).toBe(400);

    // every change is in the state
    const state = fake.state();
    expect(state.users.filter((u) => ['carol', 'dave'].includes(u.username)).map((u) => u.username)).toEqual([
      'carol',
      'dave',
    ]);
    const rooms = [...state.channels].filter((r) => r.name === 'launch' || r.name === 'core');
    expect(rooms.map((r) => [r.name, r.t, [...(r.usernames ?? [])].sort()])).toEqual([
      ['launch', 'c', ['carol', 'dave']],
      ['core', 'p', ['carol', 'dave']],
    ]);
    expect(state.integrations.filter((i) => ['hubot', 'ci'].includes(i.name)).map((i) => i.name)).toEqual([
      'hubot',
      'ci',
    ]);
    expect(state.teams?.map((t) => [t.name, t.roomId])).toContainEqual(['platform', teamRoomId]);
    expect(state.channels.find((r) => r._id === teamRoomId)).toMatchObject({ t: 'p', teamMain: true });
    expect(state.channels.find((r) => r._id === coreId)).toMatchObject({ teamId });
    expect(state.channels.find((r) => r._id === launchId)).toMatchObject({ topic: 'launch day' });
    expect(fake.getSettings().Message_MaxAllowedSize).toBe(40);
    expect(state.permissions['create-c']).toEqual(['admin']);
    const changes = fake.changes();
    expect(changes.users.added.map((u) => u.username)).toEqual(['carol', 'dave']);
    expect(changes.channels.added.map((c) => c.name)).toEqual(['launch', 'core', 'platform']);
    expect(changes.integrations.added.map((i) => i.name)).toEqual(['hubot', 'ci']);

    // a reset brings back the scenario, byte for byte
    await fake.reset();
    expect(JSON.stringify(fake.state())).toBe(JSON.stringify(scenario));
    expect(fake.getSettings().Message_MaxAllowedSize).toBe(5000);
    expect(fake.state().permissions['create-c']).toContain('user');
    expect(
      (await call(fake, 'POST', '/api/v1/login', undefined, { user: 'carol', password: 'carol-pw' })).status,
    ).toBe(401);
  });
});

describe('the first user a server without an admin registers', () => {
  it('becomes its admin, and joins its default room with a `uj`', async () => {
    const fake = createFakeServer({
      scenario: {
        seed: 1,
        users: [{ _id: 'rocket.cat', username: 'rocket.cat', password: 'x', roles: ['bot'] }],
        channels: [{ _id: 'GENERAL', name: 'general', default: true, u: { username: 'rocket.cat' } }],
      },
    });
    await fake.start();
    try {
      const first = await call(fake, 'POST', '/api/v1/users.register', undefined, {
        email: 'first@example.com',
        name: 'First',
        username: 'first',
        pass: 'first-pw',
      });
      expect(first.status).toBe(200);
      const second = await call(fake, 'POST', '/api/v1/users.register', undefined, {
        email: 'second@example.com',
        name: 'Second',
        username: 'second',
        pass: 'second-pw',
      });
      expect(second.status).toBe(200);
      const roles = Object.fromEntries(fake.state().users.map((u) => [u.username, u.roles]));
      expect(roles.first).toEqual(['user', 'admin']);
      expect(roles.second).toEqual(['user']);
      const me = await login(fake, 'first', 'first-pw');
      const history = await call(fake, 'GET', '/api/v1/channels.history?roomId=GENERAL', me);
      expect((history.body.messages as Json[]).map((m) => [m.t, (m.u as Json).username])).toEqual([
        ['uj', 'second'],
        ['uj', 'first'],
      ]);
    } finally {
      await fake.stop();
    }
  });
});
