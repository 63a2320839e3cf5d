import { WORLD, expectRefused, getAs, makeFake, postAs, roomOf } from './support/fake';
import {
  GROUP_NOT_FOUND,
  GROUP_PARAM_MISSING,
  GROUP_TYPE_SAME,
  NOT_ALLOWED,
  ROOM_NOT_FOUND,
  ROOM_PARAM_MISSING,
  TYPE_REQUIRED,
  TYPE_SAME,
} from '../src/verify/expected';

/** 8.8 on: the typed body's refusal of a body without `type` */
const TYPE_KEY_REQUIRED = {
  success: false,
  errorType: 'invalid-params',
  error: "must have required property 'type'",
};

const PATH = '/api/v1/channels.setType';

describe('POST /api/v1/channels.setType', () => {
  it('makes a channel private: t, _updatedAt, msgs + 1; it leaves channels.list', async () => {
    const fake = makeFake();
    const before = roomOf(fake, 'random');
    const res = await postAs(fake.app, 'admin', PATH, { roomId: 'randomRoomId00001', type: 'p' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchShape('channels.setType');
    expect(res.body.channel).toMatchObject({
      _id: 'randomRoomId00001',
      t: 'p',
      msgs: 6,
      _updatedAt: '2026-01-01T00:00:01.000Z',
    });
    expect(roomOf(fake, 'random')).toEqual({
      ...before,
      t: 'p',
      msgs: 6,
      _updatedAt: '2026-01-01T00:00:01.000Z',
    });
    const list = await getAs(fake.app, 'admin', '/api/v1/channels.list');
    expect(list.body.channels.map((c: { name: string }) => c.name)).not.toContain('random');
  });

  it('a room already p is not found: the real server turns it back with groups.setType', async () => {
    const fake = makeFake();
    await postAs(fake.app, 'admin', PATH, { roomName: 'random', type: 'p' }).expect(200);
    const before = fake.state();
    const back = await postAs(fake.app, 'admin', PATH, { roomName: 'random', type: 'c' });
    expect(back.status).toBe(400);
    expect(back.body).toEqual(ROOM_NOT_FOUND);
    expect(fake.state()).toEqual(before);
  });

  describe('rejections in order, each leaving the state as it was', () => {
    const cases: [string, 'admin' | 'alice' | 'bob' | 'gina', object, object][] = [
      ['no type (8.8 on: the typed body)', 'admin', { roomName: 'random' }, TYPE_KEY_REQUIRED],
      ['an empty type', 'admin', { roomName: 'random', type: '' }, TYPE_REQUIRED],
      ['a blank type', 'admin', { roomName: 'random', type: '   ' }, TYPE_REQUIRED],
      [
        'a numeric type (8.6 on: coerced to "1", an invalid type)',
        'admin',
        { roomName: 'random', type: 1 },
        {
          success: false,
          error: 'error-invalid-room-type [error-invalid-room-type]',
          errorType: 'error-invalid-room-type',
          details: { function: 'RocketChat.saveRoomType', type: '1' },
        },
      ],
      ['type before the room', 'admin', { roomName: 'nope' }, TYPE_KEY_REQUIRED],
      [
        'no room parameter (8.8 on: the typed body)',
        'admin',
        { type: 'p' },
        {
          success: false,
          errorType: 'invalid-params',
          error:
            "must have required property 'roomId'\nmust have required property 'roomName'\nmust match a schema in anyOf",
        },
      ],
      ['an unknown room', 'admin', { roomName: 'nope', type: 'p' }, ROOM_NOT_FOUND],
      ['a private room', 'admin', { roomId: 'privateRoomId0001', type: 'c' }, ROOM_NOT_FOUND],
      [
        'an archived room',
        'admin',
        { roomName: 'attic', type: 'p' },
        {
          success: false,
          error: 'The channel, attic, is archived [error-room-archived]',
          errorType: 'error-room-archived',
        },
      ],
      ['the same type (before the permission)', 'bob', { roomName: 'random', type: 'c' }, TYPE_SAME],
      ['no edit-room', 'bob', { roomName: 'random', type: 'p' }, NOT_ALLOWED],
      [
        'an invalid type (after the permission)',
        'admin',
        { roomName: 'random', type: 'x' },
        {
          success: false,
          error: 'error-invalid-room-type [error-invalid-room-type]',
          errorType: 'error-invalid-room-type',
          details: { function: 'RocketChat.saveRoomType', type: 'x' },
        },
      ],
      ['an invalid type without edit-room', 'bob', { roomName: 'random', type: 'd' }, NOT_ALLOWED],
    ];
    it.each(cases)('%s', async (_name, who, body, expected) => {
      await expectRefused(makeFake(), who, PATH, body, 400, expected);
    });

    const seven: [string, object, object][] = [
      ['no type', { roomName: 'random' }, TYPE_REQUIRED],
      ['a numeric type', { roomName: 'random', type: 1 }, TYPE_REQUIRED],
      ['type before the room', { roomName: 'nope' }, TYPE_REQUIRED],
      ['no room parameter', { type: 'p' }, ROOM_PARAM_MISSING],
    ];
    it.each(seven)("7.10: %s is the route's own 400", async (_name, body, expected) => {
      await expectRefused(makeFake({ profile: '7.10' }), 'admin', PATH, body, 400, expected);
    });
  });

  it('type p needs create-p', async () => {
    const fake = makeFake({ scenario: { ...WORLD, permissions: { 'create-p': ['bot'] } } });
    const before = fake.state();
    const res = await postAs(fake.app, 'alice', PATH, { roomName: 'random', type: 'p' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error: 'Changing a public channel to a private room is not allowed [error-action-not-allowed]',
      errorType: 'error-action-not-allowed',
      details: { method: 'saveRoomSettings', action: 'Change_Room_Type' },
    });
    expect(fake.state()).toEqual(before);
  });

  it('type c needs create-c (lenient, from a private room)', async () => {
    const fake = makeFake({ lenient: true, scenario: { ...WORLD, permissions: { 'create-c': ['admin'] } } });
    const res = await postAs(fake.app, 'alice', PATH, { roomName: 'secret', type: 'c' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error: 'Changing a private group to a public channel is not allowed [error-action-not-allowed]',
      errorType: 'error-action-not-allowed',
      details: { method: 'saveRoomSettings', action: 'Change_Room_Type' },
    });
  });

  it('the owner may change the type of their own channel', async () => {
    const res = await postAs(makeFake().app, 'alice', PATH, { roomName: 'random', type: 'p' });
    expect(res.status).toBe(200);
  });

  describe('lenient mode', () => {
    it('turns a private room back to c, and it reappears in channels.list', async () => {
      const fake = makeFake({ lenient: true });
      const res = await postAs(fake.app, 'alice', PATH, { roomName: 'secret', type: 'c' });
      expect(res.status).toBe(200);
      expect(res.body.channel.t).toBe('c');
      const list = await getAs(fake.app, 'admin', '/api/v1/channels.list');
      expect(list.body.channels.map((c: { name: string }) => c.name)).toContain('secret');
    });

    it('the same type succeeds and refreshes _updatedAt', async () => {
      const fake = makeFake({ lenient: true });
      const res = await postAs(fake.app, 'admin', PATH, { roomName: 'random', type: 'c' });
      expect(res.status).toBe(200);
      expect(res.body.channel).toMatchObject({ t: 'c', _updatedAt: '2026-01-01T00:00:01.000Z' });
    });

    it('channels.list still lists only c rooms', async () => {
      const fake = makeFake({ lenient: true });
      const list = await getAs(fake.app, 'admin', '/api/v1/channels.list');
      expect(list.body.channels.map((c: { name: string }) => c.name)).not.toContain('secret');
    });
  });
});

describe('POST /api/v1/groups.setType (the way back from a private group)', () => {
  const GROUPS = '/api/v1/groups.setType';

  it('turns a private group back into a channel: {group}, t, _updatedAt, msgs + 1; back in channels.list', async () => {
    const fake = makeFake();
    const before = roomOf(fake, 'random');
    await postAs(fake.app, 'alice', PATH, { roomName: 'random', type: 'p' }).expect(200);
    const res = await postAs(fake.app, 'alice', GROUPS, { roomName: 'random', type: 'c' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['group', 'success']);
    expect(res.body.group).toMatchObject({ _id: 'randomRoomId00001', t: 'c', msgs: 7 });
    expect(roomOf(fake, 'random')).toEqual({
      ...before,
      msgs: 7,
      _updatedAt: '2026-01-01T00:00:02.000Z',
    });
    const list = await getAs(fake.app, 'admin', '/api/v1/channels.list');
    expect(list.body.channels.map((c: { name: string }) => c.name)).toContain('random');
  });

  it.each<[string, 'admin' | 'alice' | 'bob', object, object]>([
    ['a missing type', 'alice', { roomName: 'secret' }, TYPE_REQUIRED],
    ['a missing room', 'alice', { type: 'c' }, GROUP_PARAM_MISSING],
    ['a public channel', 'admin', { roomName: 'general', type: 'p' }, GROUP_NOT_FOUND],
    [
      'a group the caller is not a member of (even an admin)',
      'admin',
      { roomName: 'secret', type: 'c' },
      GROUP_NOT_FOUND,
    ],
    ['the same type', 'alice', { roomName: 'secret', type: 'p' }, GROUP_TYPE_SAME],
    [
      'a type other than c or p',
      'alice',
      { roomName: 'secret', type: 'x' },
      {
        success: false,
        error: 'error-invalid-room-type [error-invalid-room-type]',
        errorType: 'error-invalid-room-type',
        details: { function: 'RocketChat.saveRoomType', type: 'x' },
      },
    ],
  ])('%s is refused and changes nothing', async (_name, who, body, expected) => {
    await expectRefused(makeFake(), who, GROUPS, body, 400, expected);
  });

  it('a member without edit-room is refused with the channels.setType body', async () => {
    const fake = makeFake({
      scenario: {
        ...WORLD,
        channels: [
          ...(WORLD.channels ?? []),
          { name: 'club-p', t: 'p', u: { username: 'alice' }, usernames: ['alice', 'bob'] },
        ],
      },
    });
    await expectRefused(fake, 'bob', GROUPS, { roomName: 'club-p', type: 'c' }, 400, NOT_ALLOWED);
  });
});
