import hideRoom from '../commands/hideRoom';
import { byEra } from '../eras';
import { ApiError } from '../errors';
import { success } from './operation';
import { callerOf, readBody } from './params';
import { DONE } from './responses';
import { DIRECT_BODY_VALIDATOR, DIRECT_ERA, findCallerDirect } from './room-reads';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';

/**
 * `POST /api/v1/im.close` (and `dm.close`): 8.8's body schema, `roomId`, the direct room as the
 * release line finds it (src/operations/room-reads.ts), no subscription (6.x on) or closed already
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
    const room = findCallerDirect(store, profile, user, body);
    const sub = store.memberState(room, user);
    const era = byEra(profile, DIRECT_ERA);
    if (era === '6' || era === '8') {
      if (!sub) throw new ApiError('direct-not-subscribed');
      if (!sub.open) throw new ApiError('direct-already-closed-unnamed');
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
