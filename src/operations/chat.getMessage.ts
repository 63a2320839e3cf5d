import { success } from './operation';
import { callerOf, textOf } from './params';
import { GET_MESSAGE_VALIDATOR, validated } from './schemas';
import { GROUPS, route } from './route-groups';
import { answer, MESSAGE } from './responses';

/** `GET /api/v1/chat.getMessage?msgId=`: one message as stored, if the caller may see its room. */
export default route(GROUPS.chat, {
  name: 'chat.getMessage',
  method: 'GET',
  order: 140,
  permissions: ['view-c-room'],
  errors: ['message-unknown', 'message-not-allowed'],
  response: answer({ message: MESSAGE }),
  reads: ['message', 'room'],
  validator: GET_MESSAGE_VALIDATOR,
  read: ({ input, profile }) => textOf(validated(profile, GET_MESSAGE_VALIDATOR, input.query).msgId),
  run: (context, id) => success({ message: context.store.getMessage(callerOf(context), id) }),
});
