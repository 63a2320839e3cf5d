import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import type { Profile } from '../profiles';
import type { Store } from '../store/store';
import type { AnyRoom, User } from '../types';
import type { Params } from './operation';
import { mayAccessRoom } from './params';
import type { Schema, Validator } from './validator';

/**
 * What the `rooms.*` routes of rooms-api share: the release lines that serve them, the room
 * lookup they call (`findRoomByIdOrName`, any kind of room, archived refused), access, the
 * `[]` of a query list, the `selector` the pickers parse, and 8.x's typed validators.
 *
 * Layer: operations.
 */

/** The `rooms.*` routes here came after 0.49 (5.x on). */
export const SINCE_5: EraTable<boolean> = { '0.49': false, '5': true };

/**
 * How `findRoomByIdOrName` reads its parameters: to 6.x the first non-blank of `roomId`,
 * `roomName` (both blank: the parameter error); from 7.x by which keys are present (`roomId`
 * wins even when empty; the parameter error only when neither is, or both are empty).
 */
const BY_KEYS: EraTable<boolean> = { '5': false, '7': true };

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * `findRoomByIdOrName`: a room of any kind (channel, group, direct room) by `_id` or by name;
 * none is `error-room-not-found` (its words say "channel" whatever the room), an archived one
 * `error-room-archived` when `checkArchived`.
 */
export function findRoomByIdOrName(
  store: Store,
  profile: Profile,
  params: Params,
  checkArchived: boolean,
): AnyRoom {
  let key: 'roomId' | 'roomName';
  if (byEra(profile, BY_KEYS)) {
    const hasId = 'roomId' in params;
    const hasName = 'roomName' in params;
    if ((!hasId && !hasName) || (hasId && !params.roomId && hasName && !params.roomName))
      throw new ApiError('error-roomid-param-not-provided');
    key = hasId ? 'roomId' : 'roomName';
  } else {
    const id = text(params.roomId);
    const name = text(params.roomName);
    if (id.trim() === '' && name.trim() === '') throw new ApiError('error-roomid-param-not-provided');
    key = id !== '' ? 'roomId' : 'roomName';
  }
  const given = text(params[key]);
  const rid = key === 'roomId' ? given : store.findRoomId(given);
  const room = rid === undefined ? undefined : store.anyRoom(rid);
  if (!room) throw new ApiError('error-room-not-found', { raw: given });
  if (checkArchived && room.archived === true)
    throw new ApiError('error-room-archived', { name: String(room.name) });
  return room;
}

/** `canAccessRoom`: a direct room by its members; a channel or group by the rooms group's rules. */
export function mayAccess(store: Store, profile: Profile, user: User, room: AnyRoom): boolean {
  if (room.t === 'd') return room.usernames.includes(user.username);
  return mayAccessRoom(store, profile, user, room);
}

/** The query with `<name>[]` read as `<name>` (a query string's list, as the server's parser reads it). */
export function withList(query: Params, name: string): Params {
  const listed = query[`${name}[]`];
  if (listed === undefined) return query;
  const { [`${name}[]`]: _listed, ...rest } = query;
  return { ...rest, [name]: Array.isArray(listed) ? listed : [listed] };
}

/**
 * The pickers' `selector`: `JSON.parse(selector).name`, as text (`escapeRegExp` writes nothing for
 * a missing one). Bad JSON, or `null`, is refused with the error the server's parse threw.
 */
export function selectorName(raw: unknown): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Array.isArray(raw) ? raw.join(',') : String(raw));
  } catch (error) {
    throw new ApiError('selector-invalid', { reason: (error as Error).message });
  }
  if (parsed === null)
    throw new ApiError('selector-invalid', { reason: "Cannot read properties of null (reading 'name')" });
  const name = (parsed as { name?: unknown }).name;
  return name === undefined || name === null || name === false || name === 0 || name === ''
    ? ''
    : String(name);
}

/** To 7.x the route checks `selector` itself; 8.x's typed query does instead. */
export const OWN_SELECTOR_CHECK: EraTable<boolean> = { '0.49': true, '8': false };

/** A picker's item: the room's id, names and type. */
export const PICKER_ITEM = {
  type: 'object',
  required: ['_id', 'name', 't'],
  properties: {
    _id: { type: 'string' },
    fname: { type: 'string' },
    name: { type: 'string' },
    t: { enum: ['c', 'p'] },
  },
  additionalProperties: false,
};

const str = { type: 'string' } as const;
const num = { type: 'number', nullable: true } as const;
const optionalStr = { type: 'string', nullable: true } as const;

/** An object of these properties, `required`, nothing else. */
function only(properties: Readonly<Record<string, Schema>>, required: readonly string[]): Schema {
  return { type: 'object', properties, required, additionalProperties: false };
}

/** 8.x's typed router checks a body (no `[invalid-params]` suffix); none before. */
function typedBody(schema: Schema): EraTable<Validator | undefined> {
  return { '0.49': undefined, '8': { schema, coerce: true, form: 'body' } };
}

/** 8.x's typed router checks a query string; none before. */
function typedQuery(schema: Schema): EraTable<Validator | undefined> {
  return { '0.49': undefined, '8': { schema, coerce: 'array', form: 'query' } };
}

/** rooms.leave (8.x): `anyOf {roomId}|{roomName}`, nothing else. */
export const ROOMS_LEAVE_VALIDATOR = typedBody({
  anyOf: [only({ roomId: str }, ['roomId']), only({ roomName: str }, ['roomName'])],
});

/** rooms.favorite (8.x): `anyOf {roomName, favorite}|{roomId, favorite}`, `favorite` a boolean. */
export const ROOMS_FAVORITE_VALIDATOR = typedBody({
  anyOf: [
    only({ favorite: { type: 'boolean' }, roomName: str }, ['roomName', 'favorite']),
    only({ favorite: { type: 'boolean' }, roomId: str }, ['roomId', 'favorite']),
  ],
});

/** rooms.nameExists: `{roomName}` alone; the legacy `validateParams` to 7.x, the typed query in 8.x. */
export const NAME_EXISTS_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '5': { schema: only({ roomName: str }, ['roomName']), coerce: true, form: 'legacy' },
  '8': { schema: only({ roomName: str }, ['roomName']), coerce: true, form: 'query' },
};

/** rooms.adminRooms (8.x): the filter, the types, paging, `sort` and `query`. */
export const ADMIN_ROOMS_VALIDATOR = typedQuery(
  only(
    {
      filter: optionalStr,
      types: { type: 'array', items: str, nullable: true },
      count: num,
      offset: num,
      sort: optionalStr,
      query: optionalStr,
    },
    [],
  ),
);

/** rooms.autocomplete.channelAndPrivate (8.x): `selector` alone. */
export const AUTOCOMPLETE_VALIDATOR = typedQuery(only({ selector: str }, ['selector']));

/** rooms.autocomplete.channelAndPrivate.withPagination (8.x): `selector`, paging, `sort`, `query`. */
export const AUTOCOMPLETE_PAGE_VALIDATOR = typedQuery(
  only({ selector: str, count: num, offset: num, sort: optionalStr, query: optionalStr }, ['selector']),
);

/** rooms.autocomplete.availableForTeams (8.x): `name`, required. */
export const AVAILABLE_FOR_TEAMS_VALIDATOR = typedQuery(only({ name: str }, ['name']));
