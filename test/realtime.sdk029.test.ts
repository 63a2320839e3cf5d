/**
 * The driver hubot-rocketchat 2.x is built on, @rocket.chat/sdk 0.2.9, against the fake on a real
 * port, called as hubot calls it: connect, login, joinRooms, subscribeToMessages,
 * respondToMessages (its filters: not its own, joined rooms, DMs when asked, only messages newer
 * than the moment it started listening, by the message's EJSON `ts`), sendToRoom / sendToRoomId;
 * and what its own test suite calls: getRoomName, setReaction, a realtime login shown online in
 * users.info and users.presence, getServerInfo (0.49's; gone from 4.0).
 *
 * The package is installed under the alias `rocketchat-sdk-0.2` beside the 1.x SDK. Its `asteroid`
 * dependency names RocketChat's GitHub fork, which cannot be installed from the registry; the
 * project overrides it with the registry's asteroid 0.6.1, the release the fork was made from (the
 * fork adds a `login` helper for custom login methods, which 0.2.9 does not call for password
 * logins, and a newer faye-websocket).
 */
import { driver } from 'rocketchat-sdk-0.2';

import { createFakeServer } from '../src/server';
import { AS, SILENT_LOG as silent, WORLD } from './support/fake';

interface DriverMessage {
  _id: string;
  rid: string;
  msg: string;
  u: { _id: string; username: string };
  ts: { $date: number };
}

interface DriverMeta {
  roomParticipant: boolean;
  roomType: string;
  roomName?: string;
}

/** Posts over REST as alice; answers the body. */
async function postAsAlice(url: string, body: Record<string, unknown>): Promise<{ message: DriverMessage }> {
  const res = await fetch(`${url}/api/v1/chat.postMessage`, {
    method: 'POST',
    headers: { ...AS.alice, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { message: DriverMessage };
}

describe('@rocket.chat/sdk 0.2.9 driver (hubot-rocketchat) against the fake', () => {
  // the clock follows the wall clock: the driver drops every message not newer than when it started listening
  const fake = createFakeServer({ scenario: WORLD, clock: 'now' });
  let url: string;
  beforeAll(async () => {
    url = await fake.start(0);
    driver.useLog(silent as never);
  });
  afterAll(async () => {
    // ddp.js 0.5 has no disconnect and reconnects whenever its socket closes: turned off first
    // (as a test that stops a hubot must), then logged out, then the fake closes the socket
    const ddp = (driver.asteroid as unknown as { ddp?: { _autoreconnect: boolean } } | undefined)?.ddp;
    if (ddp) ddp._autoreconnect = false;
    await driver.disconnect();
    await fake.stop();
  });

  it('connects, logs in, joins, hears a REST post and a DM, and answers in the room', async () => {
    await driver.connect({ host: url.replace('http://', ''), useSsl: false, timeout: 20_000 });
    const userId = (await driver.login({ username: 'bob', password: 'bob-pw' })) as string;
    expect(userId).toBe('bobUserId00000001');
    // hubot's order: join the configured rooms, subscribe, then respond
    await driver.joinRooms(['random']);
    await driver.subscribeToMessages();
    const heard: { message: DriverMessage; meta: DriverMeta }[] = [];
    let next: (() => void) | undefined;
    const hear = (): Promise<void> => new Promise((resolve) => (next = resolve));
    await driver.respondToMessages(
      (err: unknown, message: DriverMessage, meta: DriverMeta) => {
        if (err) throw err;
        heard.push({ message, meta });
        next?.();
      },
      { rooms: ['random'], dm: true },
    );

    // a message in a joined room, posted over REST by someone else
    let heardOne = hear();
    const posted = await postAsAlice(url, { channel: '#random', text: 'bot, ping' });
    await heardOne;
    expect(heard[0]?.message).toMatchObject({
      _id: posted.message._id,
      rid: 'randomRoomId00001',
      msg: 'bot, ping',
      u: { username: 'alice' },
      ts: { $date: Date.parse(posted.message.ts as unknown as string) },
    });
    expect(heard[0]?.meta).toEqual({ roomParticipant: true, roomType: 'c', roomName: 'random' });

    // the bot answers in the room, by name and by id; its own messages are not heard back
    const receipt = (await driver.sendToRoom('pong', 'random')) as { _id: string; msg: string; rid: string };
    expect(receipt).toMatchObject({ msg: 'pong', rid: 'randomRoomId00001' });
    await driver.sendToRoomId('pong again', 'randomRoomId00001');
    const history = await fetch(`${url}/api/v1/channels.history?roomId=randomRoomId00001&count=3`, {
      headers: AS.alice,
    });
    const { messages } = (await history.json()) as { messages: DriverMessage[] };
    expect(messages.map((m) => [m.msg, m.u.username])).toEqual([
      ['pong again', 'bob'],
      ['pong', 'bob'],
      ['bot, ping', 'alice'],
    ]);

    // a direct message: heard with `dm: true`, its meta says so
    heardOne = hear();
    await postAsAlice(url, { channel: '@bob', text: 'psst' });
    await heardOne;
    expect(heard.map((h) => h.message.msg)).toEqual(['bot, ping', 'psst']);
    expect(heard[1]?.meta).toMatchObject({ roomParticipant: true, roomType: 'd' });

    // every DDP frame of the conversation is in the journal, in order, with the REST calls
    const journal = fake.requests({ method: 'DDP' });
    const methods = journal
      .filter((e) => (e.query as Record<string, string>).direction === 'in')
      .map((e) => (e.body as { method?: string; name?: string }).method ?? (e.body as { name?: string }).name)
      .filter((name) => name !== undefined);
    expect(methods).toEqual(
      expect.arrayContaining(['login', 'joinRoom', 'stream-room-messages', 'sendMessage']),
    );
    expect(methods.indexOf('login')).toBeLessThan(methods.indexOf('sendMessage'));
  });

  it('getRoomName, setReaction, a realtime login shown online; getServerInfo is gone from 4.0', async () => {
    // the driver is still bob's, logged in over the realtime API by the test above
    expect(await driver.getRoomName('randomRoomId00001')).toBe('random');
    expect(await driver.getRoomName('GENERAL')).toBe('general');

    const posted = await postAsAlice(url, { channel: '#random', text: 'react to me' });
    await driver.setReaction(':thumbsup:', posted.message._id);
    const got = await fetch(`${url}/api/v1/chat.getMessage?msgId=${posted.message._id}`, {
      headers: AS.alice,
    });
    const { message } = (await got.json()) as { message: { reactions?: unknown } };
    expect(message.reactions).toEqual({ ':thumbsup:': { usernames: ['bob'] } });

    // the realtime login marked bob online: users.info and users.presence say so
    const info = await fetch(`${url}/api/v1/users.info?username=bob`, { headers: AS.admin });
    expect(((await info.json()) as { user: Record<string, unknown> }).user).toMatchObject({
      status: 'online',
      statusConnection: 'online',
    });
    const presence = await fetch(`${url}/api/v1/users.presence?ids=bobUserId00000001`, { headers: AS.alice });
    expect(await presence.json()).toEqual({
      users: [{ _id: 'bobUserId00000001', username: 'bob', name: 'bob', status: 'online' }],
      full: false,
      success: true,
    });

    // getServerInfo was removed in 4.0: the newest line does not have it
    await expect(driver.callMethod('getServerInfo')).rejects.toMatchObject({
      error: 404,
      reason: "Method 'getServerInfo' not found",
    });
  });
});

describe('@rocket.chat/sdk 0.2.9 driver against the fake as 0.49', () => {
  const fake = createFakeServer({ scenario: WORLD, clock: 'now', profile: '0.49' });
  let url: string;
  beforeAll(async () => {
    url = await fake.start(0);
    driver.useLog(silent as never);
  });
  afterAll(async () => {
    const ddp = (driver.asteroid as unknown as { ddp?: { _autoreconnect: boolean } } | undefined)?.ddp;
    if (ddp) ddp._autoreconnect = false;
    await driver.disconnect();
    await fake.stop();
  });

  it('getServerInfo answers the build, as 0.49 did', async () => {
    await driver.connect({ host: url.replace('http://', ''), useSsl: false, timeout: 20_000 });
    expect(await driver.login({ username: 'bob', password: 'bob-pw' })).toBe('bobUserId00000001');
    expect(await driver.callMethod('getServerInfo')).toMatchObject({
      version: '0.49.4',
      commit: { tag: '0.49.4', subject: 'Release 0.49.4' },
    });
  });
});
