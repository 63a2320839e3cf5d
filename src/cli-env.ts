import { LISTED_SETTING_IDS, SETTINGS, SETTING_IDS, settingRow } from './store/setting-registry';
import type { ServerSettings } from './types';

/**
 * The official Rocket.Chat image's environment variables, as the CLI honours them (a suite written
 * for `rocketchat/rocket.chat` starts the fake with the same environment): `ADMIN_PASS` and its
 * companions make an admin at boot, `OVERWRITE_SETTING_<id>` sets a setting, `ROOT_URL` is the
 * site URL, `CREATE_TOKENS_FOR_USERS` (and its 8.x secret) open `users.createToken`; the variables
 * only a real server needs (its database, its cluster) are accepted and named once as ignored.
 * `PORT` is read with `--port` (src/cli-main.ts).
 *
 * Layer: the command line. Plain values in and out: what to add to the scenario, what to say.
 */

/** An environment variable with a value the fake cannot take (the CLI exits 2, as for a bad flag). */
export class EnvError extends Error {
  override name = 'EnvError';
}

/** The admin `ADMIN_PASS` makes at boot, as a scenario's user. */
export interface EnvAdmin {
  readonly username: string;
  readonly password: string;
  readonly name: string;
  readonly emails?: readonly { address: string; verified: boolean }[];
}

/** What the environment asks of the world. */
export interface BootEnv {
  /** the admin to make at boot (`ADMIN_PASS` set) */
  readonly admin?: EnvAdmin;
  /** settings to set over the scenario's (`OVERWRITE_SETTING_<id>`, `ROOT_URL`, `CREATE_TOKENS_FOR_USERS…`) */
  readonly settings: Partial<Record<keyof ServerSettings, string | number | boolean>>;
  /** the server-only variables set, each named once as ignored */
  readonly ignored: readonly string[];
}

/**
 * The official image's variables that only a real server needs: its database, its cluster, its
 * mail and its deployment. Accepted, and said once as ignored.
 */
export const IGNORED_ENV = [
  'MONGO_URL',
  'MONGO_OPLOG_URL',
  'DEPLOY_METHOD',
  'DEPLOY_PLATFORM',
  'INSTANCE_IP',
  'TRANSPORTER',
  'MAIL_URL',
  'HTTP_FORWARDED_COUNT',
  'REG_TOKEN',
  'USE_NATIVE_OPLOG',
  'DISABLE_PRESENCE_MONITOR',
  'EXIT_UNHANDLEDPROMISEREJECTION',
  'NODE_OPTIONS_ROCKETCHAT',
  'METEOR_SETTINGS',
] as const;

const OVERWRITE = 'OVERWRITE_SETTING_';

/** A switch of the environment as the real server reads `CREATE_TOKENS_FOR_USERS`: `true` or `yes` (any case), anything else is off. */
function truthy(raw: string): boolean {
  return ['true', 'yes'].includes(raw.toLowerCase());
}

/** One `OVERWRITE_SETTING_<id>` value, typed by the setting's row. */
function settingValue(variable: string, id: string, raw: string): string | number | boolean {
  const row = settingRow(id);
  if (row === undefined || !(LISTED_SETTING_IDS as readonly string[]).includes(id))
    throw new EnvError(
      `${variable}: the fake has no setting "${id}" (the settings it models: docs/reference.md)`,
    );
  switch (row.type) {
    case 'boolean':
      if (raw !== 'true' && raw !== 'false')
        throw new EnvError(`${variable} takes true or false (the setting ${id} is a boolean), not "${raw}"`);
      return raw === 'true';
    case 'int': {
      const pattern = row.fractions === true ? /^-?\d+(\.\d+)?$/ : /^-?\d+$/;
      const value = Number(raw);
      const low = row.min ?? Number.NEGATIVE_INFINITY;
      const high = row.max ?? Number.POSITIVE_INFINITY;
      if (!pattern.test(raw) || value < low || value > high) {
        const range = `${row.min ?? '…'} to ${row.max ?? '…'}`;
        throw new EnvError(
          `${variable} takes a ${row.fractions === true ? 'number' : 'whole number'} from ${range} (the setting ${id}), not "${raw}"`,
        );
      }
      return value;
    }
    case 'select': {
      const values = row.values ?? [];
      if (!values.includes(raw))
        throw new EnvError(`${variable} is one of ${values.join(', ')} (the setting ${id}), not "${raw}"`);
      return raw;
    }
    case 'string':
      return raw;
  }
}

/** The admin of `ADMIN_PASS`, with `ADMIN_USERNAME` (default `admin`), `ADMIN_NAME` (default `Administrator`), `ADMIN_EMAIL`. */
function adminOf(env: NodeJS.ProcessEnv): EnvAdmin | undefined {
  const password = env.ADMIN_PASS;
  const named = ['ADMIN_USERNAME', 'ADMIN_EMAIL', 'ADMIN_NAME'].filter((name) => env[name] !== undefined);
  if (password === undefined || password === '') {
    if (named.length > 0)
      throw new EnvError(
        `${named.join(', ')} ${named.length === 1 ? 'goes' : 'go'} with ADMIN_PASS (the admin's password)`,
      );
    return undefined;
  }
  const username = env.ADMIN_USERNAME ?? 'admin';
  if (!/^[\w.-]+$/.test(username))
    throw new EnvError(`ADMIN_USERNAME takes letters, digits, ".", "_" and "-", not "${username}"`);
  const email = env.ADMIN_EMAIL;
  if (email !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new EnvError(`ADMIN_EMAIL is not an e-mail address: "${email}"`);
  return {
    username,
    password,
    name: env.ADMIN_NAME ?? 'Administrator',
    ...(email !== undefined ? { emails: [{ address: email, verified: true }] } : {}),
  };
}

/** Reads the environment; throws {@link EnvError} naming the first variable the fake cannot take. */
export function readBootEnv(env: NodeJS.ProcessEnv): BootEnv {
  const settings: Record<string, string | number | boolean> = {};
  for (const [variable, raw] of Object.entries(env)) {
    if (!variable.startsWith(OVERWRITE) || raw === undefined) continue;
    const id = variable.slice(OVERWRITE.length);
    settings[id] = settingValue(variable, id, raw);
  }
  if (env.ROOT_URL !== undefined && env.ROOT_URL !== '') {
    if (!URL.canParse(env.ROOT_URL) || !/^https?:$/.test(new URL(env.ROOT_URL).protocol))
      throw new EnvError(`ROOT_URL takes an http(s) URL, not "${env.ROOT_URL}"`);
    // Rocket.Chat keeps the site URL without its trailing slash
    settings.Site_Url ??= env.ROOT_URL.replace(/\/+$/, '');
  }
  // the environment's own switches the registry models (CREATE_TOKENS_FOR_USERS and its 8.x
  // secret, ALLOW_UNSAFE_QUERY_AND_FIELDS_API_PARAMS): each read from the variable of its name
  for (const id of SETTING_IDS) {
    const raw = env[id];
    if (SETTINGS[id].environment !== true || raw === undefined) continue;
    settings[id] = SETTINGS[id].type === 'boolean' ? truthy(raw) : raw;
  }
  const admin = adminOf(env);
  return {
    ...(admin ? { admin } : {}),
    settings: settings as BootEnv['settings'],
    ignored: IGNORED_ENV.filter((name) => env[name] !== undefined),
  };
}

/** Whether the environment changes the world (then the scenario is given as a document). */
export function changesWorld(boot: BootEnv): boolean {
  return boot.admin !== undefined || Object.keys(boot.settings).length > 0;
}

interface ScenarioUser {
  username?: unknown;
}
interface ScenarioChannel {
  default?: unknown;
  usernames?: unknown;
}

/**
 * A scenario document with the environment's admin and settings in it: the admin as a user with
 * the `admin` role, a member of the default channels (as the real server adds a new user to
 * them), unless the scenario has a user of that name already (the real server then leaves it and
 * says so: the returned note); the settings over the scenario's own.
 */
export function withBootEnv(
  scenario: Record<string, unknown>,
  boot: BootEnv,
): { scenario: Record<string, unknown>; note?: string } {
  const out: Record<string, unknown> = { ...scenario };
  if (Object.keys(boot.settings).length > 0) {
    const own = typeof scenario.settings === 'object' && scenario.settings !== null ? scenario.settings : {};
    out.settings = { ...own, ...boot.settings };
  }
  const admin = boot.admin;
  if (admin === undefined) return { scenario: out };
  const users = Array.isArray(scenario.users) ? (scenario.users as ScenarioUser[]) : [];
  const taken = users.some(
    (u) => typeof u.username === 'string' && u.username.toLowerCase() === admin.username.toLowerCase(),
  );
  if (taken)
    return {
      scenario: out,
      note: `ADMIN_USERNAME ${admin.username}: the scenario has that user already; it is left as it is`,
    };
  out.users = [...users, { ...admin, roles: ['admin'] }];
  if (Array.isArray(scenario.channels))
    out.channels = (scenario.channels as ScenarioChannel[]).map((channel) =>
      channel.default === true && Array.isArray(channel.usernames)
        ? { ...channel, usernames: [...(channel.usernames as unknown[]), admin.username] }
        : channel,
    );
  return { scenario: out };
}
