import { readFileSync, writeFileSync } from 'node:fs';

import { packageFile } from '../paths';
import { parseFlags, sentence } from '../suggest';

/**
 * `rocketchat-fake record`: reads a live Rocket.Chat with one account, read-only calls only (a login,
 * then GETs: users.list, channels.list, rooms.get, channels.getIntegrations), and writes a scenario
 * file the fake loads: the users, rooms and integrations that account can see, ids and fields kept,
 * secrets replaced by placeholders (integration tokens, login tokens and passwords are never
 * written). With `--stubs-from <fake URL>` it adds the stubs a fake running with pass-through made
 * of what the server answered (`GET /__admin/recorded-stubs`). Like `verify`, a client of any
 * server: it imports nothing of the fake.
 *
 * Layer: verify.
 */

export const RECORD_HELP = `Usage: rocketchat-fake record --target URL --user U [--password P] [options]

Reads a Rocket.Chat server with one account (read-only calls) and writes a scenario
file the fake loads: the users, rooms and integrations that account can see, with
their ids; tokens and passwords replaced by placeholders.

Options:
  --target URL      the server (https://chat.example.com)
  --user U          the account's username or e-mail
  --password P      its password (else env ROCKETCHAT_RECORD_PASSWORD)
  --out FILE        where to write the scenario (default: standard output)
  --stubs-from URL  also add the stubs a fake running with --proxy-unmodelled made
                    of the server's answers (its GET /__admin/recorded-stubs)
  -h, --help        show this help
`;

type Json = Record<string, unknown>;

/** What a recorded token or password becomes. */
export const REDACTED = 'REDACTED';

interface RecordOptions {
  target: string;
  user: string;
  password: string;
  out?: string;
  stubsFrom?: string;
}

/** The keys a scenario's entities take (from the published JSON Schema): the rest go under `extra`. */
function scenarioKeys(): Record<'users' | 'channels' | 'integrations' | 'directs', Set<string>> {
  const schema = JSON.parse(readFileSync(packageFile('fixtures', 'scenario.schema.json'), 'utf8')) as {
    properties: Record<string, { items: Json }>;
  };
  const keysOf = (items: Json): Set<string> => {
    const branches = [items, ...((items.anyOf ?? items.oneOf ?? []) as Json[])];
    return new Set(branches.flatMap((b) => Object.keys((b.properties ?? {}) as Json)));
  };
  return {
    users: keysOf(schema.properties.users?.items ?? {}),
    channels: keysOf(schema.properties.channels?.items ?? {}),
    integrations: keysOf(schema.properties.integrations?.items ?? {}),
    directs: keysOf(schema.properties.directs?.items ?? {}),
  };
}

/** An entity as a scenario writes it: the keys it takes, the rest under `extra`. */
function entity(value: Json, keys: Set<string>, drop: readonly string[] = []): Json {
  const out: Json = {};
  const extra: Json = {};
  for (const [key, field] of Object.entries(value)) {
    if (drop.includes(key)) continue;
    if (keys.has(key) && key !== 'extra') out[key] = field;
    else extra[key] = field;
  }
  if (Object.keys(extra).length > 0) out.extra = extra;
  return out;
}

class Target {
  readonly #base: string;
  #auth: Record<string, string> = {};

  constructor(base: string) {
    this.#base = base.replace(/\/$/, '');
  }

  async login(user: string, password: string): Promise<void> {
    const res = await fetch(`${this.#base}/api/v1/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ user, password }),
    });
    const body = (await res.json().catch(() => ({}))) as { data?: { userId?: unknown; authToken?: unknown } };
    const { userId, authToken } = body.data ?? {};
    if (res.status !== 200 || typeof userId !== 'string' || typeof authToken !== 'string')
      throw new Error(`cannot log in as "${user}" (HTTP ${res.status})`);
    this.#auth = { 'X-User-Id': userId, 'X-Auth-Token': authToken };
  }

  /** A GET; undefined when the account may not read it (a 4xx). */
  async get(path: string): Promise<Json | undefined> {
    const res = await fetch(`${this.#base}${path}`, { headers: this.#auth });
    if (res.status >= 400 && res.status < 500) return undefined;
    if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
    return (await res.json()) as Json;
  }

  /** Every page of a list (`count`, `offset`, `total`). */
  async all(path: string, field: string): Promise<Json[]> {
    const items: Json[] = [];
    for (let offset = 0; ; offset += 100) {
      const page = await this.get(`${path}${path.includes('?') ? '&' : '?'}count=100&offset=${offset}`);
      const list = (page?.[field] ?? []) as Json[];
      items.push(...list);
      const total = typeof page?.total === 'number' ? page.total : items.length;
      if (list.length === 0 || items.length >= total) return items;
    }
  }
}

/** Reads the server and answers the scenario. */
export async function record(options: RecordOptions): Promise<Json> {
  const keys = scenarioKeys();
  const target = new Target(options.target);
  await target.login(options.user, options.password);
  const users = await target.all('/api/v1/users.list', 'users');
  const channels = await target.all('/api/v1/channels.list', 'channels');
  const rooms = ((await target.get('/api/v1/rooms.get'))?.update ?? []) as Json[];
  const known = new Set(channels.map((c) => c._id));
  const groups = rooms.filter((r) => r.t === 'p' && !known.has(r._id));
  const directs = rooms.filter((r) => r.t === 'd');
  const integrations = new Map<unknown, Json>();
  for (const room of [...channels, ...groups]) {
    const path = `/api/v1/channels.getIntegrations?roomId=${encodeURIComponent(String(room._id))}`;
    for (const integration of await target.all(path, 'integrations').catch(() => []))
      integrations.set(integration._id, integration);
  }
  const scenario: Json = {
    // passwords are never read: each user gets the placeholder (set a test's own where it logs in)
    users: users.map((u) => ({ ...entity(u, keys.users, ['services', 'password']), password: REDACTED })),
    channels: [...channels, ...groups].map((c) => entity(c, keys.channels)),
    ...(directs.length > 0 ? { directs: directs.map((d) => entity(d, keys.directs)) } : {}),
    integrations: [...integrations.values()].map((i) =>
      // a webhook's token is a secret: a placeholder the fake accepts, the same for every hook
      entity({ ...i, ...(i.token !== undefined ? { token: REDACTED } : {}) }, keys.integrations),
    ),
  };
  if (options.stubsFrom !== undefined) {
    const res = await fetch(`${options.stubsFrom.replace(/\/$/, '')}/__admin/recorded-stubs`);
    if (res.status !== 200)
      throw new Error(`${options.stubsFrom}/__admin/recorded-stubs answered ${res.status}`);
    const { stubs } = (await res.json()) as { stubs: Json[] };
    if (stubs.length > 0) scenario.stubs = stubs;
  }
  return scenario;
}

/** The command's options, for parseArgs and for suggesting one a user mistyped. */
const RECORD_OPTIONS = {
  target: { type: 'string' },
  user: { type: 'string' },
  password: { type: 'string' },
  out: { type: 'string' },
  'stubs-from': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The command: parses its arguments, records, writes; answers the exit code. */
export async function recordCommand(
  argv: string[],
  io: { out: (text: string) => void; err: (text: string) => void; env: NodeJS.ProcessEnv },
): Promise<number> {
  const parsed = parseFlags(argv, RECORD_OPTIONS);
  if ('problem' in parsed) {
    io.err(`[rocketchat-fake] ${sentence(parsed.problem)} See record --help.\n`);
    return 2;
  }
  const { values } = parsed;
  if (values.help) {
    io.out(RECORD_HELP);
    return 0;
  }
  const password = values.password ?? io.env.ROCKETCHAT_RECORD_PASSWORD;
  if (values.target === undefined || values.user === undefined || !password) {
    io.err('[rocketchat-fake] record needs --target URL, --user U and a password. See record --help.\n');
    return 2;
  }
  try {
    const scenario = await record({
      target: values.target,
      user: values.user,
      password,
      ...(values.out !== undefined ? { out: values.out } : {}),
      ...(values['stubs-from'] !== undefined ? { stubsFrom: values['stubs-from'] } : {}),
    });
    const text = `${JSON.stringify(scenario, null, 2)}\n`;
    if (values.out === undefined) io.out(text);
    else {
      writeFileSync(values.out, text);
      const count = (k: string): number => ((scenario[k] ?? []) as unknown[]).length;
      io.err(
        `[rocketchat-fake] recorded ${count('users')} users, ${count('channels')} rooms, ${count('integrations')} integrations, ${count('stubs')} stubs to ${values.out}\n`,
      );
    }
    return 0;
  } catch (error) {
    io.err(`[rocketchat-fake] record: ${(error as Error).message}\n`);
    return 1;
  }
}
