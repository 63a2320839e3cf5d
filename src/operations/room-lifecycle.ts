import { byEra } from '../eras';
import { ApiError } from '../errors';
import type { RoomRef, Store } from '../store/store';
import type { Profile } from '../profiles';
import type { Room, User } from '../types';
import type { Params } from './operation';
import { readRoomRef, textOf } from './params';
import { channelValidator, roomOneOf } from './room-members';
import type { Schema, Validator } from './validator';
import type { EraTable } from '../eras';

/**
 * What the rooms group's lifecycle routes (`channels.rename|archive|unarchive|delete`, the
 * `groups.*` twins, `rooms.delete`) read of a request: the room as each release line looked it up,
 * the new name, and the validators they had.
 *
 * Layer: operations.
 */

/** `channels.archive|unarchive|delete` (6.x on): the room alone, `oneOf {roomId}|{roomName}`. */
export const ROOM_ONLY_VALIDATOR = channelValidator(roomOneOf({}));

/** `rooms.delete`'s typed body (8.x): `roomId` and nothing else. */
const DELETE_BODY: Schema = {
  type: 'object',
  properties: { roomId: { type: 'string' } },
  required: ['roomId'],
  additionalProperties: false,
};

/** `rooms.delete`: no validator to 7.x (the route's own check), the typed body from 8.x. */
export const ROOMS_DELETE_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '8': { schema: DELETE_BODY, coerce: true, form: 'body' },
};

/** The rename routes looked a room up by `roomId` alone to 5.x; `roomName` too from 6.x. */
const RENAME_BY_NAME = { '0.49': false, '6': true };

/**
 * `findChannelByIdOrName` without its "missing" check (6.x on): a body naming no room looks up
 * nothing, and finds nothing; before, `error-roomid-param-not-provided`.
 */
const MISSING_CHECKED = { '0.49': true, '6': false };

/** The room a rename names: `roomId` alone to 5.x (a `roomName` alone is no room given). */
function renameRef(profile: Profile, body: Params): RoomRef {
  if (byEra(profile, RENAME_BY_NAME)) return readRoomRef(body);
  const roomId = textOf(body.roomId);
  return roomId === '' ? {} : { roomId };
}

/** A `channels.*` lifecycle route's channel: `findChannelByIdOrName` as the release line had it. */
export function findLifecycleChannel(
  store: Store,
  profile: Profile,
  ref: RoomRef,
  checkArchived: boolean,
): Room {
  if (ref.roomId === undefined && ref.roomName === undefined && !byEra(profile, MISSING_CHECKED))
    throw new ApiError('error-room-not-found', { raw: '' });
  return store.findChannel(ref, { checkArchived });
}

/** The rename routes' new name: a non-blank string, checked before the room. */
export function readNewName(body: Params): string {
  const name = body.name;
  if (typeof name !== 'string' || name.trim() === '') throw new ApiError('rename-name-required');
  return name;
}

/** The 0.49 era let a channel be "renamed" to its own name (nothing happened). */
const SAME_NAME_REFUSED = { '0.49': false, '5': true };

/** `channels.rename`'s channel (archived refused) and name; the same name refused (5.x on). */
export function readChannelRename(
  store: Store,
  profile: Profile,
  body: Params,
): { rid: string; name: string } {
  const name = readNewName(body);
  const room = findLifecycleChannel(store, profile, renameRef(profile, body), true);
  if (room.name === name && byEra(profile, SAME_NAME_REFUSED)) throw new ApiError('rename-same-name');
  return { rid: room._id, name };
}

/** `groups.rename`'s group (one the caller is in, not archived) and name. */
export function readGroupRename(
  store: Store,
  profile: Profile,
  user: User,
  body: Params,
): { rid: string; name: string } {
  const name = readNewName(body);
  const room = store.findGroup(user, renameRef(profile, body));
  if (room.archived) throw new ApiError('error-group-archived', { name: room.name });
  return { rid: room._id, name };
}
