import type { Room, RoomType, User } from '../types';
import { isPlainObject } from './query';
import type { JsonObject } from './query';
import { commitSettings, readOnlyChange, typeChange, withoutFields } from './rooms';
import type { SettingChange } from './rooms';
import type { StoreState } from './state';

/**
 * `saveRoomSettings`' savers: each setting's change to a room, as Rocket.Chat's
 * `settingSavers` make it (each compared with the room as it was before the call), written in
 * one commit (`commitSettings`, src/store/rooms.ts) with the system messages they post. The
 * command (src/commands/saveRoomSettings.ts) has checked everything first: the room, `edit-room`,
 * each setting's validator and the savers' own refusals.
 *
 * Layer: store. Plain values; nothing of HTTP.
 */

/** The settings `saveRoomSettings` knows, in Rocket.Chat's order (`fields`). */
export const ROOM_SETTING_NAMES: readonly string[] = [
  'roomAvatar',
  'featured',
  'roomName',
  'roomTopic',
  'roomAnnouncement',
  'roomCustomFields',
  'roomDescription',
  'roomType',
  'readOnly',
  'reactWhenReadOnly',
  'systemMessages',
  'default',
  'joinCode',
  'streamingOptions',
  'retentionEnabled',
  'retentionMaxAge',
  'retentionExcludePinned',
  'retentionFilesOnly',
  'retentionIgnoreThreads',
  'retentionOverrideGlobal',
  'encrypted',
  'favorite',
];

/** A retention setting and the field of `retention` it saves. */
const RETENTION_FIELDS: Readonly<Record<string, string>> = {
  retentionEnabled: 'enabled',
  retentionMaxAge: 'maxAge',
  retentionExcludePinned: 'excludePinned',
  retentionFilesOnly: 'filesOnly',
  retentionIgnoreThreads: 'ignoreThreads',
  retentionOverrideGlobal: 'overrideGlobal',
};

/** Whether a setting is one of the retention policy's. */
export function isRetentionSetting(name: string): boolean {
  return name in RETENTION_FIELDS;
}

/** The room's retention policy, when it has one. */
export function retentionOf(room: Room): Record<string, unknown> | undefined {
  return isPlainObject(room.retention) ? room.retention : undefined;
}

/** `saveRoomAnnouncement`: a string is the text; an object's `message` is, the rest its details. */
function announcementChange(user: User, value: unknown): SettingChange {
  if (isPlainObject(value)) {
    const { message, ...details } = value;
    const text = typeof message === 'string' ? message : '';
    return {
      change: { announcement: message, announcementDetails: details },
      message: { user, t: 'room_changed_announcement', msg: text },
    };
  }
  return {
    change: { announcement: value },
    message: { user, t: 'room_changed_announcement', msg: typeof value === 'string' ? value : '' },
  };
}

/** The change one setting makes (none when its saver writes nothing), against the room before the call. */
function savedChange(
  state: StoreState,
  user: User,
  room: Room,
  sofar: Room,
  name: string,
  value: unknown,
): SettingChange | undefined {
  const text = (v: unknown): string => (typeof v === 'string' ? v : '');
  switch (name) {
    case 'roomTopic':
      if ((!value && !room.topic) || value === room.topic) return undefined;
      return {
        change: { topic: value as string },
        message: { user, t: 'room_changed_topic', msg: text(value) },
      };
    case 'roomDescription':
      if ((!value && !room.description) || value === room.description) return undefined;
      return {
        change: { description: value as string },
        message: { user, t: 'room_changed_description', msg: text(value) },
      };
    case 'roomAnnouncement':
      if ((!value && !room.announcement) || value === room.announcement) return undefined;
      return announcementChange(user, value);
    case 'roomCustomFields':
      // an object from the request is never the stored one: always saved
      return { change: { customFields: value } };
    case 'roomType':
      return value === room.t ? undefined : typeChange(state, user, room, value as RoomType);
    case 'readOnly':
      return value === room.ro ? undefined : readOnlyChange(state, user, sofar, Boolean(value));
    case 'reactWhenReadOnly':
      if (value === room.reactWhenReadOnly) return undefined;
      return {
        change: { reactWhenReadOnly: value },
        message: { user, t: value ? 'room-allowed-reacting' : 'room-disallowed-reacting', msg: '' },
      };
    case 'joinCode': {
      // `setJoinCodeById(rid, String(value))`: a blank code takes the join code away
      const code = String(value);
      if (code.trim() === '') return { change: { joinCodeRequired: false }, unset: ['joinCode'] };
      return { change: { joinCodeRequired: true, joinCode: code } };
    }
    case 'default':
      return { change: { default: value === true } };
    case 'featured':
      return value === true || value === 'true'
        ? { change: { featured: true } }
        : { change: {}, unset: ['featured'] };
    case 'favorite': {
      const given = isPlainObject(value) ? value : {};
      return given.favorite && given.defaultValue
        ? { change: { favorite: given.favorite } }
        : { change: {}, unset: ['favorite'] };
    }
    case 'encrypted': {
      const change = { encrypted: value === true };
      if (Boolean(room.encrypted) === Boolean(value)) return { change };
      const t = value ? 'room_e2e_enabled' : 'room_e2e_disabled';
      return { change, message: { user, t, msg: user.username } };
    }
    default:
      return retentionChange(sofar, name, value);
  }
}

/** A retention setting saved into the room's `retention` (as it is so far in the call). */
function retentionChange(sofar: Room, name: string, value: unknown): SettingChange | undefined {
  const field = RETENTION_FIELDS[name];
  if (field === undefined) return undefined;
  const retention: Record<string, unknown> = { ...retentionOf(sofar) };
  if (field === 'enabled' && (value === null || value === undefined)) {
    // `$unset: {'retention.enabled'}`
    const { enabled: _unset, ...others } = retention;
    return { change: { retention: others } };
  }
  if (field === 'enabled') retention.enabled = Boolean(value);
  else if (field === 'maxAge') retention.maxAge = value === undefined ? 30 : value;
  else retention[field] = value === true;
  return { change: { retention } };
}

/**
 * `saveRoomSettings`' savers, in the order the settings were given, and their one write. Returns
 * the room as answers show it.
 */
export function saveRoomSettings(
  state: StoreState,
  user: User,
  room: Room,
  settings: Readonly<Record<string, unknown>>,
): JsonObject {
  const changes: SettingChange[] = [];
  let sofar: Room = { ...room };
  for (const [name, value] of Object.entries(settings)) {
    const change = savedChange(state, user, room, sofar, name, value);
    if (!change) continue;
    changes.push(change);
    sofar = withoutFields({ ...sofar, ...change.change }, change.unset ?? []);
  }
  return commitSettings(state, room, changes);
}
