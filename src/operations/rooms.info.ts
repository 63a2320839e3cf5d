import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import type { JsonObject } from '../store/query';
import type { Store } from '../store/store';
import type { AnyRoom } from '../types';
import { success } from './operation';
import { callerOf } from './params';
import { FULL_ROOM, answer, str } from './responses';
import { GROUPS, route } from './route-groups';
import { ROOM_REF_QUERY } from './params';
import { SINCE_5, findRoomByIdOrName, mayAccess } from './rooms-lookup';
import { roomView } from './views';

/**
 * `GET /api/v1/rooms.info`: any room (a channel, a group, a direct room) by `roomId` or
 * `roomName` (`findRoomByIdOrName`: archived refused, and every not-found says "channel"); a room
 * the caller may not access is `{"error":"not-allowed","errorType":"Not Allowed"}` (the failure's
 * arguments swapped). Answers `{room}`; from 6.x with the room's `team` (`{_id, name, type,
 * roomId}`) and, for a team's other rooms, the team's main room as `parent` (`{_id, fname, name, t}`);
 * a discussion's `parent` is its parent room (`{_id, fname, name, t, u}`).
 */

/** 6.x added the team and its main room (`Team.getRoomInfo`). */
const WITH_TEAM: EraTable<boolean> = { '5': false, '6': true };

/** The room as the route answers it: without the hidden fields; a direct room as stored. */
function infoView(room: AnyRoom): JsonObject {
  return room.t === 'd' ? (room as JsonObject) : roomView(room);
}

/**
 * A discussion's parent (`Rooms.findOneById(prid)` with `name`, `fname`, `t`, `prid`, `u`), its
 * fields in the stored order; it comes before a team's main room as `parent`.
 */
function discussionParent(store: Store, room: AnyRoom): JsonObject | undefined {
  if (room.t === 'd' || typeof room.prid !== 'string') return undefined;
  const parent = store.anyRoom(room.prid);
  if (!parent) return undefined;
  const view: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parent))
    if (['_id', 'name', 'fname', 't', 'prid', 'u'].includes(key)) view[key] = value;
  return view as JsonObject;
}

/** The room's team and `parent` (a discussion's parent, else a team's main room), as 6.x on answer them. */
function roomInfo(store: Store, room: AnyRoom): { team?: JsonObject; parent?: JsonObject } {
  const info = teamInfo(store, room);
  const parent = discussionParent(store, room);
  return parent ? { ...info, parent } : info;
}

/** `Team.getRoomInfo`: the room's team, and for a room that is not the main room, the main room. */
function teamInfo(store: Store, room: AnyRoom): { team?: JsonObject; parent?: JsonObject } {
  if (room.t === 'd' || room.teamId === undefined) return {};
  const team = store.team(room.teamId);
  if (!team) return {};
  const view: JsonObject = { _id: team._id, name: team.name, type: team.type };
  if (team.roomId !== undefined) view.roomId = team.roomId;
  if (room.teamMain === true) return { team: view };
  const main = team.roomId === undefined ? undefined : store.anyRoom(team.roomId);
  if (!main || main.t === 'd') return { team: view };
  const parent: JsonObject = { _id: main._id };
  if (main.fname !== undefined) parent.fname = main.fname;
  parent.name = main.name;
  parent.t = main.t;
  return { team: view, parent };
}

const TEAM_REF = {
  type: 'object',
  required: ['_id', 'name', 'type'],
  properties: { _id: str, name: str, type: { enum: [0, 1] }, roomId: str },
  additionalProperties: false,
};
const PARENT = {
  type: 'object',
  required: ['_id', 't'],
  properties: { _id: str, fname: str, name: str, t: str, prid: str, u: { type: 'object' } },
  additionalProperties: false,
};

export default route(GROUPS.rooms, {
  name: 'rooms.info',
  method: 'GET',
  permissions: ['view-c-room', 'view-joined-room'],
  errors: [
    'error-roomid-param-not-provided',
    'error-room-not-found',
    'error-room-archived',
    'rooms-info-not-allowed',
  ],
  response: answer(
    {
      room: {
        oneOf: [FULL_ROOM, { type: 'object', required: ['_id', 't'], properties: { t: { const: 'd' } } }],
      },
      team: TEAM_REF,
      parent: PARENT,
    },
    ['team', 'parent'],
  ),
  reads: ['room'],
  openApi: { servedIn: SINCE_5, query: ROOM_REF_QUERY },
  read: (context) => {
    const { store, profile } = context;
    const user = callerOf(context);
    const room = findRoomByIdOrName(store, profile, context.input.query, true);
    if (!mayAccess(store, profile, user, room)) throw new ApiError('rooms-info-not-allowed');
    return room;
  },
  run: ({ store, profile }, room) =>
    success({ room: infoView(room), ...(byEra(profile, WITH_TEAM) ? roomInfo(store, room) : {}) }),
});
