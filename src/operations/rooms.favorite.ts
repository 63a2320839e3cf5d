import toggleFavorite from '../commands/toggleFavorite';
import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import { success } from './operation';
import { callerOf, readBody } from './params';
import { DONE } from './responses';
import { GROUPS, route } from './route-groups';
import { ROOMS_FAVORITE_VALIDATOR, SINCE_5, findRoomByIdOrName } from './rooms-lookup';
import { validated } from './schemas';

/**
 * `POST /api/v1/rooms.favorite`: to 7.x the route's own `favorite` check (the key must be
 * there), 8.x's typed body (`favorite` a boolean, `"true"` coerced); then any room by id or name
 * (archived refused), then `toggleFavorite`: `favorite` a boolean (`Match.Optional(Boolean)`; 7.x's
 * `null` is `true`), the caller's subscription (`error-invalid-subscription`), its `f` set. Answers
 * `{success: true}`; the caller hears the subscription `updated`.
 */

/** To 7.x the route checks that `favorite` is given; 8.x's typed body does instead. */
const OWN_CHECK: EraTable<boolean> = { '0.49': true, '8': false };
/** 7.x calls the method's function past its `check`: `null` (the model's default) is `true`. */
const NULL_IS_TRUE: EraTable<boolean> = { '0.49': false, '7': true };

export default route(GROUPS.rooms, {
  name: 'rooms.favorite',
  method: 'POST',
  errors: [
    'favorite-required',
    'error-roomid-param-not-provided',
    'error-room-not-found',
    'error-room-archived',
    'match-error',
    'favorite-not-subscribed',
  ],
  response: DONE,
  reads: ['room'],
  changes: ['subscription'],
  validator: ROOMS_FAVORITE_VALIDATOR,
  openApi: { servedIn: SINCE_5 },
  read: (context) => {
    const { store, profile } = context;
    const body = validated(profile, ROOMS_FAVORITE_VALIDATOR, readBody(context.input.body));
    if (byEra(profile, OWN_CHECK) && !('favorite' in body)) throw new ApiError('favorite-required');
    const room = findRoomByIdOrName(store, profile, body, true);
    const { favorite } = body;
    if (favorite === null && byEra(profile, NULL_IS_TRUE)) return { rid: room._id, favorite: true };
    if (typeof favorite !== 'boolean') throw new ApiError('match-error');
    return { rid: room._id, favorite };
  },
  run: (context, args) => {
    toggleFavorite.run({ ...context, user: callerOf(context) }, args);
    return success({});
  },
});
