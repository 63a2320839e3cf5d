import { byEra } from '../../eras';
import addUsersToRoom from '../../commands/addUsersToRoom';
import createPrivateGroup from '../../commands/createPrivateGroup';
import leaveRoom from '../../commands/leaveRoom';
import removeUserFromRoom from '../../commands/removeUserFromRoom';
import addRoomLeader from '../../commands/addRoomLeader';
import addRoomModerator from '../../commands/addRoomModerator';
import addRoomOwner from '../../commands/addRoomOwner';
import removeRoomLeader from '../../commands/removeRoomLeader';
import removeRoomModerator from '../../commands/removeRoomModerator';
import removeRoomOwner from '../../commands/removeRoomOwner';
import type { RoomRoleArgs } from '../../commands/setRoomRole';
import type { Command } from '../../commands/command';
import { isPlainObject } from '../../store/query';
import type { Room } from '../../types';
import { toEjson } from '../ejson';
import { MeteorError, commandMethod } from '../method';
import type { Method } from '../method';

/**
 * The realtime methods of the rooms group (`createPrivateGroup`, the membership and role methods,
 * …): each the second face of a command of src/commands/, as `createChannel` is.
 *
 * Layer: realtime.
 */

/** Meteor's `check` refusing an argument: error 400 `Match failed` (its sanitized error). */
function matchFailed(): MeteorError {
  return new MeteorError(400, 'Match failed');
}

/** A new room as `createRoom` answers it: 0.49's `{rid}`; 5.x's `{rid, …room}`; 6.x's `{rid, inserted, _id, _updatedAt, …room}`, its `usersCount` still 0. */
const CREATED_RESULT = { '0.49': '0.49', '5': '5', '6': '6' } as const;

function createdResult(room: Room, layout: '0.49' | '5' | '6'): unknown {
  if (layout === '0.49') return { rid: room._id };
  const { _id, _updatedAt, usernames, sysMes, joinCodeRequired, muted, ...props } = room;
  const stored = { ...props, usersCount: 0 };
  return toEjson(
    layout === '5'
      ? { rid: _id, ...stored, _updatedAt, _id }
      : { rid: _id, inserted: true, _id, _updatedAt, ...stored },
  );
}

/**
 * `createPrivateGroup(name, members, readOnly = false, customFields = {}, extraData = {})`:
 * `check`s the name and members, then the command (REST's `groups.create` calls the same one).
 */
const createPrivateGroupMethod = commandMethod(createPrivateGroup, {
  args: (params) => {
    const [name, members, readOnly, customFields, extraData] = params;
    if (typeof name !== 'string') throw matchFailed();
    if (members !== undefined && !(Array.isArray(members) && members.every((m) => typeof m === 'string')))
      throw matchFailed();
    return {
      name,
      members: (members as string[] | undefined) ?? [],
      readOnly: readOnly === true,
      customFields: isPlainObject(customFields) ? customFields : {},
      extraData: isPlainObject(extraData) ? extraData : {},
      excludeSelf: false,
    };
  },
  result: (room, { profile }) => createdResult(room, byEra(profile, CREATED_RESULT)),
});

/** An object argument (`check(data, Match.ObjectIncluding({…}))`), or `Match failed`. */
function objectArg(value: unknown): Record<string, unknown> {
  if (!isPlainObject(value)) throw matchFailed();
  return value;
}

/**
 * `addUsersToRoom({rid, users})`: `rid` a string; `users` not an array is the method's own
 * `error-invalid-arguments`; then the command (REST's invite routes call it). Answers `true`.
 */
const addUsersToRoomMethod = commandMethod(addUsersToRoom, {
  args: (params) => {
    const data = objectArg(params[0]);
    if (typeof data.rid !== 'string') throw matchFailed();
    if (!Array.isArray(data.users))
      throw new MeteorError('error-invalid-arguments', 'Invalid arguments', { method: addUsersToRoom.name });
    if (!data.users.every((u) => typeof u === 'string')) throw matchFailed();
    return { rid: data.rid, usernames: data.users as string[] };
  },
  result: () => true,
});

/** `removeUserFromRoom({rid, username})`: both strings, then the command (REST's kick routes). Answers `true`. */
const removeUserFromRoomMethod = commandMethod(removeUserFromRoom, {
  // `check` runs before the login is asked for
  check: (params) => {
    const data = objectArg(params[0]);
    if (typeof data.rid !== 'string' || typeof data.username !== 'string') throw matchFailed();
  },
  args: (params) => {
    const data = objectArg(params[0]);
    return { rid: String(data.rid), username: String(data.username) };
  },
  result: () => true,
});

/** `leaveRoom(rid)`: a string, then the command (REST's leave routes). Answers nothing. */
const leaveRoomMethod = commandMethod(leaveRoom, {
  check: (params) => {
    if (typeof params[0] !== 'string') throw matchFailed();
  },
  args: (params) => ({ rid: String(params[0]) }),
  result: () => undefined,
});

/** A role method `(rid, userId)`: both strings (`check`, before the login), then the command. Answers `true`. */
function roleMethod(roleCommand: Command<RoomRoleArgs, true>): Method {
  return commandMethod(roleCommand, {
    check: (params) => {
      if (typeof params[0] !== 'string' || typeof params[1] !== 'string') throw matchFailed();
    },
    args: (params) => ({ rid: String(params[0]), userId: String(params[1]) }),
    result: () => true,
  });
}

/** The rooms group's methods, by name (spread into METHODS, src/realtime/methods.ts). */
export const ROOM_METHODS: Readonly<Record<string, Method>> = {
  createPrivateGroup: createPrivateGroupMethod,
  addUsersToRoom: addUsersToRoomMethod,
  removeUserFromRoom: removeUserFromRoomMethod,
  leaveRoom: leaveRoomMethod,
  ...Object.fromEntries(
    [
      addRoomOwner,
      removeRoomOwner,
      addRoomModerator,
      removeRoomModerator,
      addRoomLeader,
      removeRoomLeader,
    ].map((roleCommand) => [roleCommand.name, roleMethod(roleCommand)]),
  ),
};
