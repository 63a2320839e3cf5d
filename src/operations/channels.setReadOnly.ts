import { byEra } from '../eras';
import { success } from './operation';
import { callerOf, readBody, readSetReadOnly } from './params';
import { SET_READ_ONLY_VALIDATOR, validated } from './schemas';
import { GROUPS, route } from './route-groups';
import { answer, FULL_ROOM } from './responses';

/** The body's validator: from 6.x (0.49 and 5.x refused only a missing `readOnly`, in words of their own). */
const VALIDATED = { '0.49': false, '6': true };

/** `POST /api/v1/channels.setReadOnly`: the body, then the room, the change and the permission. */
export default route(GROUPS.channels, {
  name: 'channels.setReadOnly',
  method: 'POST',
  order: 90,
  permissions: ['edit-room'],
  errors: [
    'readonly-required',
    'error-roomid-param-not-provided',
    'error-room-not-found',
    'error-room-archived',
    'readonly-unchanged',
    'error-action-not-allowed',
  ],
  response: answer({ channel: FULL_ROOM }),
  reads: ['room'],
  changes: ['room', 'message'],
  validator: SET_READ_ONLY_VALIDATOR,
  // the release's own validator first (6.x on): its refusals, word for word, and its coercion (8.6 on)
  read: ({ input, profile }) =>
    readSetReadOnly(
      validated(profile, SET_READ_ONLY_VALIDATOR, readBody(input.body)),
      byEra(profile, VALIDATED),
    ),
  run: (context, { ref, readOnly }) =>
    success({ channel: context.store.setReadOnly(callerOf(context), ref, readOnly) }),
});
