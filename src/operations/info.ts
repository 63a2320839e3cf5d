import { createHash } from 'node:crypto';

import { byEra } from '../eras';
import type { EraTable } from '../eras';
import type { Profile } from '../profiles';
import { success } from './operation';
import { GROUPS, route } from './route-groups';
import { INFO } from './responses';

/**
 * What `/api/info` answers, by era:
 * - `e49`: `{info: {version}}`, to anyone;
 * - `e5`: `{version: "X.Y"}`, or `{info}` for a caller with `get-server-info` (5.x to 6.4);
 * - `e6`: `{version, info?, minimumClientVersions, cloudWorkspaceId}`, the full version and the
 *   build details for a caller with `view-statistics` (6.5 on; the workspace id from 6.9);
 * - `e8`: the same after `workspaceUrl` and `hashedWorkspaceUrl` (8.6 on).
 * A registered server also sends `supportedVersions: {signed}`, a token signed by Rocket.Chat's
 * cloud: a fake has none to sign, so it sends none, as an unregistered server may not.
 */
const FORM: EraTable<'e49' | 'e5' | 'e6' | 'e8'> = { '0.49': 'e49', '5': 'e5', '6.5': 'e6', '8.6': 'e8' };

/** The clients the release still supports (package.json's `rocketchat.minimumClientVersions`). */
const MINIMUM_CLIENTS = { desktop: '4.1.0', mobile: '4.39.0' };

/** The build a release line reports, as fixed values: the same bytes on every machine. */
export function infoOf(profile: Profile): Record<string, unknown> {
  const { version } = profile;
  return {
    version,
    build: {
      date: '2026-01-01T00:00:00.000Z',
      nodeVersion: byEra(profile, { '0.49': 'v4.7.1', '5': 'v14.19.3', '6': 'v14.21.3', '7': 'v22.16.0' }),
      arch: 'x64',
      platform: 'linux',
      osRelease: '6.8.0',
      totalMemory: 8589934592,
      freeMemory: 4294967296,
      cpus: 4,
    },
    marketplaceApiVersion: byEra(profile, { '0.49': undefined, '5': '1.35.0', '6': '1.42.0', '7': '1.54.0' }),
    commit: {
      hash: createHash('sha1').update(version).digest('hex'),
      date: 'Thu Jan 1 00:00:00 2026 +0000',
      author: 'rocketchat-fake',
      subject: `Release ${version}`,
      tag: version,
      branch: 'HEAD',
    },
  };
}

/** `7.10.0` → `7.10`, as `getTrimmedServerVersion` does. */
function trimmed(version: string): string {
  return version.replace(/(\d+\.\d+).*/, '$1');
}

/** `GET /api/info`: the server's version, and its build details for a caller allowed to see them. */
export default route(GROUPS.info, {
  name: 'info',
  method: 'GET',
  order: 10,
  permissions: ['get-server-info', 'view-statistics'],
  response: INFO,
  reads: ['user'],
  read: () => undefined,
  run: ({ profile, caller, store, input }) => {
    const form = byEra(profile, FORM);
    if (form === 'e49') return success({ info: { version: profile.version } });
    const user = caller?.user;
    if (form === 'e5')
      return success(
        user && store.can(user, 'get-server-info')
          ? { info: infoOf(profile) }
          : { version: trimmed(profile.version) },
      );
    const full = user !== undefined && store.can(user, 'view-statistics');
    const body = {
      version: full ? profile.version : trimmed(profile.version),
      ...(full ? { info: infoOf(profile) } : {}),
      minimumClientVersions: MINIMUM_CLIENTS,
      cloudWorkspaceId: '',
    };
    if (form === 'e6') return success(body);
    // the workspace as the license knows it: the site URL without its scheme, and its SHA-256
    const workspaceUrl = input.baseUrl.replace(/^https?:\/\//, '');
    const hashedWorkspaceUrl = createHash('sha256').update(workspaceUrl).digest('hex');
    return success({ workspaceUrl, hashedWorkspaceUrl, ...body });
  },
  contract: { versionPattern: true },
});
