import { ApiError } from '../errors';
import type { EraTable } from '../eras';
import type { RoomRef, Store } from '../store/store';
import type { Room, User } from '../types';
import type { Params } from './operation';
import { readRoomRef, textOf } from './params';
import type { Schema, Validator } from './validator';

/**
 * What the rooms group's member routes (`channels.invite|kick|join|leave`, `groups.invite|kick|leave`,
 * the role routes) read of a request: the users they name (`getUserFromParams`,
 * `getUserListFromParams`), the groups they name by their own lookups, and the validators the
 * `channels.*` ones had from 6.x (`oneOf {roomId,…}|{roomName,…}`, nothing else).
 *
 * Layer: operations.
 */

const str = { type: 'string' } as const;

/** `oneOf {roomId, …fields}|{roomName, …fields}`, no other keys; `required` of each branch besides the room. */
export function roomOneOf(
  fields: Readonly<Record<string, Schema>>,
  required: readonly string[] = [],
): Schema {
  const branch = (key: string): Schema => ({
    type: 'object',
    properties: { [key]: str, ...fields },
    required: [key, ...required],
    additionalProperties: false,
  });
  return { oneOf: [branch('roomId'), branch('roomName')] };
}

/** A `channels.*` validator: none before 6.x, ajv without coercion to 8.5, with it from 8.6. */
export function channelValidator(schema: Schema): EraTable<Validator | undefined> {
  return {
    '0.49': undefined,
    '6': { schema, coerce: false, form: 'legacy' },
    '8.6': { schema, coerce: true, form: 'legacy' },
  };
}

/** `channels.kick` (6.x on): the room and a `userId`, nothing else (no `username`). */
export const KICK_VALIDATOR = channelValidator(roomOneOf({ userId: str }, ['userId']));
/** `channels.join` (6.x on): the room and an optional `joinCode` (a string, or null). */
export const JOIN_VALIDATOR = channelValidator(roomOneOf({ joinCode: { type: 'string', nullable: true } }));
/** `channels.leave` (6.x on): the room alone. */
export const LEAVE_VALIDATOR = channelValidator(roomOneOf({}));

/** A parameter as non-blank text, or undefined. */
function given(params: Params, name: string): string | undefined {
  const text = textOf(params[name]).trim();
  return text === '' ? undefined : textOf(params[name]);
}

/**
 * `getUserFromParams`: `userId` by id, else `username`, else `user`, by username (the first given
 * decides: an unknown one is refused, not passed over).
 */
export function readUser(store: Store, params: Params): User {
  const id = given(params, 'userId');
  const name = id === undefined ? (given(params, 'username') ?? given(params, 'user')) : undefined;
  if (id === undefined && name === undefined) throw new ApiError('user-param-not-provided');
  const user = id !== undefined ? store.userById(id) : store.userNamed(name ?? '');
  if (!user) throw new ApiError('user-param-invalid');
  return user;
}

/**
 * `getUserListFromParams`: `userId`/`userIds[]` by id and `username`/`user`/`usernames[]` by
 * username, each once; those that name no one are left out. None given at all is refused.
 */
export function readUserList(store: Store, params: Params): User[] {
  const list = (value: unknown): string[] =>
    Array.isArray(value) ? value.map(textOf).filter((v) => v !== '') : [];
  const ids = [given(params, 'userId'), ...list(params.userIds)].filter((v) => v !== undefined);
  const names = [given(params, 'username') ?? given(params, 'user'), ...list(params.usernames)].filter(
    (v) => v !== undefined,
  );
  if (ids.length === 0 && names.length === 0) throw new ApiError('users-param-not-provided');
  const users: User[] = [];
  for (const user of [...ids.map((id) => store.userById(id)), ...names.map((n) => store.userNamed(n))])
    if (user && !users.includes(user)) users.push(user);
  return users;
}

/**
 * A group as `groups.invite` (5.x on) and `groups.kick` (7.x on) find it: `roomId || roomName`, by
 * id or name, of type `p`; no access check, no archived check.
 */
export function findAnyGroup(store: Store, params: Params): Room {
  const key = given(params, 'roomId') ?? given(params, 'roomName');
  if (key === undefined) throw new ApiError('error-room-param-not-provided');
  const id = store.roomIdOf(key);
  const room = id === undefined ? undefined : store.anyRoom(id);
  if (!room || room.t !== 'p') throw new ApiError('error-group-not-found', { raw: key });
  return room;
}

/** `findPrivateGroupByIdOrName` with its archived check: a group the caller is in, not archived. */
export function findOpenGroup(store: Store, user: User, ref: RoomRef): Room {
  const room = store.findGroup(user, ref);
  if (room.archived) throw new ApiError('error-group-archived', { name: room.name });
  return room;
}

export { readRoomRef };
