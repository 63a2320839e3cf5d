import { success } from './operation';
import { GROUPS, route } from './route-groups';
import { answer, str } from './responses';

/** The route was removed in 3.0. */
const EXISTS = { '0.49': true, '3': false };

/** `GET /api/v1/info`: the 0.49 era's (removed in 3.0); later eras answer 404. */
export default route(GROUPS.info, {
  name: 'v1.info',
  method: 'GET',
  order: 50,
  path: 'v1/info',
  auth: false,
  rateLimited: true,
  bodyRule: 'size-only',
  errors: ['not-found'],
  response: answer({ info: { type: 'object', required: ['version'], properties: { version: str } } }),
  read: () => undefined,
  run: ({ profile }) => success({ info: { version: profile.version } }),
  openApi: { servedIn: EXISTS, note: 'removed in 3.0' },
});
