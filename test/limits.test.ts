/**
 * The bounds' table: one name, default and range each, taken by `createFakeServer({ limits })` and
 * `--limit NAME=N`, refused whole when a name or value is off, and documented where users look.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { DEFAULT_LIMITS, LIMITS, LIMIT_NAMES, limitsOf } from '../src/limits';
import { createFakeServer } from '../src/server';
import { CLI } from './support/build';

describe('limits', () => {
  it('the defaults, and one given over them', () => {
    expect(DEFAULT_LIMITS).toEqual({
      ddpFrameBytes: 262_144,
      ddpFrameDepth: 100,
      ddpFrameValues: 10_000,
      ddpSubscriptions: 1000,
      ddpBufferedBytes: 16_777_216,
      stubBodyBytes: 1_048_576,
      stubHeaderBytes: 8192,
      proxyAnswerBytes: 33_554_432,
      webhookAnswerBytes: 1_048_576,
      webhookDeliveries: 100,
      webhookTimeoutMs: 20_000,
      recordPageBytes: 33_554_432,
      recordPages: 1000,
      integrationsPerWorld: 10_000,
      teamsPerWorld: 10_000,
      usersPerWorld: 10_000,
      roomsPerWorld: 10_000,
      membersPerRoom: 10_000,
      uploadBytesPerWorld: 67_108_864,
    });
    expect(limitsOf({ ddpFrameDepth: 10 })).toEqual({ ...DEFAULT_LIMITS, ddpFrameDepth: 10 });
  });

  it.each([
    [{ nope: 1 }, 'limits: "nope" is not a limit; the limits are ddpFrameBytes, '],
    [{ ddpFrameBytes: 1 }, 'limits: ddpFrameBytes is a whole number from 1024 to 1073741824, not 1'],
    [{ webhookDeliveries: 2.5 }, 'limits: webhookDeliveries is a whole number from 1 to 1000000, not 2.5'],
    [{ recordPages: '10' }, 'limits: recordPages is a whole number from 1 to 1000000, not "10"'],
    [[], 'limits is an object of bounds by name, not []'],
  ])('createFakeServer({ limits: %j }) is refused', (limits, message) => {
    expect(() => createFakeServer({ limits: limits as never })).toThrow(message);
  });

  it('--limit NAME=N is taken, a bad one refused with exit 2 naming it', () => {
    const ok = spawnSync(
      process.execPath,
      [CLI, '--port', '0', '--limit', 'ddpFrameDepth=10', '-c', 'exit 0'],
      {
        encoding: 'utf8',
      },
    );
    expect(ok.status).toBe(0);
    for (const [arg, message] of [
      ['ddpFrameDepth', '--limit takes NAME=N (a whole number), not "ddpFrameDepth"'],
      ['frames=10', '--limit: "frames" is not a limit'],
      ['ddpFrameDepth=1', '--limit: ddpFrameDepth is a whole number from 2 to 1000, not 1'],
    ]) {
      const bad = spawnSync(process.execPath, [CLI, '--limit', arg as string], { encoding: 'utf8' });
      expect(bad.status).toBe(2);
      expect(bad.stderr).toContain(message);
    }
  });

  it('every limit is in --help and in docs/security.md with its default', () => {
    const help = spawnSync(process.execPath, [CLI, '--help'], { encoding: 'utf8' }).stdout;
    const security = readFileSync(join(__dirname, '..', 'docs', 'security.md'), 'utf8');
    for (const name of LIMIT_NAMES) {
      expect(help).toMatch(new RegExp(`\\b${name}\\b`));
      const row = security.split('\n').find((line) => line.startsWith(`| \`${name}\``));
      expect(row).toBeDefined();
      expect(row).toContain(LIMITS[name].value.toLocaleString('en-US'));
    }
  });
});
