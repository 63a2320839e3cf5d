import muteUserInRoom from '../../commands/muteUserInRoom';
import unmuteUserInRoom from '../../commands/unmuteUserInRoom';
import type { MuteArgs } from '../../commands/muteUserInRoom';
import { MeteorError, commandMethod } from '../method';
import type { Method } from '../method';

/**
 * The realtime `muteUserInRoom({rid, username})` and `unmuteUserInRoom({rid, username})`, up to
 * 7.x (8.0 removed both: `SERVED_IN`, src/realtime/methods.ts; REST's `rooms.muteUser` and
 * `rooms.unmuteUser` remain): the second face of the commands the `/mute` and `/unmute` slash
 * commands run. Meteor's `check(data, Match.ObjectIncluding({rid: String, username: String}))`
 * comes first (logged in or not: `Match failed`), then the login, then the command's checks; the
 * answer is `true`. A socket not logged in is refused as each method words it: `muteUserInRoom`
 * `Invalid user [error-invalid-user]`, `unmuteUserInRoom` `Not allowed [error-not-allowed]`.
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

/** The mute methods, by name (spread into METHODS, src/realtime/methods.ts). */
export const ROOM_MUTE_METHODS: Readonly<Record<string, Method>> = {
  [muteUserInRoom.name]: commandMethod(muteUserInRoom, {
    check: (params) => void muteArgs(params),
    args: muteArgs,
    result: () => true,
  }),
  [unmuteUserInRoom.name]: commandMethod(unmuteUserInRoom, {
    check: (params) => void muteArgs(params),
    args: muteArgs,
    result: () => true,
    loggedOut: 'error-not-allowed',
  }),
};
