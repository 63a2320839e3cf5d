/**
 * The consumer's view: the packed tarball installed into a scratch CommonJS TypeScript Jest project
 * and into a plain ES module project, each running the README's own recipe as written.
 */
import { spawnSync } from 'node:child_process';
import type { SpawnSyncReturns } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');
const MODULES = join(ROOT, 'node_modules');

jest.setTimeout(180_000);

/** The code block that follows `<!-- recipe:NAME -->` in the README or the guide (docs/guide.md). */
function recipe(name: string): string {
  const readme = ['README.md', join('docs', 'guide.md')]
    .map((f) => readFileSync(join(ROOT, f), 'utf8'))
    .join('\n');
  const match = new RegExp(`<!-- recipe:${name} -->\\s*\`\`\`\\w*\\n([\\s\\S]*?)\`\`\``).exec(readme);
  if (!match?.[1]) throw new Error(`no recipe:${name} in README.md or docs/guide.md`);
  return match[1];
}

function run(command: string, args: string[], cwd: string): SpawnSyncReturns<string> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('JEST_')));
  return spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...env, CI: 'true' } });
}

function ok(result: SpawnSyncReturns<string>): string {
  if (result.status !== 0)
    throw new Error(`exit ${String(result.status)}\n${result.stdout}\n${result.stderr}`);
  return `${result.stdout}${result.stderr}`;
}

/** A Vitest run's summary (without its colours) says the twenty files' forty tests passed. */
function expectTwentyPassed(output: string): void {
  // eslint-disable-next-line no-control-regex -- Vitest colours its summary
  const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
  expect(plain).toMatch(/Test Files\s+20 passed \(20\)/);
  expect(plain).toMatch(/Tests\s+40 passed \(40\)/);
}

describe('the packed package, as a consumer installs it', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'rcf-consumer-'));
  const cjs = join(scratch, 'cjs');
  const esm = join(scratch, 'esm');

  beforeAll(() => {
    const packed =
      // dist/ is fresh (the run's globalSetup built it); packing must not rebuild it under other workers
      ok(run('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', scratch], ROOT))
        .trim()
        .split('\n')
        .pop() ?? '';
    mkdirSync(cjs);
    writeFileSync(
      join(cjs, 'package.json'),
      JSON.stringify({ name: 'consumer-cjs', version: '1.0.0', private: true }),
    );
    ok(
      run(
        'npm',
        ['install', '--no-audit', '--no-fund', '--prefer-offline', join(scratch, packed.trim())],
        cjs,
      ),
    );
    mkdirSync(esm);
    writeFileSync(
      join(esm, 'package.json'),
      JSON.stringify({ name: 'consumer-esm', private: true, type: 'module' }),
    );
    symlinkSync(join(cjs, 'node_modules'), join(esm, 'node_modules'));
    // the CommonJS project runs TypeScript tests through ts-jest, as most consumers' suites do
    writeFileSync(
      join(cjs, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'commonjs',
          target: 'ES2022',
          strict: true,
          esModuleInterop: true,
          skipLibCheck: false,
          typeRoots: [join(MODULES, '@types')],
          types: ['jest', 'node'],
        },
      }),
    );
    writeFileSync(
      join(cjs, 'jest.config.js'),
      `module.exports = ${JSON.stringify({
        testEnvironment: 'node',
        transform: { '^.+\\.ts$': [require.resolve('ts-jest'), { tsconfig: join(cjs, 'tsconfig.json') }] },
      })};`,
    );
  });

  it('runs the README Jest recipe in a CommonJS TypeScript Jest project, with no open handles', () => {
    writeFileSync(join(cjs, 'readme.test.ts'), recipe('jest'));
    const jestBin = join(MODULES, 'jest', 'bin', 'jest.js');
    const output = ok(
      run(process.execPath, [jestBin, '--ci', '--detectOpenHandles', '--rootDir', cjs, 'readme.test'], cjs),
    );
    expect(output).toMatch(/Tests:\s+3 passed, 3 total/);
    expect(output).not.toMatch(/open handle/i);
  });

  it('runs the README bot recipe (an outgoing webhook answered and posted back) in the same project', () => {
    const dir = join(cjs, 'bot');
    mkdirSync(dir);
    writeFileSync(join(dir, 'bot.test.ts'), recipe('bot'));
    const jestBin = join(MODULES, 'jest', 'bin', 'jest.js');
    const output = ok(
      run(process.execPath, [jestBin, '--ci', '--detectOpenHandles', '--rootDir', cjs, 'bot/'], cjs),
    );
    expect(output).toMatch(/Tests:\s+1 passed, 1 total/);
    expect(output).not.toMatch(/open handle/i);
  });

  it('runs the README realtime recipe (a DDP bot answering ping) in the same project', () => {
    const dir = join(cjs, 'realtime');
    mkdirSync(dir);
    writeFileSync(join(dir, 'realtime.test.ts'), recipe('realtime'));
    const jestBin = join(MODULES, 'jest', 'bin', 'jest.js');
    const output = ok(
      run(process.execPath, [jestBin, '--ci', '--detectOpenHandles', '--rootDir', cjs, 'realtime/'], cjs),
    );
    expect(output).toMatch(/Tests:\s+1 passed, 1 total/);
    expect(output).not.toMatch(/open handle/i);
  });

  /** Twenty test files for a runner: each logs in, changes #random, and sees only its own change. */
  function twentyFiles(dir: string, name: (n: number) => string, header: string, test: string): void {
    mkdirSync(dir);
    for (let n = 1; n <= 20; n += 1) {
      writeFileSync(
        join(dir, name(n)),
        `${header}
const session = useSession();

async function admin() {
  const res = await fetch(\`\${session.url}/api/v1/login\`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ user: 'admin', password: 'admin' }),
  });
  const { data } = await res.json();
  return { 'X-Auth-Token': data.authToken, 'X-User-Id': data.userId, 'Content-Type': 'application/json' };
}

${test}('file ${n} changes #random and sees no change of another file', async () => {
  const headers = await admin();
  // a second setReadOnly to the same value is refused: a session another file changed would fail here
  const res = await fetch(\`\${session.url}/api/v1/channels.setReadOnly\`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ roomName: 'random', readOnly: true }),
  });
  assert.equal(res.status, 200);
  const changed = (await session.changes()).channels.changed.map((c) => c.after.name);
  assert.deepEqual(changed, ['random']);
  assert.equal((await session.requests({ method: 'POST', status: 200 })).length, 2);
});

${test}('file ${n} starts its next test from the baseline', async () => {
  const state = await session.state();
  assert.equal(state.channels.find((c) => c.name === 'random').ro, false);
});
`,
      );
    }
  }

  it('node:test: twenty files in parallel under one server (rocketchat-fake -c), each its own session', () => {
    twentyFiles(
      join(cjs, 'node-test'),
      (n) => `f${n}.test.cjs`,
      "const { test } = require('node:test');\nconst assert = require('node:assert');\nconst { useSession } = require('rocketchat-fake/node-test');",
      'test',
    );
    const cli = join(cjs, 'node_modules', 'rocketchat-fake', 'dist', 'cli.js');
    const output = ok(
      run(
        process.execPath,
        [cli, '--port', '0', '-c', `"${process.execPath}" --test --test-concurrency=4 node-test/`],
        cjs,
      ),
    );
    expect(output).toMatch(/# pass 40\n/);
    expect(output).toMatch(/# fail 0\n/);
  });

  it.each(['threads', 'forks'])(
    'Vitest (%s pool): twenty files in parallel against one server from its globalSetup, each its own session',
    (pool) => {
      const dir = join(cjs, `vitest-${pool}`);
      twentyFiles(
        dir,
        (n) => `f${n}.test.mjs`,
        "import { test } from 'vitest';\nimport assert from 'node:assert';\nimport { useSession } from 'rocketchat-fake/vitest';",
        'test',
      );
      // Vitest from this project's own install, as a consumer's would be
      try {
        symlinkSync(join(MODULES, 'vitest'), join(cjs, 'node_modules', 'vitest'));
      } catch {
        // the other pool's run linked it
      }
      writeFileSync(
        join(dir, 'vitest.config.mjs'),
        `export default { test: { globalSetup: ['rocketchat-fake/vitest/global-setup'], pool: '${pool}', maxWorkers: 4 } };\n`,
      );
      const output = ok(
        run(
          process.execPath,
          [
            join(MODULES, 'vitest', 'vitest.mjs'),
            'run',
            '--root',
            dir,
            '--config',
            join(dir, 'vitest.config.mjs'),
          ],
          cjs,
        ),
      );
      expectTwentyPassed(output);
    },
  );

  it('Vitest 3 (forks and threads pools), in a project of its own that installs it: the same twenty files', () => {
    const project = join(scratch, 'vitest3');
    mkdirSync(project);
    const tarball = readdirSync(scratch).find((f) => f.endsWith('.tgz')) ?? '';
    writeFileSync(
      join(project, 'package.json'),
      JSON.stringify({ name: 'consumer-vitest3', version: '1.0.0', private: true, type: 'module' }),
    );
    ok(
      run(
        'npm',
        ['install', '--no-audit', '--no-fund', '--prefer-offline', join(scratch, tarball), 'vitest@3.2.4'],
        project,
      ),
    );
    const dir = join(project, 'tests');
    twentyFiles(
      dir,
      (n) => `f${n}.test.js`,
      "import { test } from 'vitest';\nimport assert from 'node:assert';\nimport { useSession } from 'rocketchat-fake/vitest';",
      'test',
    );
    writeFileSync(
      join(project, 'vitest.config.js'),
      "export default { test: { globalSetup: ['rocketchat-fake/vitest/global-setup'], pool: 'forks' } };\n",
    );
    for (const pool of ['forks', 'threads']) {
      const output = ok(
        run(
          process.execPath,
          [join(project, 'node_modules', 'vitest', 'vitest.mjs'), 'run', `--pool=${pool}`],
          project,
        ),
      );
      expectTwentyPassed(output);
    }
  });

  it('one shared server for 20 test files on 4 workers: each file has its own session (twice)', () => {
    const dir = join(cjs, 'shared');
    mkdirSync(dir);
    const file = (n: number) => `import { useSession } from 'rocketchat-fake/jest';

const session = useSession();

async function admin(): Promise<Record<string, string>> {
  const res = await fetch(\`\${session.url}/api/v1/login\`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ user: 'admin', password: 'admin' }),
  });
  const { data } = await res.json();
  return { 'X-Auth-Token': data.authToken, 'X-User-Id': data.userId, 'Content-Type': 'application/json' };
}

/** A CPU-heavy test: the worker's event loop is held, as a busy machine holds it. */
function busy(ms: number): void {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    /* spin */
  }
}

test('file ${n} changes the same channels as every other file', async () => {
  const headers = await admin();
  // file 1 holds its loop longer than Node's default keep-alive (5 s) between calls
  if (${n} === 1) busy(6000);
  for (const [path, body] of [
    ['channels.setReadOnly', { roomName: 'random', readOnly: true }],
    ['channels.setType', { roomName: 'random', type: 'p' }],
    ['channels.setReadOnly', { roomName: 'general', readOnly: ${n % 2 === 0} }],
  ] as const) {
    const res = await fetch(\`\${session.url}/api/v1/\${path}\`, { method: 'POST', headers, body: JSON.stringify(body) });
    expect(res.status).toBe(200);
  }
  const state = await session.state();
  if (${n} === 1) busy(6000);
  const random = state.channels.find((c) => c.name === 'random');
  expect(random).toMatchObject({ ro: true, t: 'p', _updatedAt: '2026-01-01T00:00:02.000Z' });
  expect(await session.requests({ method: 'POST', status: 200 })).toHaveLength(4);
}, 30_000);

test('file ${n} starts its next test from the baseline', async () => {
  const state = await session.state();
  expect(state.channels.find((c) => c.name === 'random')).toMatchObject({ ro: false, t: 'c' });
  expect(state.clock).toBe('2026-01-01T00:00:00.000Z');
});

test('file ${n} drives its session with the members FakeServer has', async () => {
  const room = await session.addChannel({ name: 'file-${n}' });
  expect(room).toMatchObject({ name: 'file-${n}', t: 'c' });
  const fault = await session.fault({ path: '/api/v1/channels.list', status: 503, times: 1 });
  expect(fault).toMatchObject({ status: 503, remaining: 1 });
  expect(await session.faults()).toHaveLength(1);
  const res = await fetch(\`\${session.url}/api/v1/channels.list\`, { headers: await admin() });
  expect(res.status).toBe(503);
  expect(await session.faults()).toEqual([]);
  expect(await session.countRequests({ path: '/api/v1/channels.list' })).toBe(1);
  expect((await session.changes()).channels.added).toHaveLength(1);
});
`;
    for (let n = 1; n <= 20; n += 1) writeFileSync(join(dir, `file${n}.test.ts`), file(n));
    // the recipe's test checks the types; these files are transpiled only, as most suites do
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({ extends: join(cjs, 'tsconfig.json'), compilerOptions: { isolatedModules: true } }),
    );
    writeFileSync(
      join(dir, 'jest.config.js'),
      `module.exports = ${JSON.stringify({
        rootDir: dir,
        testEnvironment: 'node',
        globalSetup: 'rocketchat-fake/jest/global-setup',
        globalTeardown: 'rocketchat-fake/jest/global-teardown',
        // each file's session writes its part of one contract when it ends
        globals: { rocketchatFake: { pact: { dir: 'pacts', consumer: 'shared-bot' } } },
        transform: { '^.+\\.ts$': [require.resolve('ts-jest'), { tsconfig: join(dir, 'tsconfig.json') }] },
      })};`,
    );
    const jestBin = join(MODULES, 'jest', 'bin', 'jest.js');
    for (let round = 0; round < 2; round += 1) {
      const output = ok(
        run(
          process.execPath,
          [jestBin, '--ci', '--maxWorkers=4', '--config', join(dir, 'jest.config.js')],
          dir,
        ),
      );
      expect(output).toMatch(/Tests:\s+60 passed, 60 total/);
      expect(output).toMatch(/Test Suites:\s+20 passed, 20 total/);
      // 20 files made the same requests: the contract holds each distinct one once
      const contract = JSON.parse(readFileSync(join(dir, 'pacts', 'shared-bot-rocketchat.json'), 'utf8')) as {
        interactions: { description: string }[];
      };
      expect(contract.interactions.map((i) => i.description).sort()).toEqual([
        'POST /api/v1/channels.setReadOnly (roomName=general, readOnly=false) as admin: 200',
        'POST /api/v1/channels.setReadOnly (roomName=general, readOnly=true) as admin: 200',
        'POST /api/v1/channels.setReadOnly (roomName=random, readOnly=true) as admin: 200',
        'POST /api/v1/channels.setType (roomName=random, type=p) as admin: 200',
        'POST /api/v1/login (user=admin) as nobody: 200',
      ]);
    }
  });

  it('ships no source map into src/ (not in the package): stack traces name the files it has', () => {
    const installed = join(cjs, 'node_modules', 'rocketchat-fake');
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
      );
    const shipped = files(installed);
    expect(shipped.some((f) => f.startsWith(join(installed, 'src')))).toBe(false);
    expect(shipped.filter((f) => f.endsWith('.map'))).toEqual([]);
    const mapped = shipped.filter(
      (f) => f.endsWith('.js') && readFileSync(f, 'utf8').includes('sourceMappingURL'),
    );
    expect(mapped).toEqual([]);
  });

  it('runs the README ES module recipe with plain node', () => {
    writeFileSync(join(esm, 'index.js'), recipe('esm'));
    const result = run(process.execPath, ['index.js'], esm);
    expect(ok(result)).toBe('200 admin\n');
  });

  it('gives types to an ES module TypeScript project (module nodenext)', () => {
    writeFileSync(
      join(esm, 'check.mts'),
      [
        "import { createFakeServer, createApp, ScenarioError } from 'rocketchat-fake';",
        "import type { FakeServer, ProfileId, ScenarioInput, Stub, StubInput, World } from 'rocketchat-fake';",
        "const scenario: ScenarioInput = { users: [{ username: 'a', password: 'b' }] };",
        'const fake: FakeServer = createFakeServer({ scenario });',
        'const state: World = fake.state();',
        "const input: StubInput = { request: { path: '/api/v1/livechat/department' }, response: { body: {} } };",
        'const stub: Stub = fake.stub(input);',
        "const profile: ProfileId = '8.9';",
        'void createApp; void ScenarioError; void state; void stub; void profile;',
      ].join('\n'),
    );
    const tsc = join(MODULES, 'typescript', 'bin', 'tsc');
    const args = [
      '--noEmit',
      '--strict',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      '--target',
      'ES2022',
    ];
    ok(
      run(
        process.execPath,
        [tsc, ...args, '--types', 'node', '--typeRoots', join(MODULES, '@types'), 'check.mts'],
        esm,
      ),
    );
  });
});

describe('the package manifest', () => {
  it('gives every subpath with types to TypeScript under node10 resolution too (typesVersions)', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      exports: Record<string, string | { types?: string; import?: { types?: string } }>;
      typesVersions: { '*': Record<string, string[]> };
    };
    const typed = Object.entries(manifest.exports)
      .filter(([path, target]) => path !== '.' && typeof target === 'object' && target.types !== undefined)
      .map(([path, target]) => [path.slice(2), [(target as { types: string }).types]]);
    expect(manifest.typesVersions['*']).toEqual(Object.fromEntries(typed));
  });
});
