import request from 'supertest';

import { AS, getAs, makeFake, postAs } from './support/fake';

const INFO = '/api/v1/channels.info';
const NOT_FOUND = {
  success: false,
  error:
    'The required "roomId" or "roomName" param provided does not match any channel [error-room-not-found]',
  errorType: 'error-room-not-found',
};

describe('GET /api/v1/channels.info', () => {
  it('answers one public channel by roomName or roomId as {channel, success}, and changes nothing', async () => {
    const fake = makeFake();
    const before = fake.state();
    const byName = await getAs(fake.app, 'alice', `${INFO}?roomName=random`);
    expect(byName.status).toBe(200);
    expect(byName.body).toMatchShape('channels.info');
    expect(byName.body.channel).toMatchObject({
      _id: 'randomRoomId00001',
      name: 'random',
      t: 'c',
      ro: false,
      msgs: 5,
    });
    const byId = await getAs(fake.app, 'alice', `${INFO}?roomId=randomRoomId00001`);
    expect(byId.status).toBe(200);
    expect(byId.text).toBe(byName.text);
    expect(fake.state()).toEqual(before);
    expect(fake.requests({ path: INFO })).toMatchObject([
      { method: 'GET', status: 200, user: 'alice', query: { roomName: 'random' } },
      { method: 'GET', status: 200, user: 'alice', query: { roomId: 'randomRoomId00001' } },
    ]);
  });

  it('is the room as the change routes answer it: without joinCode, with joinCodeRequired and muted', async () => {
    const fake = makeFake({ lenient: true });
    const info = await getAs(fake.app, 'bob', `${INFO}?roomName=club`);
    expect(info.status).toBe(200);
    expect(info.body.channel).not.toHaveProperty('joinCode');
    const changed = await postAs(fake.app, 'admin', '/api/v1/channels.setReadOnly', {
      roomName: 'club',
      readOnly: false,
    });
    // the lenient change leaves the room's fields as they were but for the clock and the message count
    const { _updatedAt: a, msgs: m1, ...infoRest } = info.body.channel as Record<string, unknown>;
    const { _updatedAt: b, msgs: m2, ...changedRest } = changed.body.channel as Record<string, unknown>;
    expect([typeof a, typeof b, typeof m1, typeof m2]).toEqual(['string', 'string', 'number', 'number']);
    expect(infoRest).toEqual(changedRest);
  });

  it('answers an archived channel too (the route does not check archiving)', async () => {
    const res = await getAs(makeFake().app, 'alice', `${INFO}?roomName=attic`);
    expect(res.status).toBe(200);
    expect(res.body.channel).toMatchObject({ name: 'attic', archived: true });
  });

  it.each([
    ['an unknown name', '?roomName=nowhere'],
    ['an unknown id', '?roomId=nope'],
    ['a private group', '?roomName=secret'],
  ])('refuses %s with the 400 error-room-not-found', async (_label, query) => {
    const res = await getAs(makeFake().app, 'alice', `${INFO}${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(NOT_FOUND);
  });

  it('8.8 on, the typed query refuses a request naming no room', async () => {
    const res = await getAs(makeFake().app, 'alice', INFO);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      errorType: 'error-invalid-params',
      error:
        "must have required property 'roomId'\nmust have required property 'roomName'\nmust match a schema in anyOf",
    });
  });

  it('7.x refuses a request naming no room as the other channels routes do', async () => {
    const res = await getAs(makeFake({ profile: '7.10' }).app, 'alice', INFO);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error: 'The parameter "roomId" or "roomName" is required [error-roomid-param-not-provided]',
      errorType: 'error-roomid-param-not-provided',
    });
  });

  it('refuses a caller who may not see the room: without view-c-room and not a member, a bare 403', async () => {
    const fake = makeFake();
    const res = await getAs(fake.app, 'gina', `${INFO}?roomName=random`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ success: false, error: 'unauthorized' });
    // a member may
    fake.addChannel({ name: 'lounge', usernames: ['gina'] });
    const member = await getAs(fake.app, 'gina', `${INFO}?roomName=lounge`);
    expect(member.status).toBe(200);
    expect(member.body.channel).toMatchObject({ name: 'lounge', usernames: ['gina'] });
  });

  it('says "unauthorized" in 8 too (API.v1.forbidden() says "forbidden" only from 9.0), and did not check access before 7', async () => {
    const eight = await getAs(makeFake({ profile: '8' }).app, 'gina', `${INFO}?roomName=random`);
    expect(eight.status).toBe(403);
    expect(eight.body).toEqual({ success: false, error: 'unauthorized' });
    const six = await getAs(makeFake({ profile: '6' }).app, 'gina', `${INFO}?roomName=random`);
    expect(six.status).toBe(200);
  });

  it('wants a login (401) and a GET (404 from 7.6: no route answers a POST)', async () => {
    const fake = makeFake();
    const anonymous = await request(fake.app).get(`${INFO}?roomName=random`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({
      success: false,
      status: 'error',
      message: 'You must be logged in to do this.',
      error: 'You must be logged in to do this.',
    });
    const post = await request(fake.app).post(INFO).set(AS.alice).send({ roomName: 'random' });
    expect(post.status).toBe(404);
    expect(post.body).toEqual({ success: false, error: 'Resource not found' });
  });
});
