import request from 'supertest';

import { makeFake, getAs, postAs } from './support/fake';
import type { ScenarioInput } from '../src/scenario/schema';
import { WORLD } from './support/fake';
import { FORBIDDEN } from '../src/verify/expected';

const PATH = '/api/v1/channels.list';

function names(body: { channels: { name: string }[] }): string[] {
  return body.channels.map((c) => c.name);
}

describe('GET /api/v1/channels.list', () => {
  it('lists only public rooms, sorted by name, with count/offset/total', async () => {
    const res = await getAs(makeFake().app, 'alice', PATH);
    expect(res.status).toBe(200);
    expect(res.body).toMatchShape('channels.list');
    expect(names(res.body)).toEqual(['attic', 'club', 'general', 'news', 'random']);
    expect(res.body).toMatchObject({ count: 5, offset: 0, total: 5, success: true });
  });

  it('items omit joinCodeRequired, muted and joinCode; keep the rest of the wire shape', async () => {
    const res = await getAs(
      makeFake().app,
      'admin',
      `${PATH}?query=${encodeURIComponent('{"name":"club"}')}`,
    );
    expect(res.body.channels).toEqual([
      {
        _id: 'clubRoomId0000001',
        name: 'club',
        t: 'c',
        usernames: ['bob'],
        usersCount: 1,
        msgs: 0,
        u: { _id: 'bobUserId00000001', username: 'bob' },
        ts: '2026-01-01T00:00:00.000Z',
        ro: false,
        sysMes: true,
        _updatedAt: '2026-01-01T00:00:00.000Z',
      },
    ]);
  });

  it('a channel the scenario gave no ro has none', async () => {
    const res = await getAs(
      makeFake().app,
      'admin',
      `${PATH}?query=${encodeURIComponent('{"name":"general"}')}`,
    );
    expect(res.body.channels[0]).not.toHaveProperty('ro');
  });

  describe('who may list: view-c-room sees every public channel, view-joined-room the joined ones', () => {
    // gina (a guest: view-joined-room, no view-c-room) is a member of two public rooms and a private one
    const JOINED: ScenarioInput = {
      ...WORLD,
      channels: [
        ...(WORLD.channels ?? []).map((c) =>
          c.name === 'random' || c.name === 'news' || c.name === 'secret'
            ? { ...c, usernames: [...(c.usernames ?? ['admin']), 'gina'] }
            : c,
        ),
      ],
    };

    it('a guest who joined two public channels and a private one sees exactly the two', async () => {
      // 8.8 on: `fields` is accepted again (7.0 to 8.7 refuse it)
      const fake = makeFake({ scenario: JOINED, profile: '8.9' });
      const res = await getAs(fake.app, 'gina', PATH);
      expect(res.status).toBe(200);
      expect(res.body).toMatchShape('channels.list');
      expect(names(res.body)).toEqual(['news', 'random']);
      expect(res.body).toMatchObject({ count: 2, offset: 0, total: 2, success: true });
      // paging, sorting and fields work on the joined list as on the full one
      const page = await getAs(
        fake.app,
        'gina',
        `${PATH}?count=1&offset=1&sort={"name":-1}&fields={"name":1}`,
      );
      expect(page.body).toEqual({
        channels: [{ _id: 'newsRoomId0000001', name: 'news' }],
        count: 1,
        offset: 1,
        total: 2,
        success: true,
      });
    });

    it('a guest who joined none gets the empty list, not a 403', async () => {
      const res = await getAs(makeFake().app, 'gina', PATH);
      expect(res.status).toBe(200);
      expect(res.text).toBe('{"channels":[],"count":0,"offset":0,"total":0,"success":true}');
    });

    it('without view-joined-room too (a scenario takes it from guests): 403', async () => {
      const fake = makeFake({ scenario: { ...JOINED, permissions: { 'view-joined-room': [] } } });
      const res = await getAs(fake.app, 'gina', PATH);
      expect(res.status).toBe(403);
      expect(res.body).toEqual(FORBIDDEN);
      // and a role given view-joined-room alone lists its joined rooms
      const users = makeFake({
        scenario: { ...JOINED, permissions: { 'view-c-room': ['admin'], 'view-joined-room': ['user'] } },
      });
      expect(names((await getAs(users.app, 'alice', PATH)).body)).toEqual(['general']);
      expect((await getAs(users.app, 'gina', PATH)).status).toBe(403);
    });

    it('view-c-room wins: a bot has both and sees every public channel', async () => {
      const res = await getAs(makeFake({ scenario: JOINED }).app, 'robot', PATH);
      expect(names(res.body)).toEqual(['attic', 'club', 'general', 'news', 'random']);
    });

    it('the joined list follows changes: a room turned private leaves it, added members join it', async () => {
      const fake = makeFake({ scenario: JOINED, lenient: true });
      expect(names((await getAs(fake.app, 'gina', PATH)).body)).toEqual(['news', 'random']);
      await postAs(fake.app, 'admin', '/api/v1/channels.setType', { roomName: 'news', type: 'p' }).expect(
        200,
      );
      expect(names((await getAs(fake.app, 'gina', PATH)).body)).toEqual(['random']);
      fake.addChannel({ name: 'aaa-new', usernames: ['admin', 'gina'] });
      expect(names((await getAs(fake.app, 'gina', PATH)).body)).toEqual(['aaa-new', 'random']);
      await postAs(fake.app, 'admin', '/api/v1/channels.setType', { roomName: 'news', type: 'c' }).expect(
        200,
      );
      expect(names((await getAs(fake.app, 'gina', PATH)).body)).toEqual(['aaa-new', 'news', 'random']);
      // alice's page is hers, not the guest's cached one
      expect((await getAs(fake.app, 'alice', PATH)).body.total).toBe(6);
    });
  });

  describe('_id (Rocket.Chat 6.0 and later): one channel by id', () => {
    it('narrows the list to that channel, with the other parameters', async () => {
      const fake = makeFake();
      const res = await getAs(fake.app, 'alice', `${PATH}?_id=randomRoomId00001`);
      expect(res.status).toBe(200);
      expect(names(res.body)).toEqual(['random']);
      expect(res.body).toMatchObject({ count: 1, offset: 0, total: 1 });
      const withQuery = await getAs(fake.app, 'alice', `${PATH}?_id=randomRoomId00001&query={"ro":true}`);
      expect(withQuery.body).toMatchObject({ channels: [], count: 0, total: 0 });
      // a private room is not a channel; an unknown id is nothing; an empty one is no filter
      expect((await getAs(fake.app, 'admin', `${PATH}?_id=privateRoomId0001`)).body.total).toBe(0);
      expect((await getAs(fake.app, 'admin', `${PATH}?_id=nope`)).body.total).toBe(0);
      expect((await getAs(fake.app, 'admin', `${PATH}?_id=`)).body.total).toBe(5);
    });

    it('given twice it is refused (7.x: before the permission; 8.x: the typed query)', async () => {
      const res = await getAs(makeFake({ profile: '7.10' }).app, 'gina', `${PATH}?_id=a&_id=b`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        error: 'must be string [invalid-params]',
        errorType: 'invalid-params',
      });
      const typed = await getAs(makeFake().app, 'admin', `${PATH}?_id=a&_id=b`);
      expect(typed.status).toBe(400);
      expect(typed.body).toEqual({
        success: false,
        errorType: 'error-invalid-params',
        error: 'must be string',
      });
    });

    it('for a caller who sees only joined channels it is replaced by those, as the real server does', async () => {
      const scenario: ScenarioInput = {
        ...WORLD,
        channels: (WORLD.channels ?? []).map((c) =>
          c.name === 'random' ? { ...c, usernames: ['gina'] } : c,
        ),
      };
      const fake = makeFake({ scenario });
      expect(names((await getAs(fake.app, 'gina', `${PATH}?_id=GENERAL`)).body)).toEqual(['random']);
      expect(names((await getAs(fake.app, 'gina', `${PATH}?query={"_id":"GENERAL"}`)).body)).toEqual([
        'random',
      ]);
    });
  });

  it('parameter validation comes before the permission', async () => {
    const res = await getAs(makeFake().app, 'gina', `${PATH}?count=abc`);
    expect(res.status).toBe(400);
  });

  describe('pagination', () => {
    const big: ScenarioInput = { ...WORLD, generate: { channels: 150 } };
    const fake = makeFake({ scenario: big });
    const publicCount = fake.state().channels.filter((c) => c.t === 'c').length;

    it.each([
      ['defaults to 50', '', 50, 0],
      ['count=10&offset=5', '?count=10&offset=5', 10, 5],
      ['clamps count to 100', '?count=500', 100, 0],
      ['count=0 means all', '?count=0', publicCount, 0],
      ['offset past the end', '?offset=100000', 0, 100000],
      ['a fractional count is truncated', '?count=2.7', 2, 0],
    ])('%s', async (_name, query, count, offset) => {
      const res = await getAs(fake.app, 'admin', `${PATH}${query}`);
      expect(res.status).toBe(200);
      expect(res.body.channels).toHaveLength(count);
      expect(res.body).toMatchObject({ count, offset, total: publicCount });
    });

    it('pages are consecutive slices of one order', async () => {
      const all = names((await getAs(fake.app, 'admin', `${PATH}?count=0`)).body);
      const page = names((await getAs(fake.app, 'admin', `${PATH}?count=7&offset=20`)).body);
      expect(page).toEqual(all.slice(20, 27));
      expect([...all].sort()).toEqual(all);
    });

    it.each(['1e3', '0x10', ' 5'])(
      "count=%s is a number to the release's validator (ajv coerces it)",
      async (value) => {
        const res = await getAs(fake.app, 'admin', `${PATH}?count=${encodeURIComponent(value)}`);
        expect(res.status).toBe(200);
        expect(res.body.count).toBe(Math.min(Number(value), 100));
      },
    );

    it.each(['abc', '', '[1]'])(
      'count=%s is 400 error-invalid-params (8.8 on: the typed query)',
      async (value) => {
        const res = await getAs(fake.app, 'admin', `${PATH}?count=${encodeURIComponent(value)}`);
        expect(res.status).toBe(400);
        expect(res.body.errorType).toBe('error-invalid-params');
        expect(res.body.success).toBe(false);
      },
    );

    it('count=-1 passes the typed query; the paging rule refuses it', async () => {
      const res = await getAs(fake.app, 'admin', `${PATH}?count=-1`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        error: 'must be >= 0 [invalid-params]',
        errorType: 'invalid-params',
      });
    });

    it('non-numeric count and offset: the body of each release', async () => {
      const old = makeFake({ profile: '7.10' });
      for (const q of ['count=abc', 'offset=abc', 'count=1&count=2']) {
        const res = await getAs(fake.app, 'admin', `${PATH}?${q}`);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          success: false,
          errorType: 'error-invalid-params',
          error: 'must be number',
        });
        const seven = await getAs(old.app, 'admin', `${PATH}?${q}`);
        expect(seven.status).toBe(400);
        expect(seven.body).toEqual({
          success: false,
          error: 'must be number [invalid-params]',
          errorType: 'invalid-params',
        });
      }
    });
  });

  describe('sort', () => {
    it('sorts by any field, descending too, with ties in a stable order', async () => {
      const fake = makeFake();
      const desc = await getAs(fake.app, 'admin', `${PATH}?sort=${encodeURIComponent('{"name":-1}')}`);
      expect(names(desc.body)).toEqual(['random', 'news', 'general', 'club', 'attic']);
      const byMsgs = await getAs(
        fake.app,
        'admin',
        `${PATH}?sort=${encodeURIComponent('{"msgs":-1,"name":1}')}`,
      );
      expect(names(byMsgs.body)).toEqual(['random', 'attic', 'club', 'general', 'news']);
    });

    it.each(['{"name":', '{"name":2}', '{"name":"asc"}', '[1]', '"name"', '{"$where":1}'])(
      'sort=%s is 400 error-invalid-sort',
      async (raw) => {
        const res = await getAs(makeFake().app, 'admin', `${PATH}?sort=${encodeURIComponent(raw)}`);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          success: false,
          error: `Invalid sort parameter provided: "${raw}" [error-invalid-sort]`,
          errorType: 'error-invalid-sort',
          details: { helperMethod: 'parseJsonQuery' },
        });
      },
    );
  });

  describe('query', () => {
    const cases: [string, object, string[]][] = [
      ['equality', { name: 'news' }, ['news']],
      ['equality on a boolean', { ro: true }, ['news']],
      ['equality inside an array', { usernames: 'bob' }, ['club', 'general']],
      ['a dotted path', { 'u.username': 'alice' }, ['random']],
      ['$regex', { name: { $regex: '^(n|r)' } }, ['news', 'random']],
      ['$regex with $options', { name: { $regex: 'GEN', $options: 'i' } }, ['general']],
      ['$or', { $or: [{ name: 'news' }, { name: 'club' }] }, ['club', 'news']],
      ['$and', { $and: [{ ro: false }, { 'u.username': 'admin' }] }, ['attic']],
      ['a user-supplied t is overwritten', { t: 'p' }, ['attic', 'club', 'general', 'news', 'random']],
      ['t inside $or cannot reach private rooms', { $or: [{ t: 'p' }] }, []],
      ['joinCode is silently dropped', { joinCode: 'xyzzy' }, ['attic', 'club', 'general', 'news', 'random']],
      ['no match', { name: 'zzz' }, []],
    ];
    it.each(cases)('%s', async (_name, query, expected) => {
      const res = await getAs(
        makeFake().app,
        'admin',
        `${PATH}?query=${encodeURIComponent(JSON.stringify(query))}`,
      );
      expect(res.status).toBe(200);
      expect(names(res.body)).toEqual(expected);
      expect(res.body.total).toBe(expected.length);
    });

    it.each([
      '{"name":',
      '{"$where":"sleep(1000)"}',
      '{"name":{"$function":{"body":"return true","args":[],"lang":"js"}}}',
      '{"$expr":{"$eq":["$name","news"]}}',
      '{"name":{"$ne":"news"}}',
      '{"name":{"$regex":"("}}',
      '{"name":{"$regex":"a","$options":"g"}}',
      '{"$or":[]}',
      '{"$or":{"name":"news"}}',
      '[]',
      'null',
    ])('query=%s is 400 error-invalid-query, never evaluated', async (raw) => {
      const res = await getAs(makeFake().app, 'admin', `${PATH}?query=${encodeURIComponent(raw)}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        error: `Invalid query parameter provided: "${raw}" [error-invalid-query]`,
        errorType: 'error-invalid-query',
        details: { helperMethod: 'parseJsonQuery' },
      });
    });
  });

  // `fields` is accepted by 8.8's schema (7.0 to 8.7 refuse it: see 'across the eras')
  describe('fields', () => {
    it('an inclusion projection keeps _id', async () => {
      const res = await getAs(
        makeFake({ profile: '8.9' }).app,
        'admin',
        `${PATH}?fields=${encodeURIComponent('{"name":1}')}&count=2`,
      );
      expect(res.body.channels).toEqual([
        { _id: 'archivedRoomId001', name: 'attic' },
        { _id: 'clubRoomId0000001', name: 'club' },
      ]);
    });

    it('_id can be excluded from an inclusion', async () => {
      const res = await getAs(
        makeFake({ profile: '8.9' }).app,
        'admin',
        `${PATH}?fields=${encodeURIComponent('{"name":1,"_id":0}')}&count=1`,
      );
      expect(res.body.channels).toEqual([{ name: 'attic' }]);
    });

    it('an exclusion projection drops the named fields', async () => {
      const res = await getAs(
        makeFake({ profile: '8.9' }).app,
        'admin',
        `${PATH}?fields=${encodeURIComponent('{"msgs":0,"usernames":0}')}`,
      );
      for (const c of res.body.channels) {
        expect(c).not.toHaveProperty('msgs');
        expect(c).not.toHaveProperty('usernames');
        expect(c).toHaveProperty('name');
      }
    });

    it('a nested inclusion', async () => {
      const res = await getAs(
        makeFake({ profile: '8.9' }).app,
        'admin',
        `${PATH}?fields=${encodeURIComponent('{"u.username":1}')}&count=1`,
      );
      expect(res.body.channels).toEqual([{ _id: 'archivedRoomId001', u: { username: 'admin' } }]);
    });

    it('joinCode is silently dropped from fields', async () => {
      const res = await getAs(
        makeFake({ profile: '8.9' }).app,
        'admin',
        `${PATH}?fields=${encodeURIComponent('{"joinCode":1,"name":1}')}&count=1`,
      );
      expect(res.status).toBe(200);
      expect(res.body.channels).toEqual([{ _id: 'archivedRoomId001', name: 'attic' }]);
    });

    it.each(['{"name":', '{"name":1,"msgs":0}', '{"name":"yes"}', '[]', '{"$where":1}'])(
      'fields=%s is 400 error-invalid-fields',
      async (raw) => {
        const res = await getAs(
          makeFake({ profile: '8.9' }).app,
          'admin',
          `${PATH}?fields=${encodeURIComponent(raw)}`,
        );
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          success: false,
          error: `Invalid fields parameter provided: "${raw}" [error-invalid-fields]`,
          errorType: 'error-invalid-fields',
          details: { helperMethod: 'parseJsonQuery' },
        });
      },
    );
  });

  describe('reused responses are never stale', () => {
    it('the same page after a change shows the change; the same page twice is the same bytes', async () => {
      const fake = makeFake();
      const url = `${PATH}?query=${encodeURIComponent('{"name":"random"}')}`;
      const first = await getAs(fake.app, 'admin', url);
      const again = await getAs(fake.app, 'admin', url);
      expect(again.text).toBe(first.text);
      expect(first.body.channels[0].ro).toBe(false);
      await postAs(fake.app, 'admin', '/api/v1/channels.setReadOnly', {
        roomName: 'random',
        readOnly: true,
      }).expect(200);
      const after = await getAs(fake.app, 'admin', url);
      expect(after.body.channels[0]).toMatchObject({ ro: true, msgs: 6 });
      await request(fake.app).post('/__admin/channels').send({ name: 'rand' }).expect(201);
      const added = await getAs(
        fake.app,
        'admin',
        `${PATH}?query=${encodeURIComponent('{"name":{"$regex":"^rand"}}')}`,
      );
      expect(added.body.total).toBe(2);
      await request(fake.app).post('/__admin/reset').expect(200);
      expect((await getAs(fake.app, 'admin', url)).text).toBe(first.text);
    });

    it("a cached page is checked for permission every time, and is never another caller's", async () => {
      const fake = makeFake({ scenario: { ...WORLD, permissions: { 'view-joined-room': [] } } });
      expect((await getAs(fake.app, 'admin', PATH)).status).toBe(200);
      expect((await getAs(fake.app, 'gina', PATH)).status).toBe(403);
      const joined = makeFake();
      expect((await getAs(joined.app, 'admin', PATH)).body.total).toBe(5);
      expect((await getAs(joined.app, 'gina', PATH)).body.total).toBe(0);
    });
  });
});
