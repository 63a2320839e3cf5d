import { success } from './operation';
import { callerOf, readBody, textOf } from './params';
import { SUBSCRIPTIONS_READ_VALIDATOR, validated } from './schemas';
import { GROUPS, route } from './route-groups';
import { DONE } from './responses';

/**
 * `POST /api/v1/subscriptions.read` `{rid}` (or `{roomId}`): the caller has read the room now:
 * `unread`, `userMentions`, `groupMentions` 0, the alert off, `ls` the clock; `{"success": true}`.
 * A room that does not exist or the caller is not in: `error-invalid-subscription`.
 */
export default route(GROUPS.subscriptions, {
  name: 'subscriptions.read',
  method: 'POST',
  order: 270,
  errors: ['subscription-invalid'],
  response: DONE,
  reads: ['room'],
  changes: ['subscription'],
  validator: SUBSCRIPTIONS_READ_VALIDATOR,
  read: ({ input, profile }) => {
    const body = validated(profile, SUBSCRIPTIONS_READ_VALIDATOR, readBody(input.body));
    return textOf(body.rid !== undefined ? body.rid : body.roomId);
  },
  run: (context, rid) => {
    context.store.markRead(callerOf(context), rid);
    return success({});
  },
});
