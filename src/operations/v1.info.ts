import { ApiError } from '../errors';
import { byEra } from '../eras';
import { operation, success } from './operation';

/** The route was removed in 3.0. */
const EXISTS = { '0.49': true, '3': false };

/** `GET /api/v1/info`: the 0.49 era's (removed in 3.0); later eras answer 404. */
export default operation({
  name: 'v1.info',
  method: 'GET',
  path: '/api/v1/info',
  auth: false,
  rateLimited: true,
  bodyRule: 'size-only',
  changesState: false,
  read: ({ profile }) => {
    if (!byEra(profile, EXISTS)) throw new ApiError('not-found');
  },
  run: ({ profile }) => success({ info: { version: profile.version } }),
  openApi: { servedIn: EXISTS },
});
