import type * as ChildProcessModule from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';

import type * as ProcessTreeModule from './process-tree';
import { parseFlags, sentence } from './suggest';

import type { PassThroughOptions } from './proxy/passthrough';
import { ScenarioError } from './scenario/problems';
import { DEFAULT_FIXTURES, FIRST_BOOT_FIXTURES, readScenarioFile } from './scenario/load';
import type { FakeOptions } from './options';
import { EnvError, changesWorld, readBootEnv, withBootEnv } from './cli-env';
import { createFakeServer, isLoopback } from './server';
import { OPTION_LIMITS } from './options';
import { limitProblem } from './limits';
import type { Limits } from './limits';
import { packageFile } from './paths';
import { PROFILE_IDS, isProfileId } from './profiles';
import type { PactFileOptions, ProfileId, UnmatchedRoute } from './types';
import { TOKEN_ENV } from './jest/shared';
import type * as VerifyCli from './verify/cli';
import type * as RecordCli from './verify/record';

const HELP = `Usage: rocketchat-fake [options]
       rocketchat-fake verify --target URL --user U --password P [options]
       rocketchat-fake record --target URL --user U [--password P] [--out FILE]

An in-memory fake of the Rocket.Chat REST and realtime (DDP) API. \`verify\` runs
its conformance suite against a Rocket.Chat server (see rocketchat-fake verify --help);
\`record\` writes a scenario file of what an account on one can see (see
rocketchat-fake record --help).

Options:
  --port N          port to listen on (default 3000, env PORT; 0 picks a free port)
  --host H          address to bind (default 127.0.0.1, env HOST)
  --fixtures FILE   scenario file (default: the shipped fixtures/default.json)
  --first-boot      the world of a fresh Rocket.Chat: rocket.cat, #general, no
                    other user (ADMIN_USERNAME/ADMIN_PASS make an admin; see
                    docs/first-boot.md for the image's environment variables)
  --seed N          overrides the scenario's faker seed
  --lenient         the API document's lenient transitions (same values succeed)
  --clock MODE      fixed (default: one second per change), running (from the
                    scenario's clock, with the wall clock) or now (from the wall
                    clock's now: for realtime clients)
  --profile P       answer as Rocket.Chat 0.49, 5, 6, 7.0, 7.10, 8.5 or 8.9 (the
                    default, or the scenario's profile); 7 is 7.10, 8 is 8.9
  --log             one line per request on stderr (method, path, status, time)
  --admin-token T   require "Authorization: Bearer T" on /__admin (but GET /__admin/health)
  --no-admin        turn the control API (/__admin) off entirely
  --allowed-host H  a Host name /__admin accepts besides localhost and IPs (repeatable)
  --session-world-limit N  entities a session's scenario may generate (default 20000)
  --body-limit N    largest request body in bytes (default 1048576); larger gets 413
  --journal-size N  requests each world's journal keeps (default 1000)
  --limit NAME=N    one bound on what a request, frame or peer may take (repeatable;
                    defaults and meaning in docs/security.md): ddpFrameBytes,
                    ddpFrameDepth, ddpFrameValues, ddpSubscriptions, ddpBufferedBytes,
                    stubBodyBytes, stubHeaderBytes, proxyAnswerBytes, webhookAnswerBytes,
                    webhookDeliveries, webhookTimeoutMs, recordPageBytes, recordPages,
                    integrationsPerWorld, teamsPerWorld, usersPerWorld,
                    roomsPerWorld, membersPerRoom, uploadBytesPerWorld
  --world-cache DIR keep resolved worlds of generating scenarios in DIR (default
                    env ROCKETCHAT_FAKE_WORLD_CACHE, else <tmpdir>/rocketchat-fake-<uid>/worlds)
  --no-world-cache  resolve every scenario afresh and keep nothing
  --pact-dir DIR    with --consumer NAME: write the contract of the requests served
                    to DIR/NAME-rocketchat.json (Pact v4) when the server stops
  --consumer NAME   the contract's consumer: your client's name
  --proxy-unmodelled URL  forward the routes the fake does not model (and no stub
                    answers) to the Rocket.Chat server at URL; answers go back as they
                    came and are journaled ("proxied": true)
  --proxy-user U    an account on that server the forwarded calls use (its password
                    in env ROCKETCHAT_FAKE_PROXY_PASSWORD, or --proxy-password P)
  --proxy-password P
  -c "COMMAND"      start, run COMMAND in a shell with ROCKETCHAT_URL set (and
                    ROCKETCHAT_FAKE_ADMIN_TOKEN with --admin-token), stop,
                    and exit with COMMAND's exit code (CI mode)
  -h, --help        show this help
  -v, --version     show the version
`;

class UsageError extends Error {
  override name = 'UsageError';
}

interface CliOptions {
  port: number;
  host: string;
  fixtures?: string;
  firstBoot: boolean;
  seed?: number;
  lenient: boolean;
  clock?: 'fixed' | 'running' | 'now';
  log: boolean;
  command?: string;
  adminToken?: string;
  admin: boolean;
  allowedHosts?: string[];
  sessionWorldLimit?: number;
  bodyLimit?: number;
  journalSize?: number;
  worldCache?: string | false;
  pact?: PactFileOptions;
  profile?: ProfileId;
  proxyUnmodelled?: PassThroughOptions;
  limits?: Partial<Limits>;
}

function readInteger(flag: string, raw: string, max: number, min = 0): number {
  if (!/^\d+$/.test(raw) || Number(raw) > max || Number(raw) < min)
    throw new UsageError(`${flag} takes a whole number from ${min} to ${max}, not "${raw}"`);
  return Number(raw);
}

/** The command's options, for parseArgs and for suggesting one a user mistyped. */
const CLI_OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  fixtures: { type: 'string' },
  'first-boot': { type: 'boolean' },
  seed: { type: 'string' },
  lenient: { type: 'boolean' },
  clock: { type: 'string' },
  log: { type: 'boolean' },
  'admin-token': { type: 'string' },
  'no-admin': { type: 'boolean' },
  'allowed-host': { type: 'string', multiple: true },
  'session-world-limit': { type: 'string' },
  'body-limit': { type: 'string' },
  'journal-size': { type: 'string' },
  limit: { type: 'string', multiple: true },
  'world-cache': { type: 'string' },
  'no-world-cache': { type: 'boolean' },
  'pact-dir': { type: 'string' },
  profile: { type: 'string' },
  consumer: { type: 'string' },
  'proxy-unmodelled': { type: 'string' },
  'proxy-user': { type: 'string' },
  'proxy-password': { type: 'string' },
  command: { type: 'string', short: 'c' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

function parse(argv: string[]): CliOptions | 'help' | 'version' {
  const parsed = parseFlags(argv, CLI_OPTIONS);
  if ('problem' in parsed) throw new UsageError(parsed.problem);
  const { values } = parsed;
  if (values.help) return 'help';
  if (values.version) return 'version';
  const port = values.port ?? process.env.PORT ?? '3000';
  return {
    port: readInteger(values.port === undefined ? 'PORT' : '--port', port, 65535),
    host: values.host ?? process.env.HOST ?? '127.0.0.1',
    fixtures: values.fixtures,
    firstBoot: readFirstBoot(values['first-boot'] ?? false, values.fixtures),
    seed: values.seed === undefined ? undefined : readInteger('--seed', values.seed, 2 ** 32 - 1),
    lenient: values.lenient ?? false,
    clock: readClock(values.clock),
    log: values.log ?? false,
    command: values.command,
    adminToken: readAdminToken(values['admin-token'], values['no-admin'] === true),
    admin: !values['no-admin'],
    allowedHosts: values['allowed-host'],
    sessionWorldLimit: optionalInteger(
      '--session-world-limit',
      values['session-world-limit'],
      ...OPTION_LIMITS.sessionWorldLimit,
    ),
    bodyLimit: optionalInteger('--body-limit', values['body-limit'], 1, 1024 ** 3),
    journalSize: optionalInteger('--journal-size', values['journal-size'], ...OPTION_LIMITS.journalSize),
    limits: readLimits(values.limit),
    worldCache: readWorldCache(values['world-cache'], values['no-world-cache'] ?? false),
    pact: readPact(values['pact-dir'], values.consumer),
    profile: readProfile(values.profile),
    proxyUnmodelled: readProxy(
      values['proxy-unmodelled'],
      values['proxy-user'],
      values['proxy-password'] ?? process.env.ROCKETCHAT_FAKE_PROXY_PASSWORD,
    ),
  };
}

function readProxy(
  target: string | undefined,
  user: string | undefined,
  password: string | undefined,
): PassThroughOptions | undefined {
  if (target === undefined) {
    if (user !== undefined) throw new UsageError('--proxy-user goes with --proxy-unmodelled URL');
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new UsageError(`--proxy-unmodelled takes a URL (http://… or https://…), not "${target}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`--proxy-unmodelled takes a URL (http://… or https://…), not "${target}"`);
  if (user !== undefined && (password === undefined || password === ''))
    throw new UsageError(
      '--proxy-user needs its password: env ROCKETCHAT_FAKE_PROXY_PASSWORD or --proxy-password',
    );
  return { target, ...(user !== undefined ? { user, password } : {}) };
}

function readFirstBoot(firstBoot: boolean, fixtures: string | undefined): boolean {
  if (firstBoot && fixtures !== undefined)
    throw new UsageError(
      'give --first-boot or --fixtures FILE, not both (--first-boot is a world of its own)',
    );
  return firstBoot;
}

function readLimits(raw: string[] | undefined): Partial<Limits> | undefined {
  if (raw === undefined) return undefined;
  const limits: Partial<Record<string, number>> = {};
  for (const item of raw) {
    const match = /^([A-Za-z]+)=(\d+)$/.exec(item);
    if (!match) throw new UsageError(`--limit takes NAME=N (a whole number), not "${item}"`);
    const [, name, value] = match as unknown as [string, string, string];
    const problem = limitProblem(name, Number(value));
    if (problem !== undefined) throw new UsageError(`--limit: ${problem}`);
    limits[name] = Number(value);
  }
  return limits as Partial<Limits>;
}

function readClock(raw: string | undefined): 'fixed' | 'running' | 'now' | undefined {
  if (raw === undefined) return undefined;
  if (raw !== 'fixed' && raw !== 'running' && raw !== 'now')
    throw new UsageError(`--clock is one of fixed, running, now, not "${raw}"`);
  return raw;
}

function readProfile(raw: string | undefined): ProfileId | undefined {
  if (raw === undefined) return undefined;
  if (!isProfileId(raw)) throw new UsageError(`--profile is one of ${PROFILE_IDS.join(', ')}, not "${raw}"`);
  return raw;
}

function readPact(dir: string | undefined, consumer: string | undefined): PactFileOptions | undefined {
  if (dir === undefined && consumer === undefined) return undefined;
  if (dir === undefined || dir.trim() === '' || consumer === undefined || !/^[\w.-]+$/.test(consumer)) {
    throw new UsageError(
      '--pact-dir DIR and --consumer NAME go together (NAME: letters, digits, ".", "_", "-")',
    );
  }
  if (existsSync(dir) && !statSync(dir).isDirectory())
    throw new UsageError(`--pact-dir ${dir} is not a directory`);
  return { dir, consumer };
}

function readWorldCache(dir: string | undefined, off: boolean): string | false | undefined {
  if (off && dir !== undefined) throw new UsageError('give --world-cache DIR or --no-world-cache, not both');
  if (dir !== undefined && dir.trim() === '') throw new UsageError('--world-cache needs a directory');
  return off ? false : dir;
}

function optionalInteger(
  flag: string,
  raw: string | undefined,
  min: number,
  max: number,
): number | undefined {
  if (raw === undefined) return undefined;
  return readInteger(flag, raw, max, min);
}

function readAdminToken(raw: string | undefined, noAdmin: boolean): string | undefined {
  if (raw !== undefined && raw.trim() === '') throw new UsageError('--admin-token needs a non-empty token');
  if (raw !== undefined && noAdmin)
    throw new UsageError('give --admin-token or --no-admin, not both (--no-admin turns the control API off)');
  return raw;
}

function version(): string {
  const pkg = JSON.parse(readFileSync(packageFile('package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

/** How long a command has to end once a signal was passed on, before what it reached is killed. */
const COMMAND_GRACE_MS = 10_000;

/** How long a SIGINT is left to reach the command by itself (a terminal's Ctrl-C) before it is passed on. */
const INTERRUPT_WAIT_MS = 1_000;

/**
 * CI mode: the command's exit code, or 128 + the signal number if a signal ended it. The command
 * runs in the fake's process group, so a terminal's keys reach it as usual; a SIGTERM or SIGHUP
 * sent to the fake alone (`timeout`, a cancelled CI job) is passed on to the command and every
 * process it started, and so is a SIGINT that has not ended the command within a second. The fake
 * then waits for them all, killing what is left after ten seconds, before it exits.
 */
function runCommand(command: string, url: string, adminToken: string | undefined): Promise<number> {
  // loaded here, not at start: only a command (`-c`) needs them (about 3 ms of a cold start)
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- deferred load (src/lazy.ts)
  const { spawn } = require('node:child_process') as typeof ChildProcessModule;
  const { descendantsOf, signalAll, startOf, stillRunning } =
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- deferred load (src/lazy.ts)
    require('./process-tree') as typeof ProcessTreeModule;
  return new Promise((resolve) => {
    // the handlers are in place before the command starts: a signal sent the moment it runs
    // (as soon as it has printed something) must not meet the default action and end the fake
    let child: ChildProcess | undefined = undefined;
    // each process a passed-on signal reached, with when it started (a later process given the
    // same id is not waited for nor killed)
    const reached = new Map<number, string | undefined>();
    let deadline: number | undefined;
    const pass = (signal: NodeJS.Signals): void => {
      if (child?.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
      const tree = [child.pid, ...descendantsOf(child.pid)];
      for (const pid of tree) reached.set(pid, startOf(pid));
      signalAll(tree, signal);
      if (deadline !== undefined) return;
      deadline = Date.now() + COMMAND_GRACE_MS;
      // a command that ignores the signal is killed with all it started once the grace is over
      setTimeout(() => signalAll(stillRunning(reached), 'SIGKILL'), COMMAND_GRACE_MS).unref();
    };
    const handlers: Record<'SIGINT' | 'SIGTERM' | 'SIGHUP', () => void> = {
      SIGINT: () => setTimeout(() => pass('SIGINT'), INTERRUPT_WAIT_MS).unref(),
      SIGTERM: () => pass('SIGTERM'),
      SIGHUP: () => pass('SIGHUP'),
    };
    for (const [signal, handler] of Object.entries(handlers)) process.on(signal, handler);
    child = spawn(command, {
      shell: true,
      stdio: 'inherit',
      // the session helpers (rocketchat-fake/node-test, /session) read the token where the runners' setups leave it
      env: { ...process.env, ROCKETCHAT_URL: url, ...(adminToken ? { [TOKEN_ENV]: adminToken } : {}) },
    });
    let finished = false;
    const finish = (code: number): void => {
      if (finished) return;
      finished = true;
      for (const [signal, handler] of Object.entries(handlers)) process.off(signal, handler);
      // what a passed-on signal reached and still runs (a process that ignores it): waited for,
      // killed once the grace is over
      const wait = (): void => {
        const left = stillRunning(reached);
        if (left.length === 0 || (deadline !== undefined && Date.now() > deadline + 1_000)) {
          resolve(code);
          return;
        }
        if (deadline !== undefined && Date.now() >= deadline) signalAll(left, 'SIGKILL');
        setTimeout(wait, 50);
      };
      wait();
    };
    child.once('error', (error) => {
      process.stderr.write(`[rocketchat-fake] cannot run the command: ${error.message}\n`);
      finish(127);
    });
    child.once('exit', (code, signal) => {
      const signals: Record<string, number> = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };
      finish(code ?? 128 + (signal ? (signals[signal] ?? 1) : 1));
    });
  });
}

/**
 * One line on stderr the first time any world is called on a route the fake does not model, so a
 * CI log says "the fake does not have this" where a client's own error says only 404.
 */
function unmodelledNotice(admin: boolean): (route: UnmatchedRoute) => void {
  const said = new Set<string>();
  return (route) => {
    const key = `${route.method} ${route.path}`;
    if (said.has(key)) return;
    said.add(key);
    const near = route.nearest === null ? '' : ` (nearest modelled route: ${route.nearest})`;
    process.stderr.write(
      `[rocketchat-fake] not modelled: ${key}${near}; answered with the real server's not-found${admin ? ', listed at GET /__admin/unmatched' : ''}\n`,
    );
  };
}

/**
 * Settled once the server listens: the command's start is over then (src/cli.ts keeps the code V8
 * compiled for it from then on, not for a `--version` or a refused flag).
 */
let markListening: () => void = () => undefined;
export const listening = new Promise<void>((resolve) => (markListening = resolve));

/**
 * Where the world comes from, with the official image's environment (src/cli-env.ts): the
 * scenario file as it is when the environment changes nothing in it (a compiled world stands in
 * for a shipped one), else its document with the environment's admin and settings. The ignored
 * variables are named once on stderr.
 */
function bootWorld(
  firstBoot: boolean,
  fixtures: string | undefined,
): Pick<FakeOptions, 'fixtures' | 'scenario' | 'firstBoot'> {
  const boot = readBootEnv(process.env);
  if (boot.ignored.length > 0)
    process.stderr.write(
      `[rocketchat-fake] ignored: ${boot.ignored.join(', ')}: the fake keeps its world in memory\n`,
    );
  if (!changesWorld(boot)) return firstBoot ? { firstBoot } : { fixtures };
  const file = firstBoot ? FIRST_BOOT_FIXTURES : (fixtures ?? DEFAULT_FIXTURES);
  const read = readScenarioFile(file);
  if (typeof read !== 'object' || read === null || Array.isArray(read))
    throw new ScenarioError(file, [{ path: '$', message: 'a scenario is a JSON object' }]);
  const { scenario, note } = withBootEnv(read as Record<string, unknown>, boot);
  if (note !== undefined) process.stderr.write(`[rocketchat-fake] ${note}\n`);
  return { scenario };
}

async function main(argv: string[]): Promise<void> {
  if (argv[0] === 'record') {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { recordCommand } = require('./verify/record') as typeof RecordCli;
    process.exitCode = await recordCommand(argv.slice(1), {
      out: (text) => process.stdout.write(text),
      err: (text) => process.stderr.write(text),
      env: process.env,
    });
    return;
  }
  if (argv[0] === 'verify') {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { verifyCommand } = require('./verify/cli') as typeof VerifyCli;
    const code = await verifyCommand(argv.slice(1), {
      out: (text) => process.stdout.write(text),
      err: (text) => process.stderr.write(text),
      env: process.env,
    });
    process.exitCode = code;
    return;
  }
  const options = parse(argv);
  if (options === 'help') return void process.stdout.write(HELP);
  if (options === 'version') return void process.stdout.write(`${version()}\n`);
  const { command, firstBoot, ...serverOptions } = options;
  const world = bootWorld(firstBoot, options.fixtures);
  const fake = createFakeServer({
    ...serverOptions,
    ...world,
    onUnmodelled: unmodelledNotice(options.admin),
  });
  if (command === undefined) {
    // the handlers come before the listening line: a signal sent the moment the line is read
    // must find them (a signal with no handler yet kills the process with it)
    const stop = (): void => {
      const timer = setTimeout(() => process.exit(0), 2000);
      timer.unref();
      fake.drain().then(
        () => process.exit(0),
        (error: unknown) => {
          process.stderr.write(`[rocketchat-fake] stopping: ${(error as Error).message}\n`);
          process.exit(1);
        },
      );
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  }
  const url = await fake.start(options.port).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    process.stderr.write(
      `[rocketchat-fake] port ${options.port} is in use: choose another with --port, or --port 0 for a free one\n`,
    );
    process.exit(1);
  });
  // one line on stdout, the base URL's (scripts read it); the inspector's address is a diagnostic
  process.stdout.write(`[rocketchat-fake] listening on ${url}\n`);
  markListening();
  if (options.admin) process.stderr.write(`[rocketchat-fake] inspector: ${url}/__admin/ui\n`);
  if (!isLoopback(options.host) && options.admin && options.adminToken === undefined) {
    process.stderr.write(
      `[rocketchat-fake] warning: listening on ${options.host} with the control API open to anyone who can reach it; set --admin-token\n`,
    );
  }
  if (command !== undefined) {
    const code = await runCommand(command, url, options.adminToken);
    await fake.drain();
    process.exit(code);
  }
  void fake.whenStopped().then(() => process.exit(0));
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof EnvError) {
    process.stderr.write(`[rocketchat-fake] ${sentence(error.message)} See --help.\n`);
  } else if (error instanceof ScenarioError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`[rocketchat-fake] cannot start: ${(error as Error).message}\n`);
    process.exit(1);
  }
  process.exit(2);
});
