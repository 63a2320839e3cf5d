import { byEra } from '../eras';
import { operation, success } from './operation';

/** `{info: {version}}` in the 0.49 era, `{version}` since. */
const NESTED = { '0.49': true, '5': false };

/** `GET /api/info`: the server's version, flat (`{version}`) or, in the 0.49 era, nested (`{info: {version}}`). */
export default operation({
  name: 'info',
  method: 'GET',
  path: '/api/info',
  auth: false,
  rateLimited: false,
  bodyRule: 'ignored',
  changesState: false,
  read: () => undefined,
  run: ({ profile }) =>
    success(byEra(profile, NESTED) ? { info: { version: profile.version } } : { version: profile.version }),
  contract: { versionPattern: true },
});
