/**
 * The image's entry command, run as a plain process: no container engine is needed, so CI always
 * runs it. The Dockerfile's final stage is read (test/support/dockerfile.ts); its CMD runs from the
 * repository's root (what WORKDIR holds in the image: dist/, fixtures/, ui/) with its ENV, and its
 * HEALTHCHECK command is run as the engine would run it. The image itself is built and started by
 * test/docker.image.if-engine.test.ts when an engine answers.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { CLI } from './support/build';
import { ROOT, readDockerfile } from './support/dockerfile';

const spec = readDockerfile();

/** The command's argv with `node` as the running Node; a flag this build's CLI lacks is named for a loud warning. */
/** The CMD as a process runs it here: `node` is this Node; every flag must be one the CLI knows. */
function entryCommand(): string[] {
  const [program, ...args] = spec.cmd;
  return [program === 'node' ? process.execPath : (program ?? ''), ...args];
}

/** Runs an exec-form command with `env`; resolves with its exit code. */
function run(argv: string[], env: NodeJS.ProcessEnv): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const [program = '', ...args] = argv;
    const child = spawn(program === 'node' ? process.execPath : program, args, { env, stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', (code) => resolve(code));
  });
}

describe('the Dockerfile', () => {
  it('builds in two stages and runs as an unprivileged user on port 3000, bound to every address', () => {
    expect(spec.stages).toBe(2);
    expect(spec.user).not.toMatch(/^(root|0)(:|$)/);
    expect(spec.expose).toEqual(['3000']);
    expect(spec.env).toMatchObject({ HOST: '0.0.0.0', PORT: '3000' });
    expect(spec.cmd).toEqual(['node', 'dist/cli.js', '--first-boot']);
    expect(spec.healthcheck.cmd.slice(0, 2)).toEqual(['node', '-e']);
    expect(spec.healthcheck.cmd[2]).toContain('/api/info');
    // the run stage takes the built package from the build stage and nothing of the sources
    expect(spec.copies.filter((c) => c.startsWith('--from='))).toEqual(['--from=build /src/dist ./dist']);
    expect(spec.copies.some((c) => /\bsrc\b/.test(c.replace('/src/dist', '')))).toBe(false);
  });
});

describe('the recipes that start the image (docs/docker.md)', () => {
  const read = (file: string): string => readFileSync(join(ROOT, 'examples', 'docker', file), 'utf8');

  it('wait on /api/info at port 3000, as the HEALTHCHECK does; the Node one parses', () => {
    expect(
      spawnSync(process.execPath, ['--check', join(ROOT, 'examples', 'docker', 'testcontainers.test.js')])
        .status,
    ).toBe(0);
    expect(read('testcontainers.test.js')).toContain("Wait.forHttp('/api/info', 3000).forStatusCode(200)");
    expect(read('test_testcontainers.py')).toContain(
      'HttpWaitStrategy(3000, "/api/info").for_status_code(200)',
    );
    // the compose file's own health check is the image's, with the port the file sets
    const compose = read('compose.yaml');
    expect(compose).toContain(
      JSON.stringify(spec.healthcheck.cmd[2]?.replace("' + (process.env.PORT || 3000) + '", '3000')),
    );
    expect(compose).toMatch(/^ {6}PORT: 3000$/m);
  });
});

describe("the image's entry command, run as a process", () => {
  let child: ChildProcess | undefined;
  afterEach(async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child?.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  });

  it('listens with the ENV as given, answers /api/info, and the HEALTHCHECK passes (then fails once it stopped)', async () => {
    const argv = entryCommand();
    const help = spawnSync(process.execPath, [CLI, '--help'], { encoding: 'utf8' }).stdout;
    expect(argv.slice(1).filter((arg) => arg.startsWith('--') && !help.includes(arg))).toEqual([]);
    // PORT is the one value changed: 3000 may be taken on a CI machine, so 0 (a free port), as
    // `docker run -e PORT=…` would change it; the health check is then run with the port it got
    const env = { ...process.env, ...spec.env, PORT: '0' };
    const [program = '', ...args] = argv;
    const started = spawn(program, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    let err = '';
    started.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const line = await new Promise<string>((resolve, reject) => {
      let out = '';
      started.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const first = out.split('\n');
        if (first.length > 1) resolve(first[0] ?? '');
      });
      started.once('exit', (code) => reject(new Error(`the entry command exited ${String(code)}: ${err}`)));
    });
    // HOST=0.0.0.0: every address of the machine, as the container needs to be reached from outside
    const match = /^\[rocketchat-fake\] listening on http:\/\/0\.0\.0\.0:(\d+)$/.exec(line);
    expect(match).not.toBeNull();
    const port = match?.[1] ?? '';

    const info = await fetch(`http://127.0.0.1:${port}/api/info`);
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({ success: true });

    const healthEnv = { ...process.env, ...spec.env, PORT: port };
    expect(await run(spec.healthcheck.cmd, healthEnv)).toBe(0);

    const exited = new Promise<number | null>((resolve) => started.once('exit', resolve));
    started.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(await run(spec.healthcheck.cmd, healthEnv)).toBe(1);
  });
});
