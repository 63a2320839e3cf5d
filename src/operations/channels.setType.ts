import { success } from './operation';
import { callerOf, readBody, readSetType } from './params';
import { SET_TYPE_VALIDATOR, validated } from './schemas';
import { GROUPS, route } from './route-groups';
import { answer, FULL_ROOM } from './responses';

/** `POST /api/v1/channels.setType`: a non-blank `type`, then the room, the permissions and the change. */
export default route(GROUPS.channels, {
  name: 'channels.setType',
  method: 'POST',
  order: 100,
  permissions: ['edit-room', 'create-p', 'create-c'],
  errors: [
    'type-required',
    'error-roomid-param-not-provided',
    'error-room-not-found',
    'error-room-archived',
    'type-unchanged',
    'error-action-not-allowed',
    'error-action-not-allowed-private',
    'error-action-not-allowed-public',
    'error-invalid-room-type',
  ],
  response: answer({ channel: FULL_ROOM }),
  reads: ['room'],
  changes: ['room', 'message'],
  validator: SET_TYPE_VALIDATOR,
  // 8.8's typed route validates the body first (unknown keys, a missing `type` or room)
  read: ({ input, profile }) => readSetType(validated(profile, SET_TYPE_VALIDATOR, readBody(input.body))),
  run: (context, { ref, type }) => success({ channel: context.store.setType(callerOf(context), ref, type) }),
});
