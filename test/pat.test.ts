/**
 * Personal access tokens: a scenario's user may have named tokens, which authenticate as
 * `X-Auth-Token` with the user's `X-User-Id` without a login, survive a reset, and end at logout.
 */
import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { ScenarioInput } from '../src/scenario/schema';
import { WORLD } from './support/fake';

const BOT_ID = 'ciBotUserId000001';
const scenario: ScenarioInput = {
  ...WORLD,
  users: [
    ...(WORLD.users ?? []),
    {
      _id: BOT_ID,
      username: 'ci-bot',
      password: 'bot-pw',
      roles: ['bot'],
      personalAccessTokens: [
        { name: 'ci', token: 'pat-ci-0123456789' },
        { name: 'deploy', token: 'pat-deploy-0123456789' },
      ],
    },
  ],
};
const AS_BOT = { 'X-Auth-Token': 'pat-ci-0123456789', 'X-User-Id': BOT_ID };

describe('personal access tokens', () => {
  it('authenticate without a login, as the user they belong to, and never go out on the wire', async () => {
    const fake = createFakeServer({ scenario });
    const me = await request(fake.app).get('/api/v1/me').set(AS_BOT);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ _id: BOT_ID, username: 'ci-bot', success: true });
    expect(me.text).not.toContain('pat-');
    expect(me.text).not.toContain('personalAccessTokens');
    const list = await request(fake.app).get('/api/v1/channels.list?count=1').set(AS_BOT);
    expect(list.status).toBe(200);
    const login = await request(fake.app)
      .post('/api/v1/login')
      .send({ username: 'ci-bot', password: 'bot-pw' });
    expect(login.text).not.toContain('personalAccessTokens');
  });

  it.each([
    ['another user id', { 'X-Auth-Token': 'pat-ci-0123456789', 'X-User-Id': 'adminUserId000001' }],
    ['no user id', { 'X-Auth-Token': 'pat-ci-0123456789' }],
    ['a token of no one', { 'X-Auth-Token': 'pat-nobody', 'X-User-Id': BOT_ID }],
  ])('with %s are the 401 of any bad token', async (_name, headers) => {
    const fake = createFakeServer({ scenario });
    const res = await request(fake.app).get('/api/v1/me').set(headers);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      success: false,
      error: 'You must be logged in to do this.',
      status: 'error',
      message: 'You must be logged in to do this.',
    });
  });

  it('survive a reset; a login token does not; a logout ends one until the reset', async () => {
    const fake = createFakeServer({ scenario });
    const login = await request(fake.app)
      .post('/api/v1/login')
      .send({ username: 'ci-bot', password: 'bot-pw' });
    const asLogin = { 'X-Auth-Token': login.body.data.authToken, 'X-User-Id': BOT_ID };
    await fake.reset();
    expect((await request(fake.app).get('/api/v1/me').set(asLogin)).status).toBe(401);
    expect((await request(fake.app).get('/api/v1/me').set(AS_BOT)).status).toBe(200);
    expect((await request(fake.app).post('/api/v1/logout').set(AS_BOT)).status).toBe(200);
    expect((await request(fake.app).get('/api/v1/me').set(AS_BOT)).status).toBe(401);
    // the other token is untouched, and the state shows only the live ones
    const deploy = { 'X-Auth-Token': 'pat-deploy-0123456789', 'X-User-Id': BOT_ID };
    expect((await request(fake.app).get('/api/v1/me').set(deploy)).status).toBe(200);
    const bot = fake.state().users.find((u) => u._id === BOT_ID);
    expect(bot?.personalAccessTokens).toEqual([{ name: 'deploy', token: 'pat-deploy-0123456789' }]);
    expect(fake.state().tokens.map((t) => t.authToken)).not.toContain('pat-deploy-0123456789');
    await fake.reset();
    expect((await request(fake.app).get('/api/v1/me').set(AS_BOT)).status).toBe(200);
  });

  it('load back from the state as they were', async () => {
    const fake = createFakeServer({ scenario });
    const again = createFakeServer({ scenario: fake.state() });
    expect(again.state()).toEqual(fake.state());
    expect((await request(again.app).get('/api/v1/me').set(AS_BOT)).status).toBe(200);
  });

  it.each<[string, ScenarioInput, string[]]>([
    [
      'a token twice',
      {
        users: [
          {
            username: 'a',
            password: 'x',
            personalAccessTokens: [
              { name: 'one', token: 't' },
              { name: 'two', token: 't' },
            ],
          },
        ],
      },
      ['$.users[0].personalAccessTokens[1].token: duplicate token'],
    ],
    [
      'a name twice',
      {
        users: [
          {
            username: 'a',
            password: 'x',
            personalAccessTokens: [
              { name: 'ci', token: 't1' },
              { name: 'ci', token: 't2' },
            ],
          },
        ],
      },
      ['$.users[0].personalAccessTokens[1].name: a token named "ci" already exists'],
    ],
    [
      "another's token",
      {
        users: [{ username: 'a', password: 'x', personalAccessTokens: [{ name: 'ci', token: 't' }] }],
        tokens: [{ username: 'a', authToken: 't' }],
      },
      ['$.tokens[0].authToken: duplicate authToken'],
    ],
    [
      'an empty token',
      { users: [{ username: 'a', password: 'x', personalAccessTokens: [{ name: 'ci', token: '' }] }] },
      ['$.users[0].personalAccessTokens[0].token'],
    ],
  ])('a scenario with %s is refused whole, naming the path', (_name, bad, problems) => {
    expect(() => createFakeServer({ scenario: bad })).toThrow(
      expect.objectContaining({ message: expect.stringContaining(problems[0] ?? '') }),
    );
  });
});
