import { byEra } from '../eras';
import { ApiError } from '../errors';
import type { ErrorCode } from '../errors';
import type { Profile } from '../profiles';
import type { ListOptions, RoomRef, Store } from '../store/store';
import type { Projection, Query, SortSpec } from '../store/query';
import { compileProjection, compileQuery, compileSort, isPlainObject } from '../store/query';
import { HIDDEN_ROOM_FIELDS } from './views';
import type { Room, User } from '../types';
import type { Params } from './operation';

/**
 * Readers: each takes the raw query string or body of a request and returns checked, typed values,
 * or throws the error the real server gives for that parameter.
 */

export type { Params } from './operation';

const DEFAULT_COUNT = 50;
const MAX_COUNT = 100;
const NUMBER = /^\s*-?\d+(\.\d+)?\s*$/;

/** The body as an object, or `invalid-body` (a JSON array or a scalar is not a parameter list). */
export function readBody(body: unknown): Params {
  if (body === undefined) return {};
  if (!isPlainObject(body))
    throw new ApiError('invalid-body', { reason: 'The request body must be a JSON object' });
  return body;
}

function readNumber(params: Params, name: string, fallback: number): number {
  const raw = params[name];
  if (raw === undefined || raw === '') return fallback;
  // a number already when the release's validator coerced it (7.10 on)
  if (typeof raw !== 'number' && (typeof raw !== 'string' || !NUMBER.test(raw)))
    throw new ApiError('invalid-params', { reason: 'must be number' });
  const value = Math.trunc(Number(raw));
  if (value < 0) throw new ApiError('invalid-params', { reason: 'must be >= 0' });
  return value;
}

/** `offset` (default 0) and `count` (default 50, at most 100, 0 for all). */
export function readPagination(params: Params, max = MAX_COUNT): { offset: number; count: number } {
  const count = readNumber(params, 'count', DEFAULT_COUNT);
  const offset = readNumber(params, 'offset', 0);
  return { offset, count: Math.min(count, max) };
}

function readJson<T>(
  params: Params,
  name: string,
  code: ErrorCode,
  compile: (v: unknown) => T | undefined,
): T | undefined {
  const raw = params[name];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw new ApiError(code, { raw: String(raw) });
  try {
    const compiled = compile(JSON.parse(raw));
    if (compiled !== undefined) return compiled;
  } catch {
    // bad JSON, or nesting too deep to evaluate: the same answer as any other invalid value
  }
  throw new ApiError(code, { raw });
}

/**
 * `sort`, `query` and `fields` as the real server's `parseJsonQuery` reads them. `forcedKeys` are
 * query keys the route sets itself (a user-supplied `t` on `channels.list` is overwritten).
 */
export function readJsonQuery(
  params: Params,
  forcedKeys: readonly string[] = [],
): { sort?: SortSpec; query?: Query; fields?: Projection } {
  const hidden = [...HIDDEN_ROOM_FIELDS];
  return {
    sort: readJson(params, 'sort', 'error-invalid-sort', compileSort),
    query: readJson(params, 'query', 'error-invalid-query', (v) => {
      const own = isPlainObject(v)
        ? Object.fromEntries(Object.entries(v).filter(([k]) => !forcedKeys.includes(k)))
        : v;
      return compileQuery(own, hidden);
    }),
    fields: readJson(params, 'fields', 'error-invalid-fields', (v) => compileProjection(v, hidden)),
  };
}

/**
 * Pagination and JSON query together, in the order the real server reads them. `roomId` (the
 * `_id` parameter of `channels.list`) narrows the query to that room.
 */
export function readListOptions(
  params: Params,
  forcedKeys: readonly string[] = [],
  roomId?: string,
): ListOptions {
  const cacheKey = JSON.stringify([params.sort ?? null, params.query ?? null, roomId ?? null]);
  const { query, ...rest } = readJsonQuery(params, forcedKeys);
  const byId: Query | undefined =
    roomId === undefined ? undefined : { kind: 'eq', path: ['_id'], value: roomId };
  const narrowed = byId && query ? { kind: 'and' as const, parts: [query, byId] } : (byId ?? query);
  return { ...readPagination(params), ...rest, ...(narrowed ? { query: narrowed } : {}), cacheKey };
}

/**
 * `channels.list`'s `_id` (Rocket.Chat 6.0 and later): one room by id; empty means none given.
 * The real server's schema takes a string; given twice, it is a list, and refused the same way.
 */
export function readRoomIdFilter(params: Params): string | undefined {
  const raw = params._id;
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw !== 'string') throw new ApiError('invalid-params', { reason: 'must be string' });
  return raw;
}

function readOptionalString(params: Params, name: string): string | undefined {
  const raw = params[name];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string') throw new ApiError('invalid-params', { reason: `must be string` });
  return raw;
}

/** What the OpenAPI document says of the list parameters `readListOptions` reads. */
/** The refusals of the list parameters `readListOptions` reads (`parseJsonQuery`'s). */
export const LIST_QUERY_ERRORS = [
  'error-invalid-query',
  'error-invalid-sort',
  'error-invalid-fields',
] as const;

export const LIST_QUERY: Readonly<Record<string, string>> = {
  count: 'how many (default 50, at most 100)',
  offset: 'how many to skip',
  sort: 'JSON, e.g. {"name":1}',
  query: 'JSON: a MongoDB-style filter',
  fields: 'JSON: the fields to include or leave out',
};

/** What the OpenAPI document says of `roomId` and `roomName` (`readRoomRef`). */
export const ROOM_REF_QUERY: Readonly<Record<string, string>> = {
  roomId: 'the room’s _id (one of roomId, roomName is required)',
  roomName: 'the room’s name (one of roomId, roomName is required)',
};

/** `roomId` or `roomName`; empty strings count as absent. */
export function readRoomRef(params: Params): RoomRef {
  const roomId = readOptionalString(params, 'roomId');
  const roomName = readOptionalString(params, 'roomName');
  return { ...(roomId ? { roomId } : {}), ...(roomName ? { roomName } : {}) };
}

const SET_READ_ONLY_KEYS = ['roomId', 'roomName', 'readOnly'];

/**
 * The body of `channels.setReadOnly`, checked as the server's validator does (`"true"` coerced);
 * `validated: false` for the eras before the validator (0.49, 5.x).
 */
export function readSetReadOnly(body: Params, validated = true): { ref: RoomRef; readOnly: boolean } {
  if (!validated) {
    // before 6.x: no validator; only a missing `readOnly` is refused, in words of its own
    if (body.readOnly === undefined) throw new ApiError('readonly-required');
    return { ref: readRoomRef(body), readOnly: body.readOnly === true || body.readOnly === 'true' };
  }
  const invalid = (reason: string): ApiError => new ApiError('invalid-params', { reason });
  const keys = Object.keys(body);
  if (keys.some((k) => !SET_READ_ONLY_KEYS.includes(k)) || ('roomId' in body && 'roomName' in body)) {
    throw invalid('must NOT have additional properties');
  }
  if (!('roomId' in body) && !('roomName' in body)) throw invalid("must have required property 'roomId'");
  const name = 'roomId' in body ? 'roomId' : 'roomName';
  const value = readOptionalString(body, name) ?? '';
  const raw = body.readOnly;
  if (raw === undefined) throw invalid("must have required property 'readOnly'");
  const readOnly =
    raw === true || raw === 'true' ? true : raw === false || raw === 'false' ? false : undefined;
  if (readOnly === undefined) throw invalid('must be boolean');
  return { ref: { [name]: value }, readOnly };
}

/**
 * The body of `channels.setType`: a non-blank `type` first, then the room. `schema`: a body
 * without `type` fails the route's schema before its own check (8.x's typed route).
 */
export function readSetType(body: Params, schema = false): { ref: RoomRef; type: string } {
  if (schema && !('type' in body))
    throw new ApiError('invalid-params', { reason: "must have required property 'type'" });
  const type = body.type;
  if (typeof type !== 'string' || type.trim() === '') throw new ApiError('type-required');
  return { ref: readRoomRef(body), type };
}

/** `includeAllPublicChannels`: on unless present and not exactly `"true"`. */
export function readIncludeAll(params: Params): boolean {
  const raw = params.includeAllPublicChannels;
  return raw === undefined || raw === 'true';
}

/** `canAccessRoom` knows teams from 5.x: a team's public channel is seen by the team's rule. */
const TEAM_ACCESS = { '0.49': false, '5': true };

/**
 * Rocket.Chat's `canAccessRoom`, any of its rules: a public channel of a team is open to those
 * with `view-c-room` when the team is public, else to the team's members; any other public
 * channel to those with `view-c-room`; and any room to its members (in its `usernames`) who hold
 * `view-joined-room` or `view-c-room`.
 */
export function mayAccessRoom(store: Store, profile: Profile, user: User, room: Room): boolean {
  if (room.t === 'c') {
    if (room.teamId !== undefined && byEra(profile, TEAM_ACCESS)) {
      const team = store.team(room.teamId);
      if (team?.type === 0 ? store.can(user, 'view-c-room', room) : team?.members.includes(user.username))
        return true;
    } else if (store.can(user, 'view-c-room', room)) return true;
  }
  return (
    room.usernames.includes(user.username) &&
    (store.can(user, 'view-joined-room', room) || store.can(user, 'view-c-room', room))
  );
}

/**
 * Whether {@link mayAccessRoom} may answer differently for two callers with the same permissions:
 * when team rooms are governed by membership, or when the caller sees rooms only as a member.
 */
export function accessIsPersonal(store: Store, user: User): boolean {
  return store.hasTeamRooms || !store.can(user, 'view-c-room');
}

/** The caller of an operation declared with `auth: true` (the pipeline has authenticated it). */
export function callerOf(context: { caller: { user: User } | undefined }): User {
  if (!context.caller) throw new ApiError('not-logged-in');
  return context.caller.user;
}

/**
 * A parameter as text: a string as it is, a number or boolean written out, anything else empty
 * (the eras without a validator let objects through: never `String()` one, which may throw).
 */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
}

/** How deep a JSON value nests (objects and arrays), counted up to `limit` + 1 at most. */
export function depthOf(value: unknown, limit: number): number {
  let depth = 0;
  let level: unknown[] = [value];
  while (depth <= limit) {
    const objects = level.filter((v): v is object => typeof v === 'object' && v !== null);
    if (objects.length === 0) break;
    depth += 1;
    level = objects.flatMap((o) => Object.values(o));
  }
  return depth;
}

/** A comma-separated list of ids (`mentionIds`, `starredIds`), or none. */
export function readIdList(params: Params, name: string): string[] | undefined {
  const raw = params[name];
  return typeof raw === 'string' && raw !== '' ? raw.split(',') : undefined;
}

/**
 * `updatedSince` (subscriptions.get, rooms.get): absent or empty is none; a date is its ISO text;
 * anything else is the route's own refusal, `code`.
 */
export function readUpdatedSince(raw: unknown, code: ErrorCode): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  const ms = typeof raw === 'string' ? Date.parse(raw) : Number.NaN;
  if (Number.isNaN(ms)) throw new ApiError(code);
  return new Date(ms).toISOString();
}
