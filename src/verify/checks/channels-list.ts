/** The checks of GET /api/v1/channels.list: the page, paging, sorting, query, fields and who sees what. */

import type { Check } from '../check';
import { lacking, objectOf } from '../context';
import { isSortedBy, listUrl, page, q } from './shared';

const LIST = 'GET /api/v1/channels.list';

/** The documented fields of a listed channel (`u`, `ro` and the optional ones aside). */
const LIST_FIELDS = ['_id', 'name', 't', 'usernames', 'usersCount', 'msgs', 'ts', 'sysMes', '_updatedAt'];
/** ISO 8601 UTC with milliseconds, as every timestamp on the wire. */
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export const LIST_CHECKS: readonly Check[] = [
  // ---- channels.list ----
  {
    id: 'channels.list.page',
    section: LIST,
    rule: 'channels.list: {channels, count (items returned), offset, total, success}; public rooms only, with their documented fields and ISO timestamps; sorted by name',
    async run(t) {
      const reply = await t.get('/api/v1/channels.list');
      const items = page(t, reply, 'channels');
      t.that(items.length <= 50, reply, 'more than 50 channels without count (the default is 50)');
      t.that(
        items.every((c) => c.t === 'c'),
        reply,
        'a room that is not t:"c" is listed',
      );
      t.that(isSortedBy(items, 'name'), reply, 'not sorted by name');
      for (const c of items) {
        const missing = lacking(c, LIST_FIELDS);
        t.that(missing.length === 0, reply, `channel ${String(c.name)} lacks ${missing.join(', ')}`);
        t.that(
          ISO.test(String(c.ts)) && ISO.test(String(c._updatedAt)),
          reply,
          `channel ${String(c.name)}: ts or _updatedAt is not ISO 8601 with milliseconds`,
        );
      }
    },
  },
  {
    id: 'channels.list.item-fields',
    section: LIST,
    rule: 'List items carry no joinCodeRequired, muted or joinCode',
    async run(t) {
      const reply = await t.get(listUrl(t, 'count=100'));
      const items = page(t, reply, 'channels');
      const carrying = items.find((c) => 'joinCodeRequired' in c || 'muted' in c || 'joinCode' in c);
      t.that(
        carrying === undefined,
        reply,
        `channel ${String(carrying?.name)} carries joinCodeRequired, muted or joinCode`,
      );
    },
  },
  {
    id: 'channels.list.paging',
    section: LIST,
    rule: 'offset and count page the list; count is clamped to 100; count=0 means all',
    needs: ['many-channels'],
    async run(t) {
      if (t.profile.listRefusesPagination)
        return t.skip(`profile ${t.profile.id}: its schema refused count and offset (see bad-paging)`);
      const two = page(t, await t.get('/api/v1/channels.list?count=2'), 'channels');
      const second = await t.get('/api/v1/channels.list?count=1&offset=1');
      const items = page(t, second, 'channels');
      t.that(objectOf(second.body).offset === 1, second, 'offset is not 1');
      if (two.length === 2)
        t.that(items[0]?._id === two[1]?._id, second, 'offset 1 is not the second channel');
      const all = await t.get('/api/v1/channels.list?count=0');
      const everything = page(t, all, 'channels');
      t.that(everything.length === objectOf(all.body).total, all, 'count=0 did not return every channel');
      if (t.facts.total <= 100) return 'the clamp to 100 not tried: the server lists 100 channels or fewer';
      const many = await t.get('/api/v1/channels.list?count=1000');
      t.that(page(t, many, 'channels').length === 100, many, 'count=1000 did not return exactly 100');
    },
  },
  {
    id: 'channels.list.bad-paging',
    section: LIST,
    rule: 'A count or offset that is not a number is 400 "must be number [invalid-params]" (7.0: paging is an unknown key, "must NOT have additional properties")',
    async run(t) {
      if (t.profile.validation === 'restivus')
        return t.skip(`profile ${t.profile.id}: no validator in that era (the answer is undefined)`);
      // 7.0's schema knew only _id and query: paging was refused as an unknown key
      const reason = t.profile.listRefusesPagination
        ? 'must NOT have additional properties'
        : 'must be number';
      t.exact(await t.get('/api/v1/channels.list?count=abc'), 400, t.era.invalidParams(reason));
      t.exact(await t.get('/api/v1/channels.list?offset=abc'), 400, t.era.invalidParams(reason));
      return undefined;
    },
  },
  {
    id: 'channels.list.bad-json',
    section: LIST,
    rule: 'Bad JSON in sort, query or fields is 400 error-invalid-sort / -query / -fields quoting the raw value, details {helperMethod:"parseJsonQuery"}',
    async run(t) {
      // 7.0's schema refused sort as an unknown key, before reading it
      t.exact(
        await t.get(`/api/v1/channels.list?sort=${q('{')}`),
        400,
        t.profile.listRefusesPagination
          ? t.era.invalidParams('must NOT have additional properties')
          : t.era.parseError('sort', '{'),
      );
      t.exact(await t.get(`/api/v1/channels.list?query=${q('{x')}`), 400, t.era.parseError('query', '{x'));
      // 6.x to 8.7 refuse fields before reading it (channels.list.fields)
      if (!t.profile.listRefusesFields)
        t.exact(await t.get(`/api/v1/channels.list?fields=${q('[')}`), 400, t.era.parseError('fields', '['));
    },
  },
  {
    id: 'channels.list.sort',
    section: LIST,
    rule: 'sort {"name":-1} reverses the order; a sort value other than 1 or -1 is error-invalid-sort',
    async run(t) {
      if (t.profile.listRefusesPagination)
        return t.skip(`profile ${t.profile.id}: its schema refused sort (see bad-json)`);
      const reply = await t.get(listUrl(t, `count=100&sort=${q('{"name":-1}')}`));
      const items = page(t, reply, 'channels');
      t.that(isSortedBy([...items].reverse(), 'name'), reply, 'not sorted by name, descending');
      const raw = '{"name":2}';
      t.exact(await t.get(`/api/v1/channels.list?sort=${q(raw)}`), 400, t.era.parseError('sort', raw));
      return undefined;
    },
  },
  {
    id: 'channels.list.query',
    section: LIST,
    rule: 'query matches by equality and $regex, is ANDed with t:"c" (a t in it is overwritten); $where and other operators are error-invalid-query',
    async run(t) {
      const first = t.facts.channels[0];
      if (!first) return t.skip('needs a public channel');
      const byName = await t.get(`/api/v1/channels.list?query=${q(JSON.stringify({ name: first.name }))}`);
      t.that(
        page(t, byName, 'channels').length === 1,
        byName,
        `query by name did not find ${first.name} alone`,
      );
      const pattern = `^${first.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
      const regex = await t.get(
        `/api/v1/channels.list?query=${q(JSON.stringify({ name: { $regex: pattern } }))}`,
      );
      t.that(page(t, regex, 'channels').length === 1, regex, '$regex did not find the channel alone');
      const typed = await t.get(listUrl(t, `count=1&query=${q('{"t":"p"}')}`));
      t.that(objectOf(typed.body).total === t.facts.total, typed, 'a t in query changed what is listed');
      const where = '{"$where":"1"}';
      t.exact(await t.get(`/api/v1/channels.list?query=${q(where)}`), 400, t.era.parseError('query', where));
    },
  },
  {
    id: 'channels.list.fields',
    section: LIST,
    rule: 'fields projects: {"name":1} leaves _id and name; {"msgs":0} drops msgs (6.x to 8.7 refuse fields: 400 invalid-params; 8.8 takes it again)',
    async run(t) {
      if (t.profile.listRefusesFields) {
        const refused = await t.get(`/api/v1/channels.list?count=5&fields=${q('{"name":1}')}`);
        t.exact(refused, 400, t.era.invalidParams('must NOT have additional properties'));
        return undefined;
      }
      const reply = await t.get(`/api/v1/channels.list?count=5&fields=${q('{"name":1}')}`);
      const items = page(t, reply, 'channels');
      const extra = items.find((c) => Object.keys(c).some((k) => k !== '_id' && k !== 'name'));
      t.that(extra === undefined, reply, `channel ${String(extra?.name)} has more than _id and name`);
      const without = await t.get(`/api/v1/channels.list?count=5&fields=${q('{"msgs":0}')}`);
      t.that(
        page(t, without, 'channels').every((c) => !('msgs' in c)),
        without,
        'msgs is still there',
      );
      return undefined;
    },
  },
  {
    id: 'channels.list.unknown-param',
    section: LIST,
    rule: 'A parameter channels.list does not take is 400 "must NOT have additional properties" (7.0 on: the schema\'s additionalProperties: false); earlier releases ignore it',
    async run(t) {
      const reply = await t.get(listUrl(t, 'count=1&rocketchatFakeVerify=1'));
      if (t.profile.listRefusesUnknown) {
        t.exact(reply, 400, t.era.invalidParams('must NOT have additional properties'));
        return undefined;
      }
      page(t, reply, 'channels');
      return undefined;
    },
  },
  {
    id: 'channels.list.join-code',
    section: LIST,
    rule: 'joinCode is never returned: dropped from query and fields alike',
    async run(t) {
      const plain = await t.get(listUrl(t, 'count=1'));
      const query = await t.get(listUrl(t, `count=1&query=${q('{"joinCode":"rcf-verify"}')}`));
      t.status(query, 200);
      t.that(
        objectOf(query.body).total === objectOf(plain.body).total,
        query,
        'a joinCode in query filtered the list',
      );
      if (t.profile.listRefusesFields) return undefined; // no fields at all in that era
      const fields = await t.get(`/api/v1/channels.list?count=5&fields=${q('{"joinCode":1}')}`);
      const items = page(t, fields, 'channels');
      t.that(
        items.every((c) => !('joinCode' in c)),
        fields,
        'joinCode returned through fields',
      );
      return undefined;
    },
  },
  {
    id: 'channels.list.joined-only',
    section: LIST,
    rule: 'A caller without view-c-room but with view-joined-room (a guest) gets 200 with only the channels it joined',
    needs: ['user2', 'guest'],
    async run(t) {
      const roles = t.facts.user2?.me.roles;
      const user2 = t.facts.user2;
      if (!user2) return t.skip('needs a second user (--user2) with the guest role');
      if (!Array.isArray(roles) || roles.length !== 1 || roles[0] !== 'guest')
        t.skip('needs --user2 to have the guest role alone');
      const reply = await t.get(listUrl(t, 'count=100'), 'user2');
      const items = page(t, reply, 'channels');
      const total = objectOf(reply.body).total;
      if (!t.profile.listPermission) {
        // the 0.49 era checked no permission: a guest listed every public channel
        t.that(total === t.facts.total, reply, 'the 0.49 era listed every public channel to every user');
        return undefined;
      }
      t.that(typeof total === 'number' && total < t.facts.total, reply, 'a guest sees every public channel');
      const username = user2.username;
      const stranger = items.find((c) => Array.isArray(c.usernames) && !c.usernames.includes(username));
      t.that(stranger === undefined, reply, `lists ${String(stranger?.name)}, which the guest did not join`);
      return undefined;
    },
  },
];
