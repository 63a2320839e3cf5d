import { ApiError } from '../errors';
import type { ErrorCode } from '../errors';
import type { RoomRole } from '../store/store';
import type { Room } from '../types';
import type { Command } from './command';

/**
 * The room role methods (`addRoomOwner`, `removeRoomOwner`, `addRoomModerator`,
 * `removeRoomModerator`, `addRoomLeader`, `removeRoomLeader`; REST's `channels.*` and `groups.*`
 * role routes call them): the room, the permission (`set-owner`, `set-moderator`, `set-leader`:
 * admin and the room's owners), the target, then the method's own checks in the real server's
 * order. The role is subscription data (src/store/membership.ts), with its system message.
 */
export interface RoomRoleArgs {
  readonly rid: string;
  readonly userId: string;
}

const PERMISSION: Readonly<Record<RoomRole, string>> = {
  owner: 'set-owner',
  moderator: 'set-moderator',
  leader: 'set-leader',
};
const ALREADY: Readonly<Record<RoomRole, ErrorCode>> = {
  owner: 'user-already-owner',
  moderator: 'user-already-moderator',
  leader: 'user-already-leader',
};
const NOT_HELD: Readonly<Record<RoomRole, ErrorCode>> = {
  owner: 'user-not-owner',
  moderator: 'user-not-moderator',
  leader: 'user-not-leader',
};

/** One role method's spec (each declared in its own module, src/commands/<method>.ts): `give` the role or take it. */
export function roleCommand(name: string, role: RoomRole, give: boolean): Command<RoomRoleArgs, true> {
  return {
    name,
    run({ store, user }, { rid, userId }) {
      const method = { method: name };
      const found = store.anyRoom(rid);
      if (!found || found.t === 'd') throw new ApiError('room-invalid', method);
      const room: Room = found;
      if (!store.can(user, PERMISSION[role], room)) throw new ApiError('room-not-allowed', method);
      const target = store.userById(userId);
      if (!target?.username) throw new ApiError('role-invalid-user', method);
      const member = room.usernames.includes(target.username);
      const roles = store.roomRoles(room, target._id);
      if (give) {
        if (!member) throw new ApiError('user-not-in-room', method);
        if (roles.includes(role)) throw new ApiError(ALREADY[role], method);
      } else {
        // removeRoomLeader says the user is not in the room; the others, that the room is invalid
        if (!member) throw new ApiError(role === 'leader' ? 'user-not-in-room' : 'room-invalid', method);
        // owner: no owner role is refused; moderator and leader: only a member holding other roles
        // (one holding none passes, and the message is posted all the same)
        const refused = role === 'owner' ? !roles.includes(role) : roles.length > 0 && !roles.includes(role);
        if (refused) throw new ApiError(NOT_HELD[role], method);
        if (role === 'owner' && store.membersWithRole(room, 'owner').length === 1)
          throw new ApiError('remove-last-owner', method);
      }
      store.setRoomRole(user, room, target, role, give);
      return true;
    },
  };
}
