/**
 * `rocketchat-fake/vitest/global-setup`: Vitest's `globalSetup`. Starts one fake for the whole run
 * (threads or forks: the workers read its URL from `ROCKETCHAT_FAKE_URL`) and returns its
 * teardown. Options come from `ROCKETCHAT_FAKE_OPTIONS` (JSON: `fixtures`, `seed`, `profile`,
 * `clock`, `adminToken`…) when set.
 */
import { createFakeServer } from '../server';
import type { FakeServerOptions } from '../server';
import { TOKEN_ENV, URL_ENV } from '../jest/shared';

/** The options the environment gives: a JSON object, or a clear error naming the variable. */
export function optionsFromEnv(raw: string | undefined): FakeServerOptions {
  if (raw === undefined || raw.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    throw new TypeError(
      `[rocketchat-fake] ROCKETCHAT_FAKE_OPTIONS must be a JSON object of createFakeServer options, e.g. '{"fixtures":"test/world.json"}': ${(error as Error).message}`,
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new TypeError(
      `[rocketchat-fake] ROCKETCHAT_FAKE_OPTIONS must be a JSON object of createFakeServer options, e.g. '{"fixtures":"test/world.json"}', not ${JSON.stringify(parsed)}`,
    );
  // the names and values are checked by createFakeServer (an unknown name is named, with the nearest)
  return parsed as FakeServerOptions;
}

export default async function setup(): Promise<() => Promise<void>> {
  const options = optionsFromEnv(process.env.ROCKETCHAT_FAKE_OPTIONS);
  const fake = createFakeServer(options);
  process.env[URL_ENV] = await fake.start(options.port ?? 0);
  if (options.adminToken) process.env[TOKEN_ENV] = options.adminToken;
  return async () => {
    await fake.stop();
  };
}
