import { copyJson } from '../json-copy';
import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import type { JsonObject } from '../store/query';
import type { Store } from '../store/store';
import type { AnyRoom, User } from '../types';
import { success } from './operation';
import type { Params } from './operation';
import { callerOf, textOf } from './params';
import { page, str } from './responses';
import {
  DIRECT_ERA,
  MEMBER,
  SINCE_5,
  checkMemberParams,
  mayAccessAny,
  membersPage,
  readMembersQuery,
  withStatus,
} from './room-reads';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import type { Schema, Validator } from './validator';

/** The query of `im.members` from 6.x: `roomId` or `username`, the page, `status` and `filter`. */
function membersSchema(): Schema {
  const fields = {
    status: { type: 'array', items: str },
    filter: str,
    query: str,
    sort: str,
    count: { type: 'number' },
    offset: { type: 'number' },
  };
  const branch = (key: string): Schema => ({
    type: 'object',
    properties: { [key]: str, ...fields },
    required: [key],
    additionalProperties: false,
  });
  return { oneOf: [branch('roomId'), branch('username')] };
}

const IM_MEMBERS_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '6': { schema: membersSchema(), coerce: true, form: 'legacy' },
  '8.8': { schema: membersSchema(), coerce: true, form: 'query' },
};

/** A member as `im.members` lists one, by release line (8.8 on: with the member's subscription). */
function directMember(store: Store, room: AnyRoom, user: User, era: '5' | '6' | '8'): JsonObject {
  const out: Record<string, unknown> = {
    _id: user._id,
    username: user.username,
    name: user.name,
    status: typeof user.status === 'string' ? user.status : 'offline',
  };
  for (const key of ['statusText', 'utcOffset', ...(era === '5' ? [] : ['federated'])])
    if (user[key] !== undefined) out[key] = copyJson(user[key]);
  if (era === '8') out.subscription = store.memberSubscription(room, user);
  return out as JsonObject;
}

/** The direct room named by `roomId`, or the caller's with the user named by `username` (made if there is none). */
function namedDirect(store: Store, user: User, params: Params): AnyRoom | undefined {
  const roomId = textOf(params.roomId);
  if (roomId !== '') return store.anyRoom(roomId);
  const username = textOf(params.username);
  if (username === '' || !store.userNamed(username)) return undefined;
  return store.findDirect(user, { username });
}

/**
 * `GET /api/v1/im.members` (and `dm.members`, 5.x on). 5.x: `roomId` (the body's words), the
 * direct room the caller may see, `check` of `status` and `filter`, the active members by
 * username. 6.x on: the validator (8.8's typed query), the room by `roomId` or the one with
 * `username`, then the caller's access (403); newest change first. A page of
 * `{_id, username, name, status, …}` (8.8 on with each member's subscription).
 */
export default route(GROUPS.im, {
  name: 'im.members',
  method: 'GET',
  errors: [
    'direct-roomid-required',
    'direct-not-found-by-user',
    'direct-not-found',
    'room-forbidden',
    'match-error',
    'invalid-params',
  ],
  response: page('members', MEMBER),
  reads: ['room', 'user', 'subscription'],
  validator: IM_MEMBERS_VALIDATOR,
  read: (context) => {
    const { store, profile } = context;
    const user = callerOf(context);
    const era = byEra(profile, DIRECT_ERA);
    let params = withStatus(context.input.query);
    let room: AnyRoom | undefined;
    if (era === '5' || era === '0.49') {
      if (textOf(params.roomId) === '') throw new ApiError('direct-roomid-required');
      room = store.anyRoom(textOf(params.roomId));
      if (!room || room.t !== 'd' || !mayAccessAny(store, profile, user, room))
        throw new ApiError('direct-not-found-by-user');
      readMembersQuery(params);
      checkMemberParams(params);
    } else {
      params = validated(profile, IM_MEMBERS_VALIDATOR, params);
      room = namedDirect(store, user, params);
      if (!room || room.t !== 'd') throw new ApiError('direct-not-found');
      if (!mayAccessAny(store, profile, user, room)) throw new ApiError('room-forbidden');
    }
    return { room, era: era === '0.49' ? '5' : era, query: readMembersQuery(params) };
  },
  run: ({ store }, { room, era, query }) => {
    const users = store.roomMemberUsers(room, query.filter, { by: era === '5' ? 'username' : 'updated' });
    return success(
      membersPage(
        users.map((user) => directMember(store, room, user, era)),
        query,
      ),
    );
  },
  openApi: { servedIn: SINCE_5 },
});
