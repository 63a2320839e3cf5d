import { ApiError } from '../errors';
import { success } from './operation';
import { readRoomRef } from './params';
import { answer, FULL_ROOM, str } from './responses';
import { SAVE_ERRORS, SINCE_5, bodyOf, lookupErrors, roomNamed, save, validatorOf } from './room-settings';
import { GROUPS, route } from './route-groups';

const VALIDATOR = validatorOf('channels', 'joinCode', str);

/**
 * `POST /api/v1/channels.setJoinCode` (5.x on; no groups twin): a non-blank code, the room, the
 * code saved through `saveRoomSettings` (the code `joinRoom` asks for). Answers the room, never
 * its code.
 */
export default route(GROUPS.channels, {
  name: 'channels.setJoinCode',
  method: 'POST',
  permissions: ['edit-room'],
  errors: ['invalid-body-params', 'room-join-code-required', ...lookupErrors('channels'), ...SAVE_ERRORS],
  response: answer({ channel: FULL_ROOM }),
  reads: ['room'],
  changes: ['room'],
  validator: VALIDATOR,
  openApi: { servedIn: SINCE_5 },
  read: (context) => {
    const body = bodyOf(context, VALIDATOR);
    const value = body.joinCode;
    if (typeof value !== 'string' || value.trim() === '') throw new ApiError('room-join-code-required');
    return { ref: readRoomRef(body), value };
  },
  run: (context, { ref, value }) => {
    const room = roomNamed(context, 'channels', ref);
    return success({ channel: save(context, room, 'joinCode', value).room });
  },
});
