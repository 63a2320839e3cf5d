import { copyJson } from '../json-copy';
import type {
  AnyRoom,
  Changes,
  KindChanges,
  PermissionValue,
  PushTokenRecord,
  SettingValue,
  Subscription,
  SubscriptionRecord,
  Team,
  TokenRecord,
  User,
  UserRef,
  World,
} from '../types';
import type { LayeredMap } from './layered';
import { initialPushTokens, pushTokenRecord } from './push-token';
import type { PushToken } from './push-token';
import { DEFAULT_SETTINGS } from './login-guard';
import { changedPermissions } from './permission-table';
import { customRoles, globalRoleIds } from './roles';
import { jsonEqual } from './query';
import { SETTING_IDS } from './setting-registry';
import { anyRoom, userNamed } from './state';
import type { StoreState } from './state';
import {
  SubscriptionStates,
  derivedRoles,
  initialState,
  recordOfState,
  subscriptionView,
} from './subscription-states';
import { peersOf, subscriptionOf } from './subscriptions';

/**
 * The state read whole: what an entity to be added is checked against (`lookup`), what changed
 * since the baseline (`changes`, with each changed entity's fields), and a deep copy in scenario
 * shape (`world`). Reads only.
 *
 * Layer: store. Plain values; nothing of HTTP.
 */

/**
 * What the world answers about itself while an entity to be added is checked (by the input layer,
 * src/scenario/entity.ts, before the store is asked to add it).
 */
export interface EntityLookup {
  readonly seed: number;
  user(ref: { _id?: string; username?: string }): UserRef | undefined;
  hasUserId(id: string): boolean;
  hasRoomId(id: string): boolean;
  hasRoomName(name: string): boolean;
  hasIntegrationId(id: string): boolean;
  /** a team by `_id`, else by name */
  team(ref: string): Team | undefined;
  defaultCreator(): UserRef | undefined;
  count(kind: 'users' | 'channels' | 'integrations'): number;
  /** the ids of the world's global roles (`scope: "Users"`), seeded and custom */
  globalRoles(): string[];
}

function refOf(user: User | undefined): UserRef | undefined {
  return user && { _id: user._id, username: user.username };
}

/** The world as an entity to be added is checked against: ids, names, users, counts. */
export function lookup(state: StoreState): EntityLookup {
  return {
    seed: state.seed,
    user: (ref) =>
      refOf(ref._id !== undefined ? state.users.get(ref._id) : userNamed(state, ref.username ?? '')),
    hasUserId: (id) => state.users.has(id),
    hasRoomId: (id) => state.rooms.has(id),
    hasRoomName: (name) => state.roomNames.has(name),
    hasIntegrationId: (id) => state.integrations.has(id),
    team: (ref) => state.teams.find(ref),
    defaultCreator: () => {
      const users = [...state.users.values()];
      return refOf(users.find((u) => u.roles.includes('admin')) ?? users[0]);
    },
    globalRoles: () => globalRoleIds(state),
    count: (kind) =>
      kind === 'users' ? state.users.size : kind === 'channels' ? state.rooms.size : state.integrations.size,
  };
}

/**
 * What changed since the baseline, per kind: entities added, changed (with the names of the
 * fields that differ) and removed. Users, rooms and integrations are read from the ids the
 * committed change events named (every write of those maps is committed with an event naming its
 * entity), not from a walk of the whole maps; messages and subscriptions from what was written.
 * Unchanged entities are the baseline's own objects, so this compares identities, not contents.
 */
/**
 * How `changes()` copies the entities it lists: a deep copy for callers that keep them; the
 * inspector, which only reads them into its answer, takes them as they are (they are frozen or
 * replaced, never changed in place).
 */
export type Copy = <T>(value: T) => T;

export function changes(state: StoreState, copy: Copy = copyJson): Changes {
  const { baseline, changed } = state;
  return {
    users: folded(changed.users, baseline.users, state.users, copy),
    channels: folded(changed.rooms, baseline.rooms, state.rooms, copy),
    directs: folded(changed.directs, baseline.directs, state.directs, copy),
    integrations: folded(changed.integrations, baseline.integrations, state.integrations, copy),
    messages: state.messages.changes(copy),
    subscriptions: subscriptionChanges(state),
    settings: settingChanges(state),
    permissions: permissionChanges(state),
    roles: folded(changed.roles, baseline.roles, state.roles, copy),
    ...pushTokenChanges(state),
  };
}

/** Each push token the state holds, in its order (by owner, each owner's as registered). */
function allPushTokens(tokens: ReadonlyMap<string, readonly PushToken[]>): PushToken[] {
  return [...tokens.values()].flat();
}

/** A token's owner's username: a user of the state, else of the baseline (one deleted since). */
function ownerName(state: StoreState, userId: string): string | undefined {
  return state.users.get(userId)?.username ?? state.baseline.users.get(userId)?.username;
}

/**
 * the push tokens registered, updated or removed since the baseline, by
 * `_id` (added in the state's order; changed and removed in the baseline's); none: no key.
 */
function pushTokenChanges(state: StoreState): { pushTokens?: KindChanges<PushTokenRecord> } {
  const before = allPushTokens(initialPushTokens(state.baseline.world));
  const after = allPushTokens(state.pushTokens);
  if (before.length === 0 && after.length === 0) return {};
  const was = new Map(before.map((doc) => [doc._id, doc]));
  const is = new Map(after.map((doc) => [doc._id, doc]));
  const record = (doc: PushToken): PushTokenRecord | undefined =>
    pushTokenRecord(doc, ownerName(state, doc.userId));
  const out: KindChanges<PushTokenRecord> = { added: [], changed: [], removed: [] };
  for (const doc of after) {
    if (was.has(doc._id)) continue;
    const shown = record(doc);
    if (shown) out.added.push(shown);
  }
  for (const old of before) {
    const now = is.get(old._id);
    const oldShown = record(old);
    if (!oldShown) continue;
    if (!now) out.removed.push(oldShown);
    else if (!jsonEqual(old, now)) {
      const nowShown = record(now);
      if (nowShown)
        out.changed.push({
          _id: old._id,
          fields: changedFields(oldShown, nowShown),
          before: oldShown,
          after: nowShown,
        });
    }
  }
  const none = out.added.length === 0 && out.changed.length === 0 && out.removed.length === 0;
  return none ? {} : { pushTokens: out };
}

/** The permissions whose document differs from the baseline's, in the table's order. */
function permissionChanges(state: StoreState): KindChanges<PermissionValue> {
  const changed = changedPermissions(state).map(({ before, after }) => ({
    _id: after._id,
    fields: changedFields(before, after),
    before: { ...before, roles: [...before.roles] },
    after: { ...after, roles: [...after.roles] },
  }));
  return { added: [], changed, removed: [] };
}

/** The settings whose value in force differs from the baseline's, in registry order. */
function settingChanges(state: StoreState): KindChanges<SettingValue> {
  const before: Record<string, unknown> = { ...DEFAULT_SETTINGS, ...state.baseline.world.settings };
  const after: Record<string, unknown> = { ...DEFAULT_SETTINGS, ...state.settings };
  const changed = SETTING_IDS.filter((id) => !jsonEqual(before[id], after[id])).map((id) => ({
    _id: id,
    fields: ['value'],
    before: { _id: id, value: copyJson(before[id]) },
    after: { _id: id, value: copyJson(after[id]) },
  }));
  return { added: [], changed, removed: [] };
}

/**
 * The subscriptions that differ from the baseline's, by room `_id` then username: those whose
 * state changed, and those of the members of rooms made or changed (a join adds one). Each as
 * `subscriptions.get` answers it, before (the baseline's room, user and state) and after.
 */
function subscriptionChanges(state: StoreState): KindChanges<Subscription> {
  const base = state.baseline;
  const candidates = new Map<string, { rid: string; username: string }>();
  const baseUserById = (id: string): User | undefined => base.users.get(id);
  const baseUserNamed = (name: string): User | undefined =>
    base.users.get(base.userKeys.get(`u:${name.toLowerCase()}`) ?? '');
  for (const key of state.subscriptions.changedKeys()) {
    const { rid, userId } = SubscriptionStates.parts(key);
    const user = state.users.get(userId) ?? baseUserById(userId);
    if (user) candidates.set(key, { rid, username: user.username });
  }
  const membersOf = <T extends AnyRoom>(
    before: ReadonlyMap<string, T>,
    after: LayeredMap<string, T>,
  ): void => {
    // only what this store wrote: every other room is the baseline's own, unchanged
    for (const [id, room] of after.written()) {
      const old = before.get(id);
      if (old === room) continue;
      for (const username of new Set([...(old?.usernames ?? []), ...room.usernames])) {
        const user = userNamed(state, username) ?? baseUserNamed(username);
        if (user) candidates.set(SubscriptionStates.key(id, user._id), { rid: id, username: user.username });
      }
    }
  };
  membersOf(base.rooms, state.rooms);
  membersOf(base.directs, state.directs);
  // a room of the baseline removed since (deleted): its members' subscriptions went with it
  const removedRooms = <T extends AnyRoom>(
    ids: ReadonlySet<string>,
    before: ReadonlyMap<string, T>,
    after: LayeredMap<string, T>,
  ): void => {
    for (const id of ids) {
      const old = before.get(id);
      if (!old || after.has(id)) continue;
      for (const username of old.usernames) {
        const user = userNamed(state, username) ?? baseUserNamed(username);
        if (user) candidates.set(SubscriptionStates.key(id, user._id), { rid: id, username: user.username });
      }
    }
  };
  removedRooms(state.changed.rooms, base.rooms, state.rooms);
  removedRooms(state.changed.directs, base.directs, state.directs);
  const out: KindChanges<Subscription> = { added: [], changed: [], removed: [] };
  const ordered = [...candidates.values()].sort(byRoomThenUser);
  for (const { rid, username } of ordered) {
    const oldRoom = base.rooms.get(rid) ?? base.directs.get(rid);
    const oldUser = baseUserNamed(username);
    const before =
      oldRoom && oldUser && oldRoom.usernames.includes(username)
        ? subscriptionView(
            oldRoom,
            oldUser,
            state.subscriptions.baseline(oldRoom, oldUser._id),
            state.idMiddle,
            peersOf(oldRoom, username, baseUserNamed),
          )
        : undefined;
    const room = anyRoom(state, rid);
    const user = userNamed(state, username);
    const after =
      room && user && room.usernames.includes(username) ? subscriptionOf(state, room, user) : undefined;
    if (!before && after) out.added.push(after);
    else if (before && !after) out.removed.push(before);
    else if (before && after) {
      const fields = changedFields(before, after);
      if (fields.length > 0) out.changed.push({ _id: after._id, fields, before, after });
    }
  }
  return out;
}

/**
 * The subscription states that differ from those derived from the rooms, as a scenario gives
 * them (see `recordOfState`), by room `_id` then username.
 */
function subscriptionRecords(state: StoreState): SubscriptionRecord[] {
  const out: SubscriptionRecord[] = [];
  for (const key of state.subscriptions.keys()) {
    const { rid, userId } = SubscriptionStates.parts(key);
    const room = anyRoom(state, rid);
    const user = state.users.get(userId);
    if (!room || !user || !room.usernames.includes(user.username)) continue;
    const record = recordOfState(
      room._id,
      user.username,
      initialState(room, user._id),
      state.subscriptions.get(room, user._id),
      derivedRoles(room, user._id),
    );
    if (record) out.push(record);
  }
  return out.sort(byRoomThenUser);
}

/** A deep copy of the whole world, in scenario shape. */
export function world(state: StoreState): World {
  // a user's personal access tokens stay on the user (those still live: a logout ends one too)
  const personal = new Set<string>();
  const users = Array.from(state.users.values(), (user) => {
    const copy = copyJson(user);
    if (!copy.personalAccessTokens) return copy;
    for (const pat of copy.personalAccessTokens) personal.add(pat.token);
    copy.personalAccessTokens = copy.personalAccessTokens.filter(
      (pat) => state.tokens.get(pat.token) === user._id,
    );
    return copy;
  });
  const tokens: TokenRecord[] = [];
  for (const [authToken, userId] of state.tokens) {
    const user = state.users.get(userId);
    if (user && !personal.has(authToken)) tokens.push({ username: user.username, authToken });
  }
  // each entity copied on its own: entities of a baseline may share nested values (a creator
  // ref, a members list), and a caller's copy must not (one push would show in every room)
  const copy = <T>(entities: Iterable<T>): T[] => Array.from(entities, (e) => copyJson(e));
  const subscriptions = subscriptionRecords(state);
  const roles = customRoles(state);
  // the push tokens users hold, their owner by username (a user deleted since: left out)
  const pushTokens = allPushTokens(state.pushTokens).flatMap((doc) => {
    const shown = pushTokenRecord(doc, state.users.get(doc.userId)?.username);
    return shown ? [shown] : [];
  });
  return {
    seed: state.seed,
    clock: state.clock.now(),
    users,
    channels: copy(state.rooms.values()),
    ...(state.directs.size > 0 ? { directs: copy(state.directs.values()) } : {}),
    integrations: copy(state.integrations.values()),
    ...(state.messages.any ? { messages: copy(state.messages.values()) } : {}),
    tokens,
    permissions: copyJson(state.permissions),
    ...(Object.keys(state.settings).length > 0 ? { settings: { ...state.settings } } : {}),
    ...(state.teams.any ? { teams: copy(state.teams.values()) } : {}),
    ...(subscriptions.length > 0 ? { subscriptions } : {}),
    ...(roles.length > 0 ? { roles: copy(roles) } : {}),
    // the scenario's custom emoji and slash commands (no route changes them)
    ...(state.baseline.world.emojis ? { emojis: copy(state.baseline.world.emojis) } : {}),
    ...(state.baseline.world.commands ? { commands: copy(state.baseline.world.commands) } : {}),
    ...(pushTokens.length > 0 ? { pushTokens } : {}),
  };
}

/** The keys whose values differ between two versions of an entity (either may lack some). */
function changedFields(before: object, after: object): string[] {
  const was = before as Record<string, unknown>;
  const is = after as Record<string, unknown>;
  const keys = new Set([...Object.keys(was), ...Object.keys(is)]);
  return [...keys].filter((k) => !jsonEqual(was[k], is[k]));
}

/** Subscriptions in a stable order: by room `_id`, then username. */
function byRoomThenUser(a: { rid: string; username: string }, b: { rid: string; username: string }): number {
  if (a.rid !== b.rid) return a.rid < b.rid ? -1 : 1;
  return a.username < b.username ? -1 : a.username > b.username ? 1 : 0;
}

/**
 * One kind's changes, from the ids the change events named: those the baseline lacks, added (in
 * the order first named, which is the order the map writes them); the others changed or removed,
 * in the baseline's order, as a walk of the whole map would find them.
 */
function folded<T extends { _id: string }>(
  ids: ReadonlySet<string>,
  before: ReadonlyMap<string, T>,
  after: LayeredMap<string, T>,
  copy: Copy,
): KindChanges<T> {
  const out: KindChanges<T> = { added: [], changed: [], removed: [] };
  const known: string[] = [];
  for (const id of ids) {
    if (before.has(id)) known.push(id);
    else {
      const entity = after.get(id);
      if (entity) out.added.push(copy(entity));
    }
  }
  if (known.length > 1) {
    const at = positions(before);
    known.sort((a, b) => (at.get(a) ?? 0) - (at.get(b) ?? 0));
  }
  for (const id of known) {
    const old = before.get(id) as T;
    const entity = after.get(id);
    if (!entity) out.removed.push(copy(old));
    else if (old !== entity) {
      const fields = changedFields(old, entity);
      if (fields.length > 0) out.changed.push({ _id: id, fields, before: copy(old), after: copy(entity) });
    }
  }
  return out;
}

/** Each baseline map's keys by position: made once per map (a baseline is shared, and never changes). */
const POSITIONS = new WeakMap<ReadonlyMap<string, unknown>, ReadonlyMap<string, number>>();

function positions(map: ReadonlyMap<string, unknown>): ReadonlyMap<string, number> {
  let at = POSITIONS.get(map);
  if (!at) {
    const made = new Map<string, number>();
    for (const key of map.keys()) made.set(key, made.size);
    POSITIONS.set(map, made);
    at = made;
  }
  return at;
}
