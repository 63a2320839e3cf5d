/**
 * The message overlay of a store (src/store/messages.ts): messages added since the baseline are
 * found by id whether or not a look-up came before (the id map is made at the first look-up and
 * kept from then on), deleted ones stay gone, and the order of `values()` and `changes()` is the
 * order they were added in.
 */
import { Messages, indexMessages } from '../src/store/messages';
import type { Message } from '../src/types';

const message = (n: number, rid = 'GENERAL'): Message =>
  ({
    _id: `m${String(n).padStart(3, '0')}`,
    rid,
    msg: `message ${n}`,
    ts: `2026-01-01T00:00:${String(n).padStart(2, '0')}.000Z`,
    u: { _id: 'u1', username: 'alice' },
    _updatedAt: `2026-01-01T00:00:${String(n).padStart(2, '0')}.000Z`,
  }) as Message;

describe('added messages by id', () => {
  const base = indexMessages([message(0)]);

  test('posts before any look-up, then look-ups, deletes, edits and more posts', () => {
    const messages = new Messages(base);
    for (let n = 1; n <= 5; n += 1) messages.add(message(n, n % 2 ? 'GENERAL' : 'random'));
    expect(messages.count).toBe(6);
    // the first look-up by id finds every post made before it
    expect(messages.get('m003')?.msg).toBe('message 3');
    expect(messages.get('m000')?.msg).toBe('message 0');
    expect(messages.get('m999')).toBeUndefined();
    messages.remove('m002');
    expect(messages.get('m002')).toBeUndefined();
    expect(messages.has('m002')).toBe(false);
    messages.replace({ ...message(4, 'random'), msg: 'edited' });
    expect(messages.get('m004')?.msg).toBe('edited');
    // posts after the map was made are in it too
    messages.add(message(6));
    expect(messages.get('m006')?.msg).toBe('message 6');
    // a deleted post still counts towards the next id's index
    expect(messages.count).toBe(7);
    expect([...messages.values()].map((m) => m._id)).toEqual([
      'm000',
      'm001',
      'm003',
      'm004',
      'm005',
      'm006',
    ]);
    expect(messages.changes().added.map((m) => [m._id, m.msg])).toEqual([
      ['m001', 'message 1'],
      ['m003', 'message 3'],
      ['m004', 'edited'],
      ['m005', 'message 5'],
      ['m006', 'message 6'],
    ]);
    expect(messages.history('random', { offset: 0, count: 0 }).messages.map((m) => m.msg)).toEqual([
      'edited',
    ]);
  });

  test('a delete or an edit as the first look-up finds the post; a baseline message is overlaid', () => {
    const messages = new Messages(base);
    messages.add(message(1));
    messages.add(message(2));
    messages.remove('m001');
    expect(messages.get('m001')).toBeUndefined();
    expect(messages.get('m002')?.msg).toBe('message 2');
    const edited = new Messages(base);
    edited.add(message(1));
    edited.replace({ ...message(1), msg: 'edited' });
    expect(edited.get('m001')?.msg).toBe('edited');
    edited.remove('m000');
    expect(edited.get('m000')).toBeUndefined();
    expect(edited.changes().removed.map((m) => m._id)).toEqual(['m000']);
    expect(edited.any).toBe(true);
  });
});
