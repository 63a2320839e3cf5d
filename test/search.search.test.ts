/**
 * `GET /api/v1/chat.search`: the search text's operators, the word search (MongoDB's `$text`,
 * emulated: whole words, each hit with its score), `/regex/flags` on RE2 (a pattern catastrophic
 * for a backtracking engine answers like any other), and the refusals per release line.
 */
import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { ScenarioInput } from '../src/scenario/schema';
import type { ProfileId } from '../src/types';
import { AS } from './support/fake';
import { ACTIONS_WORLD } from './support/message-actions';

const SEARCH = '/api/v1/chat.search';
const BOB = { _id: 'bobUserId00000001', username: 'bob' };

const WORLD: ScenarioInput = {
  ...ACTIONS_WORLD,
  messages: [
    ...(ACTIONS_WORLD.messages ?? []),
    {
      _id: 'msgS1',
      rid: 'GENERAL',
      msg: 'Deploying the server tonight',
      u: { username: 'alice' },
      ts: '2025-12-01T10:00:00.000Z',
    },
    {
      _id: 'msgS2',
      rid: 'GENERAL',
      msg: 'the server is down, see https://example.com',
      u: { username: 'bob' },
      ts: '2025-12-02T10:00:00.000Z',
      urls: [{ url: 'https://example.com' }],
    },
    {
      _id: 'msgS3',
      rid: 'GENERAL',
      msg: 'servers servers server @bob',
      u: { username: 'admin' },
      ts: '2025-12-03T10:00:00.000Z',
      mentions: [BOB],
      extra: { pinned: true },
    },
    {
      _id: 'msgS4',
      rid: 'GENERAL',
      msg: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!',
      u: { username: 'alice' },
      ts: '2025-12-04T10:00:00.000Z',
    },
    {
      _id: 'msgS5',
      rid: 'GENERAL',
      msg: '会议 明天',
      u: { username: 'bob' },
      ts: '2025-12-05T10:00:00.000Z',
    },
  ],
};

function fakeAs(profile?: ProfileId, settings?: Record<string, unknown>): FakeServer {
  return createFakeServer({
    scenario: { ...WORLD, ...(settings ? { settings } : {}) },
    ...(profile ? { profile } : {}),
  });
}

async function search(
  fake: FakeServer,
  query: Record<string, string>,
  who: keyof typeof AS = 'alice',
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await request(fake.app).get(SEARCH).query(query).set(AS[who]);
  return { status: res.status, body: res.body as Record<string, unknown> };
}

/** The ids (and scores) a search finds in GENERAL. */
async function found(
  fake: FakeServer,
  searchText: string,
  extra: Record<string, string> = {},
): Promise<unknown[]> {
  const { status, body } = await search(fake, { roomId: 'GENERAL', searchText, ...extra });
  expect(status).toBe(200);
  return (body.messages as { _id: string; score?: number }[]).map((m) =>
    m.score === undefined ? m._id : [m._id, m.score],
  );
}

describe('GET /api/v1/chat.search (8.9)', () => {
  it('a word search: whole words, any term, newest first, each hit scored; the answer as the real one', async () => {
    const fake = fakeAs();
    const before = JSON.stringify(fake.state());
    // stop words ("the", "is", "down") are not indexed nor counted; "servers" is "server" stemmed
    expect(await found(fake, 'server')).toEqual([
      ['msgS3', (1 + 0.5 + 0.25) * (0.5 * (3 / 4) + 0.5)],
      ['msgS2', 0.5 * (1 / 5) + 0.5],
      ['msgS1', 0.5 * (1 / 3) + 0.5],
    ]);
    expect(await found(fake, 'SERVERS')).toEqual([
      ['msgS3', (1 + 0.5 + 0.25) * (0.5 * (3 / 4) + 0.5)],
      ['msgS2', 0.5 * (1 / 5) + 0.5],
      ['msgS1', 0.5 * (1 / 3) + 0.5],
    ]);
    // a message that is the term itself scores 1.1
    expect(await found(fake, 'tonight hello')).toEqual([
      ['msgGeneral0000001', 1.1],
      ['msgS1', 0.5 * (1 / 3) + 0.5],
    ]);
    // a phrase must be there; a negated word must not
    expect(await found(fake, 'server "is down"')).toEqual([['msgS2', 0.6]]);
    expect(await found(fake, 'server -tonight')).toEqual([
      ['msgS3', 1.53125],
      ['msgS2', 0.6],
    ]);
    expect(await found(fake, 'serv')).toEqual([]);
    const { body } = await search(fake, { roomId: 'GENERAL', searchText: 'tonight' });
    expect(body).toEqual({
      messages: [
        expect.objectContaining({
          _id: 'msgS1',
          rid: 'GENERAL',
          msg: 'Deploying the server tonight',
          score: 0.5 * (1 / 3) + 0.5,
        }),
      ],
      success: true,
    });
    expect(JSON.stringify(fake.state())).toBe(before);
  });

  it('the operators: from:, mention:, has:url, is:pinned, has:star, dates, order, with or without text', async () => {
    const fake = fakeAs();
    expect(await found(fake, 'from:bob')).toEqual(['msgS5', 'msgS2']);
    expect(await found(fake, 'from:me server')).toEqual([['msgS1', 0.5 * (1 / 3) + 0.5]]);
    expect(await found(fake, 'from:bob from:admin')).toEqual(['msgS5', 'msgS3', 'msgS2']);
    expect(await found(fake, 'mention:bob')).toEqual(['msgS3']);
    expect(await found(fake, 'has:url')).toEqual(['msgS2']);
    expect(await found(fake, 'has:link server')).toEqual([['msgS2', 0.6]]);
    expect(await found(fake, 'is:pinned')).toEqual(['msgS3']);
    expect(await found(fake, 'has:pin')).toEqual(['msgS3']);
    expect(await found(fake, 'before:03/12/2025')).toEqual(['msgS2', 'msgS1']);
    expect(await found(fake, 'after:03/12/2025')).toEqual(['msgGeneral0000001', 'msgS5', 'msgS4']);
    expect(await found(fake, 'on:03-12-2025')).toEqual(['msgS3']);
    expect(await found(fake, 'from:bob order:asc')).toEqual(['msgS2', 'msgS5']);
    expect(await found(fake, 'from:bob sort:desc', { count: '1' })).toEqual(['msgS5']);
    expect(await found(fake, 'from:bob', { offset: '1' })).toEqual(['msgS2']);
    expect(await found(fake, 'from:bob', { offset: '9999' })).toEqual([]);
    expect(await found(fake, 'has:star')).toEqual([]);
    await request(fake.app)
      .post('/api/v1/chat.starMessage')
      .set(AS.alice)
      .send({ messageId: 'msgS2' })
      .expect(200);
    expect(await found(fake, 'has:star')).toEqual(['msgS2']);
    const { body } = await search(fake, { roomId: 'GENERAL', searchText: 'has:star' }, 'bob');
    expect(body).toEqual({ messages: [], success: true });
  });

  it('regular expressions run on RE2: /pattern/flags, CJK text, Message_AlwaysSearchRegExp; a catastrophic pattern answers', async () => {
    const fake = fakeAs();
    expect(await found(fake, '/^deploy/i')).toEqual(['msgS1']);
    expect(await found(fake, '/^deploy/')).toEqual([]);
    expect(await found(fake, '/serv(er|ers) \\w+/')).toEqual(['msgS3', 'msgS2', 'msgS1']);
    expect(await found(fake, '/server \\w+ down/')).toEqual(['msgS2']);
    expect(await found(fake, '会议')).toEqual(['msgS5']);
    // catastrophic for a backtracking engine on a long run of a's ending in "!": linear on RE2
    expect(await found(fake, '/^(a+)+$/')).toEqual([]);
    expect(await found(fake, '/^(a|aa)+$/')).toEqual([]);
    expect(await found(fake, '/^(a+)+!$/')).toEqual(['msgS4']);
    // a pattern RE2 cannot run (a backreference), or an invalid one: refused
    for (const searchText of ['/(a)\\1/', '/(unclosed/'])
      expect(await search(fake, { roomId: 'GENERAL', searchText })).toEqual({
        status: 400,
        body: { success: false, error: 'Regular expression is invalid' },
      });
    const always = fakeAs(undefined, { Message_AlwaysSearchRegExp: true });
    expect(await found(always, 'serv')).toEqual(['msgS3', 'msgS2', 'msgS1']);
  });

  it('refuses: the typed query, the hand checks, a room the caller may not see; nothing changes', async () => {
    const fake = fakeAs();
    const before = JSON.stringify(fake.state());
    expect(await search(fake, { roomId: 'GENERAL' })).toEqual({
      status: 400,
      body: {
        success: false,
        errorType: 'error-invalid-params',
        error: "must have required property 'searchText'",
      },
    });
    expect(await search(fake, { roomId: 'GENERAL', searchText: 'x', count: 'abc' })).toEqual({
      status: 400,
      body: { success: false, errorType: 'error-invalid-params', error: 'must be number' },
    });
    expect(await search(fake, { roomId: '', searchText: 'x' })).toEqual({
      status: 400,
      body: {
        success: false,
        error: 'The required "roomId" query param is missing. [error-roomId-param-not-provided]',
        errorType: 'error-roomId-param-not-provided',
      },
    });
    expect(await search(fake, { roomId: 'GENERAL', searchText: '' })).toEqual({
      status: 400,
      body: {
        success: false,
        error: 'The required "searchText" query param is missing. [error-searchText-param-not-provided]',
        errorType: 'error-searchText-param-not-provided',
      },
    });
    expect(await search(fake, { roomId: 'privateRoomId0001', searchText: 'plan' }, 'bob')).toEqual({
      status: 400,
      body: { success: false },
    });
    expect(await search(fake, { roomId: 'nope', searchText: 'plan' })).toEqual({
      status: 400,
      body: { success: false },
    });
    expect(JSON.stringify(fake.state())).toBe(before);
  });
});

describe('chat.search per release line', () => {
  it('0.49 has none: 404', async () => {
    expect((await search(fakeAs('0.49'), { roomId: 'GENERAL', searchText: 'x' })).status).toBe(404);
  });

  it('7.0: the legacy validator', async () => {
    expect(await search(fakeAs('7.0'), { roomId: 'GENERAL' })).toEqual({
      status: 400,
      body: {
        success: false,
        error: "must have required property 'searchText' [invalid-params]",
        errorType: 'invalid-params',
      },
    });
  });

  it.each<[ProfileId, string]>([
    ['5', "Cannot read property 'docs' of undefined"],
    ['6', "Cannot read properties of undefined (reading 'docs')"],
  ])('%s: hand checks only; a room not seen is a TypeError', async (profile, error) => {
    const fake = fakeAs(profile);
    expect(await search(fake, { roomId: 'GENERAL' })).toEqual({
      status: 400,
      body: {
        success: false,
        error: 'The required "searchText" query param is missing. [error-searchText-param-not-provided]',
        errorType: 'error-searchText-param-not-provided',
      },
    });
    expect(await search(fake, { roomId: 'privateRoomId0001', searchText: 'plan' }, 'bob')).toEqual({
      status: 400,
      body: { success: false, error },
    });
    expect(await found(fake, 'tonight')).toEqual([['msgS1', 0.5 * (1 / 3) + 0.5]]);
  });
});

/** Messages in English, for the text index's rules (GENERAL also holds "hello"). */
const ENGLISH: ScenarioInput = {
  ...ACTIONS_WORLD,
  messages: [
    ...(ACTIONS_WORLD.messages ?? []),
    ...[
      ['msgE1', 'I was running late'],
      ['msgE2', 'She runs every morning'],
      ['msgE3', 'Run'],
      ['msgE4', 'The café is generously consigned'],
      ['msgE5', "Knightly duties, don't you think?"],
    ].map(([_id, msg], i) => ({
      _id: _id ?? '',
      rid: 'GENERAL',
      msg: msg ?? '',
      u: { username: 'alice' },
      ts: `2025-12-0${i + 1}T10:00:00.000Z`,
    })),
  ],
};

describe('chat.search: MongoDB’s english text index', () => {
  const englishFake = (profile?: ProfileId): FakeServer =>
    createFakeServer({ scenario: ENGLISH, ...(profile ? { profile } : {}) });
  // "I was running late": run, late (two terms: "i" and "was" are stop words)
  const E1 = 0.5 * (1 / 2) + 0.5;
  // "She runs every morning": run, everi, morn
  const E2 = 0.5 * (1 / 3) + 0.5;
  // "Run": the term itself, ×1.1
  const E3 = 1.1;

  it('a word finds every word of its stem: running, runs, run', async () => {
    const fake = englishFake();
    const before = JSON.stringify(fake.state());
    const hits = [
      ['msgE3', E3],
      ['msgE2', E2],
      ['msgE1', E1],
    ];
    expect(await found(fake, 'running')).toEqual(hits);
    expect(await found(fake, 'RUNS')).toEqual(hits);
    expect(await found(fake, 'run')).toEqual(hits);
    expect(await found(fake, 'consignment generous')).toEqual([['msgE4', 2 * (0.5 * (1 / 3) + 0.5)]]);
    expect(await found(fake, 'knight duty')).toEqual([['msgE5', 2 * (0.5 * (1 / 3) + 0.5)]]);
    // diacritics aside: "café" is indexed as "cafe"
    expect(await found(fake, 'cafe')).toEqual([['msgE4', 0.5 * (1 / 3) + 0.5]]);
    expect(await found(fake, 'CAFÉS')).toEqual([['msgE4', 0.5 * (1 / 3) + 0.5]]);
    // no partial word
    expect(await found(fake, 'ru')).toEqual([]);
    expect(JSON.stringify(fake.state())).toBe(before);
  });

  it('stop words are dropped: alone they find nothing, beside a word they change nothing', async () => {
    const fake = englishFake();
    expect(await found(fake, 'the')).toEqual([]);
    expect(await found(fake, "was I don't")).toEqual([]);
    expect(await found(fake, 'The run')).toEqual(await found(fake, 'run'));
    expect(await found(fake, 'the late')).toEqual([['msgE1', E1]]);
    // a phrase of stop words only has no term: nothing
    expect(await found(fake, '"the"')).toEqual([]);
    // a negated stop word negates nothing
    expect(await found(fake, 'run -the -was')).toEqual(await found(fake, 'run'));
  });

  it('a negation excludes by stem; "-a-b" negates both, "a-b" is two words, "- a" no negation', async () => {
    const fake = englishFake();
    expect(await found(fake, 'run -mornings')).toEqual([
      ['msgE3', E3],
      ['msgE1', E1],
    ]);
    expect(await found(fake, 'run -morning-lately')).toEqual([['msgE3', E3]]);
    expect(await found(fake, 'late-morning')).toEqual([
      ['msgE2', E2],
      ['msgE1', E1],
    ]);
    expect(await found(fake, 'run - morning')).toEqual([
      ['msgE3', E3],
      ['msgE2', E2 * 2],
      ['msgE1', E1],
    ]);
    // only negations: no term, nothing
    expect(await found(fake, '-morning')).toEqual([]);
  });

  it('a phrase is matched on the text, stop words included, case and diacritics aside; its words are terms', async () => {
    const fake = englishFake();
    expect(await found(fake, '"WAS running"')).toEqual([['msgE1', E1]]);
    // a phrase is a part of the text, not whole words
    expect(await found(fake, '"was run"')).toEqual([['msgE1', E1]]);
    expect(await found(fake, '"running early"')).toEqual([]);
    expect(await found(fake, '"cafe is"')).toEqual([['msgE4', 0.5 * (1 / 3) + 0.5]]);
    expect(await found(fake, 'run "every morning"')).toEqual([['msgE2', E2 * 3]]);
    // a negated phrase excludes, its words are no terms
    expect(await found(fake, 'run -"every morning"')).toEqual([
      ['msgE3', E3],
      ['msgE1', E1],
    ]);
  });

  it.each(['5', '6', '7.10'] as ProfileId[])('%s reads English alike', async (profile) => {
    const fake = englishFake(profile);
    expect(await found(fake, 'running -late')).toEqual([
      ['msgE3', E3],
      ['msgE2', E2],
    ]);
    expect(await found(fake, 'the')).toEqual([]);
  });
});
