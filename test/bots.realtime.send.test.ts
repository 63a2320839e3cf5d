import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { ProfileId } from '../src/profiles';
import { AS, WORLD } from './support/fake';
import { Ddp } from './support/ddp';
import type { Frame } from './support/ddp';

/**
 * The `sendMessage` method as bot drivers call it (research 47 §2.7): its `check` per release line
 * (any plain object up to 7.0; the exact field list from 7.1, without `otrAck` on 8.x), every
 * accepted field stored and answered, and what the method swallows (5.x on: every error but
 * error-not-allowed; 0.49: `false` for a room it may not use), frame by frame.
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
const ROBOT = 'botUserId00000001';
const BOB = 'bobUserId00000001';

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

async function client(url: string, who?: keyof typeof AS): Promise<Ddp> {
  const c = new Ddp(url);
  open.push(c);
  await c.connect();
  if (who) expect((await c.call('login', { resume: AS[who]['X-Auth-Token'] })).error).toBeUndefined();
  return c;
}

/** A message of the world's state, by `_id`. */
function stored(fake: FakeServer, id: string): Frame | undefined {
  return fake.state().messages?.find((m) => m._id === id) as Frame | undefined;
}

/** hubot-rocketchat v1's `customMessage`: attachments, `bot: true`, `groupable: false`, alias, avatar, emoji. */
const CUSTOM = {
  _id: 'customMessage0001',
  msg: 'deploy done',
  rid: 'GENERAL',
  attachments: [{ text: 'build 42', color: 'good' }],
  bot: true,
  groupable: false,
  alias: 'Deployer',
  emoji: ':rocket:',
  custom: { anything: 1 },
};

describe('sendMessage check up to 7.0: any plain object', () => {
  it.each<ProfileId>(['0.49', '5', '6', '7.0'])(
    '%s: hubot v1 customMessage is stored and answered with its fields',
    async (profile) => {
      const { fake, url } = await serve(profile);
      const bot = await client(url, 'robot');
      const sent = await bot.call('sendMessage', CUSTOM);
      expect(sent.error).toBeUndefined();
      const expected = {
        _id: 'customMessage0001',
        msg: 'deploy done',
        rid: 'GENERAL',
        alias: 'Deployer',
        emoji: ':rocket:',
        attachments: [{ text: 'build 42', color: 'good' }],
        bot: true,
        groupable: false,
        custom: { anything: 1 },
        u: expect.objectContaining({ _id: ROBOT, username: 'robot' }) as unknown,
      };
      expect(sent.result).toEqual(expect.objectContaining(expected));
      // the state in scenario shape: a field no scenario names is under `extra`
      const { custom, ...known } = expected;
      expect(stored(fake, 'customMessage0001')).toEqual(
        expect.objectContaining({
          ...known,
          extra: { custom },
          u: expect.objectContaining({ _id: ROBOT }) as unknown,
        }),
      );
      // the SDK's `bot: {i: "js.SDK"}` too
      const sdk = await bot.call('sendMessage', { msg: 'hi', bot: { i: 'js.SDK' }, rid: 'GENERAL' });
      expect(sdk.result).toEqual(expect.objectContaining({ msg: 'hi', bot: { i: 'js.SDK' } }));
      // not an object: Match failed, before the login
      const anon = await client(url);
      for (const bad of [['x'], 'x', null])
        expect((await anon.call('sendMessage', bad)).error).toEqual(MATCH_FAILED);
    },
  );

  it.each<ProfileId>(['0.49', '5'])('%s: customFields stored as sent', async (profile) => {
    const { fake, url } = await serve(profile);
    const bot = await client(url, 'robot');
    const sent = await bot.call('sendMessage', {
      _id: 'withCustom0000001',
      rid: 'GENERAL',
      msg: 'x',
      customFields: { a: 'b' },
    });
    expect(sent.result).toEqual(expect.objectContaining({ customFields: { a: 'b' } }));
    expect(stored(fake, 'withCustom0000001')).toEqual(expect.objectContaining({ customFields: { a: 'b' } }));
  });

  it('6: customFields (Message_CustomFields_Enabled off): the notice on <uid>/message, an empty result, nothing stored', async () => {
    const { fake, url } = await serve('6');
    const bot = await client(url, 'robot');
    await bot.sub('stream-notify-user', `${ROBOT}/message`, false);
    const before = fake.state();
    const sent = await bot.call('sendMessage', { rid: 'GENERAL', msg: 'x', customFields: { a: 'b' } });
    expect(sent).toEqual({ msg: 'result', id: sent.id });
    const notice = await bot.next((f) => f.msg === 'changed' && f.collection === 'stream-notify-user');
    expect(notice.fields).toMatchObject({
      eventName: `${ROBOT}/message`,
      args: [{ msg: 'Custom fields not enabled', rid: 'GENERAL', private: true }],
    });
    expect(fake.state()).toEqual(before);
  });

  it('5: an alias without message-impersonate is told as a notice and swallowed; a text over the size too', async () => {
    const { fake, url } = await serve('5');
    const bob = await client(url, 'bob');
    await bob.sub('stream-notify-user', `${BOB}/message`, false);
    const before = fake.state();
    const alias = await bob.call('sendMessage', { rid: 'GENERAL', msg: 'x', alias: 'Boss' });
    expect(alias).toEqual({ msg: 'result', id: alias.id });
    const notice = await bob.next((f) => f.msg === 'changed' && f.collection === 'stream-notify-user');
    expect(notice.fields).toMatchObject({ args: [{ msg: 'Not enough permission' }] });
    // 5.x swallows the size error as every error but error-not-allowed (it was the method's own error before)
    const long = await bob.call('sendMessage', { rid: 'GENERAL', msg: 'x'.repeat(5001) });
    expect(long).toEqual({ msg: 'result', id: long.id });
    // error-not-allowed still comes back
    expect((await bob.call('sendMessage', { rid: 'privateRoomId0001', msg: 'x' })).error).toEqual(
      meteorError('error-not-allowed', undefined, { method: 'sendMessage' }),
    );
    expect(fake.state()).toEqual(before);
  });

  it('0.49: a room the caller may not use answers false; a read-only one the notice and false', async () => {
    const { fake, url } = await serve('0.49');
    const bob = await client(url, 'bob');
    await bob.sub('stream-notify-user', `${BOB}/message`, false);
    const before = fake.state();
    for (const rid of ['privateRoomId0001', 'nowhere', 'newsRoomId0000001']) {
      const answer = await bob.call('sendMessage', { rid, msg: 'x' });
      expect(answer).toEqual({ msg: 'result', id: answer.id, result: false });
    }
    const notices = bob.frames.filter((f) => f.msg === 'changed');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.fields).toMatchObject({
      args: [{ msg: "You can't send messages because the room is readonly.", rid: 'newsRoomId0000001' }],
    });
    expect(fake.state()).toEqual(before);
  });
});

describe('sendMessage check from 7.1: the exact field list', () => {
  it('7.10: the SDK message passes (bot stored); alias, emoji, attachments, bot: true refused; otrAck accepted', async () => {
    const { fake, url } = await serve('7.10');
    const bot = await client(url, 'robot');
    const sdk = await bot.call('sendMessage', {
      _id: 'sdkMessage0000001',
      msg: 'hi',
      bot: { i: 'js.SDK' },
      rid: 'GENERAL',
    });
    expect(sdk.result).toEqual(expect.objectContaining({ _id: 'sdkMessage0000001', bot: { i: 'js.SDK' } }));
    expect(stored(fake, 'sdkMessage0000001')).toEqual(expect.objectContaining({ bot: { i: 'js.SDK' } }));
    const before = fake.state();
    for (const extra of [
      { alias: 'x' },
      { emoji: ':x:' },
      { avatar: '/a.png' },
      { attachments: [] },
      { bot: true },
      { custom: 1 },
    ])
      expect((await bot.call('sendMessage', { rid: 'GENERAL', msg: 'x', ...extra })).error).toEqual(
        MATCH_FAILED,
      );
    expect((await bot.call('sendMessage', CUSTOM)).error).toEqual(MATCH_FAILED);
    expect(fake.state()).toEqual(before);
    const otr = await bot.call('sendMessage', {
      _id: 'otrAck00000000001',
      rid: 'GENERAL',
      msg: 'x',
      otrAck: 'ack',
      groupable: false,
    });
    expect(otr.result).toEqual(expect.objectContaining({ otrAck: 'ack', groupable: false }));
  });

  it('8.9: otrAck refused (OTR removed in 8.0); groupable and bot stored; customFields a notice and empty', async () => {
    const { fake, url } = await serve('8.9');
    const bot = await client(url, 'robot');
    expect((await bot.call('sendMessage', { rid: 'GENERAL', msg: 'x', otrAck: 'ack' })).error).toEqual(
      MATCH_FAILED,
    );
    const anon = await client(url);
    expect((await anon.call('sendMessage', { rid: 'GENERAL', otrAck: 'ack' })).error).toEqual(MATCH_FAILED);
    const sent = await bot.call('sendMessage', {
      _id: 'grouped0000000001',
      rid: 'GENERAL',
      msg: 'x',
      groupable: false,
      bot: { i: 'x' },
    });
    expect(sent.result).toEqual(expect.objectContaining({ groupable: false, bot: { i: 'x' } }));
    expect(stored(fake, 'grouped0000000001')).toEqual(
      expect.objectContaining({ groupable: false, bot: { i: 'x' } }),
    );
    const custom = await bot.call('sendMessage', { rid: 'GENERAL', msg: 'x', customFields: { a: 1 } });
    expect(custom).toEqual({ msg: 'result', id: custom.id });
  });
});
