import type { EraTable } from '../../eras';
import type { User } from '../../types';
import { MeteorError } from '../method';
import type { Method, MethodContext } from '../method';

/**
 * The realtime methods a bot's driver calls (hubot-rocketchat, `@rocket.chat/sdk` 0.1.0 and
 * 0.2.9), as each release line answers them: `getRoomNameById`, `getRoomIdByNameOrId`.
 *
 * Layer: realtime.
 */

/** Meteor's `check` refusing an argument: error 400 `Match failed`. */
function matchFailed(): MeteorError {
  return new MeteorError(400, 'Match failed');
}

/** The caller, or `Invalid user [error-invalid-user]` naming the method. */
function callerOf(context: MethodContext, method: string): User {
  if (!context.user) throw new MeteorError('error-invalid-user', 'Invalid user', { method });
  return context.user;
}

/**
 * `getRoomNameById(rid)` (0.57 on, PR #7102): `check(rid, String)`, the login, the room (a missing
 * one is `Not allowed`, not a not-found); a member (any room type) gets `room.name` (a direct room
 * has none: an empty result); a non-member only of a public channel, with `view-c-room`.
 */
const getRoomNameById: Method = (context, params) => {
  const rid = params[0];
  if (typeof rid !== 'string') throw matchFailed();
  const user = callerOf(context, 'getRoomNameById');
  const room = context.store.anyRoom(rid);
  if (!room || !context.store.maySee(user, room))
    throw new MeteorError('error-not-allowed', 'Not allowed', { method: 'getRoomNameById' });
  return room.t === 'd' ? undefined : room.name;
};

/**
 * `getRoomIdByNameOrId(nameOrId)`: `check(String)`, the login, the room by `_id` else by name; none,
 * or one the caller may not access (a private group or a direct room it is not in, a channel
 * without `view-c-room`), is `Not allowed`.
 */
const getRoomIdByNameOrId: Method = (context, params) => {
  const given = params[0];
  if (typeof given !== 'string') throw matchFailed();
  const user = callerOf(context, 'getRoomIdByNameOrId');
  const rid = context.store.roomIdOf(given);
  const room = rid === undefined ? undefined : context.store.anyRoom(rid);
  if (!room || !context.store.maySee(user, room))
    throw new MeteorError('error-not-allowed', 'Not allowed', { method: 'getRoomIdByNameOrId' });
  return room._id;
};

export const BOTS_REALTIME_METHODS: Readonly<Record<string, Method>> = {
  getRoomNameById,
  getRoomIdByNameOrId,
};

/** The release lines that serve each of these methods (the others: every line). */
export const BOTS_REALTIME_SERVED: Readonly<Record<string, EraTable<boolean>>> = {
  // added in 0.57 (PR #7102)
  getRoomNameById: { '0.49': false, '5': true },
};
