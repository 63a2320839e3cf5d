import { operation, success } from './operation';
import { callerOf, readBody, readSetReadOnly } from './params';

/** `POST /api/v1/channels.setReadOnly`: the body, then the room, the change and the permission. */
export default operation({
  name: 'channels.setReadOnly',
  method: 'POST',
  path: '/api/v1/channels.setReadOnly',
  auth: true,
  rateLimited: true,
  bodyRule: 'strict',
  changesState: true,
  read: ({ input, profile }) => readSetReadOnly(readBody(input.body), profile),
  run: (context, { ref, readOnly }) =>
    success({ channel: context.store.setReadOnly(callerOf(context), ref, readOnly) }),
  contract: { changed: (answer) => answer.channel },
});
