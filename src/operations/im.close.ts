import hideRoom from '../commands/hideRoom';
import { byEra } from '../eras';
import { ApiError } from '../errors';
import { success } from './operation';
import { callerOf, readBody, textOf } from './params';
import { DONE } from './responses';
import { DIRECT_BODY_VALIDATOR, DIRECT_ERA, findCallerDirect } from './room-reads';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';

/** 7.x: a subscription is closed even when its room is gone; a subscription missing is its own refusal. */
const GONE_ROOM_SUBSCRIPTION = { '0.49': false, '7': true };

/**
 * `POST /api/v1/im.close` (and `dm.close`): 8.8's body schema, `roomId`, the direct room as the
 * release line finds it (src/operations/room-reads.ts; 7.x on a room that does not exist is no
 * subscription, not a 403), no subscription (7.x on) or closed already
 * refused (each line's plain failure), then `hideRoom`: the subscription closed, its alert off
 * (`subscriptions-changed`).
 */
export default route(GROUPS.im, {
  name: 'im.close',
  method: 'POST',
  errors: [
    'direct-roomid-required',
    'direct-not-found-by-id',
    'direct-not-found-by-user',
    'direct-not-found',
    'room-forbidden',
    'direct-not-subscribed',
    'direct-already-closed',
    'direct-already-closed-unnamed',
  ],
  response: DONE,
  reads: ['room', 'subscription'],
  changes: ['subscription'],
  validator: DIRECT_BODY_VALIDATOR,
  read: (context) => {
    const { store, profile } = context;
    const user = callerOf(context);
    const body = validated(profile, DIRECT_BODY_VALIDATOR, readBody(context.input.body));
    const era = byEra(profile, DIRECT_ERA);
    // 7.x on: a room that does not exist (any more) is not asked access: its subscription is looked
    // for by itself, and the fake keeps none of a room gone
    const roomId = textOf(body.roomId);
    if (byEra(profile, GONE_ROOM_SUBSCRIPTION) && roomId.trim() !== '' && !store.anyRoom(roomId))
      throw new ApiError('direct-not-subscribed');
    const room = findCallerDirect(store, profile, user, body);
    const sub = store.memberState(room, user);
    if (era === '6' || era === '8') {
      if (!sub && byEra(profile, GONE_ROOM_SUBSCRIPTION)) throw new ApiError('direct-not-subscribed');
      if (!sub?.open) throw new ApiError('direct-already-closed-unnamed');
    } else if (sub?.open === false) {
      // to 5.x the body's `name` (usually absent: `undefined`)
      throw new ApiError('direct-already-closed', { name: String(body.name) });
    }
    return room._id;
  },
  run: (context, rid) => {
    hideRoom.run({ ...context, user: callerOf(context) }, { rid });
    return success({});
  },
});
