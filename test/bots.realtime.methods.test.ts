import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { ProfileId } from '../src/profiles';
import type { ScenarioInput } from '../src/scenario/schema';
import { AS, WORLD } from './support/fake';
import { Ddp } from './support/ddp';
import type { Frame } from './support/ddp';

/**
 * The methods a bot's driver or its scripts call besides the room look-ups (research 47 §2.3,
 * §2.5, §2.6): `getServerInfo` (0.49 only, no login), `readMessages` per release line (0.49's
 * update count), `loadHistory`'s page (`firstUnread` left out when there is none, `limit` as
 * given, thread replies by `showThreadMessages`), over real WebSockets, frame by frame.
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

const MATCH_FAILED = meteorError(400, 'Match failed');
const INTERNAL = meteorError(500, 'Internal server error');

/** 120 messages in general, a minute apart from 2025-12-31T00:00Z, the 60th with a thread reply. */
const MINUTE = 60_000;
const START = Date.parse('2025-12-31T00:00:00.000Z');
const id = (n: number): string => `hist${String(n).padStart(13, '0')}`;
const HISTORY: ScenarioInput = {
  ...WORLD,
  messages: [
    ...Array.from({ length: 120 }, (_, n) => ({
      _id: id(n),
      rid: 'general',
      msg: `message ${n}`,
      u: { username: 'alice' },
      ts: new Date(START + n * MINUTE).toISOString(),
    })),
    {
      _id: 'threadReply000001',
      rid: 'general',
      msg: 'a reply',
      tmid: id(60),
      u: { username: 'bob' },
      ts: new Date(START + 60 * MINUTE + 1000).toISOString(),
    },
  ],
};

const servers: FakeServer[] = [];
const open: Ddp[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});

async function serve(
  profile: ProfileId,
  scenario: ScenarioInput = WORLD,
): Promise<{ fake: FakeServer; url: string }> {
  const fake = createFakeServer({ scenario, profile });
  servers.push(fake);
  const url = `${(await fake.start(0)).replace('http', 'ws')}/websocket`;
  return { fake, url };
}

async function client(url: string, who?: keyof typeof AS): Promise<Ddp> {
  const c = new Ddp(url);
  open.push(c);
  await c.connect();
  if (who) expect((await c.call('login', { resume: AS[who]['X-Auth-Token'] })).error).toBeUndefined();
  return c;
}

describe('getServerInfo (packages/rocketchat-lib/server/methods/getServerInfo.js)', () => {
  it('0.49: RocketChat.Info to anyone, logged in or not: {version, build, commit}', async () => {
    const { url } = await serve('0.49');
    const anon = await client(url);
    const answer = await anon.call('getServerInfo');
    expect(answer).toEqual({
      msg: 'result',
      id: answer.id,
      result: {
        version: '0.49.4',
        build: {
          date: '2026-01-01T00:00:00.000Z',
          nodeVersion: 'v4.7.1',
          arch: 'x64',
          platform: 'linux',
          osRelease: '6.8.0',
          totalMemory: 8589934592,
          freeMemory: 4294967296,
          cpus: 4,
        },
        commit: {
          hash: expect.stringMatching(/^[0-9a-f]{40}$/) as unknown,
          date: 'Thu Jan 1 00:00:00 2026 +0000',
          author: 'rocketchat-fake',
          subject: 'Release 0.49.4',
          tag: '0.49.4',
          branch: 'HEAD',
        },
      },
    });
    expect(Object.keys(answer.result as Frame)).toEqual(['version', 'build', 'commit']);
    const bot = await client(url, 'robot');
    expect((await bot.call('getServerInfo')).result).toEqual(answer.result);
  });

  it.each<ProfileId>(['5', '6', '7.0', '7.10', '8.9'])(
    '%s: removed in 4.0, Method not found',
    async (profile) => {
      const { url } = await serve(profile);
      const c = await client(url, 'robot');
      expect((await c.call('getServerInfo')).error).toEqual(
        meteorError(404, "Method 'getServerInfo' not found"),
      );
    },
  );
});

describe('readMessages (server/methods/readMessages, per release line)', () => {
  it('0.49: 1 when the caller has a subscription (and it is read), 0 otherwise, never an access error', async () => {
    const { fake, url } = await serve('0.49');
    const alice = await client(url, 'alice');
    const bob = await client(url, 'bob');
    // bob mentions alice in general: her subscription gets an unread
    expect((await bob.call('sendMessage', { rid: 'GENERAL', msg: '@alice hi' })).error).toBeUndefined();
    // alice's subscription as her client reads it
    const unread = async (): Promise<unknown> =>
      ((await alice.call('subscriptions/get')).result as Frame[]).find((sub) => sub.rid === 'GENERAL')
        ?.unread;
    expect(await unread()).toBe(1);
    const read = await alice.call('readMessages', 'GENERAL');
    expect(read).toEqual({ msg: 'result', id: read.id, result: 1 });
    expect(await unread()).toBe(0);
    const before = fake.state();
    // no subscription, a group bob cannot see, no room at all: 0
    expect((await bob.call('readMessages', 'randomRoomId00001')).result).toBe(0);
    expect((await bob.call('readMessages', 'privateRoomId0001')).result).toBe(0);
    expect((await bob.call('readMessages', 'nope')).result).toBe(0);
    expect(fake.state()).toEqual(before);
    expect((await bob.call('readMessages')).error).toEqual(MATCH_FAILED);
    const anon = await client(url);
    expect((await anon.call('readMessages', 'GENERAL')).error).toEqual(
      meteorError('error-invalid-user', 'Invalid user', { method: 'readMessages' }),
    );
  });

  it('5: no room or no access is Not allowed, no subscription 500, a read an empty result', async () => {
    const { url } = await serve('5');
    const bob = await client(url, 'bob');
    const details = { method: 'readMessages' };
    expect((await bob.call('readMessages', 'nope')).error).toEqual(
      meteorError('error-not-allowed', 'Not allowed', details),
    );
    expect((await bob.call('readMessages', 'privateRoomId0001')).error).toEqual(
      meteorError('error-not-allowed', 'Not allowed', details),
    );
    expect((await bob.call('readMessages', 'randomRoomId00001')).error).toEqual(INTERNAL);
    const read = await bob.call('readMessages', 'GENERAL', true);
    expect(read).toEqual({ msg: 'result', id: read.id });
  });

  it('6 on: no room is error-room-does-not-exist', async () => {
    const { url } = await serve('6');
    const bob = await client(url, 'bob');
    expect((await bob.call('readMessages', 'nope')).error).toEqual(
      meteorError('error-room-does-not-exist', 'This room does not exist', { method: 'readMessages' }),
    );
  });
});

describe('loadHistory (server/methods/loadHistory.ts, loadMessageHistory)', () => {
  it('firstUnread is left out when there is none; limit is not capped (0: all)', async () => {
    const { fake, url } = await serve('8.9', HISTORY);
    const alice = await client(url, 'alice');
    const page = await alice.call('loadHistory', 'GENERAL', null, 2, null);
    // newest first, thread replies included by default
    expect(page).toEqual({
      msg: 'result',
      id: page.id,
      result: {
        messages: [
          expect.objectContaining({ _id: id(119), ts: { $date: START + 119 * MINUTE } }) as unknown,
          expect.objectContaining({ _id: id(118) }) as unknown,
        ],
        unreadNotLoaded: 0,
      },
    });
    expect(Object.keys(page.result as Frame)).toEqual(['messages', 'unreadNotLoaded']);
    const many = (await alice.call('loadHistory', 'GENERAL', null, 110, null)).result as {
      messages: Frame[];
    };
    expect(many.messages).toHaveLength(110);
    const all = (await alice.call('loadHistory', 'GENERAL', null, 0)).result as { messages: Frame[] };
    expect(all.messages).toHaveLength(121);
    expect(all.messages.map((m) => m._id)).toContain('threadReply000001');
    // showThreadMessages false: the reply (not shown in the room) is left out
    const noThreads = (await alice.call('loadHistory', 'GENERAL', null, 0, null, false)).result as {
      messages: Frame[];
    };
    expect(noThreads.messages).toHaveLength(120);
    // before `end`
    const older = (await alice.call('loadHistory', 'GENERAL', { $date: START + 10 * MINUTE }, 3)).result as {
      messages: Frame[];
    };
    expect(older.messages.map((m) => m._id)).toEqual([id(9), id(8), id(7)]);
    // no side effects
    const before = fake.state();
    await alice.call('loadHistory', 'GENERAL', null, 5, { $date: START });
    expect(fake.state()).toEqual(before);
  });

  it('with ls older than the page: firstUnread (the oldest unread not loaded) and how many are not loaded', async () => {
    const { url } = await serve('7.10', HISTORY);
    const alice = await client(url, 'alice');
    const ls = { $date: START + 100 * MINUTE };
    const page = (await alice.call('loadHistory', 'GENERAL', null, 5, ls, false)).result as Frame;
    expect(Object.keys(page)).toEqual(['messages', 'firstUnread', 'unreadNotLoaded']);
    // loaded: 119..115; unread after ls and before 115: 101..114
    expect(page.firstUnread).toEqual(expect.objectContaining({ _id: id(101), msg: 'message 101' }));
    expect(page.unreadNotLoaded).toBe(14);
    // ls as a date's text works alike; an ls within the page: no mark
    const text = (
      await alice.call('loadHistory', 'GENERAL', null, 5, new Date(START + 100 * MINUTE).toISOString(), false)
    ).result as Frame;
    expect(text.unreadNotLoaded).toBe(14);
    const within = (await alice.call('loadHistory', 'GENERAL', null, 5, { $date: START + 117 * MINUTE }))
      .result as Frame;
    expect(Object.keys(within)).toEqual(['messages', 'unreadNotLoaded']);
  });

  it('check(rid, String) first, then the login; a room the caller may not read is false', async () => {
    const { url } = await serve('6', HISTORY);
    const anon = await client(url);
    expect((await anon.call('loadHistory')).error).toEqual(MATCH_FAILED);
    expect((await anon.call('loadHistory', 'GENERAL')).error).toEqual(
      meteorError('error-invalid-user', 'Invalid user', { method: 'loadHistory' }),
    );
    const bob = await client(url, 'bob');
    const refused = await bob.call('loadHistory', 'privateRoomId0001', null, 1);
    expect(refused).toEqual({ msg: 'result', id: refused.id, result: false });
    expect((await bob.call('loadHistory', 'nope')).result).toBe(false);
  });
});
