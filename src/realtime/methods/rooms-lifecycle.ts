import archiveRoom from '../../commands/archiveRoom';
import eraseRoom from '../../commands/eraseRoom';
import unarchiveRoom from '../../commands/unarchiveRoom';
import type { RoomIdArgs } from '../../commands/archiveRoom';
import type { Command } from '../../commands/command';
import { MeteorError, commandMethod } from '../method';
import type { Method } from '../method';

/**
 * The realtime twins of the rooms' lifecycle routes: `archiveRoom(rid)` and `unarchiveRoom(rid)`
 * (answer nothing), `eraseRoom(rid)` (answers `true`), each the second face of its command
 * (src/commands/), as REST's archive, unarchive and delete routes are the first.
 *
 * Layer: realtime.
 */

/** A method `(rid)`: a string (`check`, before the login is asked for), then the command. */
function ridMethod<R>(roomCommand: Command<RoomIdArgs, R>, result: (value: R) => unknown): Method {
  return commandMethod(roomCommand, {
    check: (params) => {
      if (typeof params[0] !== 'string') throw new MeteorError(400, 'Match failed');
    },
    args: (params) => ({ rid: String(params[0]) }),
    result,
  });
}

/** The lifecycle methods, by name (spread into METHODS, src/realtime/methods.ts). */
export const ROOM_LIFECYCLE_METHODS: Readonly<Record<string, Method>> = Object.fromEntries([
  [archiveRoom.name, ridMethod(archiveRoom, () => undefined)],
  [unarchiveRoom.name, ridMethod(unarchiveRoom, () => undefined)],
  [eraseRoom.name, ridMethod(eraseRoom, () => true)],
]);
