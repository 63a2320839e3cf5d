/**
 * Threads in a scenario: a reply's parent carries what the server's thread hook gives it
 * (`tcount`, `tlm`, `replies`, `_updatedAt`), derived at load as the store moves it on a new reply;
 * a `tmid` that names the message itself, or a reply (Rocket.Chat has no nested threads), is refused.
 */
import { resolveScenario } from '../src/scenario/resolve';
import type { Message } from '../src/types';
import { WORLD, makeFake, postAs } from './support/fake';
import { scenarioProblems } from './support/problems';

const users = [
  { _id: 'ua', username: 'alice', password: 'a' },
  { _id: 'ub', username: 'bob', password: 'b' },
  { _id: 'uc', username: 'carol', password: 'c' },
];
const at = (s: number): string => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();

function messageOf(messages: readonly Message[] | undefined, id: string): Message {
  const found = messages?.find((m) => m._id === id);
  if (!found) throw new Error(`no message ${id}`);
  return found;
}

describe('a thread in a scenario: the parent follows its replies', () => {
  it('tcount, tlm, replies (in the order of the replies’ ts) and _updatedAt are derived', () => {
    const world = resolveScenario({
      users,
      channels: [{ _id: 'G', name: 'general', usernames: ['alice', 'bob', 'carol'] }],
      messages: [
        { _id: 'p', rid: 'G', msg: 'q', u: { username: 'alice' }, ts: at(0) },
        // listed first, replied last: order is the replies' ts
        { _id: 'r3', rid: 'G', msg: 'c', tmid: 'p', u: { username: 'bob' }, ts: at(9) },
        {
          _id: 'r1',
          rid: 'G',
          msg: 'a @carol',
          tmid: 'p',
          u: { username: 'bob' },
          ts: at(5),
          mentions: [{ _id: 'uc', username: 'carol', type: 'user' }],
        },
        { _id: 'r2', rid: 'G', msg: 'b', tmid: 'p', u: { username: 'alice' }, ts: at(7) },
        { _id: 'other', rid: 'G', msg: 'no thread', u: { username: 'carol' }, ts: at(3) },
      ],
    });
    const parent = messageOf(world.messages, 'p');
    expect(parent).toEqual({
      _id: 'p',
      rid: 'G',
      msg: 'q',
      ts: at(0),
      u: { _id: 'ua', username: 'alice', name: 'alice' },
      _updatedAt: at(9),
      // the first reply's followers: the parent's author, whom it mentions; then the replier
      replies: ['ua', 'uc', 'ub'],
      tlm: at(9),
      tcount: 3,
    });
    // a message no one replied to has none of them
    expect(Object.keys(messageOf(world.messages, 'other'))).not.toContain('tcount');
  });

  it('fields the scenario gives are kept as given', () => {
    const world = resolveScenario({
      users,
      channels: [{ _id: 'G', name: 'general' }],
      messages: [
        { _id: 'p', rid: 'G', msg: 'q', ts: at(0), _updatedAt: at(1), tcount: 7, extra: { replies: ['ub'] } },
        { _id: 'r', rid: 'G', msg: 'a', tmid: 'p', ts: at(5), tshow: true },
      ],
    });
    expect(messageOf(world.messages, 'p')).toMatchObject({
      _updatedAt: at(1),
      tcount: 7,
      replies: ['ub'],
      tlm: at(5),
    });
  });

  it('the same parent as the store makes posting the replies: state() loads back with them left out', async () => {
    const fake = makeFake();
    await postAs(fake.app, 'bob', '/api/v1/chat.sendMessage', {
      message: { _id: 'parent00000000001', rid: 'GENERAL', msg: 'q' },
    });
    await postAs(fake.app, 'alice', '/api/v1/chat.sendMessage', {
      message: { tmid: 'parent00000000001', msg: 'a' },
    });
    await postAs(fake.app, 'admin', '/api/v1/chat.postMessage', {
      roomId: 'GENERAL',
      tmid: 'parent00000000001',
      text: 'cc @alice @gina',
    });
    const state = fake.state();
    const posted = messageOf(state.messages as Message[], 'parent00000000001');
    expect(posted.tcount).toBe(2);
    const { tcount: _c, tlm: _t, replies: _r, _updatedAt: _u, ...bare } = posted;
    const scenario = {
      ...state,
      messages: (state.messages ?? []).map((m) => (m._id === posted._id ? bare : m)),
    };
    const loaded = resolveScenario(scenario);
    expect(messageOf(loaded.messages, posted._id)).toEqual(posted);
  });
});

describe('a tmid that names no thread parent is refused', () => {
  const base = { ...WORLD, messages: undefined };
  it('the message itself, a reply (no nested threads) and a cycle, each with the thread to name', () => {
    expect(
      scenarioProblems({
        ...base,
        messages: [
          { _id: 'self', rid: 'general', msg: 'x', tmid: 'self' },
          { _id: 'p', rid: 'general', msg: 'q' },
          { _id: 'r', rid: 'general', msg: 'a', tmid: 'p' },
          { _id: 'rr', rid: 'general', msg: 'b', tmid: 'r' },
          { _id: 'a', rid: 'general', msg: 'c', tmid: 'b' },
          { _id: 'b', rid: 'general', msg: 'd', tmid: 'a' },
        ],
      }),
    ).toEqual([
      '$.messages[0].tmid: names the message itself: a message is no reply to itself',
      '$.messages[3].tmid: message "r" is itself a reply: Rocket.Chat has no nested threads (the server files a reply to a reply in the first one\'s thread): name "p"',
      '$.messages[4].tmid: message "b" is itself a reply: Rocket.Chat has no nested threads, and these tmids go round in a cycle',
      '$.messages[5].tmid: message "a" is itself a reply: Rocket.Chat has no nested threads, and these tmids go round in a cycle',
    ]);
  });
});
