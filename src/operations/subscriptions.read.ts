import { operation, success } from './operation';
import { callerOf, readBody, textOf } from './params';
import { SUBSCRIPTIONS_READ_VALIDATOR, validated } from './schemas';

/**
 * `POST /api/v1/subscriptions.read` `{rid}` (or `{roomId}`): the caller has read the room now:
 * `unread`, `userMentions`, `groupMentions` 0, the alert off, `ls` the clock; `{"success": true}`.
 * A room that does not exist or the caller is not in: `error-invalid-subscription`.
 */
export default operation({
  name: 'subscriptions.read',
  method: 'POST',
  path: '/api/v1/subscriptions.read',
  auth: true,
  rateLimited: true,
  bodyRule: 'strict',
  changesState: true,
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
