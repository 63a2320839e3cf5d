import { copyJson } from '../json-copy';
import { ROOM_SHAPE, jsonSchemaOf } from '../wire';
import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import { matchCheck } from '../commands/integrations';
import type { Profile } from '../profiles';
import type { JsonObject } from '../store/query';
import type { RoomMemberFilter, Store } from '../store/store';
import type { AnyRoom, Room, User } from '../types';
import type { Params } from './operation';
import { mayAccessRoom, readJsonQuery, readPagination, textOf } from './params';
import { answer, str } from './responses';
import type { Schema, Validator } from './validator';

/**
 * What the rooms group's read routes of helper rooms-reads share: the members list's parameters
 * and items (`channels.members`, `groups.members`, `im.members`), the broadcast rule, the
 * counters (`channels.counters`, `groups.counters`, `im.counters`), and the direct room as the
 * `im.*` routes find it.
 *
 * Layer: operations.
 */

/** Routes 0.49's build did not have. */
export const SINCE_5: EraTable<boolean> = { '0.49': false, '5': true };

/** A query's `status[]` (a query string's list) read as `status`. */
export function withStatus(query: Params): Params {
  const listed = query['status[]'];
  if (listed === undefined) return query;
  const { 'status[]': _listed, ...rest } = query;
  return { ...rest, status: Array.isArray(listed) ? listed : [listed] };
}

/**
 * `check(this.queryParams, Match.ObjectIncluding({status: Match.Maybe([String]), filter:
 * Match.Maybe(String)}))`, after the page and the sort are read.
 */
export function checkMemberParams(params: Params): void {
  matchCheck(params as JsonObject, {
    status: { type: 'strings', optional: true },
    filter: { type: 'string', optional: true },
  });
}

/** A members list's page and filter as read from the query. */
export interface MembersQuery {
  readonly offset: number;
  readonly count: number;
  readonly filter: RoomMemberFilter;
  /** `sort`'s `username` direction (default ascending) */
  readonly direction: 1 | -1;
}

/** The page (`count`, `offset`), `sort` (only its `username` counts), `status` and `filter`. */
export function readMembersQuery(params: Params): MembersQuery {
  const { offset, count } = readPagination(params);
  const { sort } = readJsonQuery(params);
  const byName = sort?.find(([path]) => path.join('.') === 'username');
  const status = Array.isArray(params.status) ? (params.status as string[]) : undefined;
  const filter = typeof params.filter === 'string' && params.filter !== '' ? params.filter : undefined;
  return {
    offset,
    count,
    filter: { ...(filter !== undefined ? { filter } : {}), ...(status ? { status } : {}) },
    direction: byName?.[1] ?? 1,
  };
}

/** Whether a member carries `federated` (7.x on). */
const FEDERATED: EraTable<boolean> = { '0.49': false, '7': true };

/**
 * A member as `channels.members` / `groups.members` list one: `_id`, `username`, `name`,
 * `status` (offline when the fake's user has none), then what the user has of `nickname`,
 * `avatarETag`, `_updatedAt` and (7.x on) `federated`.
 */
export function memberView(user: User, profile: Profile): JsonObject {
  const out: Record<string, unknown> = {
    _id: user._id,
    username: user.username,
    name: user.name,
    status: typeof user.status === 'string' ? user.status : 'offline',
  };
  const keys = ['nickname', 'avatarETag', '_updatedAt', ...(byEra(profile, FEDERATED) ? ['federated'] : [])];
  for (const key of keys) if (user[key] !== undefined) out[key] = copyJson(user[key]);
  return out as JsonObject;
}

/** `{members, count, offset, total}`: one page of the members. */
export function membersPage(
  members: readonly JsonObject[],
  { offset, count }: { offset: number; count: number },
): { members: JsonObject[]; count: number; offset: number; total: number } {
  const shown = count === 0 ? members.slice(offset) : members.slice(offset, offset + count);
  return { members: shown, count: shown.length, offset, total: members.length };
}

/** A broadcast room's members are shown only with `view-broadcast-member-list` in the room (else the bare 403). */
export function checkBroadcast(store: Store, user: User, room: Room): void {
  if (room.broadcast === true && !store.can(user, 'view-broadcast-member-list', room))
    throw new ApiError('room-forbidden');
}

/** `members` of the counters: the room's `usersCount` to 6.x, its active members from 7.x. */
const ACTIVE_MEMBERS: EraTable<boolean> = { '0.49': false, '7': true };

/**
 * `channels.counters` / `groups.counters`' answer for `target` (the caller, or the user named by
 * `userId`): joined when subscribed and open, then the unread messages from `ls` (or the join)
 * to the room's last message, both included, and the mentions; the room's counts when joined or
 * `admin` (`view-room-administration`).
 */
export function roomCounters(
  store: Store,
  profile: Profile,
  room: Room,
  target: User | undefined,
  admin: boolean,
): JsonObject {
  const sub = target && store.memberState(room, target);
  const lm = typeof room.lm === 'string' ? room.lm : room._updatedAt;
  const out: Record<string, unknown> = {
    joined: false,
    members: null,
    unreads: null,
    unreadsFrom: null,
    msgs: null,
    latest: null,
    userMentions: null,
  };
  if (sub?.open === true) {
    const from = sub.ls ?? sub.ts;
    out.unreads = store.countVisibleBetween(room._id, from, lm);
    out.unreadsFrom = from;
    out.userMentions = sub.userMentions;
    out.joined = true;
  }
  if (admin || out.joined === true) {
    out.msgs = room.msgs;
    out.latest = lm;
    out.members = byEra(profile, ACTIVE_MEMBERS)
      ? store.roomMemberUsers(room, {}, { by: 'connection', direction: 1 }).length
      : room.usersCount;
  }
  return out as JsonObject;
}

/** The counters' answer schema. */
const nullableInt = { type: 'integer', nullable: true } as const;
const nullableStr = { type: 'string', nullable: true } as const;
export const COUNTERS = {
  joined: { type: 'boolean' },
  members: nullableInt,
  unreads: nullableInt,
  unreadsFrom: nullableStr,
  msgs: nullableInt,
  latest: nullableStr,
  userMentions: nullableInt,
} as const;

/** A members list's item schema. */
export const MEMBER: Schema = {
  type: 'object',
  required: ['_id', 'username', 'status'],
  properties: { _id: str, username: str, name: str, status: str },
};

/** What the OpenAPI document says of the members lists' query. */
export const MEMBERS_QUERY: Readonly<Record<string, string>> = {
  roomId: 'the room’s _id (one of roomId, roomName is required)',
  roomName: 'the room’s name (one of roomId, roomName is required)',
  count: 'how many (default 50, at most 100)',
  offset: 'how many to skip',
  sort: 'JSON: only {"username": 1|-1} is read',
  'status[]': 'the statuses to keep (online, away, busy, offline)',
  filter: 'a username or name contains this (any case)',
};

/**
 * `canAccessRoom` for any room: a channel or group by its rules ({@link mayAccessRoom}), a direct
 * room to its members.
 */
export function mayAccessAny(store: Store, profile: Profile, user: User, room: AnyRoom): boolean {
  if (room.t === 'd') return room.usernames.includes(user.username);
  return mayAccessRoom(store, profile, user, room);
}

/** `{roles: [{_id, rid, u, roles}]}` of `channels.roles` / `groups.roles`. */
export const ROLE_HOLDERS = answer({
  roles: {
    type: 'array',
    items: {
      type: 'object',
      required: ['_id', 'rid', 'u', 'roles'],
      additionalProperties: false,
      properties: {
        _id: str,
        rid: str,
        u: { type: 'object', required: ['_id', 'username'], properties: { _id: str, username: str } },
        roles: { type: 'array', items: { enum: ['owner', 'moderator', 'leader'] } },
      },
    },
  },
});

/** `{moderators: [{_id, username, name}]}`. */
export const MODERATORS = answer({
  moderators: {
    type: 'array',
    items: {
      type: 'object',
      required: ['_id', 'username'],
      properties: { _id: str, username: str, name: str },
    },
  },
});

/** What the OpenAPI document says of the counters' query. */
export const COUNTERS_QUERY: Readonly<Record<string, string>> = {
  roomId: 'the room’s _id (one of roomId, roomName is required)',
  roomName: 'the room’s name (one of roomId, roomName is required)',
  userId: 'another user’s counters (view-room-administration)',
};

/** A private group in a list page (`groups.list`, `groups.listAll`). */
export const LIST_GROUP = jsonSchemaOf(ROOM_SHAPE, 'list', { t: { const: 'p' } });

/** How the `im.*` routes of helper rooms-reads read their room, by release line. */
export type DirectEra = '0.49' | '5' | '6' | '8';
export const DIRECT_ERA: EraTable<DirectEra> = { '0.49': '0.49', '5': '5', '6': '6', '8.8': '8' };

/** 8.8's typed body of `im.open` and `im.close`: `{roomId}` and nothing else. */
export const DIRECT_BODY_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '8.8': {
    schema: {
      type: 'object',
      properties: { roomId: str },
      required: ['roomId'],
      additionalProperties: false,
    },
    coerce: true,
    form: 'body',
  },
};

/**
 * The direct room `im.open` and `im.close` act on, as each release line found it (`roomId` only):
 * 0.49 the caller's subscription; 5.x `findDirectMessageRoom` with its access check; 6.x on
 * `canAccessRoomId` (the bare 403, a room that does not exist too) before the room's type.
 */
export function findCallerDirect(store: Store, profile: Profile, user: User, body: Params): AnyRoom {
  const era = byEra(profile, DIRECT_ERA);
  const roomId = textOf(body.roomId);
  if (roomId.trim() === '') throw new ApiError('direct-roomid-required');
  const room = store.anyRoom(roomId);
  if (era === '0.49') {
    if (!room || room.t !== 'd' || !room.usernames.includes(user.username))
      throw new ApiError('direct-not-found-by-id', { raw: roomId });
    return room;
  }
  if (era === '5') {
    if (!room || room.t !== 'd' || !mayAccessAny(store, profile, user, room))
      throw new ApiError('direct-not-found-by-user');
    return room;
  }
  if (!room || !mayAccessAny(store, profile, user, room)) throw new ApiError('room-forbidden');
  if (room.t !== 'd') throw new ApiError('direct-not-found');
  return room;
}
