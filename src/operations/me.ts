import { success } from './operation';
import { callerOf } from './params';
import { meOf } from './views';
import { GROUPS, route } from './route-groups';
import { ME_ANSWER } from './responses';

/** `GET /api/v1/me`: the caller's own user. */
export default route(GROUPS.login, {
  name: 'me',
  method: 'GET',
  order: 40,
  response: ME_ANSWER,
  reads: ['user'],
  read: () => undefined,
  run: (context) => success(meOf(context.profile, callerOf(context), context.input.baseUrl)),
});
