import type { JsonObject } from './query';
import type { Room, User } from '../types';
import { ROOM_SHAPE, leftOut } from '../wire';
import type { ME_SHAPE, WireType } from '../wire';

/** Fields stored on a room that no response ever carries (src/wire.ts: `hidden`). */
export const HIDDEN_ROOM_FIELDS: readonly string[] = leftOut(ROOM_SHAPE, 'full');
const HIDDEN = new Set(HIDDEN_ROOM_FIELDS);
/** What a list page leaves out of a room: the hidden fields, and those marked `notInLists`. */
const NOT_IN_LISTS = new Set(leftOut(ROOM_SHAPE, 'list'));

/** A copy of an object without some of its fields (in their order). */
function without(entity: Record<string, unknown>, omitted: ReadonlySet<string>): JsonObject {
  const view: Record<string, unknown> = {};
  for (const key in entity) if (!omitted.has(key)) view[key] = entity[key];
  return view as JsonObject;
}

/** A room as `setReadOnly` / `setType` / `channels.info` return it: without its hidden fields. */
export function roomView(room: Room): JsonObject {
  // most rooms have no hidden field: then the room is its own view (it is only ever serialised)
  for (const key of HIDDEN_ROOM_FIELDS) if (Object.hasOwn(room, key)) return without(room, HIDDEN);
  return room as JsonObject;
}

/**
 * A room as a `channels.list` item. Made when needed and not kept: lists keep the rooms, and a
 * 100,000-room world's views would be 15 MB more.
 */
export function listView(room: Room): JsonObject {
  return without(room, NOT_IN_LISTS);
}

/** The `me` object of login and `/api/v1/me` (src/wire.ts, ME_SHAPE). */
export type MeView = WireType<typeof ME_SHAPE>;

export function meView(user: User, baseUrl: string): MeView {
  return {
    _id: user._id,
    username: user.username,
    name: user.name,
    emails: structuredClone(user.emails),
    status: 'online',
    statusConnection: 'online',
    utcOffset: 0,
    active: user.active,
    roles: [...user.roles],
    settings: { preferences: {} },
    avatarUrl: `${baseUrl}/avatar/${encodeURIComponent(user.username)}`,
  };
}
