import muteUserInRoom from '../../commands/muteUserInRoom';
import unmuteUserInRoom from '../../commands/unmuteUserInRoom';
import type { MuteArgs } from '../../commands/muteUserInRoom';
import type { Command } from '../../commands/command';
import type { Room } from '../../types';
import { MeteorError, commandMethod } from '../method';
import type { Method } from '../method';

/**
 * The realtime `muteUserInRoom({rid, username})` and `unmuteUserInRoom({rid, username})`: the
 * second face of the commands the `/mute` and `/unmute` slash commands run. Meteor's
 * `check(data, Match.ObjectIncluding({rid: String, username: String}))` comes first (logged in or
 * not: `Match failed`), then the login, then the command's checks; the answer is `true`.
 *
 * Layer: realtime.
 */

/** `Match.ObjectIncluding({rid: String, username: String})`: other keys are let through. */
function muteArgs(params: readonly unknown[]): MuteArgs {
  const [data] = params;
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new MeteorError(400, 'Match failed');
  const { rid, username } = data as Record<string, unknown>;
  if (typeof rid !== 'string' || typeof username !== 'string') throw new MeteorError(400, 'Match failed');
  return { rid, username };
}

function muteMethod(command: Command<MuteArgs, Room>): Method {
  return commandMethod(command, {
    check: (params) => {
      muteArgs(params);
    },
    args: muteArgs,
    result: () => true,
  });
}

/** The mute methods, by name (spread into METHODS, src/realtime/methods.ts). */
export const ROOM_MUTE_METHODS: Readonly<Record<string, Method>> = {
  [muteUserInRoom.name]: muteMethod(muteUserInRoom),
  [unmuteUserInRoom.name]: muteMethod(unmuteUserInRoom),
};
