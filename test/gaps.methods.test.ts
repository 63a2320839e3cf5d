/**
 * The realtime twins issue 47 left (helper G), frame by frame over a real socket:
 * `getThreadsList({rid, limit, skip})` (chat.getThreadsList's read), `slashCommand({cmd, params,
 * msg})` (commands.run's command) and `listEmojiCustom(options)` (the emoji of emoji-custom.list),
 * their refusals (each changing nothing) and their release lines.
 */
import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { ScenarioInput } from '../src/scenario/schema';
import type { Message, ProfileId } from '../src/types';
import { AS, WORLD } from './support/fake';
import { openDdp } from './support/ddp';
import type { Ddp, Frame } from './support/ddp';

const ROOT = 'msgRoot0000000001';
const OTHER = 'msgOther000000001';
const PLAIN = 'msgPlain000000001';
const SECRET = 'msgSecret00000001';
const HIDDEN = 'msgHidden00000001';
const at = (s: number): string => new Date(Date.UTC(2025, 11, 31, 0, 0, s)).toISOString();

const SCENARIO: ScenarioInput = {
  ...WORLD,
  messages: [
    { _id: ROOT, rid: 'GENERAL', msg: 'a question', u: { username: 'alice' }, ts: at(1) },
    { _id: OTHER, rid: 'GENERAL', msg: 'another', u: { username: 'bob' }, ts: at(2) },
    { _id: PLAIN, rid: 'GENERAL', msg: 'no replies', u: { username: 'alice' }, ts: at(3) },
    { _id: SECRET, rid: 'privateRoomId0001', msg: 'plan', u: { username: 'alice' }, ts: at(4) },
    {
      _id: HIDDEN,
      rid: 'GENERAL',
      msg: 'hidden',
      u: { username: 'alice' },
      ts: at(5),
      extra: { _hidden: true },
    },
  ],
  emojis: [
    { _id: 'emojiParrot000001', name: 'parrot', aliases: ['party'], _updatedAt: '2025-06-01T00:00:00.000Z' },
    { _id: 'emojiBlob00000001', name: 'blob', extension: 'gif', _updatedAt: '2025-07-01T00:00:00.000Z' },
  ],
  commands: [
    { command: 'deploy', description: 'Deploys', params: 'service', reply: 'deploying…' },
    { command: 'noop' },
  ],
};

const PARROT = {
  _id: 'emojiParrot000001',
  name: 'parrot',
  aliases: ['party'],
  extension: 'png',
  _updatedAt: { $date: Date.parse('2025-06-01T00:00:00.000Z') },
};
const BLOB = {
  _id: 'emojiBlob00000001',
  name: 'blob',
  aliases: [],
  extension: 'gif',
  _updatedAt: { $date: Date.parse('2025-07-01T00:00:00.000Z') },
};

/** Meteor's error object as a method's `error` carries it. */
function meteorError(error: string | number, reason: string, details?: Record<string, unknown>): Frame {
  return {
    isClientSafe: true,
    error,
    reason,
    ...(details ? { details } : {}),
    message: `${reason} [${String(error)}]`,
    errorType: 'Meteor.Error',
  };
}

describe('the realtime twins of issue 47’s gaps', () => {
  let fake: FakeServer;
  const sockets: Ddp[] = [];

  async function start(profile?: ProfileId, settings?: Record<string, unknown>): Promise<void> {
    fake = createFakeServer({
      scenario: { ...SCENARIO, ...(settings ? { settings } : {}) },
      ...(profile ? { profile } : {}),
    });
    await fake.start();
  }
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
    await fake.stop();
  });

  const open = (token?: string): Promise<Ddp> => openDdp(fake.url, sockets, token);

  async function reply(tmid: string, text: string): Promise<Message> {
    const res = await request(fake.app)
      .post('/api/v1/chat.sendMessage')
      .set(AS.bob)
      .send({ message: { rid: 'GENERAL', msg: text, tmid } });
    expect(res.status).toBe(200);
    return (res.body as { message: Message }).message;
  }

  describe('getThreadsList({rid, limit, skip})', () => {
    it('answers the room’s thread roots newest reply first, as stored (EJSON), a page of them', async () => {
      await start();
      await reply(ROOT, 'first');
      await reply(OTHER, 'second');
      await reply(ROOT, 'third');
      const alice = await open('alice-token');
      const answer = await alice.call('getThreadsList', { rid: 'GENERAL' });
      const roots = answer.result as Frame[];
      expect(roots.map((m) => m._id)).toEqual([ROOT, OTHER]);
      expect(roots[0]).toMatchObject({
        _id: ROOT,
        rid: 'GENERAL',
        msg: 'a question',
        tcount: 2,
        ts: { $date: Date.parse(at(1)) },
        tlm: { $date: expect.any(Number) as number },
      });
      // the same roots as chat.getThreadsList lists them
      const rest = await request(fake.app).get('/api/v1/chat.getThreadsList?rid=GENERAL').set(AS.alice);
      expect((rest.body as { threads: { _id: string }[] }).threads.map((m) => m._id)).toEqual([ROOT, OTHER]);
      const page = await alice.call('getThreadsList', { rid: 'GENERAL', limit: 1, skip: 1 });
      expect((page.result as Frame[]).map((m) => m._id)).toEqual([OTHER]);
      const none = await alice.call('getThreadsList', { rid: 'GENERAL', skip: 5 });
      expect(none).toEqual({ msg: 'result', id: none.id, result: [] });
    });

    it('reads every root, a hidden one too (findThreadsByRoomId), which the route leaves out', async () => {
      await start();
      await reply(HIDDEN, 'on the hidden one');
      const alice = await open('alice-token');
      const answer = await alice.call('getThreadsList', { rid: 'GENERAL' });
      expect((answer.result as Frame[]).map((m) => [m._id, m._hidden])).toEqual([[HIDDEN, true]]);
      const rest = await request(fake.app).get('/api/v1/chat.getThreadsList?rid=GENERAL').set(AS.alice);
      expect((rest.body as { threads: unknown[] }).threads).toEqual([]);
    });

    it('refusals in the method’s order: the limit first (logged in or not), then Threads Disabled, then Not Allowed', async () => {
      await start();
      await reply(ROOT, 'first');
      const anonymous = await open();
      const bob = await open('bob-token');
      const before = JSON.stringify({ state: fake.state(), changes: fake.changes() });
      expect((await anonymous.call('getThreadsList', { rid: 'GENERAL', limit: 101 })).error).toEqual(
        meteorError('error-not-allowed', 'max limit: 100', { method: 'getThreadsList' }),
      );
      // not logged in: the method's own words are those of threads off
      expect((await anonymous.call('getThreadsList', { rid: 'GENERAL' })).error).toEqual(
        meteorError('error-not-allowed', 'Threads Disabled', { method: 'getThreadsList' }),
      );
      const notAllowed = meteorError('error-not-allowed', 'Not Allowed', { method: 'getThreadsList' });
      expect((await bob.call('getThreadsList', { rid: 'privateRoomId0001' })).error).toEqual(notAllowed);
      expect((await bob.call('getThreadsList', { rid: 'noSuchRoom' })).error).toEqual(notAllowed);
      expect((await bob.call('getThreadsList', { rid: 5 })).error).toEqual(notAllowed);
      // no argument at all: destructuring it fails, a plain error
      expect((await bob.call('getThreadsList')).error).toEqual({
        isClientSafe: true,
        error: 500,
        reason: 'Internal server error',
        message: 'Internal server error [500]',
        errorType: 'Meteor.Error',
      });
      expect(JSON.stringify({ state: fake.state(), changes: fake.changes() })).toBe(before);
      await fake.stop();
      await start(undefined, { Threads_enabled: false });
      const off = await open('bob-token');
      expect((await off.call('getThreadsList', { rid: 'GENERAL' })).error).toEqual(
        meteorError('error-not-allowed', 'Threads Disabled', { method: 'getThreadsList' }),
      );
    });

    it.each(['5', '6', '7.10', '8.9'] as ProfileId[])('%s serves it', async (profile) => {
      await start(profile);
      await reply(ROOT, 'first');
      const alice = await open('alice-token');
      const answer = await alice.call('getThreadsList', { rid: 'GENERAL' });
      expect((answer.result as Frame[]).map((m) => m._id)).toEqual([ROOT]);
    });

    it('0.49 (before threads) answers it as an unknown method', async () => {
      await start('0.49');
      const alice = await open('alice-token');
      expect((await alice.call('getThreadsList', { rid: 'GENERAL' })).error).toEqual(
        meteorError(404, "Method 'getThreadsList' not found"),
      );
    });
  });

  describe('slashCommand({cmd, params, msg})', () => {
    it('runs a scenario’s command as commands.run does: its reply posted as the caller, in the thread; an empty result', async () => {
      await start();
      const alice = await open('alice-token');
      await alice.sub('stream-room-messages', 'GENERAL', false);
      const answer = await alice.call('slashCommand', {
        cmd: 'deploy',
        params: 'api',
        msg: { _id: 'clientMsgId000001', rid: 'GENERAL', msg: '/deploy api' },
        triggerId: 'trigger1',
      });
      expect(answer).toEqual({ msg: 'result', id: answer.id });
      const frame = await alice.next((f) => f.msg === 'changed' && f.collection === 'stream-room-messages');
      expect((frame.fields as { args: Frame[] }).args[0]).toMatchObject({
        rid: 'GENERAL',
        msg: 'deploying…',
        u: { _id: 'aliceUserId000001', username: 'alice' },
      });
      const posted = (fake.state().messages ?? []).filter((m) => m.msg === 'deploying…');
      expect(posted).toHaveLength(1);
      // in a thread
      await alice.call('slashCommand', { cmd: 'deploy', msg: { rid: 'GENERAL', tmid: ROOT } });
      expect((fake.state().messages ?? []).filter((m) => m.msg === 'deploying…').map((m) => m.tmid)).toEqual([
        undefined,
        ROOT,
      ]);
      // a command without a reply posts nothing
      const count = (fake.state().messages ?? []).length;
      expect(
        (await alice.call('slashCommand', { cmd: 'noop', msg: { rid: 'GENERAL' } })).error,
      ).toBeUndefined();
      expect(fake.state().messages ?? []).toHaveLength(count);
    });

    it('refusals: the login, a command not registered by exactly that name, a run without the message’s room', async () => {
      await start();
      const anonymous = await open();
      const alice = await open('alice-token');
      const before = JSON.stringify({ state: fake.state(), changes: fake.changes() });
      expect(
        (await anonymous.call('slashCommand', { cmd: 'deploy', msg: { rid: 'GENERAL' } })).error,
      ).toEqual(meteorError('error-invalid-user', 'Invalid user', { method: 'slashCommand' }));
      const invalid = meteorError('error-invalid-command', 'Invalid Command Provided', {
        method: 'executeSlashCommandPreview',
      });
      // the method reads the registry by the exact name (REST's commands.run lower-cases it)
      for (const args of [{ cmd: 'Deploy' }, { cmd: 'nope' }, {}, { cmd: 5 }, 'deploy'])
        expect((await alice.call('slashCommand', args)).error).toEqual(invalid);
      expect((await alice.call('slashCommand')).error).toEqual(invalid);
      expect((await alice.call('slashCommand', { cmd: 'deploy' })).error).toEqual({
        isClientSafe: true,
        error: 'invalid-command-usage',
        reason: 'Executing a command requires at least a message with a room id.',
        message: 'Executing a command requires at least a message with a room id. [invalid-command-usage]',
        errorType: 'Meteor.Error',
      });
      expect(JSON.stringify({ state: fake.state(), changes: fake.changes() })).toBe(before);
    });

    it('the text commands: 5.x’s server posts the art, 6.x on has no server callback (nothing done)', async () => {
      await start('5');
      const five = await open('alice-token');
      expect(
        (await five.call('slashCommand', { cmd: 'shrug', params: 'oh', msg: { rid: 'GENERAL' } })).error,
      ).toBeUndefined();
      expect((fake.state().messages ?? []).map((m) => m.msg)).toContain('oh ¯\\_(ツ)_/¯');
      await fake.stop();
      await start('7.10');
      const seven = await open('alice-token');
      const before = JSON.stringify(fake.state());
      // no callback: nothing done, not even the room asked for
      expect(await seven.call('slashCommand', { cmd: 'shrug', params: 'oh' })).toEqual({
        msg: 'result',
        id: expect.any(String) as string,
      });
      expect(JSON.stringify(fake.state())).toBe(before);
    });
  });

  describe('listEmojiCustom(options)', () => {
    it('6.x: logged in, the emoji `name` / `aliases` select, as EJSON, in the world’s order', async () => {
      await start('6');
      const alice = await open('alice-token');
      expect((await alice.call('listEmojiCustom')).result).toEqual([PARROT, BLOB]);
      expect((await alice.call('listEmojiCustom', {})).result).toEqual([PARROT, BLOB]);
      expect((await alice.call('listEmojiCustom', { name: 'blob' })).result).toEqual([BLOB]);
      expect((await alice.call('listEmojiCustom', { aliases: ['party'] })).result).toEqual([PARROT]);
      expect((await alice.call('listEmojiCustom', { aliases: [] })).result).toEqual([BLOB]);
      expect((await alice.call('listEmojiCustom', { name: 'nope' })).result).toEqual([]);
    });

    it('6.x refusals: the login first, then check()’s Match failed', async () => {
      await start('6');
      const anonymous = await open();
      expect((await anonymous.call('listEmojiCustom', { other: 1 })).error).toEqual(
        meteorError('error-invalid-user', 'Invalid user', { method: 'listEmojiCustom' }),
      );
      const alice = await open('alice-token');
      for (const options of [{ other: 1 }, { name: 5 }, { aliases: 'party' }, { aliases: [1] }, 'parrot'])
        expect((await alice.call('listEmojiCustom', options)).error).toEqual(
          meteorError(400, 'Match failed'),
        );
    });

    it('5.x: no login asked, any selector the fake’s query reads', async () => {
      await start('5');
      const anonymous = await open();
      expect((await anonymous.call('listEmojiCustom')).result).toEqual([PARROT, BLOB]);
      expect((await anonymous.call('listEmojiCustom', { extension: 'gif' })).result).toEqual([BLOB]);
      expect(
        (await anonymous.call('listEmojiCustom', { name: { $regex: '^PAR', $options: 'i' } })).result,
      ).toEqual([PARROT]);
      // a selector outside the fake's query subset: MongoDB's own error, a 500 to the client
      expect((await anonymous.call('listEmojiCustom', { name: { $in: ['parrot'] } })).error).toMatchObject({
        error: 500,
        reason: 'Internal server error',
      });
    });

    it('7.0 removed it (PR #32542), and 0.49 had no custom emoji: an unknown method', async () => {
      for (const profile of ['7.0', '8.9', '0.49'] as ProfileId[]) {
        await start(profile);
        const alice = await open('alice-token');
        expect((await alice.call('listEmojiCustom')).error).toEqual(
          meteorError(404, "Method 'listEmojiCustom' not found"),
        );
        await Promise.all(sockets.splice(0).map((s) => s.close()));
        await fake.stop();
      }
      await start();
    });
  });
});
