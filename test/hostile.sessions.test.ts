/**
 * A session is its own world: a login token issued in a session is valid only there, a root
 * token only at the root, whatever issued it (a REST login, a realtime login) and wherever it is
 * tried (REST, a realtime `resume`).
 */
import { createFakeServer } from '../src/server';
import type { FakeServer, FakeSession } from '../src/server';
import { Ddp } from './support/ddp';

const NOT_LOGGED_IN = {
  success: false,
  status: 'error',
  message: 'You must be logged in to do this.',
  error: 'You must be logged in to do this.',
};

async function restLogin(base: string, user: string): Promise<{ userId: string; authToken: string }> {
  const res = await fetch(`${base}/api/v1/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ user, password: user }),
  });
  expect(res.status).toBe(200);
  const { data } = (await res.json()) as { data: { userId: string; authToken: string } };
  return data;
}

async function me(base: string, login: { userId: string; authToken: string }): Promise<[number, unknown]> {
  const res = await fetch(`${base}/api/v1/me`, {
    headers: { 'X-User-Id': login.userId, 'X-Auth-Token': login.authToken },
  });
  return [res.status, await res.json()];
}

async function ddpLogin(base: string, user: string): Promise<{ userId: string; authToken: string }> {
  const ddp = new Ddp(`${base.replace('http', 'ws')}/websocket`);
  await ddp.connect();
  const result = await ddp.call('login', { user: { username: user }, password: user });
  ddp.socket.close();
  const { id, token } = result.result as { id: string; token: string };
  return { userId: id, authToken: token };
}

async function resumes(base: string, token: string): Promise<boolean> {
  const ddp = new Ddp(`${base.replace('http', 'ws')}/websocket`);
  await ddp.connect();
  const result = await ddp.call('login', { resume: token });
  ddp.socket.close();
  return result.error === undefined;
}

describe("a session's login tokens are the session's alone", () => {
  let fake: FakeServer;
  let one: FakeSession;
  let two: FakeSession;

  beforeAll(async () => {
    fake = createFakeServer();
    await fake.start();
    one = fake.session();
    two = fake.session();
  });
  afterAll(() => fake.stop());

  it.each([
    ['a REST login', restLogin],
    ['a realtime login', ddpLogin],
  ])('%s in a session answers there, and 401 at the root and in another session', async (_, login) => {
    const issued = await login(one.url, 'alice');
    const [status, body] = await me(one.url, issued);
    expect(status).toBe(200);
    expect(body).toMatchObject({ _id: 'user.alice.00001', username: 'alice' });
    for (const elsewhere of [fake.url, two.url]) {
      const [refused, refusal] = await me(elsewhere, issued);
      expect(refused).toBe(401);
      expect(refusal).toEqual(NOT_LOGGED_IN);
      await expect(resumes(elsewhere, issued.authToken)).resolves.toBe(false);
    }
    await expect(resumes(one.url, issued.authToken)).resolves.toBe(true);
  });

  it.each([
    ['a REST login', restLogin],
    ['a realtime login', ddpLogin],
  ])('%s at the root answers there, and 401 in every session', async (_, login) => {
    const issued = await login(fake.url, 'bob');
    expect((await me(fake.url, issued))[0]).toBe(200);
    for (const session of [one, two]) {
      const [refused, refusal] = await me(session.url, issued);
      expect(refused).toBe(401);
      expect(refusal).toEqual(NOT_LOGGED_IN);
      await expect(resumes(session.url, issued.authToken)).resolves.toBe(false);
    }
  });

  it('a session made after a root login does not inherit it, nor does the root inherit a reset session’s', async () => {
    const rootLogin = await restLogin(fake.url, 'gina');
    const later = fake.session();
    expect((await me(later.url, rootLogin))[0]).toBe(401);
    const sessionLogin = await restLogin(later.url, 'alice');
    await later.reset();
    expect((await me(later.url, sessionLogin))[0]).toBe(401);
    expect((await me(fake.url, sessionLogin))[0]).toBe(401);
    await later.close();
  });
});
