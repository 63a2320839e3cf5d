/**
 * `rocketchat-fake/vitest/global-setup`: Vitest's `globalSetup`. Starts one fake for the whole run
 * (threads or forks: the workers read its URL from `ROCKETCHAT_FAKE_URL`) and returns its
 * teardown. Options come from `ROCKETCHAT_FAKE_OPTIONS` (JSON: `fixtures`, `seed`, `profile`,
 * `clock`, `adminToken`…) when set.
 */
import { createFakeServer } from '../server';
import type { FakeServerOptions } from '../server';
import { TOKEN_ENV, URL_ENV } from '../jest/shared';

export default async function setup(): Promise<() => Promise<void>> {
  const raw = process.env.ROCKETCHAT_FAKE_OPTIONS;
  const options = raw ? (JSON.parse(raw) as FakeServerOptions) : {};
  const fake = createFakeServer(options);
  process.env[URL_ENV] = await fake.start(options.port ?? 0);
  if (options.adminToken) process.env[TOKEN_ENV] = options.adminToken;
  return async () => {
    await fake.stop();
  };
}
