import { success } from './operation';
import { callerOf, readUpdatedSince } from './params';
import { SUBSCRIPTIONS_GET_VALIDATOR, validated } from './schemas';
import { GROUPS, route } from './route-groups';
import { SUBSCRIPTION, updates } from './responses';

/**
 * `GET /api/v1/subscriptions.get`: the caller's subscriptions, one per room the caller is in
 * (direct rooms too), as `{update, remove}`; with `updatedSince`, only those changed after it
 * (`remove`: none, the fake never removes one). A date that does not parse is refused in the
 * real route's own (misnamed) words.
 */
export default route(GROUPS.subscriptions, {
  name: 'subscriptions.get',
  method: 'GET',
  order: 250,
  errors: ['sync-lastupdate-invalid-5'],
  response: updates(SUBSCRIPTION),
  reads: ['subscription'],
  validator: SUBSCRIPTIONS_GET_VALIDATOR,
  read: ({ input, profile }) => {
    const params = validated(profile, SUBSCRIPTIONS_GET_VALIDATOR, input.query);
    return readUpdatedSince(params.updatedSince ?? undefined, 'sync-lastupdate-invalid-5');
  },
  run: (context, updatedSince) => success(context.store.subscriptionsFor(callerOf(context), updatedSince)),
});
