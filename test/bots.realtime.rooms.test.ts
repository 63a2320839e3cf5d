import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import { AS, WORLD } from './support/fake';
import type { ProfileId } from '../src/profiles';
import { Ddp } from './support/ddp';
import type { Frame } from './support/ddp';

/**
 * The room look-ups a bot's driver calls over DDP (research 47 §2.1, §2.2): `getRoomNameById`
 * (0.57 on: hubot-rocketchat v1 and SDK 0.1.0 call it for every message) and the refusals of
 * `getRoomIdByNameOrId` (the SDK's first call), per release line, frame by frame.
 */

function meteorError(error: string | number, reason?: string, details?: Frame): Frame {
  return {
    isClientSafe: true,
    error,
    ...(reason !== undefined ? { reason } : {}),
    ...(details ? { details } : {}),
    message: reason !== undefined ? `${reason} [${String(error)}]` : `[${String(error)}]`,
    errorType: 'Meteor.Error',
  };
}

const MATCH_FAILED = meteorError(400, 'Match failed');

const servers: FakeServer[] = [];
const open: Ddp[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
  await Promise.all(servers.splice(0).map((s) => s.stop()));
});

/** A fake of a release line, listening. */
async function serve(profile: ProfileId): Promise<{ fake: FakeServer; url: string }> {
  const fake = createFakeServer({ scenario: WORLD, profile });
  servers.push(fake);
  const url = `${(await fake.start(0)).replace('http', 'ws')}/websocket`;
  return { fake, url };
}

/** A connected client, logged in (by token) as `who` when named. */
async function client(url: string, who?: keyof typeof AS): Promise<Ddp> {
  const c = new Ddp(url);
  open.push(c);
  await c.connect();
  if (who) expect((await c.call('login', { resume: AS[who]['X-Auth-Token'] })).error).toBeUndefined();
  return c;
}

describe('getRoomNameById (server/methods/getRoomNameById.ts)', () => {
  it.each<ProfileId>(['5', '6', '7.0', '7.10', '8.5', '8.9'])(
    '%s: a channel (member or not), a group of the caller, a DM (empty result); refusals',
    async (profile) => {
      const { fake, url } = await serve(profile);
      const alice = await client(url, 'alice');
      const bob = await client(url, 'bob');
      const details = { method: 'getRoomNameById' };
      const general = await alice.call('getRoomNameById', 'GENERAL');
      expect(general).toEqual({ msg: 'result', id: general.id, result: 'general' });
      // bob is not in random: a public channel, view-c-room
      expect((await bob.call('getRoomNameById', 'randomRoomId00001')).result).toBe('random');
      // alice's private group; bob is not in it
      expect((await alice.call('getRoomNameById', 'privateRoomId0001')).result).toBe('secret');
      expect((await bob.call('getRoomNameById', 'privateRoomId0001')).error).toEqual(
        meteorError('error-not-allowed', 'Not allowed', details),
      );
      // a missing room and "" are `Not allowed` (the SDK probes with "": anything but 404)
      expect((await bob.call('getRoomNameById', 'nope')).error).toEqual(
        meteorError('error-not-allowed', 'Not allowed', details),
      );
      expect((await bob.call('getRoomNameById', '')).error).toEqual(
        meteorError('error-not-allowed', 'Not allowed', details),
      );
      // a DM has no name: the result frame has no `result`
      const dm = await alice.call('createDirectMessage', 'bob');
      const rid = (dm.result as { rid: string }).rid;
      const name = await bob.call('getRoomNameById', rid);
      expect(name).toEqual({ msg: 'result', id: name.id });
      const admin = await client(url, 'admin');
      expect((await admin.call('getRoomNameById', rid)).error).toEqual(
        meteorError('error-not-allowed', 'Not allowed', details),
      );
      expect((await admin.call('getRoomNameById', 'privateRoomId0001')).error).toEqual(
        meteorError('error-not-allowed', 'Not allowed', details),
      );
      // check(rid, String) before the login
      const anon = await client(url);
      expect((await anon.call('getRoomNameById')).error).toEqual(MATCH_FAILED);
      expect((await anon.call('getRoomNameById', 7)).error).toEqual(MATCH_FAILED);
      expect((await anon.call('getRoomNameById', 'GENERAL')).error).toEqual(
        meteorError('error-invalid-user', 'Invalid user', details),
      );
      // no side effects
      const before = fake.state();
      await bob.call('getRoomNameById', 'randomRoomId00001');
      expect(fake.state()).toEqual(before);
    },
  );

  it('0.49 does not have it (added 0.57): Method not found, its result then updated', async () => {
    const { url } = await serve('0.49');
    const c = await client(url, 'alice');
    const answer = await c.call('getRoomNameById', '');
    expect(answer).toEqual({
      msg: 'result',
      id: answer.id,
      error: meteorError(404, "Method 'getRoomNameById' not found"),
    });
    const id = String(answer.id);
    await c.next((f) => f.msg === 'updated' && (f.methods as string[]).includes(id));
    const raw = c.frames.filter((f) => f.id === id || (f.methods as string[] | undefined)?.includes(id));
    expect(raw.map((f) => f.msg)).toEqual(['result', 'updated']);
  });
});

describe('getRoomIdByNameOrId (server/methods/getRoomIdByNameOrId.ts)', () => {
  it.each<ProfileId>(['0.49', '5', '6', '7.10', '8.9'])(
    '%s: by id or name; a private group or DM the caller is not in is Not allowed',
    async (profile) => {
      const { url } = await serve(profile);
      const alice = await client(url, 'alice');
      const bob = await client(url, 'bob');
      const details = { method: 'getRoomIdByNameOrId' };
      expect((await bob.call('getRoomIdByNameOrId', 'random')).result).toBe('randomRoomId00001');
      expect((await bob.call('getRoomIdByNameOrId', 'GENERAL')).result).toBe('GENERAL');
      expect((await alice.call('getRoomIdByNameOrId', 'secret')).result).toBe('privateRoomId0001');
      expect((await bob.call('getRoomIdByNameOrId', 'secret')).error).toEqual(
        meteorError('error-not-allowed', 'Not allowed', details),
      );
      expect((await bob.call('getRoomIdByNameOrId', 'privateRoomId0001')).error).toEqual(
        meteorError('error-not-allowed', 'Not allowed', details),
      );
      expect((await bob.call('getRoomIdByNameOrId', 'nowhere')).error).toEqual(
        meteorError('error-not-allowed', 'Not allowed', details),
      );
      expect((await bob.call('getRoomIdByNameOrId', 3)).error).toEqual(MATCH_FAILED);
      const anon = await client(url);
      expect((await anon.call('getRoomIdByNameOrId')).error).toEqual(MATCH_FAILED);
      expect((await anon.call('getRoomIdByNameOrId', 'general')).error).toEqual(
        meteorError('error-invalid-user', 'Invalid user', details),
      );
    },
  );
});
