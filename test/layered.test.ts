import { LayeredMap } from '../src/store/layered';

describe('LayeredMap', () => {
  const base = new Map([
    ['a', 1],
    ['b', 2],
    ['c', 3],
  ]);

  it('reads through to the base and never writes to it', () => {
    const m = new LayeredMap(base);
    m.set('b', 20).set('d', 4);
    expect(m.delete('a')).toBe(true);
    expect(m.delete('a')).toBe(false);
    expect(m.get('a')).toBeUndefined();
    expect(m.has('a')).toBe(false);
    expect(m.get('b')).toBe(20);
    expect(m.get('d')).toBe(4);
    expect(m.size).toBe(3);
    expect([...m.entries()]).toEqual([
      ['b', 20],
      ['c', 3],
      ['d', 4],
    ]);
    expect([...base.entries()]).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    expect(m.changes).toBe(3);
  });

  it('re-adding a removed key and removing an added one keep the size right', () => {
    const m = new LayeredMap(base);
    m.delete('c');
    m.set('c', 30);
    m.set('e', 5);
    m.delete('e');
    expect(m.size).toBe(3);
    expect([...m.values()]).toEqual([1, 2, 30]);
    expect(m.has('e')).toBe(false);
  });

  it('stores undefined values faithfully', () => {
    const m = new LayeredMap(new Map<string, number | undefined>([['a', 1]]));
    m.set('a', undefined);
    expect(m.has('a')).toBe(true);
    expect(m.get('a')).toBeUndefined();
  });
});
