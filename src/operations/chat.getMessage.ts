import { operation, success } from './operation';
import { callerOf, textOf } from './params';
import { GET_MESSAGE_VALIDATOR, validated } from './schemas';

/** `GET /api/v1/chat.getMessage?msgId=`: one message as stored, if the caller may see its room. */
export default operation({
  name: 'chat.getMessage',
  method: 'GET',
  path: '/api/v1/chat.getMessage',
  auth: true,
  rateLimited: true,
  bodyRule: 'strict',
  changesState: false,
  validator: GET_MESSAGE_VALIDATOR,
  read: ({ input, profile }) => textOf(validated(profile, GET_MESSAGE_VALIDATOR, input.query).msgId),
  run: (context, id) => success({ message: context.store.getMessage(callerOf(context), id) }),
});
