/**
 * The consumer's view: the packed tarball installed into a scratch CommonJS TypeScript Jest project
 * and into a plain ES module project, each running the README's own recipe as written.
 */
import { spawnSync } from 'node:child_process';
import type { SpawnSyncReturns } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');
const MODULES = join(ROOT, 'node_modules');

jest.setTimeout(180_000);

/** The code block that follows `<!-- recipe:NAME -->` in the README. */
function recipe(name: string): string {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const match = new RegExp(`<!-- recipe:${name} -->\\s*\`\`\`\\w*\\n([\\s\\S]*?)\`\`\``).exec(readme);
  if (!match?.[1]) throw new Error(`no recipe:${name} in README.md`);
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

describe('the packed package, as a consumer installs it', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'rcf-consumer-'));
  const cjs = join(scratch, 'cjs');
  const esm = join(scratch, 'esm');

  beforeAll(() => {
    const packed =
      ok(run('npm', ['pack', '--silent', '--pack-destination', scratch], ROOT))
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
  });

  it('runs the README Jest recipe in a CommonJS TypeScript Jest project, with no open handles', () => {
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
    writeFileSync(join(cjs, 'readme.test.ts'), recipe('jest'));
    const jestBin = join(MODULES, 'jest', 'bin', 'jest.js');
    const output = ok(run(process.execPath, [jestBin, '--ci', '--detectOpenHandles', '--rootDir', cjs], cjs));
    expect(output).toMatch(/Tests:\s+3 passed, 3 total/);
    expect(output).not.toMatch(/open handle/i);
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
        "import type { FakeServer, ScenarioInput, World } from 'rocketchat-fake';",
        "const scenario: ScenarioInput = { users: [{ username: 'a', password: 'b' }] };",
        'const fake: FakeServer = createFakeServer({ scenario });',
        'const state: World = fake.state();',
        'void createApp; void ScenarioError; void state;',
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
