/** copyJson (src/json-copy.ts): the copy the store hands out of a document, member by member. */
import { copyJson } from '../src/json-copy';

describe('copyJson', () => {
  it('copies a document deeply: a change to the copy never reaches the original, and back', () => {
    const user = {
      _id: 'u1',
      emails: [{ address: 'a@example.com', verified: false }],
      roles: ['user'],
      settings: { preferences: { language: 'en', nested: [[1, 2], { x: null }] } },
      active: true,
      count: 0,
      none: null,
    };
    const copy = copyJson(user);
    expect(copy).toEqual(user);
    expect(copy).not.toBe(user);
    (copy.emails[0] as { verified: boolean }).verified = true;
    copy.roles.push('admin');
    copy.settings.preferences.language = 'de';
    expect(user.emails[0]).toEqual({ address: 'a@example.com', verified: false });
    expect(user.roles).toEqual(['user']);
    expect(user.settings.preferences.language).toBe('en');
    (user.settings.preferences.nested as unknown[]).push(3);
    expect(copy.settings.preferences.nested).toEqual([[1, 2], { x: null }]);
  });

  it('keeps the keys in their order, a member set to undefined too, as structuredClone does', () => {
    const doc = { b: 1, a: undefined, c: { z: 1, y: 2 } };
    const copy = copyJson(doc);
    expect(Object.keys(copy)).toEqual(['b', 'a', 'c']);
    expect(Object.keys(copy.c)).toEqual(['z', 'y']);
    expect(copy).toStrictEqual(structuredClone(doc));
  });

  it('copies what is not a plain value (a Date, bytes) with structuredClone: a new object of the same kind', () => {
    const when = new Date('2026-01-01T00:00:00.000Z');
    const bytes = new Uint8Array([1, 2, 3]);
    const copy = copyJson({ when, bytes, made: Object.assign(Object.create(null) as object, { k: 1 }) });
    // (a Date of Node's own realm: Jest's sandbox has its own Date constructor)
    expect(Object.prototype.toString.call(copy.when)).toBe('[object Date]');
    expect(copy.when).not.toBe(when);
    expect(copy.when.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(copy.bytes).toEqual(bytes);
    expect(copy.bytes).not.toBe(bytes);
    expect(copy.made).toEqual({ k: 1 });
  });

  it('passes primitives through', () => {
    expect(copyJson('x')).toBe('x');
    expect(copyJson(3)).toBe(3);
    expect(copyJson(null)).toBeNull();
    expect(copyJson(undefined)).toBeUndefined();
  });
});
