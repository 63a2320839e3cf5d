import addAllUserToRoom from '../../commands/addAllUserToRoom';
import getRoomRoles from '../../commands/getRoomRoles';
import hideRoom from '../../commands/hideRoom';
import openRoom from '../../commands/openRoom';
import unreadMessages from '../../commands/unreadMessages';
import { toEjson } from '../ejson';
import { MeteorError, commandMethod } from '../method';
import type { Method } from '../method';

/**
 * The realtime methods of helper rooms-reads: `openRoom`, `hideRoom`, `getRoomRoles`,
 * `addAllUserToRoom` and `unreadMessages`, each the second face of a command of src/commands/
 * (REST's open / close, roles, addAll and subscriptions.unread routes call the same ones).
 *
 * Layer: realtime.
 */

/** Meteor's `check` refusing an argument: error 400 `Match failed`. */
function matchFailed(): MeteorError {
  return new MeteorError(400, 'Match failed');
}

/** `check(rid, String)`, before the login is asked for. */
function checkRid(params: readonly unknown[]): void {
  if (typeof params[0] !== 'string') throw matchFailed();
}

const ridOf = (params: readonly unknown[]): { rid: string } => ({ rid: String(params[0]) });

/** `openRoom(rid)`: the caller's subscription opened; answers the modified count (1 or 0). */
const openRoomMethod = commandMethod(openRoom, { check: checkRid, args: ridOf, result: (n) => n });

/** `hideRoom(rid)`: the caller's subscription closed, its alert off; answers the modified count. */
const hideRoomMethod = commandMethod(hideRoom, { check: checkRid, args: ridOf, result: (n) => n });

/** `getRoomRoles(rid)`: the members holding a room role, `[{_id, rid, u, roles}]`. */
const getRoomRolesMethod = commandMethod(getRoomRoles, {
  check: checkRid,
  args: ridOf,
  result: (roles) => toEjson(roles),
});

/**
 * `addAllUserToRoom(rid, activeUsersOnly = false)`: `check(rid, String)`, `check(activeUsersOnly,
 * Boolean)`, then the command (REST's addAll routes call it). Answers `true`.
 */
const addAllUserToRoomMethod = commandMethod(addAllUserToRoom, {
  check: (params) => {
    checkRid(params);
    if (params[1] !== undefined && typeof params[1] !== 'boolean') throw matchFailed();
  },
  args: (params) => ({ rid: String(params[0]), activeUsersOnly: params[1] === true }),
  result: () => true,
});

/** `unreadMessages(firstUnreadMessage, room)`: the command (REST's `subscriptions.unread`). Answers nothing. */
const unreadMessagesMethod = commandMethod(unreadMessages, {
  args: (params) => ({ firstUnreadMessage: params[0], room: params[1] }),
  result: () => undefined,
});

/** The methods, by name (spread into METHODS, src/realtime/methods.ts). */
export const ROOM_READS_METHODS: Readonly<Record<string, Method>> = {
  openRoom: openRoomMethod,
  hideRoom: hideRoomMethod,
  getRoomRoles: getRoomRolesMethod,
  addAllUserToRoom: addAllUserToRoomMethod,
  unreadMessages: unreadMessagesMethod,
};
