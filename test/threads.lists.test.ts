/**
 * `GET /api/v1/chat.getThreadsList`, `chat.getThreadMessages`, `chat.syncThreadMessages`,
 * `chat.syncThreadsList`: the answers, and the refusals of each release line in its order.
 */
import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { Message, ProfileId } from '../src/types';
import { AS, WORLD } from './support/fake';

const ROOT = 'msgRoot0000000001';
const OTHER = 'msgRoot0000000002';
const SECRET = 'msgSecretRoot0001';
const at = (s: number): string => new Date(Date.UTC(2025, 11, 31, 0, 0, s)).toISOString();

function fakeAs(profile?: ProfileId, settings?: Record<string, unknown>): FakeServer {
  return createFakeServer({
    scenario: {
      ...WORLD,
      messages: [
        { _id: ROOT, rid: 'GENERAL', msg: 'a Question', u: { username: 'alice' }, ts: at(1) },
        { _id: OTHER, rid: 'GENERAL', msg: 'another thread', u: { username: 'admin' }, ts: at(2) },
        {
          _id: 'msgReply000000001',
          rid: 'GENERAL',
          msg: 'one',
          tmid: ROOT,
          u: { username: 'bob' },
          ts: at(3),
        },
        {
          _id: 'msgReply000000002',
          rid: 'GENERAL',
          msg: 'two',
          tmid: OTHER,
          u: { username: 'bob' },
          ts: at(4),
        },
        {
          _id: 'msgReply000000003',
          rid: 'GENERAL',
          msg: 'three',
          tmid: ROOT,
          u: { username: 'admin' },
          ts: at(5),
        },
        { _id: 'msgPlain000000001', rid: 'GENERAL', msg: 'no thread', u: { username: 'admin' }, ts: at(6) },
        { _id: SECRET, rid: 'privateRoomId0001', msg: 'plan', u: { username: 'alice' }, ts: at(7) },
        {
          _id: 'msgSecretReply001',
          rid: 'privateRoomId0001',
          msg: 'ok',
          tmid: SECRET,
          u: { username: 'alice' },
          ts: at(8),
        },
      ],
      ...(settings ? { settings } : {}),
    },
    ...(profile ? { profile } : {}),
  });
}

type Who = keyof typeof AS;

function get(fake: FakeServer, who: Who, path: string): request.Test {
  return request(fake.app).get(`/api/v1/${path}`).set(AS[who]);
}

const snapshot = (fake: FakeServer): string =>
  JSON.stringify({ state: fake.state(), changes: fake.changes() });

async function refused(fake: FakeServer, path: string, expected: object, who: Who = 'bob'): Promise<void> {
  const before = snapshot(fake);
  const res = await get(fake, who, path);
  expect({ status: res.status, body: res.body as unknown }).toEqual({ status: 400, body: expected });
  expect(snapshot(fake)).toBe(before);
}

const ids = (list: { _id: string }[]): string[] => list.map((m) => m._id);
const meteor = (error: string, type: string): object => ({
  success: false,
  error: `${error} [${type}]`,
  errorType: type,
});
const THREADS_DISABLED = meteor('Threads Disabled', 'error-not-allowed');
const NOT_ALLOWED = meteor('Not Allowed', 'error-not-allowed');

describe('GET /api/v1/chat.getThreadsList (8.9)', () => {
  it("a room's threads, newest reply first; following, unread, text; a page", async () => {
    const fake = fakeAs();
    const all = await get(fake, 'bob', 'chat.getThreadsList?rid=GENERAL');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ count: 2, offset: 0, total: 2, success: true });
    expect(Object.keys(all.body as object)).toEqual(['threads', 'count', 'offset', 'total', 'success']);
    const threads = (all.body as { threads: Message[] }).threads;
    expect(ids(threads)).toEqual([ROOT, OTHER]);
    expect(threads[0]).toMatchObject({ tcount: 2, tlm: at(5) });
    // following: the admin replied to ROOT and started OTHER
    const following = await get(fake, 'alice', 'chat.getThreadsList?rid=GENERAL&type=following');
    expect(ids((following.body as { threads: Message[] }).threads)).toEqual([ROOT]);
    // text: any case, a part of the root's text
    const text = await get(fake, 'bob', 'chat.getThreadsList?rid=GENERAL&text=question');
    expect(ids((text.body as { threads: Message[] }).threads)).toEqual([ROOT]);
    const paged = await get(fake, 'bob', 'chat.getThreadsList?rid=GENERAL&count=1&offset=1');
    expect(paged.body).toMatchObject({ count: 1, offset: 1, total: 2 });
    expect(ids((paged.body as { threads: Message[] }).threads)).toEqual([OTHER]);
    const sorted = await get(
      fake,
      'bob',
      `chat.getThreadsList?rid=GENERAL&sort=${encodeURIComponent('{"tlm":1}')}`,
    );
    expect(ids((sorted.body as { threads: Message[] }).threads)).toEqual([OTHER, ROOT]);
  });

  it('unread: the threads in the caller’s subscription’s tunread', async () => {
    const fake = fakeAs();
    const none = await get(fake, 'alice', 'chat.getThreadsList?rid=GENERAL&type=unread');
    expect((none.body as { threads: Message[] }).threads).toEqual([]);
    await request(fake.app)
      .post('/api/v1/chat.sendMessage')
      .set(AS.bob)
      .send({ message: { rid: 'GENERAL', msg: 'more', tmid: ROOT } })
      .expect(200);
    const unread = await get(fake, 'alice', 'chat.getThreadsList?rid=GENERAL&type=unread');
    expect(ids((unread.body as { threads: Message[] }).threads)).toEqual([ROOT]);
  });

  it('refuses: the typed query, threads off, a room not seen or none; nothing changes', async () => {
    const fake = fakeAs();
    await refused(fake, 'chat.getThreadsList', {
      success: false,
      errorType: 'error-invalid-params',
      error: "must have required property 'rid'",
    });
    await refused(fake, 'chat.getThreadsList?rid=GENERAL&type=all', {
      success: false,
      errorType: 'error-invalid-params',
      error: 'must be equal to one of the allowed values',
    });
    await refused(fake, 'chat.getThreadsList?rid=privateRoomId0001', NOT_ALLOWED);
    await refused(fake, 'chat.getThreadsList?rid=nowhere', NOT_ALLOWED);
    await refused(
      fakeAs(undefined, { Threads_enabled: false }),
      'chat.getThreadsList?rid=GENERAL',
      THREADS_DISABLED,
    );
  });
});

describe('chat.getThreadsList per release line', () => {
  it('0.49: none of the thread routes (404)', async () => {
    const fake = fakeAs('0.49');
    for (const path of [
      'chat.getThreadsList?rid=GENERAL',
      `chat.getThreadMessages?tmid=${ROOT}`,
      `chat.syncThreadMessages?tmid=${ROOT}&updatedSince=${at(0)}`,
      `chat.syncThreadsList?rid=GENERAL&updatedSince=${at(0)}`,
    ])
      expect((await get(fake, 'bob', path)).status).toBe(404);
  });

  it('5: check(rid, String); any type is no filter; sort is read', async () => {
    const fake = fakeAs('5');
    await refused(fake, 'chat.getThreadsList', {
      success: false,
      error: 'Match error: Expected string, got undefined',
    });
    await refused(fake, 'chat.getThreadsList?rid=GENERAL&type=a&type=b', {
      success: false,
      error: 'Match error: Failed Match.OneOf, Match.Maybe or Match.Optional validation',
    });
    const res = await get(fake, 'bob', 'chat.getThreadsList?rid=GENERAL&type=all');
    expect(ids((res.body as { threads: Message[] }).threads)).toEqual([ROOT, OTHER]);
  });

  it('6: rest-typings without sort, query, fields; 7.0: type one of two', async () => {
    await refused(fakeAs('6'), 'chat.getThreadsList?rid=GENERAL&sort=%7B%7D', {
      success: false,
      error: 'must NOT have additional properties [invalid-params]',
      errorType: 'invalid-params',
    });
    const six = await get(fakeAs('6'), 'bob', 'chat.getThreadsList?rid=GENERAL&type=all');
    expect(six.status).toBe(200);
    await refused(fakeAs('7.0'), 'chat.getThreadsList?rid=GENERAL&type=all', {
      success: false,
      error: 'must be equal to one of the allowed values [invalid-params]',
      errorType: 'invalid-params',
    });
    await refused(
      fakeAs('7.0', { Threads_enabled: false }),
      'chat.getThreadsList?rid=GENERAL',
      THREADS_DISABLED,
    );
  });
});

describe('GET /api/v1/chat.getThreadMessages', () => {
  it("a thread's replies, oldest first, the root not among them; a page", async () => {
    const fake = fakeAs();
    const res = await get(fake, 'bob', `chat.getThreadMessages?tmid=${ROOT}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body as object)).toEqual(['messages', 'count', 'offset', 'total', 'success']);
    expect(res.body).toMatchObject({ count: 2, offset: 0, total: 2, success: true });
    expect(ids((res.body as { messages: Message[] }).messages)).toEqual([
      'msgReply000000001',
      'msgReply000000003',
    ]);
    const paged = await get(fake, 'bob', `chat.getThreadMessages?tmid=${ROOT}&count=1&offset=1`);
    expect(paged.body).toMatchObject({ count: 1, offset: 1, total: 2 });
    expect(ids((paged.body as { messages: Message[] }).messages)).toEqual(['msgReply000000003']);
    // a new reply is on the page at once
    const sent = await request(fake.app)
      .post('/api/v1/chat.sendMessage')
      .set(AS.alice)
      .send({ message: { rid: 'GENERAL', msg: 'four', tmid: ROOT } });
    const after = await get(fake, 'bob', `chat.getThreadMessages?tmid=${ROOT}`);
    expect(ids((after.body as { messages: Message[] }).messages)).toEqual([
      'msgReply000000001',
      'msgReply000000003',
      (sent.body as { message: Message }).message._id,
    ]);
  });

  it('8.8 on, aroundId: the page centred on that reply, oldest first; the root: the first page', async () => {
    const fake = fakeAs();
    const page = async (query: string): Promise<{ ids: string[]; offset: unknown; total: unknown }> => {
      const res = await get(fake, 'bob', `chat.getThreadMessages?tmid=${ROOT}&${query}`);
      expect(res.status).toBe(200);
      const body = res.body as { messages: Message[]; offset: unknown; total: unknown };
      return { ids: ids(body.messages), offset: body.offset, total: body.total };
    };
    // one reply before the target, count 2: offset max(0, 1 - 1) = 0
    expect(await page('aroundId=msgReply000000003&count=2&sort=%7B%22ts%22%3A-1%7D')).toEqual({
      ids: ['msgReply000000001', 'msgReply000000003'],
      offset: 0,
      total: 2,
    });
    expect(await page('aroundId=msgReply000000003&count=1&offset=0')).toEqual({
      ids: ['msgReply000000003'],
      offset: 1,
      total: 2,
    });
    expect(await page(`aroundId=${ROOT}&count=1&offset=1`)).toEqual({
      ids: ['msgReply000000001'],
      offset: 0,
      total: 2,
    });
    await refused(
      fake,
      `chat.getThreadMessages?tmid=${ROOT}&aroundId=msgReply000000002`,
      meteor('The provided "aroundId" does not belong to the thread', 'error-invalid-message'),
    );
    // 8.5 has no aroundId
    await refused(fakeAs('8.5'), `chat.getThreadMessages?tmid=${ROOT}&aroundId=msgReply000000003`, {
      success: false,
      error: 'must NOT have additional properties [invalid-params]',
      errorType: 'invalid-params',
    });
  });

  it('refuses per line: 5/6 threads first then tmid; 7.0 the validator; the root, its room', async () => {
    const off = { Threads_enabled: false };
    await refused(fakeAs('5', off), 'chat.getThreadMessages', THREADS_DISABLED);
    await refused(
      fakeAs('6'),
      'chat.getThreadMessages',
      meteor('The required "tmid" query param is missing.', 'error-invalid-params'),
    );
    await refused(fakeAs('7.0', off), 'chat.getThreadMessages', {
      success: false,
      error: "must have required property 'tmid' [invalid-params]",
      errorType: 'invalid-params',
    });
    await refused(fakeAs('7.10'), 'chat.getThreadMessages?tmid=', {
      success: false,
      error: 'must NOT have fewer than 1 characters [invalid-params]',
      errorType: 'invalid-params',
    });
    await refused(fakeAs('8.9'), 'chat.getThreadMessages?tmid=x&other=1', {
      success: false,
      errorType: 'error-invalid-params',
      error: 'must NOT have additional properties',
    });
    const fake = fakeAs();
    await refused(
      fake,
      'chat.getThreadMessages?tmid=nope',
      meteor('Invalid Message', 'error-invalid-message'),
    );
    await refused(fake, `chat.getThreadMessages?tmid=${SECRET}`, NOT_ALLOWED);
    await refused(fakeAs(undefined, off), `chat.getThreadMessages?tmid=${ROOT}`, THREADS_DISABLED);
  });
});

describe('GET /api/v1/chat.syncThreadMessages and chat.syncThreadsList', () => {
  it('the replies, and the threads, changed after updatedSince', async () => {
    const fake = fakeAs();
    const since = fake.clock.now();
    const none = await get(fake, 'bob', `chat.syncThreadMessages?tmid=${ROOT}&updatedSince=${since}`);
    expect(none.body).toEqual({ messages: { update: [], remove: [] }, success: true });
    const sent = await request(fake.app)
      .post('/api/v1/chat.sendMessage')
      .set(AS.alice)
      .send({ message: { rid: 'GENERAL', msg: 'four', tmid: ROOT } });
    const replies = await get(fake, 'bob', `chat.syncThreadMessages?tmid=${ROOT}&updatedSince=${since}`);
    const update = (replies.body as { messages: { update: Message[] } }).messages.update;
    expect(ids(update)).toEqual([(sent.body as { message: Message }).message._id]);
    const all = await get(fake, 'bob', `chat.syncThreadMessages?tmid=${ROOT}&updatedSince=${at(0)}`);
    expect((all.body as { messages: { update: Message[] } }).messages.update).toHaveLength(3);
    const threads = await get(fake, 'bob', `chat.syncThreadsList?rid=GENERAL&updatedSince=${since}`);
    expect(threads.body).toEqual({
      threads: { update: [expect.objectContaining({ _id: ROOT, tcount: 3 }) as unknown], remove: [] },
      success: true,
    });
  });

  it('refuses per line, in its order', async () => {
    const off = { Threads_enabled: false };
    await refused(fakeAs('5', off), 'chat.syncThreadMessages', THREADS_DISABLED);
    await refused(
      fakeAs('5'),
      'chat.syncThreadMessages',
      meteor('The required "tmid" query param is missing.', 'error-invalid-params'),
    );
    await refused(
      fakeAs('6'),
      `chat.syncThreadMessages?tmid=${ROOT}`,
      meteor('The required param "updatedSince" is missing.', 'error-updatedSince-param-invalid'),
    );
    await refused(
      fakeAs('6'),
      `chat.syncThreadMessages?tmid=${ROOT}&updatedSince=bad`,
      meteor('The "updatedSince" query parameter must be a valid date.', 'error-updatedSince-param-invalid'),
    );
    await refused(
      fakeAs('6'),
      `chat.syncThreadMessages?tmid=nope&updatedSince=${at(0)}`,
      meteor('Invalid Message', 'error-invalid-message'),
    );
    await refused(fakeAs('6'), `chat.syncThreadMessages?tmid=${SECRET}&updatedSince=${at(0)}`, NOT_ALLOWED);
    await refused(
      fakeAs('5'),
      'chat.syncThreadsList',
      meteor('The required "rid" query param is missing.', 'error-room-id-param-not-provided'),
    );
    await refused(
      fakeAs('5'),
      `chat.syncThreadsList?rid=privateRoomId0001&updatedSince=${at(0)}`,
      NOT_ALLOWED,
    );
    await refused(fakeAs('7.0'), `chat.syncThreadsList?rid=GENERAL`, {
      success: false,
      error: "must have required property 'updatedSince' [invalid-params]",
      errorType: 'invalid-params',
    });
    await refused(
      fakeAs('7.0'),
      `chat.syncThreadsList?rid=GENERAL&updatedSince=bad`,
      meteor('The "updatedSince" query parameter must be a valid date.', 'error-updatedSince-param-invalid'),
    );
    await refused(fakeAs('7.10'), `chat.syncThreadsList?rid=GENERAL&updatedSince=2020-01-01`, {
      success: false,
      error: 'must match format "iso-date-time" [invalid-params]',
      errorType: 'invalid-params',
    });
    await refused(fakeAs('8.9'), `chat.syncThreadMessages?tmid=${ROOT}&updatedSince=bad`, {
      success: false,
      errorType: 'error-invalid-params',
      error: 'must match format "iso-date-time"',
    });
    await refused(
      fakeAs('8.9', off),
      `chat.syncThreadsList?rid=GENERAL&updatedSince=${at(0)}`,
      THREADS_DISABLED,
    );
    // the format is the validator's: before Threads Disabled
    await refused(fakeAs('7.10', off), `chat.syncThreadMessages?tmid=${ROOT}&updatedSince=bad`, {
      success: false,
      error: 'must match format "iso-date-time" [invalid-params]',
      errorType: 'invalid-params',
    });
  });
});
