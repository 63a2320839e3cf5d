import { operation, success } from './operation';
import { callerOf, readBody, readSetType } from './params';
import { SET_TYPE_VALIDATOR, validated } from './schemas';

/** `POST /api/v1/channels.setType`: a non-blank `type`, then the room, the permissions and the change. */
export default operation({
  name: 'channels.setType',
  method: 'POST',
  path: '/api/v1/channels.setType',
  auth: true,
  rateLimited: true,
  bodyRule: 'strict',
  changesState: true,
  validator: SET_TYPE_VALIDATOR,
  // 8.8's typed route validates the body first (unknown keys, a missing `type` or room)
  read: ({ input, profile }) => readSetType(validated(profile, SET_TYPE_VALIDATOR, readBody(input.body))),
  run: (context, { ref, type }) => success({ channel: context.store.setType(callerOf(context), ref, type) }),
  contract: { changed: (answer) => answer.channel },
});
