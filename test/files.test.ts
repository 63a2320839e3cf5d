/**
 * Files the fake writes and reads are safe from another user of the machine: temporary files are
 * created new under random names (a planted link is never written through), the world cache
 * serves only regular files that this user owns in a directory nobody else can write, and no
 * error shows a client the server's own install path.
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { serialize } from 'node:v8';

import request from 'supertest';

import { cacheWorld, cachedWorld } from '../src/scenario/cache';
import { DEFAULT_FIXTURES } from '../src/scenario/load';
import { resolveScenario } from '../src/scenario/resolve';
import { createFakeServer } from '../src/server';
import { CLI } from './support/build';
import { AS, WORLD } from './support/fake';

const GENERATING = {
  seed: 4,
  users: [{ username: 'admin', password: 'pw', roles: ['admin' as const] }],
  generate: { channels: 5 },
};
const TEXT = JSON.stringify(GENERATING);
const scratch = (): string => mkdtempSync(join(tmpdir(), 'rcf-files-'));
const worldsIn = (dir: string): string[] => readdirSync(dir).filter((f) => f.endsWith('.world'));

describe('the world cache trusts only what is its own', () => {
  const world = resolveScenario(GENERATING);

  it('a directory others can write is neither read nor written', () => {
    const dir = scratch();
    chmodSync(dir, 0o777);
    cacheWorld(dir, TEXT, undefined, world);
    expect(worldsIn(dir)).toEqual([]);
    chmodSync(dir, 0o700);
    cacheWorld(dir, TEXT, undefined, world);
    expect(worldsIn(dir)).toHaveLength(1);
    chmodSync(dir, 0o777);
    expect(cachedWorld(dir, TEXT, undefined)).toBeUndefined();
    chmodSync(dir, 0o700);
    expect(cachedWorld(dir, TEXT, undefined)).toEqual(world);
  });

  it('a world file that is a link is not followed, and a planted world behind it is not served', () => {
    const dir = scratch();
    cacheWorld(dir, TEXT, undefined, world);
    const [name = ''] = worldsIn(dir);
    const planted = join(scratch(), 'planted.world');
    writeFileSync(planted, serialize({ format: 2, world: { ...world, seed: 999 } }), { mode: 0o600 });
    const file = join(dir, name);
    unlinkSync(file);
    symlinkSync(planted, file);
    expect(cachedWorld(dir, TEXT, undefined)).toBeUndefined();
  });

  it('a world file others can write is not served', () => {
    const dir = scratch();
    cacheWorld(dir, TEXT, undefined, world);
    const [name = ''] = worldsIn(dir);
    chmodSync(join(dir, name), 0o666);
    expect(cachedWorld(dir, TEXT, undefined)).toBeUndefined();
  });

  it('a cache directory that is a link is passed over', () => {
    const real = scratch();
    const link = join(scratch(), 'worlds');
    symlinkSync(real, link);
    cacheWorld(link, TEXT, undefined, world);
    expect(worldsIn(real)).toEqual([]);
  });
});

describe('contracts are written through a new file of a random name', () => {
  it('a link planted at the old predictable temporary name is not written through', async () => {
    const dir = scratch();
    const victim = join(scratch(), 'victim.txt');
    writeFileSync(victim, 'untouched');
    symlinkSync(victim, join(dir, `bot-rocketchat.json.${process.pid}.tmp`));
    const fake = createFakeServer({ scenario: WORLD, pact: { dir, consumer: 'bot' } });
    await fake.start();
    await fetch(`${fake.url}/api/v1/channels.list?count=1`, { headers: AS.admin });
    await fake.stop();
    expect(readFileSync(victim, 'utf8')).toBe('untouched');
    const contract = JSON.parse(readFileSync(join(dir, 'bot-rocketchat.json'), 'utf8')) as {
      interactions: unknown[];
    };
    expect(contract.interactions).toHaveLength(1);
    // no temporary file is left behind
    expect(
      readdirSync(dir).filter((f) => f.endsWith('.tmp') && !f.startsWith('bot-rocketchat.json.')),
    ).toEqual([]);
  });
});

describe('a contract directory that cannot be made', () => {
  it('is refused at start (the option) and as a bad flag (the CLI), not when the contract is written at stop', async () => {
    const file = join(scratch(), 'not-a-dir');
    writeFileSync(file, '');
    const fake = createFakeServer({ scenario: WORLD, pact: { dir: join(file, 'pacts'), consumer: 'bot' } });
    await expect(fake.start()).rejects.toThrow(
      `[rocketchat-fake] the pact option's dir ${JSON.stringify(join(file, 'pacts'))} cannot be made: `,
    );
    const cli = spawnSync(process.execPath, [CLI, '--port', '0', '--pact-dir', file, '--consumer', 'bot'], {
      encoding: 'utf8',
    });
    expect(cli.status).toBe(2);
    expect(cli.stderr).toBe(`[rocketchat-fake] --pact-dir ${file} is not a directory. See --help.\n`);
  });
});

describe("errors never show a client the server's own install path", () => {
  it('a session asked for a fixtures file that does not exist names it as asked', async () => {
    const fake = createFakeServer({ scenario: WORLD });
    const res = await request(fake.app).post('/__admin/sessions').send({ fixtures: 'missing.json' });
    expect(res.status).toBe(400);
    expect(res.body.problems).toEqual([
      {
        path: '$',
        message:
          'no such file in the package\'s fixtures/, where a server started without a fixtures file looks (e.g. examples/minimal.json); or send the scenario itself as "scenario"',
      },
    ]);
    expect(res.body.error).toMatch(
      /^\[rocketchat-fake\] invalid scenario missing\.json \(1 problem\): \$: no such file in the package's fixtures\//,
    );
    const install = dirname(dirname(DEFAULT_FIXTURES));
    expect(JSON.stringify(res.body)).not.toContain(install);
  });
});
