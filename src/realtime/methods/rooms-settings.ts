import saveRoomSettings from '../../commands/saveRoomSettings';
import { MeteorError, commandMethod } from '../method';
import type { Method } from '../method';

/**
 * The realtime methods of the room settings (`saveRoomSettings`): the second face of the command
 * REST's `rooms.saveRoomSettings` and the `channels.set*` / `groups.set*` routes run.
 *
 * Layer: realtime.
 */

/** `saveRoomSettings(rid, settings)` or `(rid, name, value)`: the settings as the command takes them. */
const saveRoomSettingsRow = commandMethod(saveRoomSettings, {
  args: (params) => {
    const [rid, settings, value] = params;
    // `typeof settings !== 'object'`: one setting by name; `null` is an object the method cannot read
    if (settings === null) throw new MeteorError(500, 'Internal server error');
    const given =
      typeof settings === 'object'
        ? { ...(settings as Record<string, unknown>) }
        : { [String(settings)]: value };
    return { rid, settings: given };
  },
  result: ({ rid }) => ({ result: true, rid }),
});

/** Before a login the method names the function that refused it (`RocketChat.saveRoomName`), not itself. */
const saveRoomSettingsMethod: Method = (context, params) => {
  if (!context.user)
    throw new MeteorError('error-invalid-user', 'Invalid user', { function: 'RocketChat.saveRoomName' });
  return saveRoomSettingsRow(context, params);
};

export const ROOM_SETTINGS_METHODS: Readonly<Record<string, Method>> = {
  saveRoomSettings: saveRoomSettingsMethod,
};
