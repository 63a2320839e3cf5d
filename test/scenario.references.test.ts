/**
 * References in a scenario next to problems of shape: an entity with a problem of shape still
 * counts for references (read without the fields at fault), so no false problem cascades from it,
 * and every other real problem of the document is still reported in the same pass.
 */
import { ScenarioError } from '../src/scenario/problems';
import { resolveScenario } from '../src/scenario/resolve';

function problemsOf(input: unknown): string[] {
  try {
    resolveScenario(input, { source: 'test.json' });
  } catch (error) {
    expect(error).toBeInstanceOf(ScenarioError);
    return (error as ScenarioError).problems.map((p) => `${p.path}: ${p.message}`);
  }
  throw new Error('expected the scenario to be rejected');
}

const alice = { _id: 'ua', username: 'alice', password: 'a' };
const bob = { _id: 'ub', username: 'bob', password: 'b' };
const ROLE = '$.users[0].roles[0]: Invalid option: expected one of "admin"|"user"|"bot"|"guest"';

describe('a problem of shape does not cascade into false reference problems', () => {
  it('a channel with a bad field: its messages find it, and a real problem further on is reported', () => {
    expect(
      problemsOf({
        users: [alice, bob],
        channels: [{ _id: 'C', name: 'gen', usernames: ['alice'], ro: 1 }],
        messages: [
          { rid: 'C', msg: 'x', u: { username: 'alice' } },
          { rid: 'gen', msg: 'y', tmid: 'zz' },
        ],
      }),
    ).toEqual([
      '$.channels[0].ro: Invalid input: expected boolean, received number',
      '$.messages[1].tmid: no message "zz" in this room',
    ]);
  });

  it("a channel's own references are checked beside its problem of shape", () => {
    expect(
      problemsOf({ users: [alice], channels: [{ name: 'gen', usernames: ['zed'], ro: 'yes' }] }),
    ).toEqual([
      '$.channels[0].ro: Invalid input: expected boolean, received string',
      '$.channels[0].usernames[0]: no user "zed" in users',
    ]);
  });

  it('a user with an unknown role: a reply to their message and their direct room are found', () => {
    expect(
      problemsOf({
        users: [{ ...alice, roles: ['superuser'] }, bob],
        channels: [{ _id: 'C', name: 'gen' }],
        directs: [{ usernames: ['alice', 'bob'] }, { _id: 'D', usernames: ['alice', 'bob', 'bob'] }],
        messages: [
          { _id: 'm1', rid: 'gen', msg: 'x', u: { username: 'alice' } },
          { rid: 'gen', msg: 'y', tmid: 'm1', u: { _id: 'ua' } },
          { rid: 'uaub', msg: 'z' },
          { rid: 'nowhere', msg: 'z' },
        ],
      }),
    ).toEqual([
      ROLE,
      '$.directs[1].usernames: names a user twice',
      '$.messages[3].rid: no room "nowhere" in channels (by _id or name) or directs (by _id)',
    ]);
  });

  it('a direct room with an explicit _id and a member with a problem of shape', () => {
    expect(
      problemsOf({
        users: [{ ...alice, roles: ['superuser'] }, bob],
        directs: [{ _id: 'D', usernames: ['alice', 'bob'] }],
        messages: [{ rid: 'D', msg: 'x' }],
      }),
    ).toEqual([ROLE]);
  });

  it('a message with a bad field: its replies find it', () => {
    expect(
      problemsOf({
        users: [alice],
        channels: [{ name: 'gen' }],
        messages: [
          { _id: 'm1', rid: 'gen', msg: 'x', groupable: 'no' },
          { rid: 'gen', msg: 'y', tmid: 'm1' },
          { rid: 'gen', msg: 'y', tmid: 'm9' },
        ],
      }),
    ).toEqual([
      '$.messages[0].groupable: Invalid input: expected boolean, received string',
      '$.messages[2].tmid: no message "m9" in this room',
    ]);
  });

  it('a direct room with a bad field: its messages find it', () => {
    expect(
      problemsOf({
        users: [alice, bob],
        directs: [{ _id: 'D', usernames: ['alice', 'bob'], msgs: '3' }],
        messages: [
          { rid: 'D', msg: 'x' },
          { rid: 'D', msg: 'x', u: { username: 'zed' } },
        ],
      }),
    ).toEqual([
      '$.directs[0].msgs: Invalid input: expected number, received string',
      '$.messages[1].u: no user "zed" in users',
    ]);
  });

  it('an entity that cannot be read at all still holds its _id: what names it is checked no further', () => {
    expect(
      problemsOf({
        users: [alice],
        channels: [{ _id: 'C', name: 'a b' }],
        directs: [{ _id: 'D', usernames: [] }],
        messages: [
          { _id: 'm1', rid: 'C', msg: 'x', u: { username: 'zed' } },
          { rid: 'D', msg: 'x', tmid: 'm1' },
          { rid: 'C', msg: 'x', tmid: 'm7' },
          { _id: 'm2', rid: 'C', msg: 3 },
          { rid: 'general', msg: 'x' },
        ],
      }),
    ).toEqual([
      '$.channels[0].name: no spaces, "#" or "@"',
      '$.messages[3].msg: Invalid input: expected string, received number',
      '$.directs[0].usernames: Too small: expected array to have >=1 items',
      '$.messages[0].u: no user "zed" in users',
      '$.messages[4].rid: no room "general" in channels (by _id or name) or directs (by _id)',
      '$.messages[2].tmid: no message "m7" in any room',
    ]);
  });
});
