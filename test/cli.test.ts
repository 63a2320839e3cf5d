import { spawn, spawnSync } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_PROFILE } from '../src/profiles';
import { CLI } from './support/build';
import { anonymousInfo } from './support/info';

/** Starts the CLI, resolves with the URL from its stdout line, and a stop function. */
function start(args: string[]): Promise<{ url: string; line: string; stop: () => Promise<number | null> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const match = /http:\/\/[\d.]+:\d+/.exec(out);
      if (match && out.includes('\n')) {
        resolve({
          url: match[0],
          line: out.split('\n')[0] ?? '',
          stop: () =>
            new Promise((done) => {
              child.once('exit', (code) => done(code));
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`exited ${String(code)}: ${err}`)));
  });
}

describe('the rocketchat-fake command', () => {
  it('a SIGTERM sent the moment the listening line is read exits 0, every time (10 tries)', async () => {
    const outcomes: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const child = spawn(process.execPath, [CLI, '--port', '0'], { stdio: ['ignore', 'pipe', 'ignore'] });
      child.stdout.once('data', () => child.kill('SIGTERM'));
      outcomes.push(
        await new Promise<string>((resolve) =>
          child.once('exit', (code, signal) => resolve(signal ?? String(code))),
        ),
      );
    }
    expect(outcomes).toEqual(Array.from({ length: 10 }, () => '0'));
  });

  it('serves the default scenario on --port 0, prints the URL line, exits 0 on SIGTERM', async () => {
    const { url, line, stop } = await start(['--port', '0']);
    expect(line).toMatch(/^\[rocketchat-fake\] listening on http:\/\/127\.0\.0\.1:\d+$/);
    const info = await fetch(`${url}/api/info`);
    expect(await info.json()).toEqual(anonymousInfo(url));
    const login = await fetch(`${url}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: 'admin', password: 'admin' }),
    });
    expect(login.status).toBe(200);
    expect(await stop()).toBe(0);
  });

  /** Resolves once a new connection to `origin` is refused (tried again on each answer). */
  async function refusing(origin: string): Promise<void> {
    for (;;) {
      try {
        await fetch(`${origin}/api/info`, { headers: { Connection: 'close' } });
      } catch {
        return;
      }
    }
  }

  it('SIGTERM lets an in-flight request finish, refuses new connections, exits 0', async () => {
    const child = spawn(process.execPath, [CLI, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const url = new URL(
      await new Promise<string>((resolve) =>
        child.stdout.on('data', (d: Buffer) => {
          const match = /http:\/\/[\d.]+:\d+/.exec(d.toString());
          if (match) resolve(match[0]);
        }),
      ),
    );
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const body = JSON.stringify({ user: 'admin', password: 'admin' });
    const response = new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: '/api/v1/login',
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      // half the body is sent; SIGTERM comes; once the server refuses new connections (it has
      // handled the signal), the rest of the body follows
      req.write(body.slice(0, 10), () => {
        child.kill('SIGTERM');
        void refusing(url.origin).then(() => req.end(body.slice(10)));
      });
    });
    expect(await response).toBe(200);
    await expect(fetch(`${url.origin}/api/info`)).rejects.toThrow();
    expect(await exited).toBe(0);
  });

  it('SIGTERM waits for a request held by a delay fault, then exits 0', async () => {
    const child = spawn(process.execPath, [CLI, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const url = await new Promise<string>((resolve) =>
      child.stdout.on('data', (d: Buffer) => {
        const match = /http:\/\/[\d.]+:\d+/.exec(d.toString());
        if (match) resolve(match[0]);
      }),
    );
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    await fetch(`${url}/__admin/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ path: '/api/info', delayMs: 700, times: 1 }),
    });
    const inFlight = fetch(`${url}/api/info`).then(async (r) => ({ status: r.status, body: await r.json() }));
    for (;;) {
      const { faults } = (await (await fetch(`${url}/__admin/faults`)).json()) as { faults: unknown[] };
      if (faults.length === 0) break; // the held request has taken the fault's one use
    }
    child.kill('SIGTERM');
    expect(await inFlight).toEqual({
      status: 200,
      body: anonymousInfo(url),
    });
    expect(await exited).toBe(0);
  });

  it('takes --fixtures and --seed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rcf-'));
    const file = join(dir, 'world.json');
    writeFileSync(
      file,
      JSON.stringify({
        users: [{ username: 'root', password: 'pw', roles: ['admin'] }],
        tokens: [{ username: 'root', authToken: 'tok' }],
        generate: { channels: 3 },
      }),
    );
    const runs: string[] = [];
    for (const seed of ['11', '11', '12']) {
      const { url, stop } = await start(['--port', '0', '--fixtures', file, '--seed', seed]);
      const login = (await (
        await fetch(`${url}/api/v1/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'root', password: 'pw' }),
        })
      ).json()) as { data: { userId: string } };
      const list = await fetch(`${url}/api/v1/channels.list?count=0`, {
        headers: { 'X-Auth-Token': 'tok', 'X-User-Id': login.data.userId },
      });
      runs.push(await list.text());
      await stop();
    }
    expect(runs[0]).toBe(runs[1]);
    expect(runs[0]).not.toBe(runs[2]);
  });

  it.each([
    [['--port', 'abc'], /--port takes a whole number/],
    [['--nope'], /Unknown option '--nope'\. See --help\.\n$/],
    // a mistyped option: the one meant, when one is near
    [
      ['--fixture', 'x.json'],
      /^\[rocketchat-fake\] Unknown option '--fixture'; did you mean --fixtures\? See --help\.\n$/,
    ],
    [['--admin-tokn', 't'], /did you mean --admin-token\?/],
    [['--seed', '-3'], /--seed/],
    // the range said is the range taken
    [
      ['--body-limit', '0'],
      /^\[rocketchat-fake\] --body-limit takes a whole number from 1 to 1073741824, not "0"/,
    ],
    [
      ['--body-limit', 'x'],
      /^\[rocketchat-fake\] --body-limit takes a whole number from 1 to 1073741824, not "x"/,
    ],
    [
      ['--no-admin', '--admin-token', 't'],
      /^\[rocketchat-fake\] give --admin-token or --no-admin, not both \(--no-admin turns the control API off\)/,
    ],
  ])('exits 2 on a bad flag %j, naming it', (args, message) => {
    const result = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe('');
  });

  it('exits 2 on an invalid scenario, naming the file and each path', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rcf-'));
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ users: [{ username: 'a' }], channels: [{ name: 'x', t: 'q' }] }));
    const result = spawnSync(process.execPath, [CLI, '--fixtures', file], { encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(`${file}: $.users[0].password:`);
    expect(result.stderr).toContain(`${file}: $.channels[0].t:`);
    expect(result.stdout).toBe('');
  });

  it('exits 2 on a JSON syntax error, naming file:line:column with the line and a caret', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rcf-'));
    const file = join(dir, 'broken.json');
    writeFileSync(file, '{\n  "users": [\n    {"username": "a" "password": "b"}\n  ]\n}\n');
    const result = spawnSync(process.execPath, [CLI, '--fixtures', file], { encoding: 'utf8' });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(
      [
        `  ${file}:3:22: $: not valid JSON: "," or "}" was expected, found '"'`,
        '          {"username": "a" "password": "b"}',
        `${' '.repeat(27)}^`,
      ].join('\n'),
    );
    expect(result.stdout).toBe('');
  });

  it('-c runs the command with ROCKETCHAT_URL set, then exits with its code', () => {
    const result = spawnSync(
      process.execPath,
      [
        CLI,
        '--port',
        '0',
        '-c',
        'node -e "fetch(process.env.ROCKETCHAT_URL + \'/api/info\').then(r => r.text()).then(t => { console.log(t); process.exit(3); })"',
      ],
      { encoding: 'utf8' },
    );
    expect(result.status).toBe(3);
    const url = /listening on (\S+)/.exec(result.stdout)?.[1] ?? '';
    expect(JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '')).toEqual(anonymousInfo(url));
    expect(spawnSync(process.execPath, [CLI, '--port', '0', '-c', 'exit 0']).status).toBe(0);
  });

  it('-c gives the command the admin token where the session helpers read it, and none without one', () => {
    const show = 'node -e "console.log(process.env.ROCKETCHAT_FAKE_ADMIN_TOKEN ?? \'none\')"';
    const last = (args: string[]): string =>
      spawnSync(process.execPath, [CLI, '--port', '0', ...args, '-c', show], { encoding: 'utf8' })
        .stdout.trim()
        .split('\n')
        .at(-1) ?? '';
    expect(last(['--admin-token', 'tok'])).toBe('tok');
    expect(last([])).toBe('none');
  });

  /** The CLI in -c mode with a command; resolves once the command has said "ready". */
  async function commandRunning(command: string): Promise<{
    child: ReturnType<typeof spawn>;
    exited: Promise<number | NodeJS.Signals | null>;
    closed: Promise<void>;
  }> {
    const child = spawn(process.execPath, [CLI, '--port', '0', '-c', command], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // the fake's exit code, or the signal that ended it (a signal it did not handle)
    const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
      child.once('exit', (code, signal) => resolve(code ?? signal)),
    );
    // every holder of the pipe gone: the fake, the shell and what the shell started
    const closed = new Promise<void>((resolve) => child.stdout.once('close', () => resolve()));
    let out = '';
    await new Promise<void>((resolve) =>
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('ready')) resolve();
      }),
    );
    return { child, exited, closed };
  }

  it.each(['SIGTERM', 'SIGINT'] as const)(
    '-c passes a %s sent to the fake alone to the command and what it started, waits for them, and exits with their code',
    async (signal) => {
      // the command starts a process of its own that would outlive a shell killed alone; it says
      // "ready" once running, and holds the fake's stdout open for as long as it lives
      const run = await commandRunning(`node -e "setInterval(() => {}, 1000); console.log('ready')" & wait`);
      run.child.kill(signal);
      expect(await run.exited).toBe(128 + (signal === 'SIGTERM' ? 15 : 2));
      await run.closed;
    },
  );

  it('-c kills a command that ignores the signal passed on once the grace is over, with what it started', async () => {
    const run = await commandRunning(`trap '' TERM; echo ready; while :; do sleep 1; done`);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(128 + 9);
    await run.closed;
  }, 30_000);

  it('--log writes one line per request on stderr', () => {
    const result = spawnSync(
      process.execPath,
      [
        CLI,
        '--port',
        '0',
        '--log',
        '-c',
        'node -e "fetch(process.env.ROCKETCHAT_URL + \'/api/v1/nope?x=1\')"',
      ],
      { encoding: 'utf8' },
    );
    expect(result.status).toBe(0);
    expect(result.stderr).toMatch(/^\[rocketchat-fake\] GET \/api\/v1\/nope\?x=1 404 \d+\.\d ms$/m);
  });

  it('--admin-token protects /__admin; POST /__admin/shutdown makes the process exit 0', async () => {
    const child = spawn(process.execPath, [CLI, '--port', '0', '--admin-token', 'tok'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const url = await new Promise<string>((resolve) =>
      child.stdout.on('data', (d: Buffer) => {
        const match = /http:\/\/[\d.]+:\d+/.exec(d.toString());
        if (match) resolve(match[0]);
      }),
    );
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    expect((await fetch(`${url}/__admin/health`)).status).toBe(200);
    expect((await fetch(`${url}/__admin/state`)).status).toBe(401);
    expect((await fetch(`${url}/__admin/shutdown`, { method: 'POST' })).status).toBe(401);
    const shutdown = await fetch(`${url}/__admin/shutdown`, {
      method: 'POST',
      headers: { Authorization: 'Bearer tok' },
    });
    expect(shutdown.status).toBe(200);
    expect(await exited).toBe(0);
  });

  it('warns on stderr when bound beyond loopback without an admin token', () => {
    const result = spawnSync(process.execPath, [CLI, '--port', '0', '--host', '0.0.0.0', '-c', 'exit 0'], {
      encoding: 'utf8',
    });
    expect(result.status).toBe(0);
    expect(result.stderr).toMatch(/warning: listening on 0\.0\.0\.0 .*--admin-token/);
    const quiet = spawnSync(process.execPath, [CLI, '--port', '0', '-c', 'exit 0'], { encoding: 'utf8' });
    // on loopback: no warning, only the inspector's address
    expect(quiet.stderr).toMatch(/^\[rocketchat-fake\] inspector: http:\/\/127\.0\.0\.1:\d+\/__admin\/ui\n$/);
  });

  it('--lenient turns on the lenient transitions', () => {
    const script = [
      'const u = process.env.ROCKETCHAT_URL;',
      "const j = { 'Content-Type': 'application/json' };",
      "fetch(u + '/api/v1/login', { method: 'POST', headers: j, body: JSON.stringify({ user: 'admin', password: 'admin' }) })",
      '.then((r) => r.json())',
      ".then(({ data }) => fetch(u + '/api/v1/channels.setReadOnly', { method: 'POST', headers: { ...j, 'X-Auth-Token': data.authToken, 'X-User-Id': data.userId }, body: JSON.stringify({ roomName: 'announcements', readOnly: true }) }))",
      '.then((r) => process.exit(r.status === 200 ? 0 : 1));',
    ].join('');
    const strict = spawnSync(process.execPath, [CLI, '--port', '0', '-c', `node -e "${script}"`], {
      encoding: 'utf8',
    });
    expect(strict.status).toBe(1);
    const lenient = spawnSync(
      process.execPath,
      [CLI, '--port', '0', '--lenient', '-c', `node -e "${script}"`],
      { encoding: 'utf8' },
    );
    expect(lenient.status).toBe(0);
  });

  it('--body-limit and --journal-size', () => {
    const script = [
      'const u = process.env.ROCKETCHAT_URL;',
      "const post = (body) => fetch(u + '/api/v1/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });",
      "post(JSON.stringify({ user: 'x'.repeat(300), password: 'a' }))",
      ".then((r) => post('{}').then(() => post('{}')).then(() => fetch(u + '/__admin/requests')).then((j) => j.json()).then((j) => console.log(r.status, j.total, j.dropped)));",
    ].join('');
    const result = spawnSync(
      process.execPath,
      [CLI, '--port', '0', '--body-limit', '100', '--journal-size', '2', '-c', `node -e "${script}"`],
      {
        encoding: 'utf8',
      },
    );
    expect(result.stdout).toMatch(/^413 2 1$/m);
    expect(spawnSync(process.execPath, [CLI, '--body-limit', '0']).status).toBe(2);
  });

  it('falls back to the PORT and HOST environment variables', async () => {
    const result = spawnSync(
      process.execPath,
      [CLI, '-c', 'node -e "console.log(process.env.ROCKETCHAT_URL)"'],
      {
        encoding: 'utf8',
        env: { ...process.env, PORT: '0', HOST: '127.0.0.1' },
      },
    );
    expect(result.status).toBe(0);
    // one line of the fake's own on stdout, the base URL's; the inspector's address on stderr
    expect(result.stdout).toMatch(
      /^\[rocketchat-fake\] listening on http:\/\/127\.0\.0\.1:(\d+)\nhttp:\/\/127\.0\.0\.1:\1\n$/,
    );
    const port = /:(\d+)\n/.exec(result.stdout)?.[1];
    expect(result.stderr).toContain(`[rocketchat-fake] inspector: http://127.0.0.1:${port}/__admin/ui\n`);
    const bad = spawnSync(process.execPath, [CLI], {
      encoding: 'utf8',
      env: { ...process.env, PORT: 'eighty' },
    });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/PORT takes a whole number/);
  });

  it('the reference shows the --help text as it is', () => {
    const readme = readFileSync(join(__dirname, '..', 'docs', 'reference.md'), 'utf8');
    const shown = /<!-- cli:help -->\s*```text\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(shown).toBe(spawnSync(process.execPath, [CLI, '--help'], { encoding: 'utf8' }).stdout);
  });

  it('--help and --version', () => {
    const help = spawnSync(process.execPath, [CLI, '--help'], { encoding: 'utf8' }).stdout;
    expect(help).toMatch(/^Usage: rocketchat-fake/);
    // the default it names is the one a server without --profile answers as
    expect(/\b(\d+\.\d+) \(the\s+default/.exec(help)?.[1]).toBe(DEFAULT_PROFILE);
    expect(spawnSync(process.execPath, [CLI, '--version'], { encoding: 'utf8' }).stdout).toMatch(
      /^\d+\.\d+\.\d+\n$/,
    );
  });
});
