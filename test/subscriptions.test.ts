import request from 'supertest';

import { getAs, makeFake, postAs } from './support/fake';

/** subscriptions.get / getOne / read and rooms.get: who is in which room, and what waits for them. */

const POST = '/api/v1/chat.postMessage';
const ONE = '/api/v1/subscriptions.getOne';

describe('GET /api/v1/subscriptions.get', () => {
  it('one per room the caller is in, derived from the members; the creator owns and has read it', async () => {
    const fake = makeFake();
    const res = await getAs(fake.app, 'bob', '/api/v1/subscriptions.get');
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).toBe(
      JSON.stringify({
        update: [
          {
            _id: '6955b9003a4cfc90a1d6c05d',
            open: true,
            alert: false,
            unread: 0,
            userMentions: 0,
            groupMentions: 0,
            ts: '2026-01-01T00:00:00.000Z',
            rid: 'GENERAL',
            name: 'general',
            t: 'c',
            u: { _id: 'bobUserId00000001', username: 'bob', name: 'bob' },
            _updatedAt: '2026-01-01T00:00:00.000Z',
          },
          {
            _id: '6955b9003a4cfc90a1196b0c',
            open: true,
            alert: false,
            unread: 0,
            userMentions: 0,
            groupMentions: 0,
            ts: '2026-01-01T00:00:00.000Z',
            rid: 'clubRoomId0000001',
            name: 'club',
            t: 'c',
            u: { _id: 'bobUserId00000001', username: 'bob', name: 'bob' },
            ls: '2026-01-01T00:00:00.000Z',
            roles: ['owner'],
            _updatedAt: '2026-01-01T00:00:00.000Z',
          },
        ],
        remove: [],
        success: true,
      }),
    );
  });

  it('updatedSince: only those changed after it; a date that does not parse is refused', async () => {
    const fake = makeFake();
    const since = fake.clock.now();
    expect((await getAs(fake.app, 'bob', `/api/v1/subscriptions.get?updatedSince=${since}`)).body).toEqual({
      update: [],
      remove: [],
      success: true,
    });
    await postAs(fake.app, 'alice', POST, { roomId: 'GENERAL', text: 'hello' });
    const changed = await getAs(fake.app, 'bob', `/api/v1/subscriptions.get?updatedSince=${since}`);
    expect(changed.body.update.map((s: { rid: string }) => s.rid)).toEqual(['GENERAL']);
    const bad = await getAs(fake.app, 'bob', '/api/v1/subscriptions.get?updatedSince=yesterday');
    expect([bad.status, bad.body]).toEqual([
      400,
      {
        success: false,
        error: 'The "lastUpdate" query parameter must be a valid date. [error-roomId-param-invalid]',
        errorType: 'error-roomId-param-invalid',
      },
    ]);
    const unknown = await getAs(fake.app, 'bob', '/api/v1/subscriptions.get?since=1');
    expect(unknown.body).toEqual({
      success: false,
      error: 'must NOT have additional properties [invalid-params]',
      errorType: 'invalid-params',
    });
  });
});

describe('what a message does to the members’ subscriptions', () => {
  it('a plain message: the others alerted, not unread (mentions only, the default); the poster’s read', async () => {
    const fake = makeFake();
    const posted = await postAs(fake.app, 'alice', POST, { roomId: 'GENERAL', text: 'plain' });
    const bob = (await getAs(fake.app, 'bob', `${ONE}?roomId=GENERAL`)).body.subscription;
    expect(bob).toMatchObject({ open: true, alert: true, unread: 0, userMentions: 0, groupMentions: 0 });
    expect(bob._updatedAt).toBe(posted.body.message.ts);
    const alice = (await getAs(fake.app, 'alice', `${ONE}?roomId=GENERAL`)).body.subscription;
    expect(alice).toMatchObject({ alert: false, unread: 0, ls: posted.body.message.ts });
  });

  it('@bob: bob’s unread and userMentions go up, no one else’s; @all: everyone’s but the poster’s', async () => {
    const fake = makeFake();
    await postAs(fake.app, 'alice', POST, { roomId: 'GENERAL', text: 'hey @bob' });
    expect((await getAs(fake.app, 'bob', `${ONE}?roomId=GENERAL`)).body.subscription).toMatchObject({
      unread: 1,
      userMentions: 1,
      groupMentions: 0,
    });
    expect((await getAs(fake.app, 'admin', `${ONE}?roomId=GENERAL`)).body.subscription).toMatchObject({
      alert: true,
      unread: 0,
    });
    await postAs(fake.app, 'alice', POST, { roomId: 'GENERAL', text: '@all standup' });
    expect((await getAs(fake.app, 'bob', `${ONE}?roomId=GENERAL`)).body.subscription).toMatchObject({
      unread: 2,
      userMentions: 1,
      groupMentions: 1,
    });
    expect((await getAs(fake.app, 'alice', `${ONE}?roomId=GENERAL`)).body.subscription).toMatchObject({
      unread: 0,
      groupMentions: 0,
    });
  });

  it('a poster joining a public channel gets a subscription (then reads it by posting)', async () => {
    const fake = makeFake();
    expect((await getAs(fake.app, 'robot', `${ONE}?roomId=randomRoomId00001`)).body).toEqual({
      subscription: null,
      success: true,
    });
    const posted = await postAs(fake.app, 'robot', POST, { channel: '#random', text: 'beep' });
    const sub = (await getAs(fake.app, 'robot', `${ONE}?roomId=randomRoomId00001`)).body.subscription;
    expect(sub).toMatchObject({ rid: 'randomRoomId00001', name: 'random', open: true, unread: 0 });
    expect(sub.ls).toBe(posted.body.message.ts);
    expect(sub.ts < posted.body.message.ts).toBe(true);
  });

  it('a reset forgets every change', async () => {
    const fake = makeFake();
    const before = (await getAs(fake.app, 'bob', '/api/v1/subscriptions.get')).body;
    await postAs(fake.app, 'alice', POST, { roomId: 'GENERAL', text: '@bob hi' });
    await request(fake.app).post('/__admin/reset');
    expect((await getAs(fake.app, 'bob', '/api/v1/subscriptions.get')).body).toEqual(before);
  });
});

describe('GET /api/v1/subscriptions.getOne', () => {
  it('null for a room the caller is not in or that does not exist; an empty or missing roomId is refused', async () => {
    const fake = makeFake();
    expect((await getAs(fake.app, 'bob', `${ONE}?roomId=privateRoomId0001`)).body).toEqual({
      subscription: null,
      success: true,
    });
    expect((await getAs(fake.app, 'bob', `${ONE}?roomId=nowhere`)).body.subscription).toBeNull();
    const empty = await getAs(fake.app, 'bob', `${ONE}?roomId=`);
    expect([empty.status, empty.body]).toEqual([
      400,
      { success: false, error: "The 'roomId' param is required" },
    ]);
    const missing = await getAs(fake.app, 'bob', ONE);
    expect(missing.body).toEqual({
      success: false,
      error: "must have required property 'roomId' [invalid-params]",
      errorType: 'invalid-params',
    });
  });
});

describe('POST /api/v1/subscriptions.read', () => {
  it('clears unread, mentions and the alert, moves ls; {"success": true}', async () => {
    const fake = makeFake();
    await postAs(fake.app, 'alice', POST, { roomId: 'GENERAL', text: '@bob look' });
    const res = await postAs(fake.app, 'bob', '/api/v1/subscriptions.read', { rid: 'GENERAL' });
    expect([res.status, res.body]).toEqual([200, { success: true }]);
    const sub = (await getAs(fake.app, 'bob', `${ONE}?roomId=GENERAL`)).body.subscription;
    expect(sub).toMatchObject({ open: true, alert: false, unread: 0, userMentions: 0, ls: fake.clock.now() });
    // roomId is accepted as well
    const byRoomId = await postAs(fake.app, 'bob', '/api/v1/subscriptions.read', { roomId: 'GENERAL' });
    expect(byRoomId.body).toEqual({ success: true });
  });

  it('a room the caller is not in, or none: error-invalid-subscription; no room named: the validator', async () => {
    const fake = makeFake();
    const before = fake.state();
    for (const rid of ['privateRoomId0001', 'nowhere']) {
      const res = await postAs(fake.app, 'bob', '/api/v1/subscriptions.read', { rid });
      expect([res.status, res.body]).toEqual([400, { success: false, error: 'error-invalid-subscription' }]);
    }
    const none = await postAs(fake.app, 'bob', '/api/v1/subscriptions.read', {});
    expect(none.body).toEqual({
      success: false,
      error:
        "must have required property 'rid'\n must have required property 'roomId'\n must match a schema in anyOf [invalid-params]",
      errorType: 'invalid-params',
    });
    expect(fake.state()).toEqual(before);
  });
});

describe('GET /api/v1/channels.info after messages', () => {
  it('shows the room as posting left it: msgs, lm, lastMessage', async () => {
    const fake = makeFake();
    const before = (await getAs(fake.app, 'bob', '/api/v1/channels.info?roomId=GENERAL')).body.channel;
    const posted = await postAs(fake.app, 'alice', POST, { roomId: 'GENERAL', text: 'news' });
    const after = (await getAs(fake.app, 'bob', '/api/v1/channels.info?roomId=GENERAL')).body.channel;
    expect(after.msgs).toBe(before.msgs + 1);
    expect(after.lm).toBe(posted.body.message.ts);
    expect(after.lastMessage).toMatchObject({
      _id: posted.body.message._id,
      msg: 'news',
      u: { username: 'alice' },
    });
    expect(after._updatedAt).toBe(posted.body.message.ts);
  });
});

describe('GET /api/v1/rooms.get', () => {
  it('the rooms the caller is in; with updatedSince those changed after it', async () => {
    const fake = makeFake();
    const all = await getAs(fake.app, 'bob', '/api/v1/rooms.get');
    expect(all.body.update.map((r: { _id: string }) => r._id)).toEqual(['GENERAL', 'clubRoomId0000001']);
    expect(all.body.remove).toEqual([]);
    // a room's join code is never sent
    expect(JSON.stringify(all.body)).not.toContain('xyzzy');
    const since = fake.clock.now();
    await postAs(fake.app, 'alice', POST, { roomId: 'GENERAL', text: 'news' });
    const changed = await getAs(fake.app, 'bob', `/api/v1/rooms.get?updatedSince=${since}`);
    expect(changed.body.update.map((r: { _id: string; msgs: number }) => [r._id, r.msgs])).toEqual([
      ['GENERAL', 1],
    ]);
    const bad = await getAs(fake.app, 'bob', '/api/v1/rooms.get?updatedSince=nope');
    expect([bad.status, bad.body]).toEqual([
      400,
      {
        success: false,
        error: 'The "updatedSince" query parameter must be a valid date. [error-updatedSince-param-invalid]',
        errorType: 'error-updatedSince-param-invalid',
      },
    ]);
  });
});
