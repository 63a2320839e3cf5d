/**
 * `GET /api/v1/chat.getDeletedMessages` and `chat.syncMessages`: the messages deleted kept in the
 * world's trash (bounded, a reset forgets them), the changes since a time, the cursor pages of
 * 7.10 on, and the refusals per release line.
 */
import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { ScenarioInput } from '../src/scenario/schema';
import { TRASH_KEPT, trashed } from '../src/store/state';
import type { TrashEntry } from '../src/store/state';
import type { ProfileId } from '../src/types';
import { AS } from './support/fake';
import { ACTIONS_WORLD } from './support/message-actions';

const DELETED = '/api/v1/chat.getDeletedMessages';
const SYNC = '/api/v1/chat.syncMessages';

const WORLD: ScenarioInput = {
  ...ACTIONS_WORLD,
  messages: [
    ...(ACTIONS_WORLD.messages ?? []),
    { _id: 'msgOld01', rid: 'GENERAL', msg: 'one', u: { username: 'alice' }, ts: '2025-12-01T00:00:00.000Z' },
    { _id: 'msgOld02', rid: 'GENERAL', msg: 'two', u: { username: 'alice' }, ts: '2025-12-02T00:00:00.000Z' },
    { _id: 'msgOld03', rid: 'GENERAL', msg: 'three', u: { username: 'bob' }, ts: '2025-12-03T00:00:00.000Z' },
  ],
};

function fakeAs(profile?: ProfileId): FakeServer {
  return createFakeServer({ scenario: WORLD, ...(profile ? { profile } : {}) });
}

async function get(
  fake: FakeServer,
  path: string,
  query: Record<string, string>,
  who: keyof typeof AS = 'alice',
): Promise<{ status: number; body: unknown }> {
  const res = await request(fake.app).get(path).query(query).set(AS[who]);
  return { status: res.status, body: res.body as unknown };
}

async function remove(fake: FakeServer, msgId: string, who: keyof typeof AS = 'alice'): Promise<void> {
  await request(fake.app)
    .post('/api/v1/chat.delete')
    .set(AS[who])
    .send({ roomId: 'GENERAL', msgId })
    .expect(200);
}

const snapshot = (fake: FakeServer): string =>
  JSON.stringify({ state: fake.state(), changes: fake.changes() });

async function refused(
  fake: FakeServer,
  path: string,
  query: Record<string, string>,
  body: object,
): Promise<void> {
  const before = snapshot(fake);
  expect(await get(fake, path, query)).toEqual({ status: 400, body });
  expect(snapshot(fake)).toBe(before);
}

const SINCE = '2020-01-01T00:00:00.000Z';

describe('GET /api/v1/chat.getDeletedMessages (8.9)', () => {
  it("lists a room's deleted messages since a time, in the order deleted, a page; any caller; a reset forgets them", async () => {
    const fake = fakeAs();
    expect(await get(fake, DELETED, { roomId: 'GENERAL', since: SINCE })).toEqual({
      status: 200,
      body: { messages: [], count: 0, offset: 0, total: 0, success: true },
    });
    await remove(fake, 'msgOld02'); // at 00:00:01
    await remove(fake, 'msgOld01'); // at 00:00:02
    await remove(fake, 'msgOld03', 'admin'); // at 00:00:03
    expect(await get(fake, DELETED, { roomId: 'GENERAL', since: SINCE })).toEqual({
      status: 200,
      body: {
        messages: [{ _id: 'msgOld02' }, { _id: 'msgOld01' }, { _id: 'msgOld03' }],
        count: 3,
        offset: 0,
        total: 3,
        success: true,
      },
    });
    // at or after `since`; a page of it
    expect(
      await get(fake, DELETED, {
        roomId: 'GENERAL',
        since: '2026-01-01T00:00:02.000Z',
        offset: '1',
        count: '5',
      }),
    ).toEqual({
      status: 200,
      body: { messages: [{ _id: 'msgOld03' }], count: 1, offset: 1, total: 2, success: true },
    });
    // no access check: bob is not in the secret room, gina in none
    expect(await get(fake, DELETED, { roomId: 'GENERAL', since: SINCE }, 'gina')).toMatchObject({
      status: 200,
    });
    expect(await get(fake, DELETED, { roomId: 'privateRoomId0001', since: SINCE }, 'bob')).toEqual({
      status: 200,
      body: { messages: [], count: 0, offset: 0, total: 0, success: true },
    });
    fake.reset();
    expect(await get(fake, DELETED, { roomId: 'GENERAL', since: SINCE })).toMatchObject({
      body: { total: 0 },
    });
  });

  it('refuses: the typed query (since an iso-date-time), nothing changing', async () => {
    const fake = fakeAs();
    await refused(
      fake,
      DELETED,
      { roomId: 'GENERAL' },
      {
        success: false,
        errorType: 'error-invalid-params',
        error: "must have required property 'since'",
      },
    );
    for (const since of ['bad', '2020-01-01'])
      await refused(
        fake,
        DELETED,
        { roomId: 'GENERAL', since },
        {
          success: false,
          errorType: 'error-invalid-params',
          error: 'must match format "iso-date-time"',
        },
      );
    await refused(
      fake,
      DELETED,
      { roomId: '', since: SINCE },
      {
        success: false,
        errorType: 'error-invalid-params',
        error: 'must NOT have fewer than 1 characters',
      },
    );
  });

  it('the trash is bounded: past 10,000 entries the oldest are forgotten', () => {
    const list: TrashEntry[] = [];
    for (let i = 0; i <= TRASH_KEPT; i += 1)
      trashed(list, { _id: `m${i}`, _deletedAt: '2026-01-01T00:00:00.000Z', rid: 'GENERAL' });
    expect(TRASH_KEPT).toBe(10_000);
    expect(list).toHaveLength(TRASH_KEPT);
    expect([list[0]?._id, list.at(-1)?._id]).toEqual(['m1', `m${TRASH_KEPT}`]);
  });
});

describe('chat.getDeletedMessages per release line', () => {
  it('0.49 has none: 404', async () => {
    expect((await get(fakeAs('0.49'), DELETED, { roomId: 'GENERAL', since: SINCE })).status).toBe(404);
  });

  it.each<ProfileId>(['5', '6'])(
    '%s: the one-argument hand checks (the text is the type)',
    async (profile) => {
      const fake = fakeAs(profile);
      const sentence = (text: string): object => ({ success: false, error: `[${text}]`, errorType: text });
      await refused(
        fake,
        DELETED,
        { since: SINCE },
        sentence('The required "roomId" query param is missing.'),
      );
      await refused(
        fake,
        DELETED,
        { roomId: 'GENERAL' },
        sentence('The required "since" query param is missing.'),
      );
      await refused(
        fake,
        DELETED,
        { roomId: 'GENERAL', since: 'bad' },
        sentence('The "since" query parameter must be a valid date.'),
      );
      await remove(fake, 'msgOld01');
      expect(await get(fake, DELETED, { roomId: 'GENERAL', since: '2020-01-01' })).toMatchObject({
        status: 200,
        body: { messages: [{ _id: 'msgOld01' }], total: 1 },
      });
    },
  );

  it('7.0: strings alone (a date without time passes; an invalid one finds nothing)', async () => {
    const fake = fakeAs('7.0');
    await remove(fake, 'msgOld01');
    expect(await get(fake, DELETED, { roomId: 'GENERAL', since: '2020-01-01' })).toMatchObject({
      body: { total: 1 },
    });
    expect(await get(fake, DELETED, { roomId: 'GENERAL', since: 'bad' })).toMatchObject({
      status: 200,
      body: { messages: [], total: 0 },
    });
    await refused(
      fake,
      DELETED,
      { roomId: 'GENERAL' },
      {
        success: false,
        error: "must have required property 'since' [invalid-params]",
        errorType: 'invalid-params',
      },
    );
  });
});

describe('GET /api/v1/chat.syncMessages (8.9)', () => {
  it('since lastUpdate: the messages changed (newest first, stars cut to the caller) and those deleted (newest first)', async () => {
    const fake = fakeAs();
    await request(fake.app)
      .post('/api/v1/chat.starMessage')
      .set(AS.bob)
      .send({ messageId: 'msgOld02' })
      .expect(200);
    await remove(fake, 'msgOld01');
    await remove(fake, 'msgOld03', 'admin');
    const { status, body } = await get(fake, SYNC, {
      roomId: 'GENERAL',
      lastUpdate: '2025-12-31T00:00:00.000Z',
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      result: {
        updated: [
          expect.objectContaining({ _id: 'msgGeneral0000001' }),
          expect.objectContaining({ _id: 'msgOld02', starred: [], _updatedAt: '2026-01-01T00:00:01.000Z' }),
        ],
        deleted: [
          { _id: 'msgOld03', _deletedAt: '2026-01-01T00:00:03.000Z' },
          { _id: 'msgOld01', _deletedAt: '2026-01-01T00:00:02.000Z' },
        ],
      },
      success: true,
    });
    expect(await get(fake, SYNC, { roomId: 'GENERAL', lastUpdate: '2026-01-01T00:00:02.000Z' })).toEqual({
      status: 200,
      body: {
        result: { updated: [], deleted: [{ _id: 'msgOld03', _deletedAt: '2026-01-01T00:00:03.000Z' }] },
        success: true,
      },
    });
  });

  it('cursor pages (type, next / previous, count) and the cursors around them', async () => {
    const fake = fakeAs();
    await remove(fake, 'msgOld01'); // 1767225601000
    await remove(fake, 'msgOld02'); // 1767225602000
    await remove(fake, 'msgOld03', 'admin'); // 1767225603000
    const page = async (query: Record<string, string>): Promise<unknown> =>
      (await get(fake, SYNC, { roomId: 'GENERAL', type: 'DELETED', ...query })).body;
    expect(await page({ next: '0', count: '2' })).toEqual({
      result: {
        updated: [],
        deleted: [
          { _id: 'msgOld01', _deletedAt: '2026-01-01T00:00:01.000Z' },
          { _id: 'msgOld02', _deletedAt: '2026-01-01T00:00:02.000Z' },
        ],
        cursor: { next: '1767225602000', previous: '1767225601000' },
      },
      success: true,
    });
    expect(await page({ next: '1767225602000', count: '2' })).toEqual({
      result: {
        updated: [],
        deleted: [{ _id: 'msgOld03', _deletedAt: '2026-01-01T00:00:03.000Z' }],
        cursor: { next: null, previous: '1767225603000' },
      },
      success: true,
    });
    expect(await page({ previous: '1767225603000', count: '1' })).toEqual({
      result: {
        updated: [],
        deleted: [{ _id: 'msgOld02', _deletedAt: '2026-01-01T00:00:02.000Z' }],
        cursor: { next: '1767225602000', previous: '1767225602000' },
      },
      success: true,
    });
    expect(await page({ next: '1767225603000' })).toEqual({
      result: { updated: [], deleted: [], cursor: { next: null, previous: null } },
      success: true,
    });
    // UPDATED: by _updatedAt (the scenario's messages at the clock's start)
    expect(await page({ type: 'UPDATED', next: '0' })).toEqual({
      result: {
        updated: [expect.objectContaining({ _id: 'msgGeneral0000001' })],
        deleted: [],
        // all of it on one page: no next
        cursor: { next: null, previous: '1767225600000' },
      },
      success: true,
    });
    // a type without a cursor: the method answers the history, the route lists nothing
    expect(await page({})).toEqual({ result: { updated: [], deleted: [] }, success: true });
  });

  it("refuses: the typed query, the route's checks, then messages/get's (access first)", async () => {
    const fake = fakeAs();
    const typed = (error: string): object => ({ success: false, errorType: 'error-invalid-params', error });
    await refused(fake, SYNC, {}, typed("must have required property 'roomId'"));
    await refused(
      fake,
      SYNC,
      { roomId: 'GENERAL', type: 'ALL' },
      typed('must be equal to one of the allowed values'),
    );
    await refused(
      fake,
      SYNC,
      { roomId: 'GENERAL', fromTs: 'bad' },
      typed('must match format "iso-date-time"'),
    );
    await refused(
      fake,
      SYNC,
      { roomId: '', lastUpdate: SINCE },
      {
        success: false,
        error: 'The required "roomId" query param is missing [error-param-required]',
        errorType: 'error-param-required',
      },
    );
    await refused(
      fake,
      SYNC,
      { roomId: 'GENERAL' },
      {
        success: false,
        error: 'The "type" or "lastUpdate" parameters must be provided [error-param-required]',
        errorType: 'error-param-required',
      },
    );
    await refused(
      fake,
      SYNC,
      { roomId: 'GENERAL', lastUpdate: 'bad' },
      {
        success: false,
        error: 'The "lastUpdate" query parameter must be a valid date [error-lastUpdate-param-invalid]',
        errorType: 'error-lastUpdate-param-invalid',
      },
    );
    const before = snapshot(fake);
    expect(await get(fake, SYNC, { roomId: 'privateRoomId0001', lastUpdate: SINCE }, 'bob')).toEqual({
      status: 400,
      body: {
        success: false,
        error: 'Not allowed [error-not-allowed]',
        errorType: 'error-not-allowed',
        details: { method: 'messages/get' },
      },
    });
    expect(snapshot(fake)).toBe(before);
    await refused(
      fake,
      SYNC,
      { roomId: 'GENERAL', next: '1', lastUpdate: SINCE }, // (without lastUpdate the route's own check comes first)
      {
        success: false,
        error:
          'The "type" parameter is required when using the "next" or "previous" parameters [error-type-param-required]',
        errorType: 'error-type-param-required',
      },
    );
    await refused(
      fake,
      SYNC,
      { roomId: 'GENERAL', type: 'UPDATED', next: '1', previous: '2' },
      {
        success: false,
        error: 'You cannot provide both "next" and "previous" parameters [error-cursor-conflict]',
        errorType: 'error-cursor-conflict',
      },
    );
    await refused(
      fake,
      SYNC,
      { roomId: 'GENERAL', type: 'UPDATED', next: '1', lastUpdate: SINCE },
      {
        success: false,
        error:
          'The attributes "next", "previous" and "lastUpdate" cannot be used together [error-cursor-and-lastUpdate-conflict]',
        errorType: 'error-cursor-and-lastUpdate-conflict',
      },
    );
    await refused(
      fake,
      SYNC,
      { roomId: 'GENERAL', type: 'UPDATED', next: 'soon' },
      {
        success: false,
        error: 'Invalid Date',
      },
    );
  });
});

describe('chat.syncMessages per release line', () => {
  it('0.49 has none: 404', async () => {
    expect((await get(fakeAs('0.49'), SYNC, { roomId: 'GENERAL', lastUpdate: SINCE })).status).toBe(404);
  });

  it('5: the hand checks, and {success: false} for a room not seen', async () => {
    const fake = fakeAs('5');
    await refused(
      fake,
      SYNC,
      { lastUpdate: SINCE },
      {
        success: false,
        error: 'The required "roomId" query param is missing. [error-roomId-param-not-provided]',
        errorType: 'error-roomId-param-not-provided',
      },
    );
    await refused(
      fake,
      SYNC,
      { roomId: 'GENERAL' },
      {
        success: false,
        error: 'The required "lastUpdate" query param is missing. [error-lastUpdate-param-not-provided]',
        errorType: 'error-lastUpdate-param-not-provided',
      },
    );
    await refused(
      fake,
      SYNC,
      { roomId: 'GENERAL', lastUpdate: 'bad' },
      {
        success: false,
        error: 'The "lastUpdate" query parameter must be a valid date. [error-roomId-param-invalid]',
        errorType: 'error-roomId-param-invalid',
      },
    );
    expect(await get(fake, SYNC, { roomId: 'privateRoomId0001', lastUpdate: SINCE }, 'bob')).toEqual({
      status: 400,
      body: { success: false },
    });
    await remove(fake, 'msgOld01');
    expect(await get(fake, SYNC, { roomId: 'GENERAL', lastUpdate: '2026-01-01T00:00:00.500Z' })).toEqual({
      status: 200,
      body: {
        result: { updated: [], deleted: [{ _id: 'msgOld01', _deletedAt: '2026-01-01T00:00:01.000Z' }] },
        success: true,
      },
    });
  });

  it.each<ProfileId>(['6', '7.0'])('%s: roomId and lastUpdate both required; no cursor', async (profile) => {
    const fake = fakeAs(profile);
    await refused(
      fake,
      SYNC,
      { roomId: 'GENERAL' },
      {
        success: false,
        error: "must have required property 'lastUpdate' [invalid-params]",
        errorType: 'invalid-params',
      },
    );
    await refused(
      fake,
      SYNC,
      { roomId: 'GENERAL', lastUpdate: SINCE, type: 'UPDATED' },
      {
        success: false,
        error: 'must NOT have additional properties [invalid-params]',
        errorType: 'invalid-params',
      },
    );
    await refused(
      fake,
      SYNC,
      { roomId: 'GENERAL', lastUpdate: '' },
      {
        success: false,
        error: 'The "type" or "lastUpdate" parameters must be provided [error-param-required]',
        errorType: 'error-param-required',
      },
    );
  });

  it('7.10: the cursor, the legacy envelope', async () => {
    const fake = fakeAs('7.10');
    await refused(
      fake,
      SYNC,
      { roomId: 'GENERAL', type: 'ALL' },
      {
        success: false,
        error: 'must be equal to one of the allowed values [invalid-params]',
        errorType: 'invalid-params',
      },
    );
    // the oldest of the room's four messages first (2025-12-01), two to a page
    expect(
      await get(fake, SYNC, { roomId: 'GENERAL', type: 'UPDATED', next: '0', count: '2' }),
    ).toMatchObject({
      status: 200,
      body: {
        result: {
          updated: [{ _id: 'msgOld01' }, { _id: 'msgOld02' }],
          cursor: { next: '1764633600000', previous: '1764547200000' },
        },
      },
    });
  });
});
