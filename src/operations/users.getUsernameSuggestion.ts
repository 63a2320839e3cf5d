import getUsernameSuggestion from '../commands/getUsernameSuggestion';
import { success } from './operation';
import { callerOf } from './params';
import { answer, str } from './responses';
import { GROUPS, route } from './route-groups';
import { SERVED_FROM_5 } from './users-rest';

/**
 * `GET /api/v1/users.getUsernameSuggestion` (0.6x on): `{result}`, the suggestion of
 * src/commands/getUsernameSuggestion.ts for the caller.
 */
export default route(GROUPS.users, {
  name: 'users.getUsernameSuggestion',
  method: 'GET',
  errors: ['not-found'],
  response: answer({ result: str }),
  reads: ['user'],
  openApi: { servedIn: SERVED_FROM_5 },
  read: () => undefined,
  run: (context) =>
    success({ result: getUsernameSuggestion.run({ ...context, user: callerOf(context) }, undefined) }),
});
