/**
 * A real hubot (hubot 3) with hubot-rocketchat 2.0.0, both as installed from npm, against the fake
 * on a real port: the robot loads the adapter by name, the adapter reads its environment, connects
 * with @rocket.chat/sdk 0.1.0 (asteroid over DDP), logs in, joins ROCKETCHAT_ROOM, subscribes to
 * `__my_messages__`, and answers a script's `respond` and `hear` in a channel, in a direct message
 * and in a channel it is invited to after it started.
 *
 * The adapter's SDK 0.1.0 names RocketChat's GitHub fork of `asteroid`, which the registry does not
 * have; the project overrides it with the registry's asteroid 0.6.1 (package.json `overrides`).
 */
import { dirname } from 'node:path';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { ScenarioInput } from '../src/scenario/schema';
import type { Message, ProfileId } from '../src/types';

/** What the test uses of hubot 3's Robot (the package has no types). */
interface HubotResponse {
  send(...strings: string[]): void;
}
interface HubotLogger {
  debug(...args: unknown[]): void;
  info(...args: unknown[]): void;
  notice(...args: unknown[]): void;
  warning(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
}
interface HubotRobot {
  logger: HubotLogger;
  adapter: { once(event: 'connected', listener: () => void): void };
  respond(regex: RegExp, callback: (res: HubotResponse) => void): void;
  hear(regex: RegExp, callback: (res: HubotResponse) => void): void;
  run(): void;
  shutdown(): void;
}
interface HubotModule {
  Robot: new (adapterPath: string | null, adapter: string, httpd: boolean, name: string) => HubotRobot;
}
/** What the test uses of the adapter's own driver (@rocket.chat/sdk 0.1.0, one per process). */
interface Driver {
  asteroid?: { ddp?: { _autoreconnect: boolean } };
  disconnect(): Promise<void>;
}

const BOT_ID = 'botUserId00000001';
const ALICE = { 'X-Auth-Token': 'alice-token', 'X-User-Id': 'aliceUserId000001' };

/** The bot, a human, a channel the bot is in, and one it is not in yet. */
const SCENARIO: ScenarioInput = {
  seed: 1,
  users: [
    { _id: BOT_ID, username: 'bot', password: 'bot-pw', roles: ['bot'] },
    { _id: 'aliceUserId000001', username: 'alice', password: 'alice-pw' },
  ],
  channels: [
    { _id: 'GENERAL', name: 'general', u: { username: 'alice' }, usernames: ['alice', 'bot'] },
    { _id: 'laterRoomId000001', name: 'later', u: { username: 'alice' }, usernames: ['alice'] },
  ],
  tokens: [{ username: 'alice', authToken: 'alice-token' }],
};

/** The adapter's settings: it reads them when it is loaded, the SDK when the bot starts listening. */
const ENV: Record<string, string> = {
  ROCKETCHAT_USER: 'bot',
  ROCKETCHAT_PASSWORD: 'bot-pw',
  ROCKETCHAT_ROOM: 'general',
  LISTEN_ON_ALL_PUBLIC: 'false',
  RESPOND_TO_DM: 'true',
  RESPOND_TO_EDITED: 'false',
};

/** Posts as alice over REST; answers the stored message. */
async function post(url: string, body: Record<string, string>): Promise<Message> {
  const res = await fetch(`${url}/api/v1/chat.postMessage`, {
    method: 'POST',
    headers: { ...ALICE, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { message: Message }).message;
}

/** A room's messages in the fake's state, oldest first, as `author: text` (`author [t]` for a system one). */
function transcript(fake: FakeServer, rid: string): string[] {
  return (fake.state().messages ?? [])
    .filter((m) => m.rid === rid)
    .map((m) => `${m.u.username}${typeof m.t === 'string' ? ` [${m.t}]` : ''}: ${m.msg}`);
}

describe.each<ProfileId>(['5', '6', '7.0', '7.10', '8.5', '8.9'])(
  '%s: hubot 3 with hubot-rocketchat 2.0.0',
  (profile) => {
    // the clock follows the wall clock: the SDK drops every message not newer than when it started listening
    const fake = createFakeServer({ scenario: SCENARIO, clock: 'now', profile });
    const saved = new Map<string, string | undefined>();
    let robot: HubotRobot | undefined;
    let driver: Driver | undefined;
    let unsubscribe: (() => void) | undefined;
    /** what the robot logged (the adapter and its SDK log through it), shown when an answer is missing */
    const logs: string[] = [];
    /** called with the bot's own messages as the fake echoes them to it, and with the adapter's errors */
    const waiting = new Set<{ resolve: (m: Message) => void; reject: (e: Error) => void }>();

    /** The next message the bot sends, as the fake echoes it on the bot's `__my_messages__`. */
    function nextAnswer(): Promise<Message> {
      return new Promise((resolve, reject) => waiting.add({ resolve, reject }));
    }

    beforeAll(async () => {
      const url = await fake.start(0);
      for (const [name, value] of Object.entries({ ...ENV, ROCKETCHAT_URL: url })) {
        saved.set(name, process.env[name]);
        process.env[name] = value;
      }
      unsubscribe = fake.subscribe((event) => {
        if (event.type !== 'request' || event.entry.method !== 'DDP' || event.entry.query.direction !== 'out')
          return;
        const frame = event.entry.body as {
          msg?: string;
          collection?: string;
          fields?: { args?: unknown[] };
        };
        const message = frame.fields?.args?.[0] as Message | undefined;
        if (
          frame.msg !== 'changed' ||
          frame.collection !== 'stream-room-messages' ||
          message?.u._id !== BOT_ID
        )
          return;
        const stored = fake.state().messages?.find((m) => m._id === message._id);
        for (const w of waiting) {
          if (stored) w.resolve(stored);
          else w.reject(new Error(`the bot's message ${message._id} is not in the fake's state`));
        }
        waiting.clear();
      });

      // each release line's bot loads its own hubot, adapter and SDK (the adapter reads its settings,
      // the SDK keeps its connection, once per load)
      const sdk = require.resolve('@rocket.chat/sdk', {
        paths: [dirname(require.resolve('hubot-rocketchat'))],
      });
      jest.isolateModules(() => {
        const { Robot } = jest.requireActual<HubotModule>('hubot');
        // loads `hubot-rocketchat` by name, as `hubot -a rocketchat --name bot` does
        robot = new Robot(null, 'rocketchat', false, 'bot');
        ({ driver } = jest.requireActual<{ driver: Driver }>(sdk));
      });
      if (!robot) throw new Error('no robot');
      const logger =
        (level: string) =>
        (...args: unknown[]) => {
          const line = `${level}: ${args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ')}`;
          logs.push(line);
          if (level !== 'error') return;
          for (const w of waiting) w.reject(new Error(`${line}\n${logs.join('\n')}`));
          waiting.clear();
        };
      robot.logger = {
        debug: logger('debug'),
        info: logger('info'),
        notice: logger('notice'),
        warning: logger('warning'),
        warn: logger('warning'),
        error: logger('error'),
      };
      // the script: `respond` needs the bot's name (or @name) first, `hear` any message
      robot.respond(/ping/i, (res) => res.send('pong'));
      robot.hear(/hello/i, (res) => res.send('hi'));

      const connected = new Promise<void>((resolve, reject) => {
        robot?.adapter.once('connected', resolve);
        waiting.add({ resolve: () => undefined, reject });
      });
      robot.run();
      await connected;
      waiting.clear();
      // the SDK drops a message stamped in the very millisecond it started listening: one ms on the
      // fake clock after the bot is ready rules that out
      fake.clock.advance(1);
    });

    afterAll(async () => {
      // ddp.js 0.5 has no disconnect and reconnects whenever its socket closes: turned off first,
      // then logged out, then the fake closes the socket
      const ddp = driver?.asteroid?.ddp;
      if (ddp) ddp._autoreconnect = false;
      await driver?.disconnect();
      robot?.shutdown();
      unsubscribe?.();
      await fake.stop();
      for (const [name, value] of saved) {
        if (value === undefined) Reflect.deleteProperty(process.env, name);
        else process.env[name] = value;
      }
    });

    it('logged in over DDP, joined ROCKETCHAT_ROOM and subscribed to __my_messages__', () => {
      const calls = fake
        .requests({ method: 'DDP' })
        .filter((e) => e.query.direction === 'in')
        .map((e) => e.body as { msg: string; method?: string; name?: string; params?: unknown[] })
        .filter((f) => f.msg === 'method' || f.msg === 'sub')
        .map(
          (f) =>
            `${f.msg} ${f.method ?? f.name ?? ''} ${JSON.stringify(f.method === 'login' ? [] : f.params)}`,
        );
      expect(calls).toEqual([
        'sub meteor.loginServiceConfiguration []',
        'method login []',
        'method getRoomIdByNameOrId ["general"]',
        'method joinRoom ["GENERAL"]',
        'sub stream-room-messages ["__my_messages__",true]',
      ]);
    });

    it('answers respond and hear in a channel it is in', async () => {
      const url = fake.url;
      const author = { _id: BOT_ID, username: 'bot' };
      let answer = nextAnswer();
      await post(url, { channel: '#general', text: 'bot ping' });
      expect(await answer).toMatchObject({ rid: 'GENERAL', msg: 'pong', u: author, bot: { i: 'js.SDK' } });
      answer = nextAnswer();
      await post(url, { roomId: 'GENERAL', text: '@bot ping' });
      expect(await answer).toMatchObject({ rid: 'GENERAL', msg: 'pong', u: author });
      answer = nextAnswer();
      await post(url, { roomId: 'GENERAL', text: 'hello everyone' });
      expect(await answer).toMatchObject({ rid: 'GENERAL', msg: 'hi', u: author });
      expect(transcript(fake, 'GENERAL')).toEqual([
        'alice: bot ping',
        'bot: pong',
        'alice: @bot ping',
        'bot: pong',
        'alice: hello everyone',
        'bot: hi',
      ]);
    });

    it('answers respond (without its name) and hear in a direct message', async () => {
      const url = fake.url;
      let answer = nextAnswer();
      const first = await post(url, { channel: '@bot', text: 'ping' });
      const rid = first.rid;
      expect(rid).toBe(['aliceUserId000001', BOT_ID].sort().join(''));
      expect(await answer).toMatchObject({ rid, msg: 'pong', u: { _id: BOT_ID, username: 'bot' } });
      answer = nextAnswer();
      await post(url, { roomId: rid, text: 'hello' });
      expect(await answer).toMatchObject({ rid, msg: 'hi', u: { _id: BOT_ID, username: 'bot' } });
      expect(transcript(fake, rid)).toEqual(['alice: ping', 'bot: pong', 'alice: hello', 'bot: hi']);
    });

    it('ignores a channel it is not in, and answers there once invited', async () => {
      const url = fake.url;
      const rid = 'laterRoomId000001';
      // not a member: the fake sends the message (a public channel), the SDK drops it
      // (`roomParticipant: false`, LISTEN_ON_ALL_PUBLIC off); had the bot answered it, that answer
      // would be sent before the answer awaited below (one socket, in order)
      const unheard = await post(url, { roomId: rid, text: 'hello, anyone?' });
      const sent = fake
        .requests({ method: 'DDP' })
        .map((e) => e.body as { fields?: { args?: [{ _id?: string }, unknown] } })
        .find((f) => f.fields?.args?.[0]._id === unheard._id);
      expect(sent?.fields?.args?.[1]).toEqual({ roomParticipant: false, roomType: 'c', roomName: 'later' });
      const invite = await fetch(`${url}/api/v1/channels.invite`, {
        method: 'POST',
        headers: { ...ALICE, 'Content-Type': 'application/json' },
        body: JSON.stringify({ roomId: rid, username: 'bot' }),
      });
      expect(invite.status).toBe(200);
      let answer = nextAnswer();
      await post(url, { roomId: rid, text: 'bot, ping' });
      expect(await answer).toMatchObject({ rid, msg: 'pong', u: { _id: BOT_ID, username: 'bot' } });
      answer = nextAnswer();
      await post(url, { roomId: rid, text: 'hello again' });
      expect(await answer).toMatchObject({ rid, msg: 'hi', u: { _id: BOT_ID, username: 'bot' } });
      expect(transcript(fake, rid)).toEqual([
        'alice: hello, anyone?',
        'alice [au]: bot',
        'alice: bot, ping',
        'bot: pong',
        'alice: hello again',
        'bot: hi',
      ]);
    });
  },
);
