import type { ServerSettings } from '../types';

/**
 * Rocket.Chat's brute-force protection of logins (`Block_Multiple_Failed_Logins_*`), on the fake
 * clock: a ledger of failed and successful logins, by client address and by username, and the
 * real server's two checks over it. Pure: no HTTP, no clock of its own (times come in).
 *
 * Two algorithms, by era:
 * - `window` (6.4 on): the failures since the later of (now − the unblock minutes) and the last
 *   successful login count; at the threshold the next attempt is refused, and the block lifts as
 *   failures age out of the window. Only a username typed in the request is user-blocked (an
 *   e-mail login never is). A refusal for the user is not itself counted; one for the address is.
 * - `since-login` (5.x to 6.3): the failures since the last successful login (or ever) count; at
 *   the threshold logins are refused until the last failure plus the unblock minutes. The user an
 *   e-mail names is user-blocked too, and every refusal counts.
 */

/** The fake's defaults: the real server's, but off unless a scenario or the control API turns it on. */
export const DEFAULT_SETTINGS: Readonly<ServerSettings> = Object.freeze({
  Block_Multiple_Failed_Logins_Enabled: false,
  Block_Multiple_Failed_Logins_By_User: true,
  Block_Multiple_Failed_Logins_Attempts_Until_Block_by_User: 10,
  Block_Multiple_Failed_Logins_Time_To_Unblock_By_User_In_Minutes: 5,
  Block_Multiple_Failed_Logins_By_Ip: true,
  Block_Multiple_Failed_Logins_Attempts_Until_Block_By_Ip: 50,
  Block_Multiple_Failed_Logins_Time_To_Unblock_By_Ip_In_Minutes: 5,
  Block_Multiple_Failed_Logins_Ip_Whitelist: '',
  // the users.* group's (src/store/user-accounts.ts)
  Accounts_RegistrationForm: 'Public',
  Accounts_RegistrationForm_SecretURL: '',
  Accounts_ManuallyApproveNewUsers: false,
  Accounts_Registration_Users_Default_Roles: 'user',
  Accounts_RequireNameForSignUp: true,
  Accounts_AllowUserStatusMessageChange: true,
  Accounts_AllowInvisibleStatusOption: true,
});

export type BlockAlgorithm = 'none' | 'since-login' | 'window';

/** One login attempt as the checks see it. */
export interface Attempt {
  /** the client's address */
  readonly ip: string;
  /** the username typed in the request (`user.username` after Rocket.Chat's login compatibility) */
  readonly typedUsername: string | undefined;
  /** the username of the user the credentials found, whatever the password (an e-mail's owner too) */
  readonly username: string | undefined;
}

/** Why a login is refused: by address first, then by user. */
export type Block = 'ip' | 'user';

/** Failure times of one key (an address or a username), oldest first. */
type Times = number[];

const MINUTE = 60_000;

function push(map: Map<string, Times>, key: string, at: number): void {
  const times = map.get(key);
  if (times) times.push(at);
  else map.set(key, [at]);
}

/** How many of `times` (ascending) are at or after `since`. */
function countSince(times: Times | undefined, since: number): number {
  if (!times) return 0;
  let low = 0;
  let high = times.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((times[mid] ?? 0) < since) low = mid + 1;
    else high = mid;
  }
  return times.length - low;
}

/**
 * The ledger of one world's state (a reset starts a new one). A success forgets the failures
 * before it (the real server counts from the last success on): so the order of requests decides,
 * also when the fake clock stands still between them.
 */
export class LoginGuard {
  /** failure times since the last success, by address and by username */
  readonly #failedByIp = new Map<string, Times>();
  readonly #failedByUser = new Map<string, Times>();
  /** the last failure ever, by key (the 5.x algorithm's "blocked until") */
  readonly #lastFailure = new Map<string, number>();

  constructor(private readonly algorithm: BlockAlgorithm) {}

  /** The block an attempt meets now, if any: the address is checked first. */
  check(settings: ServerSettings, attempt: Attempt, now: number): Block | undefined {
    if (this.algorithm === 'none' || !settings.Block_Multiple_Failed_Logins_Enabled) return undefined;
    if (this.#ipBlocked(settings, attempt.ip, now)) return 'ip';
    const username = this.algorithm === 'window' ? attempt.typedUsername : attempt.username;
    if (username !== undefined && this.#userBlocked(settings, username, now)) return 'user';
    return undefined;
  }

  /** A refused attempt (a failed login or a block), counted as the era counts it. */
  failed(settings: ServerSettings, attempt: Attempt, block: Block | undefined, now: number): void {
    if (this.algorithm === 'none' || !settings.Block_Multiple_Failed_Logins_Enabled) return;
    if (block === 'user' && this.algorithm === 'window') return;
    push(this.#failedByIp, attempt.ip, now);
    this.#lastFailure.set(`i:${attempt.ip}`, now);
    const username = attempt.username ?? attempt.typedUsername;
    if (username === undefined) return;
    push(this.#failedByUser, username, now);
    this.#lastFailure.set(`u:${username}`, now);
  }

  /** A successful login: the counters of its address and its user start again. */
  succeeded(settings: ServerSettings, attempt: Attempt): void {
    if (this.algorithm === 'none' || !settings.Block_Multiple_Failed_Logins_Enabled) return;
    this.#failedByIp.delete(attempt.ip);
    if (attempt.username !== undefined) this.#failedByUser.delete(attempt.username);
  }

  #ipBlocked(settings: ServerSettings, ip: string, now: number): boolean {
    if (!settings.Block_Multiple_Failed_Logins_By_Ip) return false;
    if (settings.Block_Multiple_Failed_Logins_Ip_Whitelist.split(',').includes(ip)) return false;
    return this.#blocked(
      this.#failedByIp.get(ip),
      this.#lastFailure.get(`i:${ip}`),
      settings.Block_Multiple_Failed_Logins_Attempts_Until_Block_By_Ip,
      settings.Block_Multiple_Failed_Logins_Time_To_Unblock_By_Ip_In_Minutes,
      now,
    );
  }

  #userBlocked(settings: ServerSettings, username: string, now: number): boolean {
    if (!settings.Block_Multiple_Failed_Logins_By_User) return false;
    return this.#blocked(
      this.#failedByUser.get(username),
      this.#lastFailure.get(`u:${username}`),
      settings.Block_Multiple_Failed_Logins_Attempts_Until_Block_by_User,
      settings.Block_Multiple_Failed_Logins_Time_To_Unblock_By_User_In_Minutes,
      now,
    );
  }

  /** `failures`: those since the last success; `lastFailure`: the last one ever. */
  #blocked(
    failures: Times | undefined,
    lastFailure: number | undefined,
    threshold: number,
    minutes: number,
    now: number,
  ): boolean {
    if (lastFailure === undefined) return false;
    const span = minutes * MINUTE;
    if (this.algorithm === 'window') {
      // a threshold of 0 is the real server's "misconfigured": never blocks
      if (!threshold) return false;
      return countSince(failures, now - span) >= threshold;
    }
    // since-login: the failures since the last success reach the threshold; then blocked until the last failure + minutes
    if (threshold && (failures?.length ?? 0) < threshold) return false;
    return now < lastFailure + span;
  }
}
