import type { AnyRoom, User } from '../types';
import type { JsonObject, SortSpec } from './query';
import { sortBy } from './query';
import { roomRoles } from './membership';
import type { StoreState } from './state';
import { memberRoomIds } from './subscriptions';

/**
 * The rooms the administration and the pickers look for: `rooms.adminRooms` (every room, by a
 * name or members' names containing a filter, by type), `rooms.autocomplete.channelAndPrivate`
 * (the caller's channels and groups whose name starts so) and
 * `rooms.autocomplete.availableForTeams` (the caller's own rooms outside any team). Reads only;
 * the callers' permissions are the routes' to check.
 *
 * Layer: store. Plain values; nothing of HTTP.
 */

/** The fields an administration list shows of a room (`adminFields`), in the room's own order. */
const ADMIN_FIELDS = new Set([
  '_id',
  'prid',
  'fname',
  'name',
  't',
  'cl',
  'u',
  'usernames',
  'usersCount',
  'muted',
  'unmuted',
  'ro',
  'reactWhenReadOnly',
  'default',
  'favorite',
  'featured',
  'topic',
  'msgs',
  'archived',
  'teamId',
  'teamMain',
  'announcement',
  'description',
  'broadcast',
  'uids',
  'avatarETag',
  'federated',
  'ts',
]);

/** The fields a picker shows of a room: its id, names and type. */
const PICKER_FIELDS = new Set(['_id', 'fname', 'name', 't', 'avatarETag']);

/** A room's document reduced to some fields, in the document's order. */
function pick(room: AnyRoom, fields: ReadonlySet<string>): JsonObject {
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(room))
    if (fields.has(key)) out[key] = value as JsonObject[string];
  return out;
}

/** `new RegExp(escapeRegExp(text).trim(), 'i')`, anchored at the start when `prefix`. */
function namePattern(text: string, prefix: boolean): RegExp {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').trim();
  return new RegExp(prefix ? `^${escaped}` : escaped, 'i');
}

function has(room: AnyRoom, field: string): boolean {
  return room[field] !== undefined;
}

/** Every room of the world, channels and groups then direct rooms. */
function* allRooms(state: StoreState): Iterable<AnyRoom> {
  yield* state.rooms.values();
  yield* state.directs.values();
}

/** What `rooms.adminRooms` asks for: the filter (trimmed), the types, and the page. */
export interface AdminRoomsQuery {
  readonly filter: string;
  /** room types (`c`, `p`, `d`, …), without `discussions` and `teams` */
  readonly types: readonly string[];
  readonly discussions: boolean;
  readonly teams: boolean;
  readonly sort: SortSpec | undefined;
  readonly offset: number;
  /** 0: all */
  readonly count: number;
}

/**
 * `findAdminRooms` (`Rooms.findByNameOrFnameContainingAndTypes`): a name or `fname` containing the
 * filter (any case), or a direct room with a member so named; of the types asked for (or any),
 * discussions and teams' main rooms only when asked for; sorted by `default` then `name` unless a
 * sort is given; each with the administration's fields.
 */
export function adminRooms(
  state: StoreState,
  query: AdminRoomsQuery,
): { rooms: JsonObject[]; total: number } {
  const pattern = query.filter === '' ? undefined : namePattern(query.filter, false);
  const byType = query.types.length > 0 || query.discussions || query.teams;
  const found: AnyRoom[] = [];
  for (const room of allRooms(state)) {
    if (!query.discussions && has(room, 'prid')) continue;
    if (!query.teams && has(room, 'teamMain')) continue;
    if (
      byType &&
      !query.types.includes(room.t) &&
      !(query.discussions && has(room, 'prid')) &&
      !(query.teams && has(room, 'teamMain'))
    )
      continue;
    if (pattern && !nameMatches(room, pattern)) continue;
    found.push(room);
  }
  const sort: SortSpec =
    query.sort && query.sort.length > 0
      ? query.sort
      : [
          [['default'], -1],
          [['name'], 1],
        ];
  const sorted = sortBy(found, sort);
  const end = query.count === 0 ? undefined : query.offset + query.count;
  return {
    rooms: sorted.slice(query.offset, end).map((room) => pick(room, ADMIN_FIELDS)),
    total: found.length,
  };
}

function nameMatches(room: AnyRoom, pattern: RegExp): boolean {
  const { name, fname } = room;
  if (typeof name === 'string' && room.federated !== true && pattern.test(name)) return true;
  if (typeof fname === 'string' && pattern.test(fname)) return true;
  return room.t === 'd' && room.usernames.some((username) => pattern.test(username));
}

/** The caller's channels and groups (not discussions) whose name starts with `name`, any case. */
function pickerRooms(state: StoreState, user: User, name: string, archived: boolean): AnyRoom[] {
  const pattern = namePattern(name, true);
  return memberRoomIds(state, user.username).flatMap((id) => {
    const room = state.rooms.get(id);
    if (!room || (room.t !== 'c' && room.t !== 'p') || has(room, 'prid') || room.federated === true)
      return [];
    if (!archived && room.archived === true) return [];
    return pattern.test(room.name) ? [room] : [];
  });
}

/**
 * `rooms.autocomplete.channelAndPrivate`: at most ten of the caller's channels and groups whose
 * name starts with `name` (not archived, not discussions), by name, each `{_id, fname?, name, t}`.
 */
export function channelAndPrivateAutocomplete(state: StoreState, user: User, name: string): JsonObject[] {
  return sortBy(pickerRooms(state, user, name, false), [[['name'], 1]])
    .slice(0, 10)
    .map((room) => pick(room, PICKER_FIELDS));
}

/**
 * `rooms.autocomplete.channelAndPrivate.withPagination`: the same rooms, archived ones too, sorted
 * by name unless a sort is given, one page of them and how many there are.
 */
export function channelAndPrivatePage(
  state: StoreState,
  user: User,
  name: string,
  page: { sort: SortSpec | undefined; offset: number; count: number },
): { items: JsonObject[]; total: number } {
  const found = pickerRooms(state, user, name, true);
  const sort: SortSpec = page.sort && page.sort.length > 0 ? page.sort : [[['name'], 1]];
  const end = page.count === 0 ? undefined : page.offset + page.count;
  const items = sortBy(found, sort)
    .slice(page.offset, end)
    .map((room) => pick(room, PICKER_FIELDS));
  return { items, total: found.length };
}

/**
 * `rooms.autocomplete.availableForTeams`: at most ten rooms the caller owns (an `owner` of the
 * room), in no team and not discussions, whose name starts with `name`, by name.
 */
export function roomsAvailableForTeams(state: StoreState, user: User, name: string): JsonObject[] {
  const pattern = namePattern(name, true);
  const found = memberRoomIds(state, user.username).flatMap((id) => {
    const room = state.rooms.get(id);
    if (!room || has(room, 'teamId') || has(room, 'prid') || room.federated === true) return [];
    return roomRoles(state, room, user._id).includes('owner') && pattern.test(room.name) ? [room] : [];
  });
  return sortBy(found, [[['name'], 1]])
    .slice(0, 10)
    .map((room) => pick(room, PICKER_FIELDS));
}

/** What `Team.autocomplete` projects of a team's main room (with `_id`), in the room's own order. */
const TEAM_AUTOCOMPLETE_FIELDS: ReadonlySet<string> = new Set([
  '_id',
  'fname',
  'teamId',
  'name',
  't',
  'avatarETag',
]);

/**
 * `teams.autocomplete` (`Team.autocomplete`): at most ten teams' main rooms whose `name` or `fname`
 * starts with `name` (any case, the escaped text trimmed), public ones and those the caller is
 * subscribed to, by `name` then `fname`; each `{_id, fname?, teamId, name, t, avatarETag?}`.
 */
export function teamsAutocomplete(state: StoreState, user: User, name: string): JsonObject[] {
  const pattern = namePattern(name, true);
  const found: AnyRoom[] = [];
  for (const team of state.teams.values()) {
    const room = team.roomId === undefined ? undefined : state.rooms.get(team.roomId);
    if (!room || room.teamMain !== true) continue;
    const { fname } = room;
    if (!pattern.test(room.name) && !(typeof fname === 'string' && pattern.test(fname))) continue;
    if (room.t !== 'c' && !room.usernames.includes(user.username)) continue;
    found.push(room);
  }
  return sortBy(found, [
    [['name'], 1],
    [['fname'], 1],
  ])
    .slice(0, 10)
    .map((room) => pick(room, TEAM_AUTOCOMPLETE_FIELDS));
}
