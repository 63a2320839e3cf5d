// Runs every project under examples/ as a user would: packs this package, copies each project
// next to the tarball (their package.json installs `file:../rocketchat-fake-<version>.tgz`),
// installs it and its own dependencies, and runs its tests (`npm run test:ci` where a project has
// one, else `npm test`). Prints one line per project with its test count; exits 1 if any fails.
// Names given (`node scripts/run-examples.js python vitest`) run those projects alone.
// `.ci/run` runs it after the project's own tests, so a recipe that breaks fails CI.
const { execFileSync, spawnSync } = require('node:child_process');
const { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const root = join(__dirname, '..');
const examples = join(root, 'examples');
const scratch = mkdtempSync(join(tmpdir(), 'rcf-examples-'));
// the projects' installs (about 450 MB) go when the run ends; a failed run keeps them to look into
let failed = 0;
process.on('exit', () => {
  if (failed === 0) rmSync(scratch, { recursive: true, force: true });
  else console.log(`the example projects are kept in ${scratch}`);
});

if (!existsSync(join(root, 'dist', 'index.js')))
  execFileSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' });
execFileSync('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', scratch], { cwd: root });

/** The tests a runner's output says passed. */
function passed(output) {
  // eslint-disable-next-line no-control-regex -- runners colour their summaries
  const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
  const jest = /Tests:\s+(?:\d+ \w+, )*(\d+) passed/.exec(plain);
  const vitest = /Tests\s+(\d+) passed/.exec(plain);
  const node = /# pass (\d+)/.exec(plain);
  // pytest's last line: "7 passed in 0.31s", "1 failed, 6 passed in 0.40s"
  const pytest = /^=*\s*(?:\d+ \w+, )*(\d+) passed(?:, \d+ \w+)* in [\d.]+s/m.exec(plain);
  return Number((jest ?? vitest ?? node ?? pytest ?? [])[1] ?? 0);
}

/**
 * Why a project cannot run here, or undefined. A pytest project (a pytest.ini) needs python3 with
 * pytest and requests (Debian's python3-pytest and python3-requests, which .ci/run installs when
 * it can); without them it is skipped, loudly, not failed.
 */
function missingPrerequisite(dir) {
  if (!existsSync(join(dir, 'pytest.ini'))) return undefined;
  const check = spawnSync('python3', ['-c', 'import pytest, requests'], { encoding: 'utf8' });
  if (check.status === 0) return undefined;
  const why = check.error ? check.error.message : (check.stderr.trim().split('\n').pop() ?? '');
  return `python3 with pytest and requests is missing (${why}); install python3-pytest and python3-requests`;
}

const only = process.argv.slice(2);
for (const name of readdirSync(examples)) {
  const source = join(examples, name);
  if (!existsSync(join(source, 'package.json'))) continue;
  if (only.length > 0 && !only.includes(name)) continue;
  const missing = missingPrerequisite(source);
  if (missing !== undefined) {
    console.log(`WARNING: example ${name}: SKIPPED, not run: ${missing}`);
    continue;
  }
  const dir = join(scratch, name);
  cpSync(source, dir, { recursive: true });
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('JEST_') && !k.startsWith('npm_')),
  );
  const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd: dir,
    encoding: 'utf8',
    env,
  });
  if (install.status !== 0) {
    failed += 1;
    console.log(`example ${name}: npm install failed\n${install.stdout}${install.stderr}`);
    continue;
  }
  const scripts = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).scripts ?? {};
  const script = scripts['test:ci'] ? 'test:ci' : 'test';
  const run = spawnSync('npm', ['run', '-s', script], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...env, CI: 'true' },
  });
  const output = `${run.stdout}${run.stderr}`;
  const count = passed(output);
  if (run.status !== 0 || count === 0) {
    failed += 1;
    console.log(`example ${name}: FAILED (npm run ${script}, exit ${run.status})\n${output}`);
  } else console.log(`example ${name}: ${count} passed (npm run ${script})`);
}
process.exit(failed === 0 ? 0 : 1);
