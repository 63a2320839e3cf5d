import request from 'supertest';

import { expectRefused, makeFake, postAs, roomOf } from './support/fake';
import { NOT_ALLOWED, NOT_LOGGED_IN, ROOM_NOT_FOUND, RO_SAME } from '../src/verify/expected';

const PATH = '/api/v1/channels.setReadOnly';

describe('POST /api/v1/channels.setReadOnly', () => {
  it('sets ro, refreshes _updatedAt from the fake clock, counts the system message', async () => {
    const fake = makeFake();
    const before = roomOf(fake, 'random');
    expect(before).toMatchObject({ ro: false, msgs: 5, _updatedAt: '2026-01-01T00:00:00.000Z' });

    const res = await postAs(fake.app, 'admin', PATH, { roomId: 'randomRoomId00001', readOnly: true });

    expect(res.status).toBe(200);
    expect(res.body).toMatchShape('channels.setReadOnly');
    expect(res.body.channel).toMatchObject({
      _id: 'randomRoomId00001',
      name: 'random',
      ro: true,
      msgs: 6,
      _updatedAt: '2026-01-01T00:00:01.000Z',
      joinCodeRequired: false,
      muted: [],
    });
    const after = roomOf(fake, 'random');
    expect(after).toEqual({ ...before, ro: true, msgs: 6, _updatedAt: '2026-01-01T00:00:01.000Z' });
    expect(fake.state().clock).toBe('2026-01-01T00:00:01.000Z');
  });

  it('takes roomName, form bodies, and (8.6 on: the validator coerces) the strings "true"/"false"', async () => {
    const fake = makeFake({ profile: '8.9' });
    const res = await request(fake.app)
      .post(PATH)
      .set({ 'X-Auth-Token': 'admin-token', 'X-User-Id': 'adminUserId000001' })
      .type('form')
      .send({ roomName: 'news', readOnly: 'false' });
    expect(res.status).toBe(200);
    expect(res.body.channel.ro).toBe(false);
    expect(roomOf(fake, 'news').ro).toBe(false);
  });

  it('a room with no ro field is not "the same" as false', async () => {
    const fake = makeFake();
    expect('ro' in roomOf(fake, 'general')).toBe(false);
    const res = await postAs(fake.app, 'admin', PATH, { roomName: 'general', readOnly: false });
    expect(res.status).toBe(200);
    expect(res.body.channel.ro).toBe(false);
  });

  it('two changes advance the clock one second each', async () => {
    const fake = makeFake();
    await postAs(fake.app, 'admin', PATH, { roomName: 'random', readOnly: true }).expect(200);
    const res = await postAs(fake.app, 'admin', PATH, { roomName: 'random', readOnly: false }).expect(200);
    expect(res.body.channel).toMatchObject({ ro: false, msgs: 7, _updatedAt: '2026-01-01T00:00:02.000Z' });
  });

  it('never returns joinCode, but says joinCodeRequired', async () => {
    const fake = makeFake();
    const res = await postAs(fake.app, 'bob', PATH, { roomName: 'club', readOnly: true });
    expect(res.status).toBe(200);
    expect(res.body.channel.joinCodeRequired).toBe(true);
    expect(res.body.channel).not.toHaveProperty('joinCode');
    expect(roomOf(fake, 'club').joinCode).toBe('xyzzy');
  });

  it('7.x: a form body\'s "false" is a string, and the validator refuses it', async () => {
    const fake = makeFake({ profile: '7.10' });
    const res = await request(fake.app)
      .post(PATH)
      .set({ 'X-Auth-Token': 'admin-token', 'X-User-Id': 'adminUserId000001' })
      .type('form')
      .send({ roomName: 'news', readOnly: 'false' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error:
        "must have required property 'roomId'\n must be boolean\n must match exactly one schema in oneOf [invalid-params]",
      errorType: 'invalid-params',
    });
  });

  it('8.6 on: a form body\'s "false" is coerced, and the room changes', async () => {
    const fake = makeFake();
    const res = await request(fake.app)
      .post(PATH)
      .set({ 'X-Auth-Token': 'admin-token', 'X-User-Id': 'adminUserId000001' })
      .type('form')
      .send({ roomName: 'news', readOnly: 'false' });
    expect(res.status).toBe(200);
    expect(res.body.channel).toMatchObject({ name: 'news', ro: false });
  });

  describe('parameter validation (400 invalid-params), before the room is looked up', () => {
    // the words of the release's own validator (rest-typings' schema, run by ajv): each branch of its
    // oneOf says why it failed, then the oneOf itself; 7.x joins them with "\n " and adds the
    // suffix, 8.8's typed body joins them with "\n" and adds none
    const ROOM_NAME = ["must have required property 'roomName'", 'must match exactly one schema in oneOf'];
    const both: [string, object, string[]][] = [
      ['no room parameter', { readOnly: true }, ["must have required property 'roomId'", ...ROOM_NAME]],
      [
        'no readOnly',
        { roomId: 'randomRoomId00001' },
        ["must have required property 'readOnly'", ...ROOM_NAME],
      ],
      [
        'readOnly a number no rule coerces',
        { roomId: 'randomRoomId00001', readOnly: 2 },
        ['must be boolean', ...ROOM_NAME],
      ],
      ['readOnly "yes"', { roomId: 'randomRoomId00001', readOnly: 'yes' }, ['must be boolean', ...ROOM_NAME]],
      [
        'an unknown room: still a parameter error',
        { readOnly: 'maybe', roomId: 'nope' },
        ['must be boolean', ...ROOM_NAME],
      ],
      [
        'an extra property',
        { roomId: 'randomRoomId00001', readOnly: true, x: 1 },
        ['must NOT have additional properties', ...ROOM_NAME],
      ],
      [
        'roomId and roomName',
        { roomId: 'a', roomName: 'b', readOnly: true },
        [
          'must NOT have additional properties',
          'must NOT have additional properties',
          'must match exactly one schema in oneOf',
        ],
      ],
    ];
    // 7.x compiles the schema without coercion: these are refused too (8.6 on coerce them, below)
    const uncoerced: [string, object, string[]][] = [
      ['readOnly 1', { roomId: 'randomRoomId00001', readOnly: 1 }, ['must be boolean', ...ROOM_NAME]],
      ['readOnly null', { roomId: 'randomRoomId00001', readOnly: null }, ['must be boolean', ...ROOM_NAME]],
      [
        'readOnly "true"',
        { roomId: 'randomRoomId00001', readOnly: 'true' },
        ['must be boolean', ...ROOM_NAME],
      ],
      ['roomId a number', { roomId: 42, readOnly: true }, ['must be string', ...ROOM_NAME]],
    ];
    const expected = {
      '7.10': (words: string[]) => ({
        success: false,
        error: `${words.join('\n ')} [invalid-params]`,
        errorType: 'invalid-params',
      }),
      '8.9': (words: string[]) => ({ success: false, errorType: 'invalid-params', error: words.join('\n') }),
    } as const;
    const cases = [
      ...both.flatMap(([name, body, words]) =>
        (['7.10', '8.9'] as const).map((profile) => [`${profile}: ${name}`, profile, body, words] as const),
      ),
      ...uncoerced.map(([name, body, words]) => [`7.10: ${name}`, '7.10' as const, body, words] as const),
    ];
    it.each(cases)('%s', async (_name, profile, body, words) => {
      const fake = makeFake({ profile });
      const before = fake.state();
      const res = await postAs(fake.app, 'admin', PATH, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual(expected[profile](words));
      expect(fake.state()).toEqual(before);
    });

    it('8.6 on, coerced values reach the route: readOnly null is false (the same value), roomId 42 is "42" (no room)', async () => {
      const fake = makeFake();
      const before = fake.state();
      const same = await postAs(fake.app, 'admin', PATH, { roomId: 'randomRoomId00001', readOnly: null });
      expect([same.status, same.body]).toEqual([
        400,
        {
          success: false,
          error: 'The channel read only setting is the same as what it would be changed to.',
        },
      ]);
      const none = await postAs(fake.app, 'admin', PATH, { roomId: 42, readOnly: true });
      expect([none.status, none.body]).toEqual([400, ROOM_NOT_FOUND]);
      expect(fake.state()).toEqual(before);
    });
  });

  describe('rejections, in the real server order, each leaving the state as it was', () => {
    const cases: [string, 'admin' | 'bob' | 'alice', object, object][] = [
      ['unknown roomId', 'admin', { roomId: 'nope', readOnly: true }, ROOM_NOT_FOUND],
      ['unknown roomName', 'admin', { roomName: 'nope', readOnly: true }, ROOM_NOT_FOUND],
      ['empty roomId', 'admin', { roomId: '', readOnly: true }, ROOM_NOT_FOUND],
      ['a private room is not a channel', 'admin', { roomName: 'secret', readOnly: true }, ROOM_NOT_FOUND],
      [
        'archived',
        'admin',
        { roomName: 'attic', readOnly: true },
        {
          success: false,
          error: 'The channel, attic, is archived [error-room-archived]',
          errorType: 'error-room-archived',
        },
      ],
      [
        'the same value (checked before the permission)',
        'bob',
        { roomName: 'news', readOnly: true },
        RO_SAME,
      ],
      ['no edit-room: 400, not 403', 'bob', { roomName: 'random', readOnly: true }, NOT_ALLOWED],
      ['another user\u2019s channel', 'alice', { roomName: 'news', readOnly: false }, NOT_ALLOWED],
    ];
    it.each(cases)('%s', async (_name, who, body, expected) => {
      await expectRefused(makeFake(), who, PATH, body, 400, expected);
    });
  });

  it('the room creator (owner) may edit it without a global role', async () => {
    const fake = makeFake();
    const res = await postAs(fake.app, 'alice', PATH, { roomName: 'random', readOnly: true });
    expect(res.status).toBe(200);
    expect(res.body.channel.ro).toBe(true);
  });

  it('a scenario can grant edit-room to plain users', async () => {
    const { WORLD } = await import('./support/fake');
    const fake = makeFake({ scenario: { ...WORLD, permissions: { 'edit-room': ['admin', 'user'] } } });
    const res = await postAs(fake.app, 'bob', PATH, { roomName: 'random', readOnly: true });
    expect(res.status).toBe(200);
  });

  it('401 before anything else, even with a malformed body', async () => {
    const fake = makeFake();
    const res = await request(fake.app).post(PATH).set('Content-Type', 'application/json').send('{"roomId":');
    expect(res.status).toBe(401);
    expect(res.body).toEqual(NOT_LOGGED_IN);
  });

  describe('lenient mode', () => {
    it('setting the same value succeeds and refreshes _updatedAt', async () => {
      const fake = makeFake({ lenient: true });
      const res = await postAs(fake.app, 'admin', PATH, { roomName: 'news', readOnly: true });
      expect(res.status).toBe(200);
      expect(res.body.channel).toMatchObject({ ro: true, _updatedAt: '2026-01-01T00:00:01.000Z' });
    });

    it('finds private rooms', async () => {
      const fake = makeFake({ lenient: true });
      const res = await postAs(fake.app, 'alice', PATH, { roomName: 'secret', readOnly: true });
      expect(res.status).toBe(200);
      expect(res.body.channel).toMatchObject({ t: 'p', ro: true });
    });

    it('still refuses archived rooms and missing permissions', async () => {
      const fake = makeFake({ lenient: true });
      expect(
        (await postAs(fake.app, 'admin', PATH, { roomName: 'attic', readOnly: true })).body.errorType,
      ).toBe('error-room-archived');
      expect(
        (await postAs(fake.app, 'bob', PATH, { roomName: 'random', readOnly: true })).body.errorType,
      ).toBe('error-action-not-allowed');
    });
  });
});
