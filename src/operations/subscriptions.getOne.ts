import { ApiError } from '../errors';
import { success } from './operation';
import { callerOf, textOf } from './params';
import { SUBSCRIPTIONS_GET_ONE_VALIDATOR, validated } from './schemas';
import { GROUPS, route } from './route-groups';
import { answer, SUBSCRIPTION } from './responses';

/**
 * `GET /api/v1/subscriptions.getOne?roomId=`: the caller's subscription to that room, or
 * `{"subscription": null}` when the caller is not in it (not an error); an empty `roomId` is.
 */
export default route(GROUPS.subscriptions, {
  name: 'subscriptions.getOne',
  method: 'GET',
  order: 260,
  errors: ['subscription-room-required'],
  response: answer({ subscription: { oneOf: [SUBSCRIPTION, { type: 'null' }] } }),
  reads: ['subscription'],
  validator: SUBSCRIPTIONS_GET_ONE_VALIDATOR,
  read: ({ input, profile }) => {
    const roomId = textOf(validated(profile, SUBSCRIPTIONS_GET_ONE_VALIDATOR, input.query).roomId);
    if (roomId === '') throw new ApiError('subscription-room-required');
    return roomId;
  },
  run: (context, roomId) =>
    success({ subscription: context.store.subscriptionFor(callerOf(context), roomId) }),
});
