/**
 * `GET /api/v1/chat.search`'s attachment operators as the real parser reads them
 * (`parseMessageSearchQuery`): `label:<word>` on the first attachment's `labels`, `file-desc:<word>`
 * on any attachment's `description`, `file-title:<word>` on any attachment's `title`, each an
 * escaped case-insensitive pattern (on RE2), the keywords themselves lower case only.
 */
import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { ScenarioInput } from '../src/scenario/schema';
import type { ProfileId } from '../src/types';
import { AS, WORLD } from './support/fake';

const SCENARIO: ScenarioInput = {
  ...WORLD,
  messages: [
    {
      _id: 'msgPhoto000000001',
      rid: 'GENERAL',
      msg: 'look at this',
      u: { username: 'alice' },
      ts: '2025-12-01T10:00:00.000Z',
      attachments: [{ title: 'Holiday photo', description: 'Beach at SUNSET', labels: ['Beach', 'Ocean'] }],
    },
    {
      _id: 'msgTwoFiles000001',
      rid: 'GENERAL',
      msg: 'two files',
      u: { username: 'bob' },
      ts: '2025-12-02T10:00:00.000Z',
      attachments: [{ title: 'notes' }, { description: 'a sunset too', labels: ['beach'] }],
    },
    {
      _id: 'msgWords000000001',
      rid: 'GENERAL',
      msg: 'the label beach is a word here',
      u: { username: 'alice' },
      ts: '2025-12-03T10:00:00.000Z',
    },
    {
      _id: 'msgSecret00000001',
      rid: 'privateRoomId0001',
      msg: 'secret photo',
      u: { username: 'alice' },
      ts: '2025-12-04T10:00:00.000Z',
      attachments: [{ description: 'sunset', labels: ['beach'] }],
    },
  ],
};

function fakeAs(profile?: ProfileId): FakeServer {
  return createFakeServer({ scenario: SCENARIO, ...(profile ? { profile } : {}) });
}

/** The ids (and scores) a search of GENERAL finds. */
async function found(fake: FakeServer, searchText: string): Promise<unknown[]> {
  const res = await request(fake.app)
    .get('/api/v1/chat.search')
    .query({ roomId: 'GENERAL', searchText })
    .set(AS.alice);
  expect(res.status).toBe(200);
  return (res.body as { messages: { _id: string; score?: number }[] }).messages.map((m) =>
    m.score === undefined ? m._id : [m._id, m.score],
  );
}

describe('chat.search: label:, file-desc:, file-title:', () => {
  it('label: reads the first attachment’s labels only, any case, a part of one', async () => {
    const fake = fakeAs();
    const before = JSON.stringify({ state: fake.state(), changes: fake.changes() });
    expect(await found(fake, 'label:beach')).toEqual(['msgPhoto000000001']);
    expect(await found(fake, 'label:OCEAN')).toEqual(['msgPhoto000000001']);
    expect(await found(fake, 'label:ea')).toEqual(['msgPhoto000000001']);
    expect(await found(fake, 'label:forest')).toEqual([]);
    // nothing written
    expect(JSON.stringify({ state: fake.state(), changes: fake.changes() })).toBe(before);
  });

  it('file-desc: and file-title: read any attachment', async () => {
    const fake = fakeAs();
    expect(await found(fake, 'file-desc:sunset')).toEqual(['msgTwoFiles000001', 'msgPhoto000000001']);
    expect(await found(fake, 'file-desc:SUN')).toEqual(['msgTwoFiles000001', 'msgPhoto000000001']);
    expect(await found(fake, 'file-title:holiday')).toEqual(['msgPhoto000000001']);
    expect(await found(fake, 'file-title:notes')).toEqual(['msgTwoFiles000001']);
  });

  it('they combine with each other, with the other operators and with a text; the last of a kind counts', async () => {
    const fake = fakeAs();
    expect(await found(fake, 'label:beach file-desc:sunset')).toEqual(['msgPhoto000000001']);
    expect(await found(fake, 'file-desc:sunset from:bob')).toEqual(['msgTwoFiles000001']);
    expect(await found(fake, 'file-desc:sunset order:asc')).toEqual([
      'msgPhoto000000001',
      'msgTwoFiles000001',
    ]);
    // 'look at this': "at" and "this" are stop words, "look" its only term
    expect(await found(fake, 'file-desc:sunset look')).toEqual([['msgPhoto000000001', 1]]);
    expect(await found(fake, 'file-title:nothing file-title:notes')).toEqual(['msgTwoFiles000001']);
  });

  it('only the lower-case keyword followed by a word is an operator: the rest is text', async () => {
    const fake = fakeAs();
    // `LABEL:beach` is not consumed: the word search finds "label" and "beach" in the text
    expect(await found(fake, 'LABEL:beach')).toEqual([['msgWords000000001', expect.any(Number)]]);
    // a quote is no word character: `label:"beach"` stays text too (a phrase)
    expect(await found(fake, 'label:"beach"')).toEqual([['msgWords000000001', expect.any(Number)]]);
  });

  it.each(['5', '6', '7.10'] as ProfileId[])('%s reads them alike', async (profile) => {
    const fake = fakeAs(profile);
    expect(await found(fake, 'label:beach')).toEqual(['msgPhoto000000001']);
    expect(await found(fake, 'file-desc:sunset')).toEqual(['msgTwoFiles000001', 'msgPhoto000000001']);
  });
});
