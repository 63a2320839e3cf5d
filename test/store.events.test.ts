/**
 * The store's change events (src/store/events.ts): each command commits once at its write and
 * tells what it wrote, in order; a refused command commits nothing. The realtime observer's
 * message events follow from the same commits.
 */
import { ApiError } from '../src/errors';
import { storeRulesOf } from '../src/operations/store-rules';
import { profileOf } from '../src/profiles';
import { resolveScenario } from '../src/scenario/resolve';
import { buildBaseline } from '../src/store/baseline';
import { DEFAULT_RULES } from '../src/store/rules';
import { Store } from '../src/store/store';
import type { ChangeEvent, MessageEvent, StoreOptions } from '../src/store/store';
import type { User } from '../src/types';

const WORLD = resolveScenario({
  seed: 7,
  users: [
    { username: 'admin', password: 'pw', roles: ['admin'] },
    { username: 'alice', password: 'pw' },
    { username: 'bob', password: 'pw' },
  ],
  channels: [
    { name: 'general', ro: false, usernames: ['admin', 'alice'] },
    { name: 'random', ro: false, usernames: ['admin'] },
  ],
});

interface Watched {
  store: Store;
  changes: (readonly ChangeEvent[])[];
  messages: MessageEvent[];
  user(name: string): User;
  roomId(name: string): string;
}

function watched(options: StoreOptions = {}): Watched {
  const changes: (readonly ChangeEvent[])[] = [];
  const messages: MessageEvent[] = [];
  const store = new Store(buildBaseline(structuredClone(WORLD)), {
    ...options,
    onChange: (events) => changes.push(events),
    observer: (event) => messages.push(event),
  });
  return {
    store,
    changes,
    messages,
    user: (name) => store.userNamed(name) as User,
    roomId: (name) => store.findRoomId(name) as string,
  };
}

/** Each event as `kind op` (and the subscription's user id, or the message's type), in order. */
function summary(events: readonly ChangeEvent[]): string[] {
  return events.map((event) => {
    if (event.kind === 'subscription') return `subscription ${event.op} ${event.uid}`;
    if (event.kind === 'message') return `message ${event.op}${event.message.t ? ` ${event.message.t}` : ''}`;
    if (event.kind === 'settings') return 'settings';
    return `${event.kind} ${event.op}`;
  });
}

describe('the store tells each change once, with typed events', () => {
  it('makes without rules the same rules as the default profile', () => {
    expect(storeRulesOf(profileOf(undefined))).toEqual(DEFAULT_RULES);
  });

  it('setReadOnly without a system message (5.x): one room update, then nothing else', () => {
    const w = watched({ rules: storeRulesOf(profileOf('5')) });
    const before = w.store.version;
    const rid = w.roomId('general');
    w.store.setReadOnly(w.user('admin'), { roomId: rid }, true);
    expect(w.changes).toHaveLength(1);
    const [events = []] = w.changes;
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: 'room', op: 'updated', room: { _id: rid, ro: true } });
    expect(events[0]?.kind === 'room' && events[0].before?.ro).toBe(false);
    expect(w.store.version).toBe(before + 1);
    expect(w.messages).toEqual([]);
  });

  it('setReadOnly with its system message (6.x on): the message, then the room, in one commit', () => {
    const w = watched();
    w.store.setReadOnly(w.user('admin'), { roomId: w.roomId('general') }, true);
    expect(w.changes.map((events) => summary(events))).toEqual([
      ['message inserted room-set-read-only', 'room updated'],
    ]);
    expect(w.messages.map((event) => event.kind)).toEqual(['inserted']);
  });

  it('a post to a channel: the message, the room, then each member subscription as written', () => {
    const w = watched();
    const before = w.store.version;
    const { message } = w.store.postMessage(w.user('alice'), { targets: ['#general'], text: 'hi @admin' });
    expect(w.changes).toHaveLength(1);
    const [events = []] = w.changes;
    expect(summary(events)).toEqual([
      'message inserted',
      'room updated',
      `subscription updated ${w.user('admin')._id}`,
      `subscription updated ${w.user('alice')._id}`,
    ]);
    expect(events[0]).toMatchObject({ kind: 'message', message: { _id: message._id } });
    expect(events[1]).toMatchObject({ kind: 'room', room: { lastMessage: { _id: message._id } } });
    // the mentioned member is alerted, the poster has read the room
    expect(events[2]).toMatchObject({ subscription: { alert: true, unread: 1, userMentions: 1 } });
    expect(events[3]).toMatchObject({ subscription: { alert: false, unread: 0 } });
    expect(w.store.version).toBe(before + 1);
    expect(w.messages).toEqual([
      { kind: 'inserted', message, room: events[1]?.kind === 'room' && events[1].room },
    ]);
  });

  it('a post that joins a public channel first: the join, then the post, two commits', () => {
    const w = watched();
    const before = w.store.version;
    w.store.postMessage(w.user('bob'), { targets: ['#random'], text: 'hello' });
    expect(w.changes.map((events) => summary(events))).toEqual([
      ['message inserted uj', 'room updated', `subscription inserted ${w.user('bob')._id}`],
      [
        'message inserted',
        'room updated',
        `subscription updated ${w.user('admin')._id}`,
        `subscription updated ${w.user('bob')._id}`,
      ],
    ]);
    expect(w.store.version).toBe(before + 2);
    expect(w.messages.map((event) => `${event.kind} ${event.message.t ?? 'post'}`)).toEqual([
      'inserted uj',
      'inserted post',
    ]);
  });

  it('a refused command tells nothing and leaves the version', () => {
    const w = watched();
    const before = w.store.version;
    const rid = w.roomId('general');
    expect(() => w.store.setReadOnly(w.user('admin'), { roomId: rid }, false)).toThrow(ApiError);
    expect(() => w.store.setReadOnly(w.user('bob'), { roomId: rid }, true)).toThrow(ApiError);
    expect(() => w.store.postMessage(w.user('alice'), { targets: ['#nowhere'], text: 'x' })).toThrow(
      ApiError,
    );
    expect(() => w.store.markRead(w.user('bob'), rid)).toThrow(ApiError);
    expect(w.changes).toEqual([]);
    expect(w.messages).toEqual([]);
    expect(w.store.version).toBe(before);
  });

  it('a read, a settings change and a control change each tell their own kind', () => {
    const w = watched();
    const alice = w.user('alice');
    w.store.markRead(alice, w.roomId('general'));
    w.store.changeSettings({ Block_Multiple_Failed_Logins_Enabled: true });
    w.store.putUserRoles(alice._id, ['user', 'admin']);
    expect(w.changes.map((events) => summary(events))).toEqual([
      [`subscription updated ${alice._id}`],
      ['settings'],
      ['user updated'],
    ]);
    expect(w.changes[1]).toEqual([
      { kind: 'settings', changed: { Block_Multiple_Failed_Logins_Enabled: true } },
    ]);
  });
});
