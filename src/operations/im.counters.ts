import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import type { JsonObject } from '../store/query';
import type { Store } from '../store/store';
import type { AnyRoom, User } from '../types';
import { success } from './operation';
import { callerOf, textOf } from './params';
import { answer, str } from './responses';
import { COUNTERS, DIRECT_ERA, SINCE_5, mayAccessAny } from './room-reads';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import type { Validator } from './validator';

/** 8.8's typed query: `roomId`, and `userId`. */
const IM_COUNTERS_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '8.8': {
    schema: {
      type: 'object',
      properties: { roomId: str, userId: str },
      required: ['roomId'],
      additionalProperties: false,
    },
    coerce: true,
    form: 'query',
  },
};

/** `members`: the room's `usersCount` to 8.5, its active members from 8.8. */
const ACTIVE_MEMBERS = { '0.49': false, '8.8': true };

export interface Counted {
  readonly room: AnyRoom;
  readonly target: User;
  readonly admin: boolean;
}

/**
 * The counters of a direct room for `target`. 5.x: joined when subscribed and open, and then
 * (with `ls` and messages) the subscription's `unread` and `ls`. 6.x on: joined when subscribed,
 * open or not; `unreads` the subscription's, `unreadsFrom` its `ls` when the room has messages.
 * The room's counts when joined or `admin`.
 */
function directCounters(
  store: Store,
  { room, target, admin }: Counted,
  v5: boolean,
  active: boolean,
): JsonObject {
  const sub = store.memberState(room, target);
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
  if (sub && (!v5 || sub.open)) {
    const seen = sub.ls !== undefined && room.msgs > 0;
    if (!v5) out.unreads = sub.unread;
    else if (seen) out.unreads = sub.unread;
    if (seen) out.unreadsFrom = sub.ls;
    out.userMentions = sub.userMentions;
    out.joined = true;
  }
  if (admin || out.joined === true) {
    out.msgs = room.msgs;
    out.latest = lm;
    out.members = active ? store.roomMemberUsers(room, {}, { by: 'username' }).length : room.usersCount;
  }
  return out as JsonObject;
}

/**
 * `GET /api/v1/im.counters` (and `dm.counters`, 5.x on). 5.x: another user's (`userId`) only with
 * `view-room-administration` (403), `roomId` (the body's words), the direct room that user may
 * see. 6.x on (8.8's typed query first): `roomId`, the 403 for `userId`, then that user's access to
 * the room (403), then the room's type.
 */
export default route(GROUPS.im, {
  name: 'im.counters',
  method: 'GET',
  permissions: ['view-room-administration'],
  errors: [
    'room-forbidden',
    'direct-roomid-required',
    'direct-query-roomid-required',
    'direct-not-found-by-user',
    'direct-not-found',
  ],
  response: answer(COUNTERS),
  reads: ['room', 'subscription'],
  validator: IM_COUNTERS_VALIDATOR,
  read: (context): Counted => {
    const { store, profile } = context;
    const caller = callerOf(context);
    const params = validated(profile, IM_COUNTERS_VALIDATOR, context.input.query);
    const admin = store.can(caller, 'view-room-administration');
    const roomId = textOf(params.roomId);
    const userId = textOf(params.userId);
    const v5 = byEra(profile, DIRECT_ERA) === '5';
    if (!v5 && roomId === '') throw new ApiError('direct-query-roomid-required');
    if (userId !== '' && !admin) throw new ApiError('room-forbidden');
    const target = userId !== '' ? store.userById(userId) : caller;
    const room = store.anyRoom(roomId);
    if (v5) {
      if (roomId === '') throw new ApiError('direct-roomid-required');
      if (!room || room.t !== 'd' || !target || !mayAccessAny(store, profile, target, room))
        throw new ApiError('direct-not-found-by-user');
    } else {
      if (!room || !target || !mayAccessAny(store, profile, target, room))
        throw new ApiError('room-forbidden');
      if (room.t !== 'd') throw new ApiError('direct-not-found');
    }
    return { room, target, admin };
  },
  run: ({ store, profile }, counted) =>
    success(
      directCounters(store, counted, byEra(profile, DIRECT_ERA) === '5', byEra(profile, ACTIVE_MEMBERS)),
    ),
  openApi: { servedIn: SINCE_5 },
});
