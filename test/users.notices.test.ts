/**
 * The user notices on `stream-notify-logged`: `Users:NameChanged` `[{_id, name, username}]` when a
 * user's name or username changes (users.update, users.updateOwnBasicInfo), `Users:Deleted`
 * `[{userId}]` when a user is deleted; raw frames, to every logged-in follower, none for other edits.
 */
import request from 'supertest';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import { Ddp } from './support/ddp';
import { AS, WORLD } from './support/fake';

describe('Users:NameChanged and Users:Deleted', () => {
  let fake: FakeServer | undefined;
  const sockets: Ddp[] = [];
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
    await fake?.stop();
    fake = undefined;
  });
  async function follower(server: FakeServer, key: string): Promise<Ddp> {
    const ddp = new Ddp(`${server.url.replace('http', 'ws')}/websocket`);
    sockets.push(ddp);
    await ddp.connect();
    await ddp.call('login', { resume: 'bob-token' });
    expect((await ddp.sub('stream-notify-logged', key, false)).msg).toBe('ready');
    return ddp;
  }
  const noticesOf = (ddp: Ddp, key: string): Record<string, unknown>[] =>
    ddp.frames.filter(
      (f) =>
        f.msg === 'changed' &&
        f.collection === 'stream-notify-logged' &&
        (f.fields as { eventName: string }).eventName === key,
    );

  it('a new name or username sends Users:NameChanged as a raw frame; other edits send none', async () => {
    fake = createFakeServer({ scenario: WORLD, profile: '8.9' });
    await fake.start();
    const bob = await follower(fake, 'Users:NameChanged');
    // an edit of neither name nor username: no notice
    const quiet = await request(fake.app)
      .post('/api/v1/users.update')
      .set(AS.admin)
      .send({ userId: 'aliceUserId000001', data: { statusText: 'away for lunch' } });
    expect(quiet.status).toBe(200);
    const renamed = await request(fake.app)
      .post('/api/v1/users.update')
      .set(AS.admin)
      .send({ userId: 'aliceUserId000001', data: { username: 'alicia', name: 'Alicia' } });
    expect(renamed.status).toBe(200);
    const frame = await bob.next(
      (f) => noticesOf(bob, 'Users:NameChanged').length === 1 && f.msg === 'changed',
    );
    expect(frame).toEqual({
      msg: 'changed',
      collection: 'stream-notify-logged',
      id: 'id',
      fields: {
        eventName: 'Users:NameChanged',
        args: [{ _id: 'aliceUserId000001', name: 'Alicia', username: 'alicia' }],
      },
    });
    // the user's own new name through users.updateOwnBasicInfo
    const own = await request(fake.app)
      .post('/api/v1/users.updateOwnBasicInfo')
      .set(AS.bob)
      .send({ data: { name: 'Robert' } });
    expect(own.status).toBe(200);
    await bob.next(() => noticesOf(bob, 'Users:NameChanged').length === 2);
    expect(noticesOf(bob, 'Users:NameChanged').map((f) => (f.fields as { args: unknown }).args)).toEqual([
      [{ _id: 'aliceUserId000001', name: 'Alicia', username: 'alicia' }],
      [{ _id: 'bobUserId00000001', name: 'Robert', username: 'bob' }],
    ]);
  });

  it('users.delete sends Users:Deleted [{userId}] to the logged-in followers', async () => {
    fake = createFakeServer({ scenario: WORLD, profile: '7.10' });
    await fake.start();
    const bob = await follower(fake, 'Users:Deleted');
    const before = fake.state().users?.map((u) => u.username);
    expect(before).toContain('gina');
    const gina = fake.state().users?.find((u) => u.username === 'gina');
    const res = await request(fake.app)
      .post('/api/v1/users.delete')
      .set(AS.admin)
      .send({ username: 'gina', confirmRelinquish: true });
    expect(res.status).toBe(200);
    const frame = await bob.next(() => noticesOf(bob, 'Users:Deleted').length === 1);
    expect(noticesOf(bob, 'Users:Deleted')).toEqual([
      {
        msg: 'changed',
        collection: 'stream-notify-logged',
        id: 'id',
        fields: { eventName: 'Users:Deleted', args: [{ userId: gina?._id }] },
      },
    ]);
    expect(frame).toBeDefined();
    expect(fake.state().users?.map((u) => u.username)).not.toContain('gina');
  });
});
