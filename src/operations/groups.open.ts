import openRoom from '../commands/openRoom';
import { byEra } from '../eras';
import { ApiError } from '../errors';
import { success } from './operation';
import { callerOf, readBody, readRoomRef } from './params';
import { DONE } from './responses';
import { GROUPS, route } from './route-groups';

/** 0.49 named the room by the body's `name` in its refusal (usually absent: `undefined`). */
const NAMES_BODY = { '0.49': true, '5': false };

/**
 * `POST /api/v1/groups.open`: a group the caller is in (archived ones too), open already refused
 * (a plain failure), then `openRoom`: the subscription opened (`subscriptions-changed`).
 */
export default route(GROUPS.groups, {
  name: 'groups.open',
  method: 'POST',
  errors: ['error-room-param-not-provided', 'error-group-not-found', 'group-already-open'],
  response: DONE,
  reads: ['room', 'subscription'],
  changes: ['subscription'],
  read: (context) => {
    const { store, profile } = context;
    const user = callerOf(context);
    const body = readBody(context.input.body);
    const room = store.findGroup(user, readRoomRef(body));
    if (store.memberState(room, user)?.open === true) {
      const name = byEra(profile, NAMES_BODY) ? String(body.name) : room.name;
      throw new ApiError('group-already-open', { name });
    }
    return room._id;
  },
  run: (context, rid) => {
    openRoom.run({ ...context, user: callerOf(context) }, { rid });
    return success({});
  },
});
