import { operation, success } from './operation';
import { callerOf, readBody, readSetType } from './params';

/** `POST /api/v1/groups.setType`: a private group back to a channel (or the refusal), as `{group}`. */
export default operation({
  name: 'groups.setType',
  method: 'POST',
  path: '/api/v1/groups.setType',
  auth: true,
  rateLimited: true,
  bodyRule: 'strict',
  changesState: true,
  read: ({ input }) => readSetType(readBody(input.body)),
  run: (context, { ref, type }) =>
    success({ group: context.store.setGroupType(callerOf(context), ref, type) }),
  contract: { changed: (answer) => answer.group },
});
