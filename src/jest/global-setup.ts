import { createFakeServer } from '../server';
import type { FakeServerOptions } from '../server';
import { TOKEN_ENV, URL_ENV, holder } from './shared';

interface ProjectConfig {
  globals?: Record<string, unknown>;
  rootDir?: string;
}

/**
 * Jest `globalSetup`: starts one fake for the whole run and hands its URL to every worker through
 * `ROCKETCHAT_FAKE_URL`. Options come from the Jest config's `globals.rocketchatFake`
 * (`fixtures`, `seed`, `lenient`, `adminToken`, `port`, `pact`…), `fixtures` and `pact.dir` relative
 * to `rootDir`.
 */
export default async function globalSetup(
  _globalConfig: unknown,
  projectConfig: ProjectConfig = {},
): Promise<void> {
  const options = { ...((projectConfig.globals?.rocketchatFake as FakeServerOptions | undefined) ?? {}) };
  if (options.fixtures && projectConfig.rootDir && !options.fixtures.startsWith('/')) {
    options.fixtures = `${projectConfig.rootDir}/${options.fixtures}`;
  }
  // `pact: {dir, consumer}`: each session's contract is written when the session ends
  if (options.pact && projectConfig.rootDir && !options.pact.dir.startsWith('/')) {
    options.pact = { ...options.pact, dir: `${projectConfig.rootDir}/${options.pact.dir}` };
  }
  const fake = createFakeServer(options);
  process.env[URL_ENV] = await fake.start();
  if (options.adminToken) process.env[TOKEN_ENV] = options.adminToken;
  holder.__rocketchatFake__ = fake;
}
