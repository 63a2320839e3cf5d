import { WORLD, makeFake } from './support/fake';
import { scenarioProblems } from './support/problems';
import type { ScenarioInput } from '../src/scenario/schema';

/** Messages in the world: scenario messages, generated ones, the rooms' counts, state and changes. */

const WITH_MESSAGES: ScenarioInput = {
  ...WORLD,
  messages: [
    {
      _id: 'msgHello000000001',
      rid: 'general',
      msg: 'hello',
      u: { username: 'alice' },
      ts: '2025-12-31T10:00:00.000Z',
    },
    { _id: 'msgReply000000001', rid: 'GENERAL', msg: 'hi alice', tmid: 'msgHello000000001' },
    {
      rid: 'random',
      msg: 'in random',
      alias: 'Bot',
      emoji: ':robot:',
      extra: { federation: { origin: 'example.org' } },
    },
  ],
};

describe('messages in a scenario', () => {
  it('resolve: the room by name or _id, the author with its name (default the room creator), timestamps from the clock', () => {
    const { messages } = makeFake({ scenario: WITH_MESSAGES }).state();
    expect(messages).toEqual([
      {
        _id: 'msgHello000000001',
        rid: 'GENERAL',
        msg: 'hello',
        ts: '2025-12-31T10:00:00.000Z',
        u: { _id: 'aliceUserId000001', username: 'alice', name: 'alice' },
        // the thread's first message, as the server's thread hook leaves it after the reply
        _updatedAt: '2026-01-01T00:00:00.000Z',
        replies: ['aliceUserId000001', 'adminUserId000001'],
        tlm: '2026-01-01T00:00:00.000Z',
        tcount: 1,
      },
      {
        _id: 'msgReply000000001',
        rid: 'GENERAL',
        msg: 'hi alice',
        ts: '2026-01-01T00:00:00.000Z',
        u: { _id: 'adminUserId000001', username: 'admin', name: 'admin' },
        _updatedAt: '2026-01-01T00:00:00.000Z',
        tmid: 'msgHello000000001',
      },
      {
        _id: expect.stringMatching(/^[\w]{17}$/),
        rid: 'randomRoomId00001',
        msg: 'in random',
        ts: '2026-01-01T00:00:00.000Z',
        u: { _id: 'aliceUserId000001', username: 'alice', name: 'alice' },
        _updatedAt: '2026-01-01T00:00:00.000Z',
        alias: 'Bot',
        emoji: ':robot:',
        extra: { federation: { origin: 'example.org' } },
      },
    ]);
  });

  it("a room that leaves msgs out counts its messages and takes lm from the newest shown in it; a room's own msgs stays", () => {
    const state = makeFake({ scenario: WITH_MESSAGES }).state();
    const general = state.channels.find((c) => c.name === 'general');
    const random = state.channels.find((c) => c.name === 'random');
    // the reply stays in its thread (no tshow): it counts, but lm is the newest message shown, as a posted reply leaves it
    expect([general?.msgs, general?.lm]).toEqual([2, '2025-12-31T10:00:00.000Z']);
    expect([random?.msgs, random?.lm]).toEqual([5, undefined]);
  });

  it('a world without messages has no messages key; one with them loads back as it is', () => {
    expect(makeFake().state()).not.toHaveProperty('messages');
    const state = makeFake({ scenario: WITH_MESSAGES }).state();
    expect(makeFake({ scenario: state }).state()).toEqual(state);
  });

  it('generated messages: the same seed, the same messages, in the scenario’s public channels only', () => {
    const scenario = { ...WORLD, generate: { messages: 20, channels: 3 } };
    const a = makeFake({ scenario }).state().messages ?? [];
    const b = makeFake({ scenario: { ...scenario, generate: { messages: 20, channels: 9 } } }).state()
      .messages;
    expect(a).toHaveLength(20);
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    const listed = new Set([
      'GENERAL',
      'randomRoomId00001',
      'newsRoomId0000001',
      'archivedRoomId001',
      'clubRoomId0000001',
    ]);
    expect(a.every((m) => listed.has(m.rid))).toBe(true);
  });

  it('problems, each at its path, in one report: unknown room, unknown author, thread reply elsewhere, duplicate id, a typo', () => {
    const problems = scenarioProblems({
      ...WORLD,
      messages: [
        { _id: 'm1', rid: 'nowhere', msg: 'a' },
        { _id: 'm1', rid: 'general', msg: 'b', u: { username: 'zed' } },
        { rid: 'random', msg: 'c', tmid: 'm1' },
        { rid: 'general', text: 'd' },
      ],
    });
    expect(problems).toEqual([
      expect.stringMatching(/^\$\.messages\[3\]\.msg: .*expected string/),
      '$.messages[3].text: unknown key "text"; did you mean "msg"?',
      '$.messages[0].rid: no room "nowhere" in channels (by _id or name) or directs (by _id)',
      '$.messages[1].u: no user "zed" in users',
      '$.messages[2].tmid: no message "m1" in this room',
    ]);
  });

  it('a reset keeps the scenario’s messages; changes() lists none', async () => {
    const fake = makeFake({ scenario: WITH_MESSAGES });
    const before = fake.state();
    await fake.reset();
    expect(fake.state()).toEqual(before);
    expect(fake.changes().messages).toEqual({ added: [], changed: [], removed: [] });
  });
});
