// The suite under load: runs the whole Jest suite N times (default 10) while a CPU-heavy process
// keeps one core busy beside it, and prints each run's counts and wall time, then a summary.
// Usage: node scripts/test-under-load.js [runs]   (exit 1 when any run had a failure)
const { spawn, spawnSync } = require('node:child_process');
const { mkdirSync, readFileSync, rmSync } = require('node:fs');
const { join } = require('node:path');

const ROOT = join(__dirname, '..');
const runs = Number(process.argv[2] ?? 10);
const results = join(ROOT, '.tmp', 'under-load.json');
mkdirSync(join(ROOT, '.tmp'), { recursive: true });

// the neighbour: a process that spins one core for as long as the runs take
const burner = spawn(process.execPath, ['-e', 'for (;;) { Math.sqrt(Math.random()); }'], { stdio: 'ignore' });

const rows = [];
try {
  for (let run = 1; run <= runs; run += 1) {
    rmSync(results, { force: true });
    const started = Date.now();
    const jest = join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js');
    const result = spawnSync(
      process.execPath,
      [jest, '--ci', '--silent', '--json', `--outputFile=${results}`],
      {
        cwd: ROOT,
        encoding: 'utf8',
      },
    );
    const seconds = (Date.now() - started) / 1000;
    let passed = 0;
    let failed = 1;
    const failures = [];
    try {
      const r = JSON.parse(readFileSync(results, 'utf8'));
      passed = r.numPassedTests;
      failed = r.numFailedTests + (r.numRuntimeErrorTestSuites || 0);
      for (const file of r.testResults)
        for (const t of file.assertionResults)
          if (t.status === 'failed') failures.push(`${file.name.replace(`${ROOT}/`, '')}: ${t.fullName}`);
    } catch {
      failures.push(`no results (exit ${result.status}): ${result.stderr.slice(-2000)}`);
    }
    rows.push({ run, passed, failed, seconds });
    console.log(`run ${run}: ${passed} passed, ${failed} failed, ${seconds.toFixed(1)} s`);
    for (const f of failures) console.log(`  FAILED ${f}`);
  }
} finally {
  burner.kill();
}
const clean = rows.filter((r) => r.failed === 0).length;
const times = rows.map((r) => r.seconds).sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)] ?? 0;
console.log(
  `${clean} of ${runs} runs passed with a CPU-heavy process beside them; wall time median ${median.toFixed(1)} s, ` +
    `min ${times[0]?.toFixed(1)} s, max ${times[times.length - 1]?.toFixed(1)} s`,
);
process.exit(clean === runs ? 0 : 1);
