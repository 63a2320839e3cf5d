import { success } from './operation';
import { answer } from './responses';
import { GROUPS, route } from './route-groups';
import { NAME_EXISTS_VALIDATOR, SINCE_5 } from './rooms-lookup';
import { validated } from './schemas';

/**
 * `GET /api/v1/rooms.nameExists`: `roomName` alone (the legacy validator to 7.x, 8.x's typed
 * query); whether a room of any kind has exactly that name, whoever may see it. Answers `{exists}`.
 */
export default route(GROUPS.rooms, {
  name: 'rooms.nameExists',
  method: 'GET',
  response: answer({ exists: { type: 'boolean' } }),
  reads: ['room'],
  validator: NAME_EXISTS_VALIDATOR,
  openApi: { servedIn: SINCE_5 },
  read: ({ profile, input }) => String(validated(profile, NAME_EXISTS_VALIDATOR, input.query).roomName),
  run: ({ store }, roomName) => success({ exists: store.findRoomId(roomName) !== undefined }),
});
