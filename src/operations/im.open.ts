import openRoom from '../commands/openRoom';
import { byEra } from '../eras';
import { ApiError } from '../errors';
import { success } from './operation';
import { callerOf, readBody } from './params';
import { DONE } from './responses';
import { DIRECT_BODY_VALIDATOR, DIRECT_ERA, findCallerDirect } from './room-reads';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';

/**
 * `POST /api/v1/im.open` (and `dm.open`): 8.8's body schema, `roomId`, the direct room as the
 * release line finds it (src/operations/room-reads.ts), then `openRoom`: the caller's
 * subscription opened (`subscriptions-changed`) unless it is open already (0.49: refused). It
 * never makes a direct room (`im.create` does).
 */
export default route(GROUPS.im, {
  name: 'im.open',
  method: 'POST',
  errors: [
    'direct-roomid-required',
    'direct-not-found-by-id',
    'direct-not-found-by-user',
    'direct-not-found',
    'room-forbidden',
    'direct-already-open',
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
    const open = store.memberState(room, user)?.open === true;
    // 0.49 names the room by the body's `name` (usually absent: `undefined`)
    if (open && byEra(profile, DIRECT_ERA) === '0.49')
      throw new ApiError('direct-already-open', { name: String(body.name) });
    return open ? undefined : room._id;
  },
  run: (context, rid) => {
    if (rid !== undefined) openRoom.run({ ...context, user: callerOf(context) }, { rid });
    return success({});
  },
});
