/**
 * First boot as Rocket.Chat boots: the `firstBoot` world (rocket.cat, #general, no other user),
 * the first registered user made admin there, and the CLI honouring the official image's
 * environment variables (`ADMIN_*`, `OVERWRITE_SETTING_<id>`, `ROOT_URL`,
 * `CREATE_TOKENS_FOR_USERS`, the ignored server-only ones) and saying how to get past a port in use.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import type { AddressInfo, Server } from 'node:net';
import request from 'supertest';

import { readBootEnv, withBootEnv } from '../src/cli-env';
import { createFakeServer } from '../src/server';
import { CLI } from './support/build';

/** The environment a spawned CLI gets: this process's, without what the image's variables would add. */
function baseEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) =>
        !k.startsWith('OVERWRITE_SETTING_') && !k.startsWith('ADMIN_') && k !== 'PORT' && k !== 'ROOT_URL',
    ),
  );
}

interface Started {
  url: string;
  stderr: () => string;
  stop: () => Promise<number | null>;
}

/** Starts the CLI with an environment; resolves on its URL line (no sleeps). */
function start(args: string[], env: NodeJS.ProcessEnv): Promise<Started> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...baseEnv(), ...env },
    });
    let out = '';
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const match = /listening on (http:\/\/[\d.]+:\d+)\n/.exec(out);
      if (match?.[1])
        resolve({
          url: match[1],
          stderr: () => err,
          stop: () =>
            new Promise((done) => {
              child.once('exit', (code) => done(code));
              child.kill('SIGTERM');
            }),
        });
    });
    child.once('exit', (code) => reject(new Error(`exited ${String(code)}: ${err}`)));
  });
}

/** Runs the CLI to its end; its exit code and stderr. */
function runToEnd(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...baseEnv(), ...env },
    });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.once('exit', (code) => resolve({ code, stderr: err }));
  });
}

async function login(url: string, user: string, password: string): Promise<Response> {
  return fetch(`${url}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user, password }),
  });
}

describe('the first-boot world (firstBoot: true)', () => {
  it('is a fresh Rocket.Chat: rocket.cat (a bot), #general (GENERAL, the default channel), no other user, default settings', () => {
    const fake = createFakeServer({ firstBoot: true });
    const { users, channels } = fake.state();
    expect(users.map((u) => [u._id, u.username, u.name, u.roles])).toEqual([
      ['rocket.cat', 'rocket.cat', 'Rocket.Cat', ['bot']],
    ]);
    expect(channels.map((c) => [c._id, c.name, c.t, c.default, c.usernames])).toEqual([
      ['GENERAL', 'general', 'c', true, []],
    ]);
    expect(fake.state().settings ?? {}).toEqual({});
  });

  it('is refused with a fixtures file or a scenario (it is a world of its own)', () => {
    expect(() => createFakeServer({ firstBoot: true, scenario: { users: [] } })).toThrow(
      /firstBoot is a world of its own/,
    );
    expect(() => createFakeServer({ firstBoot: 'yes' as unknown as boolean })).toThrow(/firstBoot/);
  });

  it('a session has it on a server of the default scenario: fixtures "first-boot.json"', async () => {
    const fake = createFakeServer();
    const created = await request(fake.app).post('/__admin/sessions').send({ fixtures: 'first-boot.json' });
    expect(created.status).toBe(201);
    const state = await request(fake.app).get(`/s/${String(created.body.id)}/__admin/state`);
    expect(state.body.users.map((u: { username: string }) => u.username)).toEqual(['rocket.cat']);
    // the root is the default scenario's, though a first-boot server was made in this process before
    expect(fake.state().users.length).toBeGreaterThan(1);
  });

  it('the first users.register makes an admin there (no admin yet); the second is a plain user', async () => {
    const fake = createFakeServer({ firstBoot: true });
    const register = (username: string) =>
      request(fake.app)
        .post('/api/v1/users.register')
        .send({ username, email: `${username}@example.com`, pass: 'pw-123456', name: username });
    const roles = (username: string) => fake.state().users.find((u) => u.username === username)?.roles;
    expect((await register('first')).status).toBe(200);
    expect(roles('first')).toEqual(['user', 'admin']);
    expect((await register('second')).status).toBe(200);
    expect(roles('second')).toEqual(['user']);
    // both joined the default channel, as the real server's registration does
    expect(fake.state().channels[0]?.usernames).toEqual(['first', 'second']);
  });
});

describe('the official image environment (src/cli-env.ts)', () => {
  it('ADMIN_PASS makes an admin (ADMIN_USERNAME default admin, ADMIN_NAME default Administrator), a member of the default channels', () => {
    const boot = readBootEnv({ ADMIN_PASS: 'secret', ADMIN_EMAIL: 'root@example.com' });
    expect(boot.admin).toEqual({
      username: 'admin',
      password: 'secret',
      name: 'Administrator',
      emails: [{ address: 'root@example.com', verified: true }],
    });
    const { scenario } = withBootEnv(
      { users: [], channels: [{ name: 'general', default: true, usernames: [] }] },
      boot,
    );
    expect(scenario.users).toEqual([{ ...boot.admin, roles: ['admin'] }]);
    expect(scenario.channels).toEqual([{ name: 'general', default: true, usernames: ['admin'] }]);
  });

  it('a user of that name in the scenario already is left as it is, and said', () => {
    const boot = readBootEnv({ ADMIN_USERNAME: 'Admin', ADMIN_PASS: 'secret' });
    const scenario = { users: [{ username: 'admin', password: 'x' }] };
    expect(withBootEnv(scenario, boot)).toEqual({
      scenario,
      note: 'ADMIN_USERNAME Admin: the scenario has that user already; it is left as it is',
    });
  });

  it('OVERWRITE_SETTING_<id> is typed by the setting; ROOT_URL is Site_Url; CREATE_TOKENS_FOR_USERS is true or yes', () => {
    expect(
      readBootEnv({
        OVERWRITE_SETTING_Message_MaxAllowedSize: '10',
        OVERWRITE_SETTING_Message_AllowEditing: 'false',
        OVERWRITE_SETTING_Site_Name: 'Test chat',
        OVERWRITE_SETTING_Accounts_RegistrationForm: 'Disabled',
        ROOT_URL: 'https://chat.example.com/',
        CREATE_TOKENS_FOR_USERS: 'yes',
        CREATE_TOKENS_FOR_USERS_SECRET: 's3',
      }).settings,
    ).toEqual({
      Message_MaxAllowedSize: 10,
      Message_AllowEditing: false,
      Site_Name: 'Test chat',
      Accounts_RegistrationForm: 'Disabled',
      Site_Url: 'https://chat.example.com',
      CREATE_TOKENS_FOR_USERS: true,
      CREATE_TOKENS_FOR_USERS_SECRET: 's3',
    });
    expect(readBootEnv({ CREATE_TOKENS_FOR_USERS: '1' }).settings).toEqual({
      CREATE_TOKENS_FOR_USERS: false,
    });
  });

  it.each([
    [
      { OVERWRITE_SETTING_Message_MaxAllowedSize: 'ten' },
      /OVERWRITE_SETTING_Message_MaxAllowedSize takes a whole number/,
    ],
    [
      { OVERWRITE_SETTING_Message_AllowEditing: 'yes' },
      /takes true or false \(the setting Message_AllowEditing is a boolean\), not "yes"/,
    ],
    [
      { OVERWRITE_SETTING_No_Such_Setting: '1' },
      /OVERWRITE_SETTING_No_Such_Setting: the fake has no setting "No_Such_Setting"/,
    ],
    [{ OVERWRITE_SETTING_Accounts_RegistrationForm: 'Closed' }, /is one of Public, Disabled, Secret URL/],
    [{ ADMIN_USERNAME: 'admin' }, /ADMIN_USERNAME goes with ADMIN_PASS/],
    [{ ROOT_URL: 'chat.example.com' }, /ROOT_URL takes an http\(s\) URL/],
  ])('refuses %j, naming it', (env, message) => {
    expect(() => readBootEnv(env)).toThrow(message);
  });

  it('names the server-only variables set, to be said once as ignored', () => {
    expect(
      readBootEnv({ MONGO_URL: 'mongodb://mongo/rocketchat', DEPLOY_METHOD: 'docker', PATH: '/bin' }).ignored,
    ).toEqual(['MONGO_URL', 'DEPLOY_METHOD']);
  });
});

describe('rocketchat-fake --first-boot with the image environment (a process)', () => {
  jest.setTimeout(60_000);

  it('ADMIN_USERNAME=admin ADMIN_PASS=secret: a client logs in as that admin; rocket.cat and #general are there', async () => {
    const fake = await start(['--first-boot', '--port', '0'], {
      ADMIN_USERNAME: 'admin',
      ADMIN_PASS: 'secret',
    });
    try {
      const res = await login(fake.url, 'admin', 'secret');
      expect(res.status).toBe(200);
      const body = (await res.json()) as {
        data: { userId: string; authToken: string; me: { roles: string[] } };
      };
      expect(body.data.me.roles).toEqual(['admin']);
      const auth = { 'X-User-Id': body.data.userId, 'X-Auth-Token': body.data.authToken };
      const users = (await (await fetch(`${fake.url}/api/v1/users.list`, { headers: auth })).json()) as {
        users: { username: string }[];
      };
      expect(users.users.map((u) => u.username).sort()).toEqual(['admin', 'rocket.cat']);
      const info = (await (
        await fetch(`${fake.url}/api/v1/channels.info?roomId=GENERAL`, { headers: auth })
      ).json()) as { channel: { name: string; default: boolean } };
      expect([info.channel.name, info.channel.default]).toEqual(['general', true]);
      expect((await login(fake.url, 'admin', 'wrong')).status).toBe(401);
    } finally {
      expect(await fake.stop()).toBe(0);
    }
  });

  it('docs/first-boot.md’s example, run as written (its port made free): the ignored line, the admin’s login, the size refused', async () => {
    const doc = readFileSync(join(__dirname, '..', 'docs', 'first-boot.md'), 'utf8');
    const example = /## Example\s*```sh\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
    const lines = example.replace(/\\\n\s*/g, ' ').split('\n');
    const command = lines[0] ?? '';
    const words = command.trim().split(/\s+/);
    const at = words.indexOf('rocketchat-fake');
    expect(words[at - 1]).toBe('npx');
    const env = Object.fromEntries(
      words.slice(0, at - 1).map((word) => word.split('=', 2) as [string, string]),
    );
    const args = words.slice(at + 1).map((word, k, all) => (all[k - 1] === '--port' ? '0' : word));
    const fake = await start(args, env);
    try {
      const said = /^# stderr: (.*)$/m.exec(example)?.[1];
      expect(fake.stderr()).toContain(`${said ?? 'no stderr line in the example'}\n`);
      const body = /-d '(\{.*\})'/.exec(example)?.[1] ?? '{}';
      const res = await fetch(`${fake.url}/api/v1/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      });
      expect(res.status).toBe(200);
      const logged = (await res.json()) as {
        data: { userId: string; authToken: string; me: { roles: string[] } };
      };
      expect(logged.data.me.roles).toEqual(['admin']);
      const auth = { 'X-User-Id': logged.data.userId, 'X-Auth-Token': logged.data.authToken };
      const post = (text: string): Promise<Response> =>
        fetch(`${fake.url}/api/v1/chat.postMessage`, {
          method: 'POST',
          headers: { ...auth, 'Content-Type': 'application/json' },
          body: JSON.stringify({ roomId: 'GENERAL', text }),
        });
      expect((await post('x'.repeat(11))).status).toBe(400);
      expect((await post('x'.repeat(10))).status).toBe(200);
    } finally {
      expect(await fake.stop()).toBe(0);
    }
  });

  it('with no admin variables, nobody can log in as admin and the first users.register is the admin', async () => {
    const fake = await start(['--first-boot', '--port', '0'], {});
    try {
      expect((await login(fake.url, 'admin', 'admin')).status).toBe(401);
      const res = await fetch(`${fake.url}/api/v1/users.register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: 'owner',
          email: 'owner@example.com',
          pass: 'pw-123456',
          name: 'Owner',
        }),
      });
      expect(res.status).toBe(200);
      const me = await login(fake.url, 'owner', 'pw-123456');
      expect(me.status).toBe(200);
      expect(((await me.json()) as { data: { me: { roles: string[] } } }).data.me.roles).toEqual([
        'user',
        'admin',
      ]);
    } finally {
      await fake.stop();
    }
  });

  it('OVERWRITE_SETTING_Message_MaxAllowedSize=10 is in effect: an 11-character chat.postMessage is refused, 10 pass; ROOT_URL is the site URL', async () => {
    const fake = await start(['--first-boot', '--port', '0'], {
      ADMIN_USERNAME: 'admin',
      ADMIN_PASS: 'secret',
      OVERWRITE_SETTING_Message_MaxAllowedSize: '10',
      ROOT_URL: 'https://chat.example.com',
    });
    try {
      const { data } = (await (await login(fake.url, 'admin', 'secret')).json()) as {
        data: { userId: string; authToken: string };
      };
      const post = (text: string) =>
        fetch(`${fake.url}/api/v1/chat.postMessage`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'X-User-Id': data.userId,
            'X-Auth-Token': data.authToken,
          },
          body: JSON.stringify({ roomId: 'GENERAL', text }),
        });
      const refused = await post('x'.repeat(11));
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ success: false, error: 'error-message-size-exceeded' });
      expect((await post('x'.repeat(10))).status).toBe(200);
      const site = (await (await fetch(`${fake.url}/api/v1/settings.public?_id=Site_Url`)).json()) as {
        settings: { _id: string; value: unknown }[];
      };
      expect(site.settings.find((s) => s._id === 'Site_Url')?.value).toBe('https://chat.example.com');
    } finally {
      await fake.stop();
    }
  });

  it('MONGO_URL and the other server-only variables are accepted and said once as ignored', async () => {
    const fake = await start(['--first-boot', '--port', '0'], {
      MONGO_URL: 'mongodb://mongo:27017/rocketchat',
      MONGO_OPLOG_URL: 'mongodb://mongo:27017/local',
      DEPLOY_METHOD: 'docker',
    });
    try {
      const said = fake
        .stderr()
        .split('\n')
        .filter((line) => line.includes('ignored'));
      expect(said).toEqual([
        '[rocketchat-fake] ignored: MONGO_URL, MONGO_OPLOG_URL, DEPLOY_METHOD: the fake keeps its world in memory',
      ]);
    } finally {
      await fake.stop();
    }
  });

  it('a bad OVERWRITE_SETTING value or an unknown setting exits 2 naming it, as a bad flag does', async () => {
    const bad = await runToEnd(['--first-boot', '--port', '0'], {
      OVERWRITE_SETTING_Message_MaxAllowedSize: 'ten',
    });
    expect(bad).toEqual({
      code: 2,
      stderr:
        '[rocketchat-fake] OVERWRITE_SETTING_Message_MaxAllowedSize takes a whole number from 0 to 1000000 (the setting Message_MaxAllowedSize), not "ten". See --help.\n',
    });
    const unknown = await runToEnd(['--port', '0'], { OVERWRITE_SETTING_Nope: '1' });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(
      /^\[rocketchat-fake\] OVERWRITE_SETTING_Nope: the fake has no setting "Nope"/,
    );
    const both = await runToEnd(['--first-boot', '--fixtures', 'x.json'], {});
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/give --first-boot or --fixtures FILE, not both/);
  });
});

describe('a port in use', () => {
  it('says which, and how to choose another (--port, or --port 0), and exits 1', async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      expect(await runToEnd(['--port', String(port)], {})).toEqual({
        code: 1,
        stderr: `[rocketchat-fake] port ${port} is in use: choose another with --port, or --port 0 for a free one\n`,
      });
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
