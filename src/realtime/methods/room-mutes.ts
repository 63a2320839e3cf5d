import muteUserInRoom from '../../commands/muteUserInRoom';
import unmuteUserInRoom from '../../commands/unmuteUserInRoom';
import type { MuteArgs } from '../../commands/muteUserInRoom';
import type { EraTable } from '../../eras';
import { MeteorError } from '../method';
import type { Method } from '../method';

/**
 * The realtime `muteUserInRoom({rid, username})` and `unmuteUserInRoom({rid, username})`, up to
 * 7.x (8.0 removed both; REST's `rooms.muteUser` and `rooms.unmuteUser` remain): the second face
 * of the commands the `/mute` and `/unmute` slash commands run. Meteor's
 * `check(data, Match.ObjectIncluding({rid: String, username: String}))` comes first (logged in or
 * not: `Match failed`), then the login, then the command's checks; the answer is `true`. A socket
 * not logged in is refused as each method words it: `muteUserInRoom` `Invalid user
 * [error-invalid-user]`, `unmuteUserInRoom` `Not allowed [error-not-allowed]`.
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

/** A mute method: the check, the login (refused with `error`), then the command; `true`. */
function muteMethod(
  command: typeof muteUserInRoom,
  error: 'error-invalid-user' | 'error-not-allowed',
): Method {
  return (context, params) => {
    const args = muteArgs(params);
    const { user } = context;
    if (!user)
      throw new MeteorError(error, error === 'error-invalid-user' ? 'Invalid user' : 'Not allowed', {
        method: command.name,
      });
    command.run({ store: context.store, profile: context.profile, user }, args);
    return true;
  };
}

/** The mute methods, by name (spread into METHODS, src/realtime/methods.ts). */
export const ROOM_MUTE_METHODS: Readonly<Record<string, Method>> = {
  [muteUserInRoom.name]: muteMethod(muteUserInRoom, 'error-invalid-user'),
  [unmuteUserInRoom.name]: muteMethod(unmuteUserInRoom, 'error-not-allowed'),
};

/** Served to 7.x: 8.0 removed both methods. */
export const ROOM_MUTE_SERVED: Readonly<Record<string, EraTable<boolean>>> = {
  [muteUserInRoom.name]: { '0.49': true, '8': false },
  [unmuteUserInRoom.name]: { '0.49': true, '8': false },
};
