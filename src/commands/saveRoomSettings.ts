import { ApiError } from '../errors';
import type { JsonObject } from '../store/query';
import { isPlainObject } from '../store/query';
import { ROOM_SETTING_NAMES, isRetentionSetting, retentionOf } from '../store/room-settings';
import type { Store } from '../store/store';
import type { Room, User } from '../types';
import { command } from './command';

/**
 * `saveRoomSettings(rid, settings)` (Rocket.Chat's method, `rooms.saveRoomSettings` and every
 * `channels.set*` / `groups.set*` route call it): `rid` a string, every setting one it knows, the
 * room, `edit-room` in it, a broadcast room's read-only settings refused, then each setting's
 * validator in the order given (`view-room-administration` for `default` and `featured`, the
 * create permission of a new type, E2E, retention, the avatar) and the savers' own refusals (a
 * type it does not know, custom fields not an object), all before the one write
 * (src/store/room-settings.ts). Answers the room's id and the room as the answers show it.
 *
 * Not saved (refused as not modelled, before any change): `roomName` (the rename routes'),
 * `roomAvatar`, `systemMessages`, `streamingOptions`, and any setting of a direct room.
 */
export interface SaveRoomSettingsArgs {
  /** as given: anything but a string is `Invalid room` */
  readonly rid: unknown;
  readonly settings: Readonly<Record<string, unknown>>;
}

export interface SavedRoomSettings {
  readonly rid: string;
  readonly room: JsonObject;
}

const NAME = 'saveRoomSettings';

/** The settings the fake does not save. */
const NOT_MODELLED = ['roomName', 'roomAvatar', 'systemMessages', 'streamingOptions'];

/** The retention settings `retentionOverrideGlobal` drops (validated all the same). */
const OVERRIDDEN = [
  'retentionMaxAge',
  'retentionExcludePinned',
  'retentionFilesOnly',
  'retentionIgnoreThreads',
];

/** A setting's validator (`validators` of the method), in the real server's words. */
function validate(store: Store, user: User, room: Room, name: string, value: unknown): void {
  if (name === 'default' || name === 'featured') {
    if (!store.can(user, 'view-room-administration')) throw new ApiError('room-settings-admin');
  } else if (name === 'roomType') {
    if (value === room.t) return;
    if (value === 'c' && !store.can(user, 'create-c')) throw new ApiError('error-action-not-allowed-public');
    if (value === 'p' && !store.can(user, 'create-p')) throw new ApiError('error-action-not-allowed-private');
  } else if (name === 'encrypted') {
    if (value === room.encrypted) return;
    if (room.t === 'c') throw new ApiError('room-settings-e2e-public');
    if (!store.can(user, 'toggle-room-e2e-encryption', room))
      throw new ApiError('room-settings-e2e-permission');
  } else if (isRetentionSetting(name) && name !== 'retentionOverrideGlobal') {
    const retention = retentionOf(room);
    if (!retention) throw new ApiError('room-settings-no-retention');
    const field = name.charAt(9).toLowerCase() + name.slice(10);
    if (!store.can(user, 'edit-room-retention-policy', room) && value !== retention[field])
      throw new ApiError('room-settings-retention-permission');
  } else if (name === 'roomAvatar') {
    if (!store.can(user, 'edit-room-avatar', room)) throw new ApiError('room-settings-avatar-permission');
  }
}

/** The savers' own refusals (Rocket.Chat's come mid-save; the fake's before any change). */
function checkSaver(store: Store, user: User, room: Room, name: string, value: unknown): void {
  if (NOT_MODELLED.includes(name)) throw new ApiError('room-settings-not-modelled', { field: name });
  if (name === 'roomCustomFields' && !isPlainObject(value))
    throw new ApiError('room-settings-custom-fields-type');
  if (name === 'roomType' && value !== room.t) store.checkTypeChange(user, room, String(value));
}

export default command<SaveRoomSettingsArgs, SavedRoomSettings>({
  name: NAME,
  run({ store, user }, { rid, settings }) {
    if (typeof rid !== 'string') throw new ApiError('room-invalid', { method: NAME });
    const names = Object.keys(settings);
    if (!names.every((name) => ROOM_SETTING_NAMES.includes(name)))
      throw new ApiError('room-settings-invalid', { method: NAME });
    const found = store.anyRoom(rid);
    if (!found) throw new ApiError('room-invalid', { method: NAME });
    // without edit-room only a direct room's `encrypted` may be saved
    if (!store.can(user, 'edit-room', found) && !(found.t === 'd' && names.includes('encrypted')))
      throw new ApiError('error-action-not-allowed');
    if (found.t === 'd') throw new ApiError('room-settings-not-modelled', { field: 'of a direct room' });
    const room: Room = found;
    if (room.broadcast === true && (settings.readOnly || settings.reactWhenReadOnly))
      throw new ApiError('room-settings-broadcast');
    let saved: Record<string, unknown> = { ...settings };
    for (const name of names) {
      validate(store, user, room, name, saved[name]);
      if (name === 'retentionOverrideGlobal')
        saved = Object.fromEntries(Object.entries(saved).filter(([key]) => !OVERRIDDEN.includes(key)));
    }
    for (const [name, value] of Object.entries(saved)) checkSaver(store, user, room, name, value);
    return { rid: room._id, room: store.saveRoomSettings(user, room, saved) };
  },
});
