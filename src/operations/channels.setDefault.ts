import { ApiError } from '../errors';
import { success } from './operation';
import { readRoomRef } from './params';
import { answer, FULL_ROOM } from './responses';
import { SAVE_ERRORS, SINCE_5, bodyOf, lookupErrors, roomNamed, save, validatorOf } from './room-settings';
import { GROUPS, route } from './route-groups';

/**
 * 8.8's schema types `default` as `['boolean', 'string']`, which OpenAPI 3.0 cannot say: the
 * fake's takes any value (an object or a list then saves `false` where the real route refuses it).
 */
const VALIDATOR = validatorOf('channels', 'default', { description: 'a boolean or a string' });

/**
 * `POST /api/v1/channels.setDefault` (5.x on; no groups twin): `default` present, the room, not
 * the room's own `default` (strictly: `"true"` is not `true`; both refusals carry the route's
 * swapped error types), then saved as `true` for `true`, `"true"`, `"1"` (any case), else
 * `false`, through `saveRoomSettings` (`edit-room`, then `view-room-administration`). A new user
 * joins the default rooms (the store's index follows the change). Answers the room.
 */
export default route(GROUPS.channels, {
  name: 'channels.setDefault',
  method: 'POST',
  permissions: ['edit-room', 'view-room-administration'],
  errors: [
    'invalid-body-params',
    'room-default-required',
    ...lookupErrors('channels'),
    'room-default-unchanged',
    ...SAVE_ERRORS,
    'room-settings-admin',
  ],
  response: answer({ channel: FULL_ROOM }),
  reads: ['room'],
  changes: ['room'],
  validator: VALIDATOR,
  openApi: { servedIn: SINCE_5 },
  read: (context) => {
    const body = bodyOf(context, VALIDATOR);
    if (body.default === undefined) throw new ApiError('room-default-required');
    return { ref: readRoomRef(body), value: body.default };
  },
  run: (context, { ref, value }) => {
    const room = roomNamed(context, 'channels', ref);
    if (room.default === value && !context.store.lenient) throw new ApiError('room-default-unchanged');
    const isDefault = ['true', '1'].includes(String(value).toLowerCase());
    return success({ channel: save(context, room, 'default', isDefault).room });
  },
});
