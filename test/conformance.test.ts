/**
 * The conformance suite (src/verify) against the fake: every rule of Rocket.Chat's wire behaviour is
 * one check there, and one Jest test here. Then the suite as users run it: against a lenient fake
 * (exactly the lenient rules fail), against a deliberately divergent server (each divergence is
 * reported by its rule's check, nothing else fails), against an unreachable URL and with a wrong
 * password, through the command line, and with an interruption while the channel is changed.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { ScenarioInput } from '../src/scenario/schema';
import type { CheckResult, VerifyOptions, VerifyReport } from '../src/types';
import { verify } from '../src/index';
import { CHECKS } from '../src/verify/suite';
import { PROFILES, PROFILE_IDS } from '../src/profiles';
import type { Check } from '../src/verify/suite';
import { VerifyError, runVerify } from '../src/verify/run';
import { rulesTable } from '../src/verify/table';
import { renderSummary } from '../src/verify/render';
import { CLI } from './support/build';

const ROOT = join(__dirname, '..');
/** A password to look for in every output: it must never appear. */
const SECRET = 'Adm1n-S3cret-verify';
/** admin's personal access token in the scenario below */
const PAT = { userId: 'rocket.cat.admin', token: 'pat-verify-0123456789' };

/** The default scenario, with a password worth hiding and enough channels for the clamp to 100. */
function scenario(): ScenarioInput {
  const world = JSON.parse(readFileSync(join(ROOT, 'fixtures', 'default.json'), 'utf8')) as ScenarioInput;
  delete world.$schema;
  const users = (world.users ?? []).map((u) =>
    u.username === 'admin'
      ? { ...u, password: SECRET, personalAccessTokens: [{ name: 'verify', token: PAT.token }] }
      : u,
  );
  return { ...world, users, generate: { channels: 150, integrations: 10 } };
}

async function started(options: { lenient?: boolean } = {}): Promise<{ fake: FakeServer; url: string }> {
  const fake = createFakeServer({ scenario: scenario(), ...options });
  const url = await fake.start(0);
  return { fake, url };
}

/** Everything: both users, and `random` (alice's, admin a member) to change. */
function full(url: string): VerifyOptions {
  return {
    target: url,
    user: 'admin',
    password: SECRET,
    user2: 'gina',
    password2: 'gina',
    channel: 'random',
    pat: PAT,
    create: true,
  };
}

function byId(report: VerifyReport): Map<string, CheckResult> {
  return new Map(report.results.map((r) => [r.id, r]));
}

function failedIds(report: VerifyReport): string[] {
  return report.results.filter((r) => r.status === 'failed').map((r) => r.id);
}

/** The checks of subscriptions, direct rooms and public settings (characterised from 6.x on). */
const MESSAGING_IDS = CHECKS.filter(
  (c) => c.section === 'Subscriptions, direct rooms and public settings',
).map((c) => c.id);

describe('the conformance suite against the fake: every rule, one test each', () => {
  let fake: FakeServer;
  let report: VerifyReport;
  let before: ReturnType<FakeServer['state']>;

  beforeAll(async () => {
    const s = await started();
    fake = s.fake;
    before = fake.state();
    report = await verify(full(s.url));
  });
  afterAll(() => fake.stop());

  it('the suite has a check for every section of the behaviour it covers', () => {
    expect(new Set(CHECKS.map((c) => c.section))).toEqual(
      new Set([
        'Every response',
        'Authentication',
        'POST /api/v1/login',
        'Extras real clients call',
        'GET /api/v1/channels.list',
        'GET /api/v1/channels.getIntegrations',
        'POST /api/v1/channels.setReadOnly',
        'POST /api/v1/channels.setType',
        'POST /api/v1/chat.postMessage',
        'Subscriptions, direct rooms and public settings',
        'Building the world: users, rooms, teams, webhooks, permissions, roles, settings',
      ]),
    );
    expect(new Set(CHECKS.map((c) => c.id)).size).toBe(CHECKS.length);
  });

  it.each(CHECKS.map((c) => [c.id, c.rule]))('%s: %s', (id) => {
    const result = byId(report).get(id);
    // a failure shows its request, expected and actual answer here
    expect(result?.failure ?? null).toBeNull();
    expect(result?.status).toBe('passed');
  });

  it('every check ran whole: no note of a part not tried', () => {
    expect(report.results.filter((r) => r.note !== undefined).map((r) => [r.id, r.note])).toEqual([
      ['extras.info', 'version 8.9.0'],
    ]);
  });

  it('nothing skipped, nothing left changed; the channel it changed is back as it was', () => {
    expect(report.summary).toEqual({ passed: CHECKS.length, failed: 0, skipped: 0 });
    expect(report).toMatchObject({ ok: true, leftChanged: [], interrupted: false, version: '8.9.0' });
    const room = (s: typeof before) => s.channels.find((c) => c.name === 'random');
    const [was, now] = [room(before), room(fake.state())];
    expect({ t: now?.t, ro: now?.ro }).toEqual({ t: was?.t, ro: was?.ro });
    // the changes were real: the server posted their system messages
    expect(now?.msgs).toBeGreaterThan(was?.msgs ?? Infinity);
  });

  it('changes nothing but the --channel channel (the same-value checks are refusals)', () => {
    const after = fake.state();
    const others = (s: typeof before) => s.channels.filter((c) => c.name !== 'random');
    expect(others(after)).toEqual(others(before));
    expect(after.integrations).toEqual(before.integrations);
    // what the world-building checks created is gone again
    expect(after.users).toEqual(before.users);
  });

  it('with --create, the world-building checks made what they check and removed it: the journal shows both', () => {
    const WRITES = [
      '/api/v1/users.create',
      '/api/v1/users.delete',
      '/api/v1/channels.create',
      '/api/v1/channels.delete',
      '/api/v1/groups.create',
      '/api/v1/groups.delete',
      '/api/v1/teams.create',
      '/api/v1/teams.delete',
      '/api/v1/integrations.create',
      '/api/v1/integrations.remove',
    ];
    const done = fake
      .requests({ method: 'POST' })
      .filter((r) => WRITES.includes(r.path) && r.status === 200)
      .map((r) => r.path.replace('/api/v1/', ''));
    expect(done).toEqual([
      'users.create',
      'users.delete',
      'channels.create',
      'channels.delete',
      'groups.create',
      'groups.delete',
      'teams.create',
      'teams.delete',
      'users.create',
      'integrations.create',
      'integrations.remove',
      'users.delete',
    ]);
  });

  it('without --user2, --channel and a personal access token, the checks that need them are skipped with a note, the rest pass', async () => {
    const { fake: other, url } = await started();
    try {
      const state = other.state();
      const r = await verify({ target: url, user: 'admin', password: SECRET });
      expect(r.summary.failed).toBe(0);
      const skipped = r.results.filter((x) => x.status === 'skipped');
      expect(skipped.map((x) => x.id).sort()).toEqual(
        [
          ...CHECKS.filter(
            (c) => c.needs?.includes('user2') || c.needs?.includes('channel') || c.needs?.includes('create'),
          ).map((c) => c.id),
          'auth.personal-access-token',
        ].sort(),
      );
      for (const x of skipped)
        expect(x.note).toMatch(/needs (--channel|a second user|a personal access token|--create)/);
      expect(other.state().channels).toEqual(state.channels);
    } finally {
      await other.stop();
    }
  });
});

describe('the suite per server version (--profile)', () => {
  it.each(PROFILE_IDS)(
    'profile %s: a fake answering as that era passes every check that era has',
    async (profile) => {
      const fake = createFakeServer({ scenario: scenario(), profile });
      const url = await fake.start(0);
      try {
        const report = await verify({ ...full(url), profile });
        expect(failedIds(report)).toEqual([]);
        const skipped = report.results.filter((r) => r.status === 'skipped').map((r) => r.id);
        const expected = [
          ...(['7', '7.10', '8', '8.5', '8.9'].includes(profile) ? [] : ['response.unknown-path']),
          ...(profile === '0.49' ? ['login.user-object'] : []),
          ...(profile === '0.49' || profile === '5' ? ['channels.list.bad-paging'] : []),
          // 0.49's me carried no roles: whether --user2 is a guest alone cannot be told
          ...(profile === '0.49' ? ['channels.list.joined-only'] : []),
          // 7.0's schema refused count, offset and sort: what they do is not there to check
          ...(profile === '7.0' ? ['channels.list.paging', 'channels.list.sort'] : []),
          // posting is characterised from 6.x on
          ...(profile === '0.49' || profile === '5' ? ['chat.post-read-delete'] : []),
          // so are subscriptions, direct rooms and the public settings
          ...(profile === '0.49' || profile === '5' ? MESSAGING_IDS : []),
          // the 0.49 line had no permissions or roles routes, and made outgoing webhooks only
          ...(profile === '0.49'
            ? [
                'teams.create.round-trip',
                'integrations.create.round-trip',
                'permissions.listAll.shape',
                'roles.list.shape',
              ]
            : []),
        ];
        expect(skipped).toEqual(expected);
        expect(report.version).toBe(PROFILES[profile].version);
        expect(report.leftChanged).toEqual([]);
      } finally {
        await fake.stop();
      }
    },
  );

  it('a 0.49 fake verified as 7 (and a 7 fake as 0.49) fails the rules that differ', async () => {
    const old = createFakeServer({ scenario: scenario(), profile: '0.49' });
    const modern = createFakeServer({ scenario: scenario() });
    try {
      const asSeven = await verify({ ...full(await old.start(0)) });
      expect(failedIds(asSeven)).toEqual(
        expect.arrayContaining([
          'response.json',
          'auth.missing',
          'login.username',
          'channels.getIntegrations.room',
        ]),
      );
      const asOld = await verify({ ...full(await modern.start(0)), profile: '0.49' });
      expect(failedIds(asOld)).toEqual(
        expect.arrayContaining(['auth.missing', 'login.username', 'channels.list.joined-only']),
      );
    } finally {
      await old.stop();
      await modern.stop();
    }
  });
});

describe('the suite against a lenient fake', () => {
  it('exactly the lenient rules fail, each named, and the channel is still put back', async () => {
    const { fake, url } = await started({ lenient: true });
    try {
      const report = await verify(full(url));
      expect(failedIds(report).sort()).toEqual(
        CHECKS.filter((c) => c.lenient)
          .map((c) => c.id)
          .sort(),
      );
      expect(failedIds(report)).toHaveLength(3);
      expect(report.summary.skipped).toBe(0);
      expect(report.leftChanged).toEqual([]);
      expect(fake.state().channels.find((c) => c.name === 'random')?.t).toBe('c');
    } finally {
      await fake.stop();
    }
  });
});

/** What a proxy in front of the fake does with one answer: its status and text, changed or not. */
type Rewrite = (path: string, status: number, text: string) => { status: number; text: string };

/**
 * A server in front of `to`: `answer` may answer a request itself (returns true), else the request
 * goes to `to` and its answer through `rewrite`.
 */
function proxy(
  to: string,
  rewrite: Rewrite,
  answer: (req: IncomingMessage, res: ServerResponse) => boolean = () => false,
): Promise<{ server: Server; url: string }> {
  const upstream = new URL(to);
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (answer(req, res)) return;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const options = { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method };
      const forward = httpRequest({ ...options, headers: req.headers }, (up) => {
        const body: Buffer[] = [];
        up.on('data', (c: Buffer) => body.push(c));
        up.on('end', () => {
          const path = (req.url ?? '').split('?')[0] ?? '';
          const out = rewrite(path, up.statusCode ?? 500, Buffer.concat(body).toString('utf8'));
          res.writeHead(out.status, { ...up.headers, 'content-length': String(Buffer.byteLength(out.text)) });
          res.end(out.text);
        });
      });
      forward.end(Buffer.concat(chunks));
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
    });
  });
}

/**
 * A server that differs from the fake in three places: a status code (getIntegrations' 403 becomes
 * 401), an error text (setType's same-type message) and a field (login's `data.me.avatarUrl`).
 */
const DIVERGENT: Rewrite = (path, status, text) => {
  let out = text.replace(
    'The channel type is the same as what it would be changed to.',
    'Nothing to change.',
  );
  if (path === '/api/v1/login' && status === 200) {
    const parsed = JSON.parse(out) as { data: { me: Record<string, unknown> } };
    delete parsed.data.me.avatarUrl;
    out = JSON.stringify(parsed);
  }
  return { status: path === '/api/v1/channels.getIntegrations' && status === 403 ? 401 : status, text: out };
};

describe('a --user2 who can do what the checks expect refused is a setup mistake, said before any check', () => {
  let fake: FakeServer;
  let url: string;
  beforeAll(async () => ({ fake, url } = await started()));
  afterAll(() => fake.stop());

  /** A server in front of the fake that answers one more route (the fake does not model it) itself. */
  function answering(to: string, path: string, body: object): ReturnType<typeof proxy> {
    return proxy(
      to,
      (_path, status, text) => ({ status, text }),
      (req, res) => {
        if (req.url !== path) return false;
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify(body));
        return true;
      },
    );
  }

  async function refusal(options: VerifyOptions): Promise<string> {
    const before = fake.requests().length;
    const error = await verify(options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VerifyError);
    // only reads were sent: nothing was changed, and no check ran
    const sent = fake.requests().slice(before);
    expect(sent.filter((r) => r.method === 'POST' && r.path !== '/api/v1/login')).toEqual([]);
    return (error as Error).message;
  }

  it('the same user as --user', async () => {
    expect(await refusal({ ...full(url), user2: 'admin', password2: SECRET })).toBe(
      '--user2 "admin" is the same user as --user: the checks that expect a refusal would fail against any server; give a second user without admin rights',
    );
  });

  it('the creator (owner) of --channel', async () => {
    expect(await refusal({ ...full(url), user2: 'alice', password2: 'alice' })).toBe(
      '--user2 "alice" created --channel random, so it owns the room and may edit it: the checks that expect a refusal would fail against any server; give a --user2 who neither created nor moderates it, or another --channel',
    );
  });

  it('a moderator of --channel, on a server that answers channels.roles', async () => {
    const room = fake.state().channels.find((c) => c.name === 'random');
    const gina = fake.state().users.find((u) => u.username === 'gina');
    const front = await answering(url, `/api/v1/channels.roles?roomId=${room?._id ?? ''}`, {
      roles: [{ rid: room?._id, u: { _id: gina?._id, username: 'gina' }, roles: ['moderator'] }],
      success: true,
    });
    try {
      expect(await refusal(full(front.url))).toBe(
        '--user2 "gina" is moderator of --channel random, so it may edit it: the checks that expect a refusal would fail against any server; give a --user2 without a role in that room, or another --channel',
      );
    } finally {
      front.server.close();
    }
  });

  it('roles that hold edit-room, on a server that answers permissions.listAll', async () => {
    const front = await answering(url, '/api/v1/permissions.listAll', {
      update: [
        { _id: 'edit-room', roles: ['admin', 'owner', 'moderator', 'guest'] },
        { _id: 'view-c-room', roles: ['admin', 'user', 'guest'] },
      ],
      remove: [],
      success: true,
    });
    try {
      expect(await refusal(full(front.url))).toBe(
        '--user2 "gina" has edit-room through its roles (guest): the checks that expect a refusal would fail against any server; give a second user whose roles lack them',
      );
    } finally {
      front.server.close();
    }
  });

  it('a proper second user passes the setup check on the same server', async () => {
    const report = await verify(full(url));
    expect(failedIds(report)).toEqual([]);
  });
});

describe('the suite against a server that differs from the fake', () => {
  it('reports each divergence by the check of its rule, and nothing else fails', async () => {
    const { fake, url } = await started();
    const front = await proxy(url, DIVERGENT);
    try {
      const report = await verify(full(front.url));
      expect(failedIds(report).sort()).toEqual([
        'channels.getIntegrations.permission-first',
        'channels.setType.same-type',
        'login.username',
      ]);
      const results = byId(report);
      expect(results.get('channels.getIntegrations.permission-first')?.failure).toMatchObject({
        message: 'expected status 403, got 401',
        request: { method: 'GET', path: '/api/v1/channels.getIntegrations', as: 'user2' },
        expected: { status: 403 },
        actual: { status: 401 },
      });
      expect(results.get('channels.setType.same-type')?.failure).toMatchObject({
        message: 'the body differs',
        actual: { status: 400, body: { success: false, error: 'Nothing to change.' } },
      });
      expect(results.get('login.username')?.failure?.message).toBe('data.me lacks avatarUrl');
    } finally {
      front.server.close();
      await fake.stop();
    }
  });
});

describe('verify cannot start', () => {
  it('an unreachable target is a VerifyError naming it', async () => {
    const { fake, url } = await started();
    await fake.stop();
    await expect(verify({ target: url, user: 'admin', password: SECRET })).rejects.toThrow(
      new VerifyError(`cannot reach the target: GET ${url}/api/info: ECONNREFUSED`),
    );
  });

  it('a wrong password is a VerifyError with the server answer, without the password', async () => {
    const { fake, url } = await started();
    try {
      const error = await verify({ target: url, user: 'admin', password: 'wrong-one' }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(VerifyError);
      expect((error as Error).message).toBe(
        'login as --user "admin" failed: 401 {"success":false,"error":"Unauthorized","status":"error","message":"Unauthorized"}',
      );
    } finally {
      await fake.stop();
    }
  });

  it('a target that is not an http(s) URL, and a --channel the server lacks', async () => {
    await expect(verify({ target: 'chat.example.com', user: 'a', password: 'b' })).rejects.toThrow(
      '--target "chat.example.com" is not a URL',
    );
    await expect(verify({} as never)).rejects.toThrow(
      "the target is required: the server's URL (--target URL, or verify({target}))",
    );
    const { fake, url } = await started();
    try {
      await expect(
        verify({ target: url, user: 'admin', password: SECRET, channel: 'staff' }),
      ).rejects.toThrow('--channel staff: no public channel of that name');
    } finally {
      await fake.stop();
    }
  });
});

describe('interrupted while the channel is changed', () => {
  it('puts the channel back, and says the run was interrupted', async () => {
    const { fake, url } = await started();
    const controller = new AbortController();
    const privateThenStop: Check = {
      id: 'test.private-then-stop',
      section: 'test',
      rule: 'makes the channel private, then the run is stopped',
      async run(t) {
        await t.post('/api/v1/channels.setType', { roomName: 'random', type: 'p' });
        controller.abort();
        await t.get('/api/v1/me');
        return undefined;
      },
    };
    try {
      const report = await runVerify({ ...full(url), signal: controller.signal }, [
        privateThenStop,
        CHECKS[0] as Check,
      ]);
      expect(report.interrupted).toBe(true);
      expect(report.ok).toBe(false);
      expect(report.results.map((r) => [r.id, r.status, r.note])).toEqual([
        ['test.private-then-stop', 'skipped', 'interrupted'],
        ['response.json', 'skipped', 'interrupted'],
      ]);
      expect(report.leftChanged).toEqual([]);
      expect(fake.state().channels.find((c) => c.name === 'random')?.t).toBe('c');
    } finally {
      await fake.stop();
    }
  });

  it('says exactly what it could not put back', async () => {
    const { fake, url } = await started();
    const lockOut: Check = {
      id: 'test.lock-out',
      section: 'test',
      rule: 'makes the channel private; the server then fails the way back',
      async run(t) {
        await t.post('/api/v1/channels.setType', { roomName: 'random', type: 'p' });
        fake.fault({ path: '/api/v1/groups.setType', status: 500 });
        return undefined;
      },
    };
    try {
      const report = await runVerify(full(url), [lockOut]);
      expect(report.ok).toBe(false);
      expect(report.leftChanged).toEqual([
        'channel random is left private (groups.setType answered 500: {"success":false,"error":"Internal server error [error-internal]","errorType":"error-internal"})',
      ]);
    } finally {
      await fake.stop();
    }
  });
});

describe('a rate-limited server', () => {
  it('waits as X-RateLimit-Reset says, then goes on, and reports the wait', async () => {
    const { fake, url } = await started();
    let limited = 0;
    // answers the first channels.list of the checks with a 429 and a reset 300 ms ahead
    const front = await proxy(
      url,
      (_path, status, text) => ({ status, text }),
      (req, res) => {
        if (!(req.url ?? '').startsWith('/api/v1/channels.list?count=1') || limited > 0) return false;
        limited += 1;
        res.writeHead(429, {
          'Content-Type': 'application/json',
          'X-RateLimit-Reset': String(Date.now() + 300),
        });
        res.end(JSON.stringify({ success: false, error: 'slow down [error-too-many-requests]' }));
        return true;
      },
    );
    try {
      const target = front.url;
      const report = await verify({ target, user: 'admin', password: SECRET });
      expect(limited).toBe(1);
      expect(report.summary.failed).toBe(0);
      expect(report.waits).toEqual([{ path: '/api/v1/channels.list', ms: expect.any(Number) }]);
    } finally {
      front.server.close();
      await fake.stop();
    }
  });
});

describe('rocketchat-fake verify, the command', () => {
  function run(
    args: string[],
    env: NodeJS.ProcessEnv = {},
  ): Promise<{ code: number | null; out: string; err: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, [CLI, 'verify', ...args], { env: { ...process.env, ...env } });
      let out = '';
      let err = '';
      child.stdout.on('data', (c: Buffer) => (out += c.toString()));
      child.stderr.on('data', (c: Buffer) => (err += c.toString()));
      child.on('close', (code) => resolve({ code, out, err }));
    });
  }

  it('against the fake: a line per check, the version, the summary; exit 0; no password anywhere', async () => {
    const { fake, url } = await started();
    try {
      const r = await run(
        [
          '--target',
          url,
          '--user',
          'admin',
          '--user2',
          'gina',
          '--channel',
          'random',
          '--create',
          '--pat-user-id',
          PAT.userId,
        ],
        { ROCKETCHAT_PASSWORD: SECRET, ROCKETCHAT_PASSWORD2: 'gina', ROCKETCHAT_PAT: PAT.token },
      );
      expect(r.code).toBe(0);
      const lines = r.out.trim().split('\n');
      expect(lines.slice(0, CHECKS.length)).toEqual(
        CHECKS.map((c) => expect.stringMatching(new RegExp(`^✓ ${c.id.replace(/\./g, '\\.')}: `))),
      );
      expect(lines.slice(-2)).toEqual([
        `server: ${url}, version 8.9.0; checked as Rocket.Chat 8.9`,
        `${CHECKS.length} passed, 0 failed, 0 skipped`,
      ]);
      expect(r.out + r.err).not.toContain(SECRET);
      expect(r.out + r.err).not.toContain(PAT.token);
    } finally {
      await fake.stop();
    }
  });

  it('the summary names the line checked against, and a server of another line', () => {
    const report: VerifyReport = {
      target: 'http://chat.example.com',
      version: '7.0.3',
      profile: '8.9',
      results: [],
      summary: { passed: 40, failed: 1, skipped: 1 },
      waits: [],
      leftChanged: [],
      interrupted: false,
      ok: false,
    };
    expect(renderSummary(report).split('\n')).toEqual([
      '',
      'server: http://chat.example.com, version 7.0.3; checked as Rocket.Chat 8.9',
      'note: 7.0.3 is not a 8.9 release; --profile checks a server as its own line (0.49, 5, 6, 7.0, 7.10, 8.5, 8.9)',
      '40 passed, 1 failed, 1 skipped',
    ]);
    expect(renderSummary({ ...report, profile: '7.0' })).not.toContain('note:');
    expect(renderSummary({ ...report, version: '7.10.0', profile: '7.0' })).toContain('note:');
    expect(renderSummary({ ...report, version: '7.1.0', profile: '7.10' })).toContain('note:');
    // the lines that stand for a range of releases: 0.49 (0.49–0.51), 5 (0.52–5.x), 6 (6.x)
    expect(renderSummary({ ...report, version: '0.50.2', profile: '0.49' })).not.toContain('note:');
    expect(renderSummary({ ...report, version: '0.52.0', profile: '0.49' })).toContain('note:');
    expect(renderSummary({ ...report, version: '4.8.1', profile: '5' })).not.toContain('note:');
    expect(renderSummary({ ...report, version: '6.0.0', profile: '5' })).toContain('note:');
    expect(renderSummary({ ...report, version: '6.4.2', profile: '6' })).not.toContain('note:');
  });

  it('a personal access token needs both ROCKETCHAT_PAT and --pat-user-id: bad usage otherwise', async () => {
    const half = await run([
      '--target',
      'http://127.0.0.1:9',
      '--user',
      'a',
      '--password',
      'p',
      '--pat-user-id',
      'x',
    ]);
    expect(half.code).toBe(2);
    expect(half.err).toContain('a personal access token needs both ROCKETCHAT_PAT and --pat-user-id');
  });

  it('against a lenient fake: exit 1, the lenient rules marked ✗ with request and diff; --json the same report', async () => {
    const { fake, url } = await started({ lenient: true });
    try {
      const r = await run(['--target', url, '--user', 'admin', '--password', SECRET]);
      expect(r.code).toBe(1);
      expect(r.out).toContain('✗ channels.setReadOnly.same-value: ');
      expect(r.out).toContain('    request: POST /api/v1/channels.setReadOnly as user {"roomName":');
      expect(r.out).toContain('      -  "status": 400,\n      +  "status": 200,');
      expect(r.out).toMatch(/\n\d+ passed, 2 failed, 16 skipped\n$/);
      const json = await run(['--target', url, '--user', 'admin', '--password', SECRET, '--json']);
      expect(json.code).toBe(1);
      const report = JSON.parse(json.out) as VerifyReport;
      expect(failedIds(report)).toEqual(['channels.setReadOnly.same-value', 'channels.setType.same-type']);
      expect([report.version, report.profile]).toEqual(['8.9.0', '8.9']);
      expect(json.out).not.toContain(SECRET);
    } finally {
      await fake.stop();
    }
  });

  it('exit 2: bad usage, an unreachable target, a refused login, each with a clear message', async () => {
    const usage = await run(['--user', 'admin', '--password', 'x']);
    expect(usage).toMatchObject({ code: 2, out: '' });
    expect(usage.err).toBe(
      'rocketchat-fake verify: --target URL is required\n(see rocketchat-fake verify --help)\n',
    );
    const unknownFlag = await run(['--target', 'http://127.0.0.1:9', '--nope']);
    expect(unknownFlag.code).toBe(2);
    const { fake, url } = await started();
    await fake.stop();
    const down = await run(['--target', url, '--user', 'admin', '--password', 'x']);
    expect(down).toMatchObject({ code: 2, out: '' });
    expect(down.err).toBe(
      `rocketchat-fake verify: cannot reach the target: GET ${url}/api/info: ECONNREFUSED\n`,
    );
    const again = await started();
    try {
      const refused = await run(['--target', again.url, '--user', 'admin', '--password', 'not-it']);
      expect(refused.code).toBe(2);
      expect(refused.err).toMatch(/^rocketchat-fake verify: login as --user "admin" failed: 401 /);
      expect(refused.err).not.toContain('not-it');
    } finally {
      await again.fake.stop();
    }
  });
});

describe('docs/verify.md', () => {
  it('holds the table of the rules verify checks, as made from the suite (run `npm run rules-table`)', () => {
    const file = join(ROOT, 'docs', 'verify.md');
    const readme = readFileSync(file, 'utf8');
    const marked = /(<!-- verify:rules -->)[\s\S]*?(<!-- \/verify:rules -->)/;
    expect(readme).toMatch(marked);
    const fresh = readme.replace(
      marked,
      (_m, open: string, close: string) => `${open}\n\n${rulesTable(CHECKS)}\n\n${close}`,
    );
    // formatted as `npm run lint` wants it (prettier, in a process of its own)
    const prettier = require.resolve('prettier/bin/prettier.cjs');
    const formatted = execFileSync(process.execPath, [prettier, '--stdin-filepath', file], {
      input: fresh,
      encoding: 'utf8',
    });
    expect(formatted).toBe(readme);
    for (const check of CHECKS) expect(readme).toContain(`| \`${check.id}\``);
  });
});
