import { readFileSync, writeFileSync } from 'node:fs';

import { limitProblem, limitsOf } from '../limits';
import type { Limits } from '../limits';
import {
  AnswerTooLarge,
  CallEnd,
  CallEnded,
  RedirectRefused,
  fetchWithin,
  readBounded,
} from '../net/bounded-fetch';
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
                    of the server's answers (its GET /__admin/recorded-stubs), with
                    their tokens and passwords replaced by placeholders too
  --timeout-ms N    how long each call has to answer (default 30000)
  --limit NAME=N    a bound: recordPageBytes (the largest page read, default
                    33554432) or recordPages (the pages read of one list, default 1000)
  -h, --help        show this help
`;

type Json = Record<string, unknown>;

/** What a recorded token or password becomes. */
export const REDACTED = 'REDACTED';

/** The bounds `record` keeps to (src/limits.ts). */
export type RecordLimits = Pick<Limits, 'recordPageBytes' | 'recordPages'>;

/** How long each call of `record` has to answer, by default. */
export const RECORD_TIMEOUT_MS = 30_000;

export interface RecordOptions {
  target: string;
  user: string;
  password: string;
  out?: string;
  stubsFrom?: string;
  /** how long each call has to answer, headers and body (default {@link RECORD_TIMEOUT_MS}) */
  timeoutMs?: number;
  /** the bounds over their defaults (`DEFAULT_LIMITS`) */
  limits?: Partial<RecordLimits>;
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

/** Calls to the server recorded: each bounded in time and size, redirects never taking the token elsewhere. */
class Target {
  readonly #base: string;
  readonly #origin: string;
  readonly #timeoutMs: number;
  readonly #limits: RecordLimits;
  #auth: Record<string, string> = {};

  constructor(base: string, timeoutMs: number, limits: RecordLimits) {
    this.#base = base.replace(/\/$/, '');
    this.#origin = new URL(this.#base).origin;
    this.#timeoutMs = timeoutMs;
    this.#limits = limits;
  }

  /** One call: its status and body, read whole within `recordPageBytes` and the timeout. */
  async #call(
    what: string,
    path: string,
    sent: { method: string; headers: Record<string, string>; body?: string },
  ): Promise<{ status: number; bytes: Buffer }> {
    const end = new CallEnd(this.#timeoutMs);
    try {
      const res = await fetchWithin(
        `${this.#base}${path}`,
        { body: undefined, ...sent },
        this.#origin,
        true,
        end.signal,
      );
      return { status: res.status, bytes: await readBounded(res, this.#limits.recordPageBytes) };
    } catch (error) {
      if (error instanceof CallEnded || end.why === 'timeout')
        throw new Error(`${what} gave no answer within ${this.#timeoutMs} ms`);
      if (error instanceof AnswerTooLarge)
        throw new Error(
          `${what} answered more than ${error.bound} bytes (the limit recordPageBytes; raise it with --limit recordPageBytes=N)`,
        );
      if (error instanceof RedirectRefused)
        throw new Error(
          `${what} redirected to ${error.to}: not followed, the account's credentials never go to another origin`,
        );
      const code = (error as { cause?: { code?: unknown } }).cause?.code;
      if (typeof code === 'string') throw new Error(`${what} did not answer (${code})`);
      throw error;
    } finally {
      end.finish();
    }
  }

  async login(user: string, password: string): Promise<void> {
    const { status, bytes } = await this.#call('the login', '/api/v1/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ user, password }),
    });
    const body = jsonOf(bytes) as { data?: { userId?: unknown; authToken?: unknown } } | undefined;
    const { userId, authToken } = body?.data ?? {};
    if (status !== 200 || typeof userId !== 'string' || typeof authToken !== 'string')
      throw new Error(`cannot log in as "${user}" (HTTP ${status})`);
    this.#auth = { 'X-User-Id': userId, 'X-Auth-Token': authToken };
  }

  /** The account's login token, to be kept out of what is written. */
  get authToken(): string | undefined {
    return this.#auth['X-Auth-Token'];
  }

  /** A GET; undefined when the account may not read it (a 4xx). */
  async get(path: string): Promise<Json | undefined> {
    const { status, bytes } = await this.#call(`GET ${path}`, path, { method: 'GET', headers: this.#auth });
    if (status >= 400 && status < 500) return undefined;
    if (status !== 200) throw new Error(`GET ${path} answered ${status}`);
    const body = jsonOf(bytes);
    if (body === undefined) throw new Error(`GET ${path} answered what is not JSON`);
    return body as Json;
  }

  /**
   * Every page of a list (`count`, `offset`, `total`): until the total is reached, a page is empty
   * or brings nothing new; more than `recordPages` pages is a failure naming the bound.
   */
  async all(path: string, field: string): Promise<Json[]> {
    const items = new Map<string, Json>();
    const bound = this.#limits.recordPages;
    for (let pages = 0, offset = 0; ; pages += 1, offset += 100) {
      if (pages >= bound)
        throw new Error(
          `${path} was not read whole within ${bound} pages (the limit recordPages; raise it with --limit recordPages=N)`,
        );
      const page = await this.get(`${path}${path.includes('?') ? '&' : '?'}count=100&offset=${offset}`);
      const list = Array.isArray(page?.[field]) ? (page[field] as Json[]) : [];
      let added = 0;
      for (const item of list) {
        const key = typeof item?._id === 'string' ? `id:${item._id}` : `json:${JSON.stringify(item)}`;
        if (items.has(key)) continue;
        items.set(key, item);
        added += 1;
      }
      const total = typeof page?.total === 'number' ? page.total : items.size;
      // a server that repeats a page (or never reaches its total) ends the list here
      if (added === 0 || items.size >= total) return [...items.values()];
    }
  }
}

/** A body's JSON; undefined when it is not JSON. */
function jsonOf(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

/** A key whose value is a secret: tokens (personal access, login, `X-Auth-Token`, `authToken`), passwords, a resume. */
const SECRET_KEY = /token|password|secret|^resume$|^authorization$|^cookie$/i;

/**
 * A copy with every secret replaced by {@link REDACTED}: a secret key's string value at any depth,
 * a JSON text inside a string (a `method.call` answer's `message`) likewise, and any of `known`
 * (the recording account's token and password) wherever it appears.
 */
function redacted(value: unknown, known: readonly string[]): unknown {
  if (typeof value === 'string') {
    const trimmed = value.trimStart();
    if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
      const parsed = jsonOf(Buffer.from(value));
      if (parsed !== undefined) {
        const again = JSON.stringify(redacted(parsed, known));
        if (again !== JSON.stringify(parsed)) return again;
      }
    }
    return known.reduce((text, secret) => text.split(secret).join(REDACTED), value);
  }
  if (Array.isArray(value)) return value.map((item) => redacted(item, known));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      SECRET_KEY.test(k) && typeof v === 'string' ? REDACTED : redacted(v, known),
    ]),
  );
}

/**
 * A recorded stub as it is written: tokens and passwords in its body (JSON, a JSON text, or a
 * text one in base64) and headers replaced by {@link REDACTED}; a query parameter that is a secret
 * dropped from what it matches (it then matches any value).
 */
function redactStub(stub: Json, known: readonly string[]): Json {
  const out = redacted(stub, known) as Json;
  const request = out.request as Json | undefined;
  const query = request?.query as Json | undefined;
  if (request !== undefined && query !== undefined) {
    const kept = Object.fromEntries(Object.entries(query).filter(([k]) => !SECRET_KEY.test(k)));
    if (Object.keys(kept).length > 0) request.query = kept;
    else delete request.query;
  }
  const response = out.response as Json | undefined;
  if (response !== undefined && typeof response.base64Body === 'string') {
    const bytes = Buffer.from(response.base64Body, 'base64');
    const text = bytes.toString('utf8');
    // a text kept as its bytes (one with `{{`): its secrets go as a JSON body's would
    if (Buffer.from(text, 'utf8').equals(bytes)) {
      const parsed = jsonOf(bytes);
      const hidden =
        parsed !== undefined ? JSON.stringify(redacted(parsed, known)) : (redacted(text, known) as string);
      if (hidden !== text && (parsed === undefined || hidden !== JSON.stringify(parsed)))
        response.base64Body = Buffer.from(hidden).toString('base64');
    }
  }
  return out;
}

/** Reads the server and answers the scenario. */
export async function record(options: RecordOptions): Promise<Json> {
  const keys = scenarioKeys();
  const limits: RecordLimits = limitsOf(options.limits);
  const timeoutMs = options.timeoutMs ?? RECORD_TIMEOUT_MS;
  if (!(Number.isSafeInteger(timeoutMs) && timeoutMs >= 1 && timeoutMs <= 600_000))
    throw new TypeError(
      `record: timeoutMs is whole milliseconds from 1 to 600000, not ${JSON.stringify(timeoutMs)}`,
    );
  for (const [name, value] of Object.entries(options.limits ?? {})) {
    const problem =
      name === 'recordPageBytes' || name === 'recordPages'
        ? limitProblem(name, value)
        : `record takes the limits recordPageBytes and recordPages, not "${name}"`;
    if (problem !== undefined) throw new TypeError(`record: ${problem}`);
  }
  const target = new Target(options.target, timeoutMs, limits);
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
    const from = `${options.stubsFrom.replace(/\/$/, '')}/__admin/recorded-stubs`;
    const end = new CallEnd(timeoutMs);
    let stubs: Json[];
    try {
      const res = await fetch(from, { signal: end.signal });
      if (res.status !== 200) throw new Error(`${from} answered ${res.status}`);
      ({ stubs } = (await res.json()) as { stubs: Json[] });
    } catch (error) {
      if (end.why === 'timeout') throw new Error(`${from} gave no answer within ${timeoutMs} ms`);
      throw error;
    } finally {
      end.finish();
    }
    // what the server answered a client (a personal access token, a login's token) is not written
    // (a secret too short to be told from other text is left to the keys that name it)
    const known = [options.password, target.authToken].filter(
      (k): k is string => k !== undefined && k.length >= 8,
    );
    if (stubs.length > 0) scenario.stubs = stubs.map((stub) => redactStub(stub, known));
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
  'timeout-ms': { type: 'string' },
  limit: { type: 'string', multiple: true },
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
  const timeout = values['timeout-ms'];
  if (
    timeout !== undefined &&
    !(/^\d+$/.test(timeout) && Number(timeout) >= 1 && Number(timeout) <= 600_000)
  ) {
    io.err(
      `[rocketchat-fake] record: --timeout-ms is whole milliseconds from 1 to 600000, not "${timeout}".\n`,
    );
    return 2;
  }
  const limits: Partial<RecordLimits> = {};
  for (const item of values.limit ?? []) {
    const match = /^(recordPageBytes|recordPages)=(\d+)$/.exec(item);
    const problem = match ? limitProblem(match[1] as string, Number(match[2])) : undefined;
    if (!match || problem !== undefined) {
      io.err(
        `[rocketchat-fake] record: --limit takes recordPageBytes=N or recordPages=N${problem ? ` (${problem})` : ''}, not "${item}".\n`,
      );
      return 2;
    }
    limits[match[1] as keyof RecordLimits] = Number(match[2]);
  }
  try {
    const scenario = await record({
      ...(timeout !== undefined ? { timeoutMs: Number(timeout) } : {}),
      ...(Object.keys(limits).length > 0 ? { limits } : {}),
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
