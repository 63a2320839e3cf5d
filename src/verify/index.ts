import type { VerifyOptions, VerifyReport } from '../types';
import { runVerify } from './run';

export { VerifyError } from './run';
export { CHECKS } from './suite';
export type { Check, Need } from './suite';

/**
 * Runs the conformance suite against a Rocket.Chat server (or a fake) and returns the report:
 * every check passed, failed or skipped, the server's version, the rate-limit waits and what the
 * run could not put back. Throws `VerifyError` when it cannot start (bad target, unreachable,
 * login refused). See the README, "Prove it against your server".
 */
export function verify(options: VerifyOptions): Promise<VerifyReport> {
  return runVerify(options);
}
