/**
 * `rocketchat-fake/vitest/global-setup` in process: its options come from ROCKETCHAT_FAKE_OPTIONS
 * (a JSON object); a bad value is refused naming the variable, before anything starts.
 */
import setup, { optionsFromEnv } from '../src/runners/vitest-global-setup';

describe('the Vitest global setup', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('reads its options from ROCKETCHAT_FAKE_OPTIONS, a JSON object; none is the defaults', () => {
    expect(optionsFromEnv(undefined)).toEqual({});
    expect(optionsFromEnv(' ')).toEqual({});
    expect(optionsFromEnv('{"seed":7,"profile":"7.0"}')).toEqual({ seed: 7, profile: '7.0' });
  });

  it('refuses a value that is not a JSON object, naming the variable', () => {
    expect(() => optionsFromEnv('{fixtures:1}')).toThrow(
      /^\[rocketchat-fake\] ROCKETCHAT_FAKE_OPTIONS must be a JSON object of createFakeServer options, e\.g\. '\{"fixtures":"test\/world\.json"\}': /,
    );
    expect(() => optionsFromEnv('["fixtures"]')).toThrow(
      `[rocketchat-fake] ROCKETCHAT_FAKE_OPTIONS must be a JSON object of createFakeServer options, e.g. '{"fixtures":"test/world.json"}', not ["fixtures"]`,
    );
  });

  it('starts one server for the run, gives its URL to the workers, and its teardown stops it', async () => {
    process.env.ROCKETCHAT_FAKE_OPTIONS = '{"profile":"7.0"}';
    const teardown = await setup();
    const url = process.env.ROCKETCHAT_FAKE_URL ?? '';
    try {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      // the profile it was given: 7.0 (an anonymous caller sees the version without its patch)
      const info = (await (await fetch(`${url}/api/info`)).json()) as { version: string };
      expect(info.version).toBe('7.0');
    } finally {
      await teardown();
    }
    await expect(fetch(`${url}/api/info`)).rejects.toThrow();
  });

  it('an unknown option is refused with the nearest name, before anything starts', async () => {
    process.env.ROCKETCHAT_FAKE_OPTIONS = '{"fixture":"x.json"}';
    await expect(setup()).rejects.toThrow(/unknown option "fixture"; did you mean "fixtures"\?/);
    expect(process.env.ROCKETCHAT_FAKE_URL).toBe(saved.ROCKETCHAT_FAKE_URL);
  });
});
