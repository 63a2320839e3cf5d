import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import { ROOM_NAME_REFUSALS } from '../store/rooms';
import createChannel from '../commands/createChannel';
import type { CreateChannelArgs } from '../commands/createChannel';
import { isPlainObject } from '../store/query';
import type { JsonObject } from '../store/query';
import type { Room } from '../types';
import { success } from './operation';
import type { OperationContext, Params } from './operation';
import { callerOf, readBody } from './params';
import { answer, str } from './responses';
import { GROUPS, route } from './route-groups';

/**
 * `POST /api/v1/channels.create`: the route's own permission check first (before the body: a
 * caller without it gets the bare 403 whatever it sent), then its parameter checks, then the
 * `createChannel` command (src/commands/createChannel.ts). Answers `{channel}` as the new room is
 * stored: the fields the real server writes, in its order.
 */

/** The permission the route checks: 0.49 checked `create-p` (a slip fixed in 0.56), later `create-c`. */
const PERMISSION: EraTable<string> = { '0.49': 'create-p', '5': 'create-c' };
/** `excludeSelf` is read from 6.4.1. */
const EXCLUDE_SELF = { '0.49': false, '6.4': true };
/** How the new room is laid out in the answer: 0.49's document, 5.x's (`_updatedAt` last), 6.x's. */
export const LAYOUT: EraTable<'0.49' | '5' | '6'> = { '0.49': '0.49', '5': '5', '6': '6' };

/** What the fake keeps of every room that the real server does not write when it creates one. */
export const NOT_WRITTEN = new Set(['usernames', 'sysMes', 'joinCodeRequired', 'muted']);

/** The new room as the release line answers it. */
export function created(room: Room, layout: '0.49' | '5' | '6'): JsonObject {
  const view: Record<string, unknown> = {};
  if (layout === '0.49') {
    for (const key of ['_id', 'name', 't', 'usernames', 'msgs', 'u', 'ts', 'ro']) view[key] = room[key];
    view.sysMes = room.ro !== true;
    view._updatedAt = room._updatedAt;
    return view as JsonObject;
  }
  for (const key of Object.keys(room))
    if (!NOT_WRITTEN.has(key) && !(layout === '5' && key === '_updatedAt')) view[key] = room[key];
  if (layout === '5') view._updatedAt = room._updatedAt;
  return view as JsonObject;
}

/** `check(value, String)` inside the method the route calls: Meteor's words for what it got. */
export function matchError(value: unknown, field = ''): ApiError {
  const got = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  return new ApiError('match-error', { reason: `Expected string, got ${got}${field}` });
}

/** The body, checked as the route and then the method check it. */
function readArgs(context: OperationContext): CreateChannelArgs {
  const { store, profile, input } = context;
  const user = callerOf(context);
  const body: Params = readBody(input.body);
  const extraData = isPlainObject(body.extraData) ? (body.extraData as JsonObject) : {};
  const teamId = typeof extraData.teamId === 'string' ? extraData.teamId : undefined;
  const team = teamId === undefined ? undefined : store.team(teamId);
  // an unknown team skips the route's check: the method refuses it (error-team-not-found)
  const allowed = team
    ? store.can(
        user,
        'create-team-channel',
        team.roomId === undefined ? undefined : store.anyRoom(team.roomId),
      )
    : teamId !== undefined || store.can(user, byEra(profile, PERMISSION));
  if (!allowed) throw new ApiError('users-unauthorized');
  const { name, members } = body;
  if (!name) throw new ApiError('create-name-required');
  if (members && !Array.isArray(members)) throw new ApiError('create-members-not-array');
  if (typeof name !== 'string') throw matchError(name);
  const list = Array.isArray(members) ? (members as unknown[]) : [];
  list.forEach((member, i) => {
    if (typeof member !== 'string') throw matchError(member, ` in field [${i}]`);
  });
  return {
    name,
    members: list as string[],
    readOnly: body.readOnly === true,
    customFields: {},
    extraData,
    excludeSelf: byEra(profile, EXCLUDE_SELF) && body.excludeSelf === true,
  };
}

/**
 * A new room as 6.x on answer it (`t`: a channel's `c`, a group's `p`): the fields the real server
 * writes, none of those it does not; `customFields` where the route writes it (`required`).
 */
export function createdSchema(t: 'c' | 'p', customFieldsRequired: boolean): object {
  const required = ['_id', 'fname', '_updatedAt', 'name', 't', 'msgs', 'usersCount', 'u', 'ts', 'ro'];
  return {
    type: 'object',
    required: customFieldsRequired
      ? [...required.slice(0, 3), 'customFields', ...required.slice(3)]
      : required,
    properties: {
      _id: str,
      fname: str,
      name: str,
      t: { const: t },
      msgs: { const: 0 },
      usersCount: { type: 'integer', minimum: 0 },
      u: { type: 'object', required: ['_id', 'username'] },
      ro: { type: 'boolean' },
      customFields: { type: 'object' },
    },
    not: { anyOf: [...NOT_WRITTEN].map((field) => ({ required: [field] })) },
  };
}

/** A new channel as 6.x on answer it. */
const CREATED = createdSchema('c', true);

export default route(GROUPS.channels, {
  name: 'channels.create',
  method: 'POST',
  permissions: ['create-c', 'create-team-channel'],
  errors: [
    'users-unauthorized',
    'create-name-required',
    'create-members-not-array',
    'match-error',
    ...ROOM_NAME_REFUSALS,
    'team-not-found',
  ],
  response: answer({ channel: CREATED }),
  changes: ['room', 'subscription'],
  read: readArgs,
  run: (context, args) => {
    const room = createChannel.run({ ...context, user: callerOf(context) }, args);
    return success({ channel: created(room, byEra(context.profile, LAYOUT)) });
  },
  contract: {
    roomNamed: (body) => (typeof body.name === 'string' ? body.name.trim() : undefined),
  },
});
