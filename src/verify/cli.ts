import { PROFILE_IDS, isProfileId } from '../profiles';
import { parseFlags } from '../suggest';
import type { VerifyOptions, VerifyReport } from '../types';
import { renderResult, renderSummary } from './render';
import { VerifyError, runVerify } from './run';

/**
 * `rocketchat-fake verify`: the conformance suite against a server, from the command line.
 * Exit 0 when nothing failed, 1 when a check failed (or the run was interrupted, or left the
 * channel changed), 2 for bad usage, an unreachable target, a refused login or a --user2 that
 * cannot be refused (a setup mistake).
 */

export const VERIFY_HELP = `Usage: rocketchat-fake verify --target URL --user U --password P [options]

Runs the conformance suite against a Rocket.Chat server (or a fake) and reports, rule by rule,
where it answers as the fake does.

Options:
  --target URL        the server, e.g. https://chat.example.com
  --user U            a user with the admin role (env ROCKETCHAT_USER)
  --password P        its password (env ROCKETCHAT_PASSWORD; never printed)
  --user2 U2          a second user without admin rights, for the refusals
                      (env ROCKETCHAT_USER2; checks that need it are skipped without)
  --password2 P2      its password (env ROCKETCHAT_PASSWORD2)
  --pat-user-id ID    the user id of a personal access token given in the env
                      ROCKETCHAT_PAT (never on the command line): the check that
                      authenticates with one; skipped without
  --channel NAME      a public channel the run may change (ro and t); put back at
                      the end. Without it, only checks that change nothing run
  --create            the run may create users, a public and a private room, a
                      team and an incoming webhook (named fake-verify-…) for
                      the world-building checks, and removes them at the end.
                      Without it, those checks are skipped
  --profile P         the release line the server should answer as: 0.49, 5, 6,
                      7.0, 7.10 (also 7), 8.5 or 8.9 (the default; also 8); see
                      docs/profiles.md
  --json              print one JSON report instead of lines
  --timeout-ms N      each request's time limit (default 10000)
  -h, --help          show this help

Exit status: 0 nothing failed, 1 a check failed, 2 bad usage or the target unreachable.
`;

class UsageError extends Error {
  override name = 'UsageError';
}

/** The command's options, for parseArgs and for suggesting one a user mistyped. */
const VERIFY_OPTIONS = {
  target: { type: 'string' },
  user: { type: 'string' },
  password: { type: 'string' },
  user2: { type: 'string' },
  password2: { type: 'string' },
  'pat-user-id': { type: 'string' },
  channel: { type: 'string' },
  create: { type: 'boolean' },
  json: { type: 'boolean' },
  'timeout-ms': { type: 'string' },
  profile: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function parse(argv: string[], env: NodeJS.ProcessEnv): (VerifyOptions & { json: boolean }) | 'help' {
  const parsed = parseFlags(argv, VERIFY_OPTIONS);
  if ('problem' in parsed) throw new UsageError(parsed.problem);
  const { values } = parsed;
  if (values.help) return 'help';
  const target = values.target;
  const user = values.user ?? env.ROCKETCHAT_USER;
  const password = values.password ?? env.ROCKETCHAT_PASSWORD;
  const user2 = values.user2 ?? env.ROCKETCHAT_USER2;
  const password2 = values.password2 ?? env.ROCKETCHAT_PASSWORD2;
  if (target === undefined) throw new UsageError('--target URL is required');
  if (user === undefined || password === undefined)
    throw new UsageError('--user and --password (or ROCKETCHAT_USER and ROCKETCHAT_PASSWORD) are required');
  if (user2 !== undefined && password2 === undefined)
    throw new UsageError('--user2 needs --password2 (or ROCKETCHAT_PASSWORD2)');
  const patUserId = values['pat-user-id'];
  const patToken = env.ROCKETCHAT_PAT;
  if ((patUserId === undefined) !== (patToken === undefined))
    throw new UsageError('a personal access token needs both ROCKETCHAT_PAT and --pat-user-id');
  let timeoutMs: number | undefined;
  if (values['timeout-ms'] !== undefined) {
    const raw = values['timeout-ms'];
    if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > 600_000)
      throw new UsageError(`--timeout-ms takes a whole number from 1 to 600000, not "${raw}"`);
    timeoutMs = Number(raw);
  }
  const profile = values.profile;
  if (profile !== undefined && !isProfileId(profile))
    throw new UsageError(`--profile is one of ${PROFILE_IDS.join(', ')}, not "${profile}"`);
  return {
    target,
    user,
    password,
    ...(profile !== undefined ? { profile } : {}),
    ...(user2 !== undefined ? { user2, password2 } : {}),
    ...(patUserId !== undefined && patToken !== undefined
      ? { pat: { userId: patUserId, token: patToken } }
      : {}),
    ...(values.channel !== undefined ? { channel: values.channel } : {}),
    ...(values.create === true ? { create: true } : {}),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    json: values.json === true,
  };
}

/** Runs `verify` with these arguments; resolves to the exit code. */
export async function verifyCommand(
  argv: string[],
  io: { out: (text: string) => void; err: (text: string) => void; env: NodeJS.ProcessEnv },
): Promise<number> {
  let options: (VerifyOptions & { json: boolean }) | 'help';
  try {
    options = parse(argv, io.env);
  } catch (error) {
    io.err(`rocketchat-fake verify: ${(error as Error).message}\n(see rocketchat-fake verify --help)\n`);
    return 2;
  }
  if (options === 'help') {
    io.out(VERIFY_HELP);
    return 0;
  }
  const { json, ...run } = options;
  const controller = new AbortController();
  const onSignal = (): void => {
    io.err('\ninterrupted: putting the channel back…\n');
    controller.abort();
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let report: VerifyReport;
  try {
    report = await runVerify({
      ...run,
      signal: controller.signal,
      ...(json ? {} : { onResult: (result) => io.out(`${renderResult(result)}\n`) }),
    });
  } catch (error) {
    if (error instanceof VerifyError) {
      io.err(`rocketchat-fake verify: ${error.message}\n`);
      return 2;
    }
    throw error;
  } finally {
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  }
  io.out(json ? `${JSON.stringify(report, null, 2)}\n` : `${renderSummary(report)}\n`);
  return report.ok ? 0 : 1;
}
