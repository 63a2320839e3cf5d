/**
 * A reset that keeps logins (`reset({ keepLogins: true })`, `POST /__admin/reset?keepLogins=true`,
 * `useSession({ keepLogins: true })`): a bot connected for a whole test file stays logged in across
 * the per-test resets, its socket open and still receiving stream frames; a user made since the
 * baseline loses its login with it; a plain reset still voids every login and closes the sockets.
 */
import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import { useSession } from '../src/runners/session';
import type { RunnerHooks } from '../src/runners/session';
import { Ddp } from './support/ddp';
import type { Frame } from './support/ddp';

type Auth = Record<'X-User-Id' | 'X-Auth-Token', string>;

async function restLogin(base: string | FakeServer['app'], user: string, password: string): Promise<Auth> {
  const res = await request(base).post('/api/v1/login').send({ user, password });
  expect(res.status).toBe(200);
  return { 'X-User-Id': res.body.data.userId, 'X-Auth-Token': res.body.data.authToken };
}

/** A bot as a realtime client has it: connected, logged in, following #general's messages. */
async function connectBot(url: string): Promise<Ddp> {
  const bot = new Ddp(`${url.replace(/^http/, 'ws')}/websocket`);
  await bot.connect();
  const login = await bot.call('login', { user: { username: 'deploy-bot' }, password: 'deploy-bot' });
  expect(login.result).toMatchObject({ id: 'bot.deploy.00003', type: 'password' });
  expect((await bot.sub('stream-room-messages', 'GENERAL', false)).msg).toBe('ready');
  return bot;
}

/** The stream frame of a message with this text in #general. */
function messageFrame(text: string): (f: Frame) => boolean {
  return (f) =>
    f.msg === 'changed' &&
    f.collection === 'stream-room-messages' &&
    JSON.stringify((f.fields as { args?: unknown[] } | undefined)?.args ?? []).includes(`"msg":"${text}"`);
}

async function post(base: string, auth: Auth, text: string): Promise<void> {
  const res = await request(base)
    .post('/api/v1/chat.postMessage')
    .set(auth)
    .send({ roomId: 'GENERAL', text });
  expect(res.status).toBe(200);
}

describe('reset({ keepLogins: true })', () => {
  let fake: FakeServer;
  let url: string;
  const open: Ddp[] = [];

  beforeEach(async () => {
    fake = createFakeServer();
    url = await fake.start(0);
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close()));
    await fake.stop();
  });

  it('a bot connected before two resets stays logged in on its socket and still gets the stream frames', async () => {
    const bot = await connectBot(url);
    open.push(bot);
    const alice = await restLogin(url, 'alice', 'alice');
    await post(url, alice, 'before');
    await bot.next(messageFrame('before'));

    await fake.reset({ keepLogins: true });
    await post(url, alice, 'after one reset');
    await bot.next(messageFrame('after one reset'));

    const viaControl = await request(url).post('/__admin/reset?keepLogins=true');
    expect(viaControl.status).toBe(200);
    expect(viaControl.body).toEqual({ status: 'ok' });
    await post(url, alice, 'after two resets');
    await bot.next(messageFrame('after two resets'));

    // the socket is the same one, still logged in as the bot: its methods run as the bot
    expect(bot.socket.readyState).toBe(bot.socket.OPEN);
    const sent = await bot.call('sendMessage', { rid: 'GENERAL', msg: 'from the bot' });
    expect(sent.error).toBeUndefined();
    await bot.next(messageFrame('from the bot'));
    expect((fake.state().messages ?? []).find((m) => m.msg === 'from the bot')?.u.username).toBe(
      'deploy-bot',
    );
    // what the tests did between the resets is gone: the world is the baseline's, with the new messages only
    const texts = fake
      .state()
      .messages?.filter((m) => m.rid === 'GENERAL')
      .map((m) => m.msg);
    expect(texts).toContain('after two resets');
    expect(texts).not.toContain('after one reset');
    expect(texts).not.toContain('before');
  });

  it('keeps REST login tokens whose user the baseline has; a user made since loses its login (and itself)', async () => {
    const alice = await restLogin(url, 'alice', 'alice');
    const registered = await request(url)
      .post('/api/v1/users.register')
      .send({ username: 'newbie', email: 'newbie@example.com', pass: 'pw-123456', name: 'Newbie' });
    expect(registered.status).toBe(200);
    const newbie = await restLogin(url, 'newbie', 'pw-123456');
    await fake.reset({ keepLogins: true });
    expect((await request(url).get('/api/v1/me').set(alice)).status).toBe(200);
    expect((await request(url).get('/api/v1/me').set(newbie)).status).toBe(401);
    // a logout since still holds: a kept token is the same login, not a new one
    expect((await request(url).post('/api/v1/logout').set(alice)).status).toBe(200);
    await fake.reset({ keepLogins: true });
    expect((await request(url).get('/api/v1/me').set(alice)).status).toBe(401);
  });

  it('a socket logged in as a user made since is closed (1012), as by a plain reset', async () => {
    await request(url)
      .post('/api/v1/users.register')
      .send({ username: 'newbie', email: 'newbie@example.com', pass: 'pw-123456', name: 'Newbie' });
    const c = new Ddp(`${url.replace(/^http/, 'ws')}/websocket`);
    open.push(c);
    await c.connect();
    expect(
      (await c.call('login', { user: { username: 'newbie' }, password: 'pw-123456' })).error,
    ).toBeUndefined();
    const closed = new Promise<number>((resolve) => c.socket.once('close', (code) => resolve(code)));
    await fake.reset({ keepLogins: true });
    expect(await closed).toBe(1012);
  });

  it('a plain reset still voids the logins issued since and closes every realtime socket with 1012', async () => {
    const bot = await connectBot(url);
    open.push(bot);
    const alice = await restLogin(url, 'alice', 'alice');
    const closed = new Promise<number>((resolve) => bot.socket.once('close', (code) => resolve(code)));
    await fake.reset();
    expect(await closed).toBe(1012);
    expect((await request(url).get('/api/v1/me').set(alice)).status).toBe(401);
  });

  it('POST /__admin/reset takes keepLogins=true or false, nothing else', async () => {
    const bad = await request(url).post('/__admin/reset?keepLogins=maybe');
    expect(bad.status).toBe(400);
    expect((await request(url).post('/__admin/reset?keepLogins=false')).status).toBe(200);
  });
});

describe('useSession({ keepLogins: true }): the runner helpers', () => {
  it('a bot connected in the before hook survives the per-test resets of its session', async () => {
    const fake = createFakeServer();
    const url = await fake.start(0);
    const hooks: {
      before?: () => Promise<void>;
      afterEach?: () => Promise<void>;
      after?: () => Promise<void>;
    } = {};
    const runner: RunnerHooks = {
      before: (fn) => (hooks.before = fn),
      afterEach: (fn) => (hooks.afterEach = fn),
      after: (fn) => (hooks.after = fn),
    };
    const saved = process.env.ROCKETCHAT_FAKE_URL;
    process.env.ROCKETCHAT_FAKE_URL = url;
    const session = useSession(runner, { keepLogins: true });
    let bot: Ddp | undefined;
    try {
      await hooks.before?.();
      bot = await connectBot(session.url);
      const alice = await restLogin(session.url, 'alice', 'alice');
      for (const test of ['first test', 'second test', 'third test']) {
        await post(session.url, alice, test);
        await bot.next(messageFrame(test));
        await hooks.afterEach?.();
      }
      expect(bot.socket.readyState).toBe(bot.socket.OPEN);
      expect((await session.requests({ path: '/api/v1/chat.postMessage' })).length).toBe(0);
    } finally {
      await bot?.close();
      await hooks.after?.();
      if (saved === undefined) delete process.env.ROCKETCHAT_FAKE_URL;
      else process.env.ROCKETCHAT_FAKE_URL = saved;
      await fake.stop();
    }
  });
});
