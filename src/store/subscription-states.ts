import type { AnyRoom, Author, Room, Subscription, SubscriptionRecord, User } from '../types';
import { objectId } from './message-text';

/**
 * Who is in which room, as Rocket.Chat keeps it: one subscription per member and room. The fake
 * derives a member's subscription from the room (its members, type, name) and the user, and keeps
 * only what changed since (a post's unread counts and alerts, a read): so a world of 100,000
 * rooms starts with none built, and a reset forgets the changes with the store.
 *
 * Layer: store. Plain values; nothing of HTTP.
 */

/** What changes in a subscription: the rest is the room's and the user's. */
export interface SubscriptionState {
  readonly open: boolean;
  readonly alert: boolean;
  readonly unread: number;
  readonly userMentions: number;
  readonly groupMentions: number;
  /** when the member joined */
  readonly ts: string;
  /** when the member last read the room (a channel's or group's; direct rooms have none until read) */
  readonly ls?: string;
  readonly _updatedAt: string;
  /**
   * the member's roles in the room (`owner`, `moderator`, `leader`), once given or taken; undefined:
   * as the room was made (its creator the owner, the others none)
   */
  readonly roles?: readonly RoomRole[];
  /** the member's favourite mark (`rooms.favorite`, `toggleFavorite`), once set either way */
  readonly f?: boolean;
  /** when a thread of the room was last replied to that the member follows or replied to (`lr`) */
  readonly lr?: string;
  /** the roots of the threads with replies the member has not read (`tunread`) */
  readonly tunread?: readonly string[];
  /** of those, the threads whose replies mention the member (`tunreadUser`) */
  readonly tunreadUser?: readonly string[];
  /** of those, the threads with a reply to `@all` or `@here` (`tunreadGroup`) */
  readonly tunreadGroup?: readonly string[];
  /** the `_id`s of the users the member ignores in the room (`chat.ignoreUser`), once one was */
  readonly ignored?: readonly string[];
}

/** A role a member holds in one room (on the subscription). */
export type RoomRole = 'owner' | 'moderator' | 'leader';

/** A member's roles as the room was made: its creator the owner. */
export function derivedRoles(room: AnyRoom, userId: string): readonly RoomRole[] {
  return room.t !== 'd' && (room as Room).u?._id === userId ? ['owner'] : [];
}

/** A 32-bit FNV-1a hash of a text. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Meteor's `Random.id()` alphabet. */
const UNMISTAKABLE = '23456789ABCDEFGHJKLMNPQRSTWXYZabcdefghijkmnopqrstuvwxyz';

/** A 17-character Meteor-style id drawn from a text (xorshift32 seeded by its hash): a direct room's subscription id. */
export function meteorIdOf(text: string): string {
  let x = hash32(text) || 1;
  let out = '';
  for (let i = 0; i < 17; i += 1) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out += UNMISTAKABLE[(x >>> 0) % UNMISTAKABLE.length] ?? '';
  }
  return out;
}

/**
 * The state of a member the world starts with, or of a new room's member
 * (`createWithRoomAndManyUsers`): in the room since it was made, nothing unread; the room's
 * creator has read it then (`ls`), as `createRoom` leaves its owner.
 */
export function initialState(room: AnyRoom, userId: string): SubscriptionState {
  const owner = room.t !== 'd' && (room as Room).u?._id === userId;
  return {
    open: true,
    alert: false,
    unread: 0,
    userMentions: 0,
    groupMentions: 0,
    ts: room.ts,
    ...(owner ? { ls: room.ts } : {}),
    _updatedAt: room.ts,
  };
}

/**
 * The state of a member who joins a channel now (`addUserToRoom`): open, with the alert and one
 * unread mention the real server gives a joiner.
 */
export function joinedState(ts: string): SubscriptionState {
  return { open: true, alert: true, unread: 1, userMentions: 1, groupMentions: 0, ts, _updatedAt: ts };
}

/** A new direct room's member (`createDirectRoom`): its creator's open, the other's not (in a 1:1 room). */
export function directState(ts: string, open: boolean): SubscriptionState {
  return { open, alert: false, unread: 0, userMentions: 0, groupMentions: 0, ts, _updatedAt: ts };
}

/**
 * The same state, read now (`subscriptions.read`, or the member's own post): `ls` moves. The
 * alert as given (a read keeps it while threads are unread); `readThreads` forgets the unread
 * threads too.
 */
export function readState(
  state: SubscriptionState,
  ts: string,
  alert = false,
  readThreads = false,
): SubscriptionState {
  // written out, not spread: one object of one shape (every post makes one for its poster)
  return {
    open: true,
    alert,
    unread: 0,
    userMentions: 0,
    groupMentions: 0,
    ts: state.ts,
    ls: ts,
    _updatedAt: ts,
    roles: state.roles,
    f: state.f,
    lr: state.lr,
    tunread: readThreads ? undefined : state.tunread,
    tunreadUser: readThreads ? undefined : state.tunreadUser,
    tunreadGroup: readThreads ? undefined : state.tunreadGroup,
    ignored: state.ignored,
  };
}

/** The thread fields of a subscription's document, in the order the thread hooks add them. */
function threadFields(state: SubscriptionState): Partial<Subscription> {
  if (state.lr === undefined && state.tunread === undefined) return {};
  return {
    ...(state.lr !== undefined ? { lr: state.lr } : {}),
    ...(state.tunread !== undefined ? { tunread: [...state.tunread] } : {}),
    ...(state.tunreadGroup !== undefined ? { tunreadGroup: [...state.tunreadGroup] } : {}),
    ...(state.tunreadUser !== undefined ? { tunreadUser: [...state.tunreadUser] } : {}),
  };
}

/**
 * A subscription's document, its fields in the real server's order: a channel's or group's as
 * `createWithRoomAndUser` writes it (a 24-hex `_id`; the room's creator with `roles: ["owner"]`),
 * a direct room's as `createDirectRoom` upserts it (a 17-character `_id`, named after the other
 * members, `u` without `name`).
 */
export function subscriptionView(
  room: AnyRoom,
  user: User,
  state: SubscriptionState,
  idMiddle: string,
  others: readonly User[],
): Subscription {
  const key = `${room._id}|${user._id}`;
  if (room.t === 'd') {
    const peers = others.length > 0 ? others : [user];
    return {
      _id: meteorIdOf(key),
      rid: room._id,
      ts: state.ts,
      alert: state.alert,
      unread: state.unread,
      userMentions: state.userMentions,
      groupMentions: state.groupMentions,
      t: 'd',
      fname: peers.map((peer) => peer.name || peer.username).join(', '),
      name: peers.map((peer) => peer.username).join(', '),
      u: { _id: user._id, username: user.username },
      open: state.open,
      ...(state.ls !== undefined ? { ls: state.ls } : {}),
      _updatedAt: state._updatedAt,
      // `$set: {f}` adds the field after those the subscription was made with
      ...(state.f !== undefined ? { f: state.f } : {}),
      ...threadFields(state),
      // `$addToSet: {ignored}` adds the field after the others
      ...(state.ignored !== undefined ? { ignored: [...state.ignored] } : {}),
    };
  }
  const channel = room as Room;
  const u: Author = { _id: user._id, username: user.username, name: user.name };
  return {
    _id: objectId(Date.parse(state.ts), idMiddle, hash32(key)),
    open: state.open,
    alert: state.alert,
    unread: state.unread,
    userMentions: state.userMentions,
    groupMentions: state.groupMentions,
    ts: state.ts,
    rid: channel._id,
    name: channel.name,
    ...(channel.fname !== undefined ? { fname: channel.fname } : {}),
    t: channel.t,
    u,
    ...(state.ls !== undefined ? { ls: state.ls } : {}),
    ...(state.roles !== undefined
      ? { roles: [...state.roles] }
      : channel.u?._id === user._id
        ? { roles: ['owner'] }
        : {}),
    // a discussion's members' (`createRoom` sets its parent on each of them)
    ...(typeof channel.prid === 'string' ? { prid: channel.prid } : {}),
    _updatedAt: state._updatedAt,
    ...(state.f !== undefined ? { f: state.f } : {}),
    // set on every member's by an archive or an unarchive (`archiveByRoomId`), as the room's
    ...(channel.archived !== undefined ? { archived: channel.archived } : {}),
    ...threadFields(state),
    ...(state.ignored !== undefined ? { ignored: [...state.ignored] } : {}),
  };
}

/** The fields of a state a scenario's `subscriptions` entry may give. */
const STATE_FIELDS = [
  'open',
  'alert',
  'unread',
  'userMentions',
  'groupMentions',
  'ts',
  'ls',
  '_updatedAt',
  'f',
  'lr',
] as const;

/** The unread-thread lists of a state (a scenario's entry gives them as arrays). */
const THREAD_LISTS = ['tunread', 'tunreadUser', 'tunreadGroup'] as const;

/** A state as a scenario's entry gives it: the derived one with the entry's fields (`ls: null`: none). */
export function stateOfRecord(initial: SubscriptionState, record: SubscriptionRecord): SubscriptionState {
  const { ls, ...rest } = initial;
  const ownLs = record.ls === undefined ? ls : (record.ls ?? undefined);
  return {
    open: record.open ?? rest.open,
    alert: record.alert ?? rest.alert,
    unread: record.unread ?? rest.unread,
    userMentions: record.userMentions ?? rest.userMentions,
    groupMentions: record.groupMentions ?? rest.groupMentions,
    ts: record.ts ?? rest.ts,
    ...(ownLs !== undefined ? { ls: ownLs } : {}),
    _updatedAt: record._updatedAt ?? rest._updatedAt,
    ...(record.roles !== undefined ? { roles: [...record.roles] } : {}),
    ...(record.f !== undefined ? { f: record.f } : {}),
    ...(record.lr !== undefined ? { lr: record.lr } : {}),
    ...(record.tunread !== undefined ? { tunread: [...record.tunread] } : {}),
    ...(record.tunreadUser !== undefined ? { tunreadUser: [...record.tunreadUser] } : {}),
    ...(record.tunreadGroup !== undefined ? { tunreadGroup: [...record.tunreadGroup] } : {}),
    ...(record.ignored !== undefined ? { ignored: [...record.ignored] } : {}),
  };
}

/**
 * A state as a scenario entry (what `state()` exports): the fields that differ from the derived
 * state, in a fixed order (`ls: null` when the derived one has an `ls` and this has none); undefined
 * when none differs.
 */
export function recordOfState(
  rid: string,
  username: string,
  initial: SubscriptionState,
  state: SubscriptionState,
  derived: readonly RoomRole[] = [],
): SubscriptionRecord | undefined {
  const record: SubscriptionRecord = { rid, username };
  let differs = false;
  for (const field of STATE_FIELDS) {
    if (initial[field] === state[field]) continue;
    differs = true;
    Object.assign(record, { [field]: state[field] ?? null });
  }
  for (const field of THREAD_LISTS) {
    // an emptied list is kept (the real document keeps `[]` after the last `$pull`)
    const list = state[field];
    const was = initial[field];
    if (list === undefined || (was !== undefined && was.join() === list.join())) continue;
    differs = true;
    record[field] = [...list];
  }
  // the roles given or taken since the room was made, when they are not what it was made with
  if (state.roles !== undefined && state.roles.join() !== derived.join()) {
    differs = true;
    record.roles = [...state.roles];
  }
  // the users ignored, once any was (an emptied list stays, as `$pull` leaves it)
  if (state.ignored !== undefined) {
    differs = true;
    record.ignored = [...state.ignored];
  }
  return differs ? record : undefined;
}

/**
 * A store's subscription states, by room and user: the baseline's (a scenario's `subscriptions`,
 * shared and never written), and those changed since; the rest are derived from the rooms.
 */
export class SubscriptionStates {
  readonly #base: ReadonlyMap<string, SubscriptionState>;
  readonly #changed = new Map<string, SubscriptionState>();

  constructor(base: ReadonlyMap<string, SubscriptionState> = new Map()) {
    this.#base = base;
  }

  static key(rid: string, userId: string): string {
    return `${rid}|${userId}`;
  }

  /** The last key made, kept: a post reads and then writes the same member's state. */
  #lastRid = '';
  #lastUserId = '';
  #lastKey = '';

  #key(rid: string, userId: string): string {
    if (rid !== this.#lastRid || userId !== this.#lastUserId) {
      this.#lastRid = rid;
      this.#lastUserId = userId;
      this.#lastKey = SubscriptionStates.key(rid, userId);
    }
    return this.#lastKey;
  }

  /** The room `_id` and user `_id` of a key. */
  static parts(key: string): { rid: string; userId: string } {
    const at = key.lastIndexOf('|');
    return { rid: key.slice(0, at), userId: key.slice(at + 1) };
  }

  /** The member's state now: as changed, else as the baseline gives it, else as the world starts it. */
  get(room: AnyRoom, userId: string): SubscriptionState {
    const key = this.#key(room._id, userId);
    return this.#changed.get(key) ?? this.#base.get(key) ?? initialState(room, userId);
  }

  /** The member's state in the baseline (`room` as the baseline has it). */
  baseline(room: AnyRoom, userId: string): SubscriptionState {
    return this.#base.get(SubscriptionStates.key(room._id, userId)) ?? initialState(room, userId);
  }

  /** The member's roles as given or taken since the room was made (undefined: as it was made), read without building a state. */
  roles(rid: string, userId: string): readonly RoomRole[] | undefined {
    const key = this.#key(rid, userId);
    return (this.#changed.get(key) ?? this.#base.get(key))?.roles;
  }

  set(rid: string, userId: string, state: SubscriptionState): void {
    this.#changed.set(this.#key(rid, userId), state);
  }

  /** Forgets the states changed since the baseline of a room's members (the room deleted). */
  drop(rid: string, userIds: readonly string[]): void {
    for (const userId of userIds) this.#changed.delete(SubscriptionStates.key(rid, userId));
    this.#lastRid = '';
    this.#lastUserId = '';
  }

  /** The keys of the states changed since the baseline. */
  changedKeys(): IterableIterator<string> {
    return this.#changed.keys();
  }

  /** The keys of every state not derived: the baseline's and the changed ones. */
  keys(): Set<string> {
    return new Set([...this.#base.keys(), ...this.#changed.keys()]);
  }
}
