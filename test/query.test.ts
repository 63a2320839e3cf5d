import type { Query } from '../src/store/query';
import { compileProjection, compileQuery, compileSort, matches, project, sortBy } from '../src/store/query';

/** compileQuery, asserting the query is in the supported subset */
function q(input: unknown): Query {
  const compiled = compileQuery(input);
  if (!compiled) throw new Error(`refused: ${JSON.stringify(input)}`);
  return compiled;
}

const doc = {
  _id: 'a',
  name: 'news',
  ro: true,
  n: 3,
  u: { username: 'alice' },
  usernames: ['alice', 'bob'],
  tags: [{ k: 'x' }],
};

describe('query engine', () => {
  const yes: unknown[] = [
    {},
    { name: 'news' },
    { n: 3 },
    { 'u.username': 'alice' },
    { usernames: 'bob' },
    { usernames: ['alice', 'bob'] },
    { 'tags.k': 'x' },
    { missing: null },
    { name: { $regex: '^NE', $options: 'i' } },
    { usernames: { $regex: '^b' } },
    { $or: [{ name: 'x' }, { n: 3 }] },
    { $and: [{ name: 'news' }, { ro: true }] },
    { u: { username: 'alice' } },
  ];
  it.each(yes.map((x) => [JSON.stringify(x), x]))('%s matches', (_s, query) => {
    expect(matches(doc, q(query))).toBe(true);
  });

  const no: unknown[] = [
    { name: 'News' },
    { n: '3' },
    { usernames: 'carol' },
    { ro: null },
    { $or: [{ name: 'x' }] },
    { u: {} },
  ];
  it.each(no.map((x) => [JSON.stringify(x), x]))('%s does not match', (_s, query) => {
    expect(matches(doc, q(query))).toBe(false);
  });

  it('never reads inherited properties', () => {
    expect(matches(doc, q(JSON.parse('{"constructor.name":"Object"}')))).toBe(false);
    expect(matches(doc, q(JSON.parse('{"__proto__":{}}')))).toBe(false);
  });

  const refused: unknown[] = [
    null,
    [],
    'x',
    { $where: 'true' },
    { $expr: {} },
    { name: { $ne: 1 } },
    { name: { $regex: 1 } },
    { name: { $regex: 'a', x: 1 } },
    { name: { $options: 'i' } },
    { $or: [] },
    { $or: [1] },
    { '': 1 },
    { 'a..b': 1 },
  ];
  it.each(refused.map((q) => [JSON.stringify(q), q]))('%s is refused', (_s, q) => {
    expect(compileQuery(q)).toBeUndefined();
  });

  it('hidden fields are dropped from queries and projections', () => {
    const hiddenQuery = compileQuery({ joinCode: 'x' }, ['joinCode']);
    expect(hiddenQuery && matches({ name: 'a' }, hiddenQuery)).toBe(true);
    expect(project({ _id: '1', name: 'a' }, compileProjection({ joinCode: 1 }, ['joinCode']))).toEqual({
      _id: '1',
      name: 'a',
    });
  });

  it('sorts by type rank then value, stable on ties', () => {
    const items = [
      { v: 'b', i: 0 },
      { v: 2, i: 1 },
      { i: 2 },
      { v: 'a', i: 3 },
      { v: 2, i: 4 },
      { v: true, i: 5 },
    ];
    const spec = compileSort({ v: 1 });
    if (!spec) throw new Error('sort refused');
    const sorted = sortBy([...items], spec);
    expect(sorted.map((x) => x.i)).toEqual([2, 1, 4, 3, 0, 5]);
    expect(compileSort({ v: 0 })).toBeUndefined();
    expect(compileSort({ v: '1' })).toBeUndefined();
  });

  it('projects inclusions in document order and exclusions', () => {
    const d = { _id: '1', a: 1, b: { c: 2, d: 3 }, e: 4 };
    expect(project(d, compileProjection({ e: 1, a: 1 }))).toEqual({ _id: '1', a: 1, e: 4 });
    expect(Object.keys(project(d, compileProjection({ e: 1, a: 1 })))).toEqual(['_id', 'a', 'e']);
    expect(project(d, compileProjection({ 'b.d': 1, _id: 0 }))).toEqual({ b: { d: 3 } });
    expect(project(d, compileProjection({ b: 0, _id: false }))).toEqual({ a: 1, e: 4 });
    expect(project(d, compileProjection({ 'b.c': 0 }))).toEqual({ _id: '1', a: 1, b: { d: 3 }, e: 4 });
    expect(compileProjection({ a: 1, e: 0 })).toBeUndefined();
  });
});
