import type { JsonObject } from './query';
import type { Room } from '../types';

/**
 * A room as answers show it: without the fields no answer carries, and in a list page without
 * those lists leave out. Which fields those are is the wire's declaration (src/wire.ts), handed in
 * (src/store/rules.ts): the store knows no wire shape.
 *
 * Layer: store. Plain values.
 */

/** The room views of one set of rules. */
export interface RoomViews {
  /** a room as `setReadOnly` / `setType` / `channels.info` return it: without its hidden fields */
  readonly roomView: (room: Room) => JsonObject;
  /**
   * a room as a `channels.list` item. Made when needed and not kept: lists keep the rooms, and a
   * 100,000-room world's views would be 15 MB more.
   */
  readonly listView: (room: Room) => JsonObject;
}

/** A copy of an object without some of its fields (in their order). */
function without(entity: Record<string, unknown>, omitted: ReadonlySet<string>): JsonObject {
  const view: Record<string, unknown> = {};
  for (const key in entity) if (!omitted.has(key)) view[key] = entity[key];
  return view as JsonObject;
}

/** The room views leaving out these fields. */
export function roomViewsOf(fields: {
  readonly hiddenRoomFields: readonly string[];
  readonly roomFieldsNotInLists: readonly string[];
}): RoomViews {
  const hiddenFields = fields.hiddenRoomFields;
  const hidden = new Set(hiddenFields);
  const notInLists = new Set(fields.roomFieldsNotInLists);
  return {
    roomView: (room) => {
      // most rooms have no hidden field: then the room is its own view (it is only ever serialised)
      for (const key of hiddenFields) if (Object.hasOwn(room, key)) return without(room, hidden);
      return room as JsonObject;
    },
    listView: (room) => without(room, notInLists),
  };
}
