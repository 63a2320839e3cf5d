import { operation, success } from './operation';

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
    success(
      profile.info === 'nested' ? { info: { version: profile.version } } : { version: profile.version },
    ),
  contract: { versionPattern: true },
});
