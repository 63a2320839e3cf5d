import { randomBytes } from 'node:crypto';

import type { CheckResult, VerifyOptions, VerifyReport } from '../types';
import type { Reply } from './client';
import { Client, Interrupted, Unreachable } from './client';
import type { Created, Facts, ListedRoom, Session } from './context';
import { CheckContext, CheckFailure, CheckSkipped, listOf, objectOf } from './context';
import type { Check } from './suite';
import { CHECKS } from './suite';
import { verifyProfileOf } from './eras';
import { PROFILE_IDS, isProfileId } from '../profiles';
import { unknownKeyMessage } from '../suggest';

/** Every option of {@link VerifyOptions}: the compiler keeps this list whole. */
const VERIFY_OPTIONS: Record<keyof VerifyOptions, true> = {
  target: true,
  user: true,
  password: true,
  user2: true,
  password2: true,
  pat: true,
  channel: true,
  create: true,
  timeoutMs: true,
  profile: true,
  signal: true,
  onResult: true,
};

/**
 * `verify()`'s options as the command line's flags are checked (for callers from JavaScript): a
 * misspelt or mistyped one is a VerifyError naming it, not a crash or a run against "undefined".
 */
function checkVerifyOptions(options: unknown): void {
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw new VerifyError('the options are an object: {target, user, password, …}');
  const given = options as Record<string, unknown>;
  const unknown = Object.keys(given).filter((key) => !Object.hasOwn(VERIFY_OPTIONS, key));
  if (unknown.length > 0)
    throw new VerifyError(
      unknown.map((key) => unknownKeyMessage('option', key, Object.keys(VERIFY_OPTIONS))).join('; '),
    );
  const text = (name: string, required: boolean): void => {
    const value = given[name];
    if (value === undefined ? required : typeof value !== 'string' || value === '')
      throw new VerifyError(`${name} is ${required ? 'required: ' : ''}a non-empty string`);
  };
  text('user', true);
  text('password', true);
  for (const name of ['user2', 'password2', 'channel']) text(name, false);
  if ((given.user2 === undefined) !== (given.password2 === undefined))
    throw new VerifyError('user2 and password2 go together');
  const { pat, timeoutMs, profile, signal, onResult } = given;
  if (
    pat !== undefined &&
    (typeof pat !== 'object' ||
      pat === null ||
      typeof (pat as { userId?: unknown }).userId !== 'string' ||
      typeof (pat as { token?: unknown }).token !== 'string')
  )
    throw new VerifyError('pat is {userId, token}: a personal access token and its user’s id');
  if (
    timeoutMs !== undefined &&
    !(Number.isSafeInteger(timeoutMs) && (timeoutMs as number) >= 1 && (timeoutMs as number) <= 600_000)
  )
    throw new VerifyError(
      `timeoutMs is whole milliseconds from 1 to 600000, not ${JSON.stringify(timeoutMs)}`,
    );
  if (profile !== undefined && !isProfileId(profile))
    throw new VerifyError(`profile is one of ${PROFILE_IDS.join(', ')}, not ${JSON.stringify(profile)}`);
  if (given.create !== undefined && typeof given.create !== 'boolean')
    throw new VerifyError('create is true or false: whether the run may create (and remove) what it checks');
  if (signal !== undefined && !(signal instanceof AbortSignal))
    throw new VerifyError('signal is an AbortSignal');
  if (onResult !== undefined && typeof onResult !== 'function')
    throw new VerifyError('onResult is a function');
}

/**
 * Runs the conformance suite against one server: reaches it, logs in, learns what the checks need
 * (a channel to probe, an archived one, one with integrations, the `--channel` one), runs every
 * check in order, and puts the `--channel` channel back as it found it, whatever happened.
 */

/** The run cannot start: bad options, the target unreachable, a login refused. Exit code 2. */
export class VerifyError extends Error {
  override name = 'VerifyError';
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** How many listed channels are asked for their integrations, looking for one that has some. */
const INTEGRATION_PROBES = 10;

async function login(client: Client, user: string, password: string, flag: string): Promise<Session> {
  let reply: Reply;
  try {
    reply = await client.send({ method: 'POST', path: '/api/v1/login', json: { username: user, password } });
  } catch (error) {
    if (error instanceof Unreachable) throw new VerifyError(`cannot reach the target: ${error.message}`);
    throw error;
  }
  const data = objectOf(objectOf(reply.body).data);
  if (reply.status !== 200 || typeof data.userId !== 'string' || typeof data.authToken !== 'string') {
    throw new VerifyError(
      `login as ${flag} "${user}" failed: ${reply.status} ${JSON.stringify(reply.body).slice(0, 200)}`,
    );
  }
  const credentials = { userId: data.userId, authToken: data.authToken };
  // the 0.49 era's login answered without `me`: ask for it
  const me =
    data.me !== undefined
      ? objectOf(data.me)
      : objectOf((await client.send({ method: 'GET', path: '/api/v1/me', credentials })).body);
  return { username: user, credentials, me, login: reply };
}

/** The permissions the refusal checks expect `--user2` to lack. */
const REFUSED_PERMISSIONS = [
  'edit-room',
  'manage-outgoing-integrations',
  'manage-own-outgoing-integrations',
  'manage-incoming-integrations',
  'manage-own-incoming-integrations',
];

/**
 * A second user who may do what the refusal checks expect refused would make those checks fail
 * against any server: that is a mistake of the setup, said before any check runs. Read-only
 * questions: who `--user2` is, whether it created or moderates `--channel` (`channels.roles`, when
 * the server answers it), and whether its roles hold a permission the checks expect it to lack
 * (`permissions.listAll`, when the server answers it).
 */
async function checkSecondUser(
  get: (path: string) => Promise<Reply>,
  user: Session,
  user2: Session,
  channel: ListedRoom | undefined,
): Promise<void> {
  const who = `--user2 "${user2.username}"`;
  const fix = 'the checks that expect a refusal would fail against any server';
  if (user2.credentials.userId === user.credentials.userId)
    throw new VerifyError(
      `${who} is the same user as --user: ${fix}; give a second user without admin rights`,
    );
  if (channel) {
    const owner = objectOf(channel.u);
    if (owner._id === user2.credentials.userId || owner.username === user2.username)
      throw new VerifyError(
        `${who} created --channel ${channel.name}, so it owns the room and may edit it: ${fix}; give a --user2 who neither created nor moderates it, or another --channel`,
      );
    const roles = await get(`/api/v1/channels.roles?roomId=${encodeURIComponent(channel._id)}`);
    if (roles.status === 200) {
      for (const entry of listOf(roles.body, 'roles')) {
        const held = objectOf(entry);
        const u = objectOf(held.u);
        const roomRoles = Array.isArray(held.roles) ? held.roles.map(String) : [];
        if (u._id === user2.credentials.userId && roomRoles.some((r) => r !== 'leader'))
          throw new VerifyError(
            `${who} is ${roomRoles.join(' and ')} of --channel ${channel.name}, so it may edit it: ${fix}; give a --user2 without a role in that room, or another --channel`,
          );
      }
    }
  }
  const roles = Array.isArray(user2.me.roles) ? user2.me.roles.map(String) : [];
  if (roles.includes('admin')) return; // the checks that need a refusal skip an admin with a note
  const table = await get('/api/v1/permissions.listAll');
  if (table.status !== 200) return;
  const granted = listOf(table.body, 'update')
    .map(objectOf)
    .filter((p) => REFUSED_PERMISSIONS.includes(String(p._id)))
    .filter((p) => Array.isArray(p.roles) && p.roles.some((r) => roles.includes(String(r))))
    .map((p) => String(p._id));
  if (granted.length > 0)
    throw new VerifyError(
      `${who} has ${granted.join(', ')} through its roles (${roles.join(', ')}): ${fix}; give a second user whose roles lack them`,
    );
}

async function learn(client: Client, options: VerifyOptions): Promise<Facts> {
  const user = await login(client, options.user, options.password, '--user');
  const user2 =
    options.user2 !== undefined
      ? await login(client, options.user2, options.password2 ?? '', '--user2')
      : undefined;
  const get = (path: string): Promise<Reply> =>
    client.send({ method: 'GET', path, credentials: user.credentials });
  // 7.0 refused count as an unknown key: its first page is all it lists
  let list = await get('/api/v1/channels.list?count=100');
  if (list.status === 400) list = await get('/api/v1/channels.list');
  if (list.status !== 200) {
    throw new VerifyError(
      `channels.list as --user answered ${list.status}: ${JSON.stringify(list.body).slice(0, 200)}`,
    );
  }
  const channels = listOf(list.body, 'channels') as ListedRoom[];
  const total = Number(objectOf(list.body).total ?? channels.length);
  let dedicated: ListedRoom | undefined;
  if (options.channel !== undefined) {
    const found = await get(
      `/api/v1/channels.list?query=${encodeURIComponent(JSON.stringify({ name: options.channel }))}`,
    );
    dedicated = listOf(found.body, 'channels')[0] as ListedRoom | undefined;
    if (!dedicated) throw new VerifyError(`--channel ${options.channel}: no public channel of that name`);
    if (dedicated.archived === true) throw new VerifyError(`--channel ${options.channel} is archived`);
  }
  if (user2) await checkSecondUser(get, user, user2, dedicated);
  const others = channels.filter((c) => c.name !== options.channel);
  const probe = others.find((c) => typeof c.ro === 'boolean' && c.archived !== true);
  // past the first page (or 7.0's only page of 50), an archived channel is asked for by query
  const archived =
    others.find((c) => c.archived === true) ??
    (
      listOf(
        (await get(`/api/v1/channels.list?query=${encodeURIComponent(JSON.stringify({ archived: true }))}`))
          .body,
        'channels',
      ) as ListedRoom[]
    ).find((c) => c.archived === true && c.name !== options.channel);
  let withIntegrations: ListedRoom | undefined;
  for (const room of [...(dedicated ? [dedicated] : []), ...others].slice(0, INTEGRATION_PROBES)) {
    const reply = await get(
      `/api/v1/channels.getIntegrations?count=1&roomId=${encodeURIComponent(room._id)}`,
    );
    if (reply.status === 200 && Number(objectOf(reply.body).total) > 0) {
      withIntegrations = room;
      break;
    }
  }
  return {
    user,
    ...(user2 ? { user2 } : {}),
    create: options.create === true,
    run: randomBytes(4).toString('hex'),
    channels,
    total,
    ...(probe ? { probe } : {}),
    ...(options.pat ? { pat: { userId: options.pat.userId, authToken: options.pat.token } } : {}),
    ...(archived ? { archived } : {}),
    ...(withIntegrations ? { withIntegrations } : {}),
    ...(dedicated ? { dedicated } : {}),
  };
}

async function runCheck(check: Check, t: CheckContext): Promise<CheckResult> {
  const head = { id: check.id, section: check.section, rule: check.rule };
  try {
    const note = await check.run(t);
    return { ...head, status: 'passed', ...(typeof note === 'string' ? { note } : {}) };
  } catch (error) {
    if (error instanceof CheckSkipped) return { ...head, status: 'skipped', note: error.message };
    if (error instanceof CheckFailure) return { ...head, status: 'failed', failure: error.detail };
    if (error instanceof Interrupted) throw error;
    const message = error instanceof Error ? error.message : String(error);
    return {
      ...head,
      status: 'failed',
      failure: {
        message,
        request: { method: '', path: '', as: '' },
        expected: {},
        actual: { status: 0, body: null },
      },
    };
  }
}

/**
 * Puts the `--channel` channel back as it was found, public with its `ro`, and reads it again to
 * be sure. Returns what it could not put back, in words. It uses a client of its own, without the
 * run's signal: an interrupted run still restores.
 */
async function restore(target: string, timeoutMs: number, facts: Facts): Promise<string[]> {
  const room = facts.dedicated;
  if (!room) return [];
  const client = new Client(target, timeoutMs);
  const credentials = facts.user.credentials;
  const post = (path: string, json: unknown): Promise<Reply> =>
    client.send({ method: 'POST', path, json, credentials });
  const read = async (): Promise<ListedRoom | undefined> => {
    const query = encodeURIComponent(JSON.stringify({ _id: room._id }));
    const reply = await client.send({
      method: 'GET',
      path: `/api/v1/channels.list?query=${query}`,
      credentials,
    });
    return listOf(reply.body, 'channels')[0] as ListedRoom | undefined;
  };
  try {
    let now = await read();
    if (!now) {
      const back = await post('/api/v1/groups.setType', { roomId: room._id, type: 'c' });
      now = await read();
      if (!now) {
        return [
          `channel ${room.name} is left private (groups.setType answered ${back.status}: ${JSON.stringify(back.body)})`,
        ];
      }
    }
    if (typeof room.ro === 'boolean' && now.ro !== room.ro) {
      const back = await post('/api/v1/channels.setReadOnly', { roomId: room._id, readOnly: room.ro });
      now = await read();
      if (now?.ro !== room.ro) {
        return [
          `channel ${room.name} is left with ro ${String(now?.ro)}, not ${String(room.ro)} (setReadOnly answered ${back.status})`,
        ];
      }
    }
    return [];
  } catch (error) {
    return [
      `channel ${room.name} may be left changed: ${error instanceof Error ? error.message : String(error)}`,
    ];
  }
}

/**
 * Removes what the checks created and did not remove themselves, newest first, with a client of its
 * own (an interrupted run still cleans up). Returns what it could not remove, in words.
 */
async function removeCreated(
  target: string,
  timeoutMs: number,
  facts: Facts,
  leftovers: readonly Created[],
): Promise<string[]> {
  if (leftovers.length === 0) return [];
  const client = new Client(target, timeoutMs);
  const left: string[] = [];
  for (const { what, removal } of leftovers) {
    try {
      const reply = await client.send({
        method: 'POST',
        path: removal.path,
        json: removal.json,
        credentials: facts.user.credentials,
      });
      if (reply.status !== 200)
        left.push(
          `${what} is left (${removal.path} answered ${reply.status}: ${JSON.stringify(reply.body).slice(0, 200)})`,
        );
    } catch (error) {
      left.push(`${what} may be left: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return left;
}

/** Runs the suite against `options.target`. Throws {@link VerifyError} when it cannot start. */
export async function runVerify(
  options: VerifyOptions,
  checks: readonly Check[] = CHECKS,
): Promise<VerifyReport> {
  if (typeof options?.target !== 'string' || options.target === '')
    throw new VerifyError("the target is required: the server's URL (--target URL, or verify({target}))");
  checkVerifyOptions(options);
  let url: URL;
  try {
    url = new URL(options.target);
  } catch {
    throw new VerifyError(`--target "${options.target}" is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new VerifyError(`--target "${options.target}" is not an http(s) URL`);
  const target = url.href.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const client = new Client(target, timeoutMs, options.signal);
  let version: string | undefined;
  try {
    const info = await client.send({ method: 'GET', path: '/api/info' });
    // the 0.49 era nested it: {info: {version}}
    const body = objectOf(info.body);
    const v = body.version ?? objectOf(body.info).version;
    if (typeof v === 'string') version = v;
  } catch (error) {
    if (error instanceof Unreachable) throw new VerifyError(`cannot reach the target: ${error.message}`);
    throw error;
  }
  const facts = await learn(client, options);
  // anonymous callers get the version without its patch (6.x on): the user may see it whole
  const asUser = await client.send({ method: 'GET', path: '/api/info', credentials: facts.user.credentials });
  const known = objectOf(asUser.body);
  const full = known.version ?? objectOf(known.info).version;
  if (typeof full === 'string' && full.startsWith(version ?? '')) version = full;
  const profile = verifyProfileOf(options.profile);
  const t = new CheckContext(
    facts,
    client,
    { user: options.password, ...(options.password2 !== undefined ? { user2: options.password2 } : {}) },
    profile,
  );
  const results: CheckResult[] = [];
  let interrupted = false;
  let leftChanged: string[] = [];
  try {
    for (const check of checks) {
      let result: CheckResult | undefined;
      if (!interrupted) {
        try {
          result = await runCheck(check, t);
        } catch (error) {
          if (!(error instanceof Interrupted)) throw error;
          interrupted = true;
        }
      }
      // a check the interruption stopped, or one after it
      result ??= {
        id: check.id,
        section: check.section,
        rule: check.rule,
        status: 'skipped',
        note: 'interrupted',
      };
      results.push(result);
      options.onResult?.(result);
    }
  } finally {
    leftChanged = [
      ...(await removeCreated(target, timeoutMs, facts, t.leftovers())),
      ...(await restore(target, timeoutMs, facts)),
    ];
  }
  const count = (status: CheckResult['status']): number => results.filter((r) => r.status === status).length;
  const summary = { passed: count('passed'), failed: count('failed'), skipped: count('skipped') };
  return {
    target,
    ...(version !== undefined ? { version } : {}),
    profile: profile.id,
    results,
    summary,
    waits: client.waits,
    leftChanged,
    interrupted,
    ok: summary.failed === 0 && leftChanged.length === 0 && !interrupted,
  };
}
