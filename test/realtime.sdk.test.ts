/**
 * A real realtime client, @rocket.chat/sdk 1.0.0-alpha.42's DDP driver, against the fake on a real
 * port: it connects, logs in (the SHA-256 digest it sends), follows a room and receives a message
 * posted over REST, as a bot built on it would.
 */
import { DDPDriver } from '@rocket.chat/sdk/lib/drivers/ddp';

import { createFakeServer } from '../src/server';
import { AS, SILENT_LOG as silent, WORLD } from './support/fake';

describe('@rocket.chat/sdk DDP driver against the fake', () => {
  const fake = createFakeServer({ scenario: WORLD, clock: 'now' });
  let host: string;
  beforeAll(async () => {
    host = (await fake.start(0)).replace('http://', '');
  });
  afterAll(() => fake.stop());
  // a driver left connected after a failed expectation would keep the run alive: each test disconnects in finally

  it('connects, logs in with its digest, follows a room, receives a message posted over REST, sends one', async () => {
    const driver = new DDPDriver({ host, logger: silent as never, config: { timeout: 20_000 } as never });
    await driver.connect();
    try {
      const login = (await driver.login(
        { username: 'bob', password: 'bob-pw' } as never,
        undefined,
      )) as unknown as {
        id: string;
      };
      expect(login.id).toBe('bobUserId00000001');
      await driver.subscribeRoom('GENERAL');
      const received = new Promise<{ msg: string; u: { username: string } }>((resolve) =>
        driver.onMessage((message: unknown) => resolve(message as { msg: string; u: { username: string } })),
      );
      const posted = await fetch(`http://${host}/api/v1/chat.postMessage`, {
        method: 'POST',
        headers: { ...AS.alice, 'Content-Type': 'application/json' },
        body: JSON.stringify({ roomId: 'GENERAL', text: 'hello bot' }),
      });
      expect(posted.status).toBe(200);
      const message = await received;
      expect(message).toMatchObject({ msg: 'hello bot', u: { username: 'alice' } });
      // the clock follows the wall clock: the message is of now, as the driver's clock sees it
      const sent = (await driver.methodCall('sendMessage', { rid: 'GENERAL', msg: 'hello alice' })) as {
        msg: string;
      };
      expect(sent.msg).toBe('hello alice');
      const history = await fetch(`http://${host}/api/v1/channels.history?roomId=GENERAL&count=1`, {
        headers: AS.alice,
      });
      expect(((await history.json()) as { messages: { msg: string }[] }).messages[0]?.msg).toBe(
        'hello alice',
      );
    } finally {
      await driver.disconnect();
    }
  });

  it('logs in over REST, resumes the token over DDP, and receives an incoming webhook’s message', async () => {
    const rest = await fetch(`http://${host}/api/v1/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ user: 'bob', password: 'bob-pw' }),
    });
    const { data } = (await rest.json()) as { data: { authToken: string; userId: string } };
    const driver = new DDPDriver({ host, logger: silent as never, config: { timeout: 20_000 } as never });
    await driver.connect();
    const resumed = (await driver.login(
      { token: data.authToken, id: data.userId } as never,
      undefined,
    )) as unknown as {
      id: string;
      type: string;
    };
    expect(resumed).toMatchObject({ id: 'bobUserId00000001', type: 'resume' });
    await driver.subscribeRoom('GENERAL');
    // the webhook's user joins #general first (its `uj` message), then posts
    const received = new Promise<{ msg: string; bot?: unknown }>((resolve) =>
      driver.onMessage((message: unknown) => {
        if ((message as { t?: string }).t === undefined) resolve(message as { msg: string; bot?: unknown });
      }),
    );
    fake.addIntegration({
      _id: 'sdkHook0000000001',
      type: 'webhook-incoming',
      name: 'ci',
      channel: ['#general'],
      username: 'robot',
      token: 'sdk-token',
    });
    const hook = await fetch(`http://${host}/hooks/sdkHook0000000001/sdk-token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ text: 'deployed' }),
    });
    expect(hook.status).toBe(200);
    try {
      expect(await received).toMatchObject({ msg: 'deployed', bot: { i: 'sdkHook0000000001' } });
    } finally {
      await driver.disconnect();
    }
  });
});
