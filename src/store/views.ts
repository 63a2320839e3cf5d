import type { JsonObject } from './query';
import type { Email, Room, User, UserRole } from '../types';

/** Fields stored on a room that no response ever carries. */
export const HIDDEN_ROOM_FIELDS = ['joinCode'] as const;

/** A room as `setReadOnly` / `setType` return it: everything but `joinCode`. */
export function roomView(room: Room): JsonObject {
  // most rooms have no join code: then the room is its own view (it is only ever serialised)
  if (!Object.hasOwn(room, 'joinCode')) return room as JsonObject;
  const { joinCode, ...view } = room;
  return view as JsonObject;
}

/**
 * A room as a `channels.list` item: also without `joinCodeRequired` and `muted`. Made when needed
 * and not kept: lists keep the rooms, and a 100,000-room world's views would be 15 MB more.
 */
export function listView(room: Room): JsonObject {
  const { joinCode, joinCodeRequired, muted, ...rest } = room;
  return rest as JsonObject;
}

/** The `me` object of login and `/api/v1/me`. */
export interface MeView {
  _id: string;
  username: string;
  name: string;
  emails: Email[];
  status: 'online';
  statusConnection: 'online';
  utcOffset: number;
  active: boolean;
  roles: UserRole[];
  settings: { preferences: Record<string, never> };
  avatarUrl: string;
}

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
