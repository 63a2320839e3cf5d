import type { User } from '../types';
import { can } from './access';
import type { JsonObject, Query } from './query';
import { matches } from './query';
import { anyRoom } from './state';
import type { StoreState } from './state';
import { memberRoomIds } from './subscriptions';

/**
 * Reads of users for the users.* routes beyond `users.info` and `users.list`: who is online
 * (`users.presence`), the users a caller may mention (`users.autocomplete`), and a free username
 * (`users.getUsernameSuggestion`).
 *
 * Layer: store. Plain values; nothing of HTTP.
 */

/** The fields of a user in stored order, those of `keys` that are set (`_id` always). */
function picked(user: User, keys: ReadonlySet<string>): JsonObject {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(user))
    if ((key === '_id' || keys.has(key)) && value !== undefined) out[key] = structuredClone(value);
  return out as JsonObject;
}

const PRESENCE_FIELDS = new Set(['username', 'name', 'status', 'utcOffset', 'statusText', 'avatarETag']);

const statusOf = (user: User): string => (typeof user.status === 'string' ? user.status : 'offline');

/**
 * `users.presence`: the users of `ids` who are not offline (`full: false`); or, with `since`, the
 * users but the caller changed since then (`full: false`); or every user not offline (`full: true`).
 */
export function presence(
  state: StoreState,
  caller: User,
  query: { ids?: readonly string[]; since?: string },
): { users: JsonObject[]; full: boolean } {
  const all = Array.from(state.users.values());
  if (query.ids) {
    const wanted = new Set(query.ids);
    return {
      users: all
        .filter((u) => wanted.has(u._id) && statusOf(u) !== 'offline')
        .map((u) => picked(u, PRESENCE_FIELDS)),
      full: false,
    };
  }
  if (query.since !== undefined) {
    const since = query.since;
    return {
      users: all
        .filter((u) => u._id !== caller._id && typeof u._updatedAt === 'string' && u._updatedAt >= since)
        .map((u) => picked(u, PRESENCE_FIELDS)),
      full: false,
    };
  }
  return {
    users: all.filter((u) => statusOf(u) !== 'offline').map((u) => picked(u, PRESENCE_FIELDS)),
    full: true,
  };
}

/** What `users.autocomplete` searches with: the term, the usernames left out, the conditions. */
export interface AutocompleteSelector {
  readonly term: string;
  readonly exceptions: readonly string[];
  readonly conditions?: Query;
}

const AUTOCOMPLETE_FIELDS = new Set(['name', 'username', 'nickname', 'status', 'avatarETag']);
const AUTOCOMPLETE_LIMIT = 10;

const byUsername = (a: User, b: User): number =>
  a.username < b.username ? -1 : a.username > b.username ? 1 : 0;

/** `term` as a case-insensitive literal (`escapeRegExp`) found in the username, the name or the nickname. */
function matchesTerm(user: User, term: string): boolean {
  const needle = term.toLowerCase();
  return [user.username, user.name, user.nickname].some(
    (field) => typeof field === 'string' && field.toLowerCase().includes(needle),
  );
}

/**
 * `users.autocomplete` (`findUsersToAutocomplete`): at most 10 users, first those the caller has
 * a direct room with, then (with `view-outside-room`) every active user, else those sharing a room
 * with the caller; each matching the term and the conditions, none of the exceptions, by username.
 */
export function autocompleteUsers(
  state: StoreState,
  caller: User,
  selector: AutocompleteSelector,
): JsonObject[] {
  const left = new Set(selector.exceptions);
  const fits = (user: User): boolean =>
    !left.has(user.username) &&
    matchesTerm(user, selector.term) &&
    (selector.conditions === undefined || matches(user, selector.conditions));
  const connected = (direct: boolean): User[] => {
    const found = new Map<string, User>();
    for (const rid of memberRoomIds(state, caller.username)) {
      const room = anyRoom(state, rid);
      if (!room || (room.t === 'd') !== direct) continue;
      for (const name of room.usernames) {
        if (name === caller.username || found.has(name)) continue;
        const id = state.userKeys.get(`u:${name.toLowerCase()}`);
        const user = id === undefined ? undefined : state.users.get(id);
        if (user && fits(user)) found.set(name, user);
      }
    }
    return [...found.values()].sort(byUsername);
  };
  const contacts = connected(true).slice(0, AUTOCOMPLETE_LIMIT);
  for (const user of contacts) left.add(user.username);
  const room = AUTOCOMPLETE_LIMIT - contacts.length;
  const rest =
    room <= 0
      ? []
      : can(state, caller, 'view-outside-room')
        ? Array.from(state.users.values())
            .filter((user) => user.active && fits(user))
            .sort(byUsername)
        : connected(false);
  return [...contacts, ...rest.slice(0, Math.max(0, room))].map((user) => picked(user, AUTOCOMPLETE_FIELDS));
}

/** How many usernames match a pattern (`getUsernameSuggestion`'s count of `<name>-<n>`). */
export function countUsernames(state: StoreState, pattern: RegExp): number {
  let n = 0;
  for (const user of state.users.values()) if (pattern.test(user.username)) n += 1;
  return n;
}
