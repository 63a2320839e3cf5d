/**
 * References in a scenario next to problems of shape: an entity with a problem of shape still
 * counts for references (read without the fields at fault), so no false problem cascades from it,
 * and every other real problem of the document is still reported in the same pass.
 */
import { resolveScenario } from '../src/scenario/resolve';
import { problemsOf } from './support/problems';

const alice = { _id: 'ua', username: 'alice', password: 'a' };
const bob = { _id: 'ub', username: 'bob', password: 'b' };
const ROLE =
  '$.users[0].roles[0]: unknown role "superuser": a global role (admin, user, bot, app, guest, anonymous, livechat-agent, livechat-manager)';

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

describe('references a scenario loaded silently before', () => {
  const users = [alice, bob, { _id: 'uc', username: 'carol', password: 'c' }];
  it("a message's other users: editedBy, pinnedBy, mentions (all, here and teams aside) and replies", () => {
    expect(
      problemsOf({
        users,
        channels: [{ _id: 'C', name: 'gen' }],
        messages: [
          {
            rid: 'C',
            msg: '@zed @all',
            editedAt: '2026-01-01T00:00:00.000Z',
            editedBy: { username: 'zed' },
            pinnedBy: 'alice',
            mentions: [
              { _id: 'zz', username: 'zed', type: 'user' },
              { _id: 'all', username: 'all' },
              { _id: 'T1', name: 'team', type: 'team' },
              { _id: 'ua', username: 'bob', type: 'user' },
              { _id: 'uc', username: 'carol', type: 'user' },
            ],
            replies: ['nobody', 'alice', 'ub'],
          },
          { rid: 'C', msg: 'x', replies: 'ua' },
        ],
      }),
    ).toEqual([
      '$.messages[0].editedBy: no user "zed" in users',
      '$.messages[0].pinnedBy: a user: {"_id": …, "username": …}',
      '$.messages[0].mentions[0]: no user with _id "zz" in users',
      '$.messages[0].mentions[3]: _id "ua" is user "alice", not "bob"',
      '$.messages[0].replies[0]: no user with _id "nobody" in users',
      '$.messages[0].replies[1]: no user with _id "alice" in users ("replies" holds user _ids: "alice" is "ua")',
      '$.messages[1].replies: the user _ids of the thread\'s followers: ["…"]',
    ]);
  });

  it('an author who is not a member of a private group or a direct room', () => {
    expect(
      problemsOf({
        users,
        channels: [
          { _id: 'P', name: 'secret', t: 'p', u: { username: 'alice' }, usernames: ['bob'] },
          { _id: 'C', name: 'open', usernames: ['alice'] },
        ],
        directs: [{ _id: 'D', usernames: ['alice', 'bob'] }],
        messages: [
          { rid: 'P', msg: 'by a member', u: { username: 'BOB' } },
          { rid: 'P', msg: 'not a member', u: { username: 'carol' } },
          { rid: 'P', msg: 'the creator by default, not in usernames' },
          { rid: 'D', msg: 'a third user', u: { username: 'carol' } },
          { rid: 'D', msg: 'a member', u: { username: 'bob' } },
          // a public channel takes a non-member's message (the server's canSendMessage does not ask)
          { rid: 'C', msg: 'public', u: { username: 'carol' } },
          // a system message is no post; a former member's messages stay
          { rid: 'P', msg: 'carol', t: 'ru', u: { username: 'bob' } },
          { rid: 'P', msg: 'before', u: { username: 'carol' } },
        ],
      }),
    ).toEqual([
      '$.messages[2].u: "alice" (the room\'s creator, by default) is not a member of private group "secret": only members post there',
      '$.messages[3].u: "carol" is not a member of direct room "D": only members post there',
    ]);
  });

  it('a rid that could mean two rooms: a direct room _id (given or derived) or a channel _id that is a channel name', () => {
    expect(
      problemsOf({
        users,
        channels: [
          { _id: 'general', name: 'general' },
          { _id: 'g2', name: 'uaub' },
          { _id: 'x', name: 'g2' },
          { _id: 'general2', name: 'lobby' },
          { _id: 'lobby', name: 'other' },
        ],
        directs: [
          { _id: 'general', usernames: ['alice'] },
          { _id: 'lobby2', usernames: ['carol'] },
          { _id: 'other', usernames: ['bob'] },
          { usernames: ['alice', 'bob'] },
        ],
      }),
    ).toEqual([
      '$.channels[2].name: "g2" is the _id of another channel: a rid "g2" could mean either',
      '$.channels[4]._id: "lobby" is the name of another channel: a rid "lobby" could mean either',
      '$.directs[0]._id: duplicate room _id "general"',
      '$.directs[2]._id: the _id "other" is a channel\'s name: a rid "other" could mean either room',
      '$.directs[3].usernames: the _id "uaub" (its members\' ids joined) is a channel\'s name: a rid "uaub" could mean either room',
    ]);
  });

  it("a direct room's uids contradicting its usernames (the order aside)", () => {
    expect(
      problemsOf({
        users,
        directs: [
          { usernames: ['alice', 'bob'], uids: ['ub', 'ua'] },
          { usernames: ['alice', 'carol'], uids: ['ua', 'ub'] },
        ],
      }),
    ).toEqual(['$.directs[1].uids: the members\' user ids are ["ua","uc"] (by usernames), not ["ua","ub"]']);
  });
});

describe('generate.messages needs what a listed message needs', () => {
  it('with channels but no users, it is refused at $.generate.messages (it generated nothing silently)', () => {
    expect(problemsOf({ channels: [{ name: 'gen' }], generate: { messages: 5 } })).toEqual([
      '$.generate.messages: needs at least one user: the scenario has no users to default to',
    ]);
    expect(problemsOf({ generate: { messages: 1 } })).toEqual([
      '$.generate.messages: needs at least one public channel',
      '$.generate.messages: needs at least one user: the scenario has no users to default to',
    ]);
    expect(
      resolveScenario({ channels: [{ name: 'gen' }], generate: { users: 1, messages: 2 } }).messages,
    ).toHaveLength(2);
  });
});
