/**
 * The image itself, built from the Dockerfile and started, ONLY WHEN A CONTAINER ENGINE ANSWERS
 * (`docker info` succeeds). Without one the test passes after saying loudly, on the console, that it
 * did not run and why; the image's entry command is tested as a plain process in every run
 * (test/docker.entry.test.ts).
 */
import { spawnSync } from 'node:child_process';
import { ROOT } from './support/dockerfile';

/** Runs `docker …`; its output, and whether it succeeded. */
function docker(args: string[], timeout = 60_000): { ok: boolean; out: string; err: string } {
  const result = spawnSync('docker', args, { cwd: ROOT, encoding: 'utf8', timeout });
  const err = result.error ? result.error.message : (result.stderr ?? '');
  return { ok: result.status === 0, out: (result.stdout ?? '').trim(), err: err.trim() };
}

/** Why the image cannot be built here, or undefined when an engine answers. */
function noEngine(): string | undefined {
  const info = docker(['info', '--format', '{{.ServerVersion}}'], 20_000);
  if (info.ok) return undefined;
  return info.err.split('\n').find((line) => line.trim() !== '') ?? 'docker info failed';
}

const TAG = `rocketchat-fake:test-${process.pid}`;
const CONTAINER = `rocketchat-fake-test-${process.pid}`;

describe('the Docker image (built and started only when a container engine answers)', () => {
  const reason = noEngine();

  afterAll(() => {
    if (reason !== undefined) return;
    docker(['rm', '-f', CONTAINER]);
    docker(['rmi', '-f', TAG]);
  });

  it('builds, runs as a non-root user, answers /api/info on port 3000 and turns healthy', async () => {
    if (reason !== undefined) {
      console.warn(
        `SKIPPED: the Docker image was NOT built nor started, no container engine here (docker info: ${reason}). ` +
          'Only its entry command was tested, as a process (test/docker.entry.test.ts).',
      );
      return;
    }
    const build = docker(['build', '-t', TAG, '.'], 900_000);
    if (!build.ok) throw new Error(`docker build failed: ${build.err.slice(-2000)}`);
    const started = docker([
      'run',
      '-d',
      '--name',
      CONTAINER,
      '-p',
      '127.0.0.1::3000',
      '-e',
      'ADMIN_USERNAME=admin',
      '-e',
      'ADMIN_PASS=secret',
      TAG,
    ]);
    if (!started.ok) throw new Error(`docker run failed: ${started.err}`);
    const port = /:(\d+)$/.exec(docker(['port', CONTAINER, '3000/tcp']).out.split('\n')[0] ?? '')?.[1];
    expect(port).toBeDefined();

    // the engine's health check, by its own verdict: `starting` until /api/info answers
    let health = '';
    for (let i = 0; i < 120 && health !== 'healthy' && health !== 'unhealthy'; i += 1) {
      health = docker(['inspect', '--format', '{{.State.Health.Status}}', CONTAINER]).out;
      if (health !== 'healthy') await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(health).toBe('healthy');
    const info = await fetch(`http://127.0.0.1:${port ?? ''}/api/info`);
    expect(info.status).toBe(200);
    expect(docker(['exec', CONTAINER, 'id', '-u']).out).not.toBe('0');
    // the admin the image's variables made at first boot, as rocketchat/rocket.chat makes it
    const login = await fetch(`http://127.0.0.1:${port ?? ''}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: 'admin', password: 'secret' }),
    });
    expect(login.status).toBe(200);
  }, 1_200_000);
});
