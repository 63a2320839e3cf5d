import { success } from './operation';
import { callerOf, readBody, readSetType } from './params';
import { GROUPS, route } from './route-groups';
import { answer, FULL_ROOM } from './responses';

/** `POST /api/v1/groups.setType`: a private group back to a channel (or the refusal), as `{group}`. */
export default route(GROUPS.groups, {
  name: 'groups.setType',
  method: 'POST',
  order: 110,
  permissions: ['edit-room', 'create-c'],
  errors: [
    'invalid-params',
    'type-required',
    'error-room-param-not-provided',
    'error-group-not-found',
    'error-group-archived',
    'group-type-unchanged',
    'error-action-not-allowed',
    'error-action-not-allowed-public',
    'error-invalid-room-type',
  ],
  response: answer({ group: FULL_ROOM }),
  reads: ['room'],
  changes: ['room', 'message'],
  read: ({ input }) => readSetType(readBody(input.body)),
  run: (context, { ref, type }) =>
    success({ group: context.store.setGroupType(callerOf(context), ref, type) }),
});
