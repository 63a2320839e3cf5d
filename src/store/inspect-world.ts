import { copyJson } from '../json-copy';
import type { Changes, Integration, Room, User } from '../types';
import { partOf, roomsNamed } from './inspect';
import type { PageWindow } from './inspect';
import type { ListSpec } from './lists';
import type { OrderedList } from './ordered';
import { changes } from './snapshot';
import type { StoreState } from './state';

/**
 * What the inspector reads of the world's entities, a page at a time: the users by username, the
 * rooms and integrations by name (each as `state()` shows it, with whether it changed since the
 * baseline), and what changed since the baseline as rows a person reads (`field: before → after`).
 *
 * Layer: store. Plain values; nothing of HTTP.
 */

/** The kinds the world's tables page through. */
export const WORLD_KINDS = ['users', 'channels', 'integrations'] as const;
export type WorldKind = (typeof WORLD_KINDS)[number];

/** A user as the inspector's user list shows one. */
export interface InspectUser {
  _id: string;
  username: string;
  name?: string;
  roles: string[];
  active: boolean;
}

// ---------------------------------------------------------------------------------------------
// the users by username: the baseline's sorted once per baseline, the users changed since merged in

const BY_USERNAME = new WeakMap<object, readonly User[]>();

function byUsername(a: User, b: User): number {
  return a.username < b.username ? -1 : a.username > b.username ? 1 : a._id < b._id ? -1 : 1;
}

/** Visits every user by username (the baseline's order, sorted once and shared, merged with those changed since) until `visit` answers false. */
function eachUser(state: StoreState, visit: (user: User) => boolean): void {
  const base = state.baseline.users;
  let sorted = BY_USERNAME.get(base);
  if (!sorted) {
    sorted = [...base.values()].sort(byUsername);
    BY_USERNAME.set(base, sorted);
  }
  const changed = state.changed.users;
  const overlay = [...changed]
    .map((id) => state.users.get(id))
    .filter((user): user is User => user !== undefined)
    .sort(byUsername);
  let o = 0;
  for (const user of sorted) {
    if (changed.has(user._id)) continue;
    for (let next = overlay[o]; next !== undefined && byUsername(next, user) < 0; next = overlay[o]) {
      o += 1;
      if (!visit(next)) return;
    }
    if (!visit(user)) return;
  }
  for (; o < overlay.length; o += 1) if (!visit(overlay[o] as User)) return;
}

/** The rooms (channels and groups) by name, kept current change by change. */
const ROOMS_BY_NAME: ListSpec = { key: 'inspect|name', sort: [[['name'], 1]], include: () => true };
const INTEGRATIONS_BY_NAME: ListSpec = { key: 'inspect|name', sort: [[['name'], 1]], include: () => true };

/** A walk of a kind in its order: visits until the visitor answers false. */
type Walk<T> = (visit: (item: T) => boolean) => void;

/**
 * What a filtered walk matched, kept for the store's version it was read at: the next page, or
 * the same one again (a page refreshing), costs the page alone until the world changes.
 */
const MATCHED = new WeakMap<StoreState, { version: number; key: string; items: unknown[] }>();

/**
 * A filter of a kind: what it keeps (`key` names it), the kind in the order the world keeps it
 * (a walk in a sorted order reads entities scattered in memory: ten times slower at 100,000), and
 * the sorted order its matches are put in.
 */
interface Filter<T> {
  readonly key: string;
  readonly matches: (item: T) => boolean;
  readonly stored: (visit: (item: T) => void) => void;
  readonly order: (a: T, b: T) => number;
}

/** A page of a walk (`size` its length), or of what a filter keeps, sorted. */
function pageOf<T, R>(
  state: StoreState,
  walk: Walk<T>,
  size: number,
  filter: Filter<T> | undefined,
  window: PageWindow,
  row: (item: T) => R,
  slice?: (offset: number, count: number) => T[],
): { rows: R[]; total: number } {
  if (filter === undefined && slice !== undefined)
    return { rows: slice(window.offset, window.count).map(row), total: size };
  if (filter === undefined) {
    const rows: R[] = [];
    let seen = 0;
    if (window.count > 0 && window.offset < size)
      walk((item) => {
        if (seen >= window.offset) rows.push(row(item));
        seen += 1;
        return rows.length < window.count;
      });
    return { rows, total: size };
  }
  const kept = MATCHED.get(state);
  let items: T[];
  if (kept?.version === state.version && kept.key === filter.key) items = kept.items as T[];
  else {
    const found: T[] = [];
    filter.stored((item) => {
      if (filter.matches(item)) found.push(item);
    });
    items = found.sort(filter.order);
    MATCHED.set(state, { version: state.version, key: filter.key, items });
  }
  return { rows: items.slice(window.offset, window.offset + window.count).map(row), total: items.length };
}

/** A case-insensitive test of a part of a text. */
function holds(text: unknown, q: RegExp): boolean {
  return typeof text === 'string' && q.test(text);
}

/** A user's filter: `q` a part of the username or the name. */
function userFilter(state: StoreState, kind: string, q: string | undefined): Filter<User> | undefined {
  if (q === undefined || q === '') return undefined;
  const part = partOf(q);
  return {
    key: `${kind}\u0000${q}`,
    matches: (u) => holds(u.username, part) || holds(u.name, part),
    stored: (visit) => state.users.eachValue(visit),
    order: byUsername,
  };
}

/** By name, ties by `_id`. */
function byName(a: { name: string; _id: string }, b: { name: string; _id: string }): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
}

/** The users by username; `q` a part of the username or the name (any case). */
export function inspectUsers(
  state: StoreState,
  options: PageWindow & { q?: string },
): { users: InspectUser[]; total: number } {
  const row = (user: User): InspectUser => ({
    _id: user._id,
    username: user.username,
    ...(typeof user.name === 'string' ? { name: user.name } : {}),
    roles: [...user.roles],
    active: user.active,
  });
  const walk: Walk<User> = (visit) => eachUser(state, visit);
  const { rows, total } = pageOf(
    state,
    walk,
    state.users.size,
    userFilter(state, 'users', options.q),
    options,
    row,
  );
  return { users: rows, total };
}

/** A user as `state()` shows one: its personal access tokens those still live. */
function userAsState(state: StoreState, user: User): User {
  const copy = copyJson(user);
  if (copy.personalAccessTokens)
    copy.personalAccessTokens = copy.personalAccessTokens.filter(
      (pat) => state.tokens.get(pat.token) === user._id,
    );
  return copy;
}

/**
 * A page of one kind of entity as `state()` shows each, by name (users by username); `q` a part of
 * the name (any case); `changed` says which of the page's rows were added or changed since the
 * baseline.
 */
export function inspectWorld(
  state: StoreState,
  kind: WorldKind,
  options: PageWindow & { q?: string },
): { rows: unknown[]; total: number; changed: Record<string, 'added' | 'changed'> } {
  const changed: Record<string, 'added' | 'changed'> = {};
  const mark = (ids: ReadonlySet<string>, base: ReadonlyMap<string, unknown>, id: string): void => {
    if (ids.has(id)) changed[id] = base.has(id) ? 'changed' : 'added';
  };
  const q = options.q === undefined || options.q === '' ? undefined : options.q;
  const named = <T extends { name: string; fname?: unknown; _id: string }>(
    key: string,
    stored: (visit: (item: T) => void) => void,
  ): Filter<T> | undefined => {
    if (q === undefined) return undefined;
    const part = partOf(q);
    return {
      key: `${key}\u0000${q}`,
      matches: (item) => holds(item.name, part) || holds(item.fname, part),
      stored,
      order: byName,
    };
  };
  if (kind === 'users') {
    const row = (user: User): User => {
      mark(state.changed.users, state.baseline.users, user._id);
      return userAsState(state, user);
    };
    const walk: Walk<User> = (visit) => eachUser(state, visit);
    return {
      ...pageOf(state, walk, state.users.size, userFilter(state, 'world-users', q), options, row),
      changed,
    };
  }
  // channels and integrations: a page of a list kept in name order, each row a copy
  const listed = <T extends { _id: string; name: string; fname?: unknown }>(
    list: OrderedList<T>,
    ids: ReadonlySet<string>,
    base: ReadonlyMap<string, unknown>,
    filter: Filter<T> | undefined,
  ): { rows: T[]; total: number; changed: Record<string, 'added' | 'changed'> } => ({
    ...pageOf(
      state,
      (visit) => list.each(visit),
      list.size,
      filter,
      options,
      (item: T): T => {
        mark(ids, base, item._id);
        return copyJson(item);
      },
      (offset, count) => list.page(offset, count),
    ),
    changed,
  });
  if (kind === 'channels')
    return listed(
      state.roomLists.list(ROOMS_BY_NAME, state.version),
      state.changed.rooms,
      state.baseline.rooms,
      named<Room>('channels', (visit) => {
        for (const room of roomsNamed(state, q ?? '')) visit(room);
      }),
    );
  return listed(
    state.integrationLists.list(INTEGRATIONS_BY_NAME, state.version),
    state.changed.integrations,
    state.baseline.integrations,
    named<Integration>('integrations', (visit) => state.integrations.eachValue(visit)),
  );
}

// ---------------------------------------------------------------------------------------------
// what changed since the baseline, as rows

/** The kinds `changes()` reports, in its order. */
type ChangeKind = keyof Changes;

/** One field of a change: what it was and what it is (absent: the entity had no such field). */
export interface FieldChange {
  field: string;
  before?: unknown;
  after?: unknown;
}

/** One entity changed since the baseline, as a person reads it. */
export interface ChangeRow {
  kind: ChangeKind;
  _id: string;
  /** a username, a room's name, a setting's id, … */
  label: string;
  op: 'added' | 'changed' | 'removed';
  fields: FieldChange[];
}

/** The fields an added (or removed) entity shows, per kind, those it has. */
const MAIN_FIELDS: Readonly<Record<ChangeKind, readonly string[]>> = {
  users: ['username', 'name', 'roles', 'active', 'status', 'emails'],
  channels: [
    'name',
    'fname',
    't',
    'topic',
    'description',
    'usersCount',
    'msgs',
    'prid',
    'teamMain',
    'ro',
    'archived',
  ],
  directs: ['usernames', 'msgs'],
  integrations: ['name', 'type', 'enabled', 'channel', 'event', 'triggerWords', 'urls', 'username'],
  messages: ['rid', 'u', 'msg', 't', 'tmid', 'ts'],
  subscriptions: ['rid', 'name', 'u', 'unread', 'alert', 'userMentions', 'open'],
  settings: ['value'],
  permissions: ['roles'],
  roles: ['name', 'scope', 'description'],
  pushTokens: ['username', 'appName', 'token', 'enabled'],
};

/** The longest label, in characters. */
const LABEL_CHARS = 80;

/** What names an entity for a person. */
function labelOf(kind: ChangeKind, entity: Record<string, unknown>): string {
  const text = (value: unknown): string => (typeof value === 'string' ? value : '');
  const id = text(entity._id);
  let label: string;
  if (kind === 'users') label = text(entity.username);
  else if (kind === 'channels' || kind === 'integrations' || kind === 'roles') label = text(entity.name);
  else if (kind === 'directs')
    label = Array.isArray(entity.usernames) ? entity.usernames.map(String).join(', ') : '';
  else if (kind === 'messages')
    label = `${text((entity.u as Record<string, unknown> | undefined)?.username)}: ${
      // a system message often has no text: its type says what it is
      text(entity.msg) || (entity.t === undefined ? '' : `(${text(entity.t)})`)
    }`;
  else if (kind === 'subscriptions')
    label = `${text(entity.name) || text(entity.rid)} / ${text((entity.u as Record<string, unknown> | undefined)?.username)}`;
  else if (kind === 'pushTokens') label = `${text(entity.username)} / ${text(entity.appName)}`;
  else label = id;
  label = label === '' ? id : label;
  return label.length > LABEL_CHARS ? `${label.slice(0, LABEL_CHARS - 1)}…` : label;
}

/** An entity's main fields, as `before` or `after`. */
function mainFields(
  kind: ChangeKind,
  entity: Record<string, unknown>,
  side: 'before' | 'after',
): FieldChange[] {
  return MAIN_FIELDS[kind]
    .filter((field) => entity[field] !== undefined)
    .map((field) => ({ field, [side]: entity[field] }));
}

/** When an entity last changed, where it says. */
function timeOf(entity: Record<string, unknown> | undefined): string | undefined {
  const at = entity?._updatedAt ?? entity?.ts;
  return typeof at === 'string' ? at : undefined;
}

/**
 * What changed since the baseline (`changes()`), one row per entity: an added one with its main
 * fields as `after`, a removed one with them as `before`, a changed one with each field that
 * differs (`_updatedAt` left out) as `before` and `after`; the newest change first where the
 * entity says when (`_updatedAt`), the others after, in `changes()`' order. A page and the total.
 */
export function inspectChanges(
  state: StoreState,
  window: PageWindow,
): { changes: ChangeRow[]; total: number } {
  // read into the answer, never kept: no copy of the entities (the answer is written at once)
  const all = changes(state, (value) => value);
  const rows: { row: ChangeRow; at: string | undefined; order: number }[] = [];
  const push = (row: ChangeRow, at: string | undefined): void => {
    rows.push({ row, at, order: rows.length });
  };
  for (const kind of Object.keys(all) as ChangeKind[]) {
    const { added, changed, removed } = all[kind] as {
      added: Record<string, unknown>[];
      changed: { _id: string; fields: string[]; before: unknown; after: unknown }[];
      removed: Record<string, unknown>[];
    };
    for (const entity of added) {
      const _id = String(entity._id);
      push(
        { kind, _id, label: labelOf(kind, entity), op: 'added', fields: mainFields(kind, entity, 'after') },
        timeOf(entity),
      );
    }
    for (const change of changed) {
      const before = change.before as Record<string, unknown>;
      const after = change.after as Record<string, unknown>;
      const fields = change.fields
        .filter((field) => field !== '_updatedAt' || change.fields.length === 1)
        .map((field) => ({
          field,
          ...(before[field] === undefined ? {} : { before: before[field] }),
          ...(after[field] === undefined ? {} : { after: after[field] }),
        }));
      push({ kind, _id: change._id, label: labelOf(kind, after), op: 'changed', fields }, timeOf(after));
    }
    for (const entity of removed) {
      const _id = String(entity._id);
      push(
        {
          kind,
          _id,
          label: labelOf(kind, entity),
          op: 'removed',
          fields: mainFields(kind, entity, 'before'),
        },
        undefined,
      );
    }
  }
  rows.sort((a, b) => {
    if (a.at !== b.at) {
      if (a.at === undefined) return 1;
      if (b.at === undefined) return -1;
      return a.at > b.at ? -1 : 1;
    }
    return a.order - b.order;
  });
  return {
    changes: rows.slice(window.offset, window.offset + window.count).map(({ row }) => row),
    total: rows.length,
  };
}
