import { operation, success } from './operation';
import { callerOf } from './params';
import { meOf } from './views';

/** `GET /api/v1/me`: the caller's own user. */
export default operation({
  name: 'me',
  method: 'GET',
  path: '/api/v1/me',
  auth: true,
  rateLimited: true,
  bodyRule: 'strict',
  changesState: false,
  read: () => undefined,
  run: (context) => success(meOf(context.profile, callerOf(context), context.input.baseUrl)),
});
