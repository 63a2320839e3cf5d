/**
 * The order the reference promises: a stream frame a REST call causes is written to every realtime
 * socket before that call's HTTP answer, so a client subscribed before it calls has the frame by
 * the time the call's answer is in. Each case calls many times in a row, with subscribers on two
 * sockets, and checks at the moment each answer is read (its body parsed) that every subscriber
 * already holds the frame the call caused: no sleeps, no timing, only the order of arrival in this
 * process.
 */
import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import { AS, WORLD } from './support/fake';
import { Ddp } from './support/ddp';
import type { Frame } from './support/ddp';

const ID = { alice: 'aliceUserId000001', bob: 'bobUserId00000001', admin: 'adminUserId000001' } as const;
const ROUNDS = 100;

let fake: FakeServer;
let url: string;
const open: Ddp[] = [];

beforeAll(async () => {
  fake = createFakeServer({ scenario: WORLD });
  url = await fake.start(0);
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
  await fake.reset();
});
afterAll(() => fake.stop());

/** A client logged in as `who`, following each stream given as `[name, key]`. */
async function subscriber(who: keyof typeof ID, streams: [string, string][]): Promise<Ddp> {
  const c = new Ddp(`${url.replace('http', 'ws')}/websocket`);
  open.push(c);
  await c.connect();
  expect((await c.call('login', { resume: AS[who]['X-Auth-Token'] })).error).toBeUndefined();
  for (const [name, key] of streams) expect((await c.sub(name, key, false)).msg).toBe('ready');
  return c;
}

/** A REST call; resolves once its whole answer is read (the status and the parsed body). */
async function call(
  who: keyof typeof ID,
  path: string,
  body: object,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { ...AS[who], 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The `changed` frames a client received since `from`, as `[eventName, first argument]`. */
function changedSince(c: Ddp, from: number): { eventName: string; arg: Record<string, unknown> | string }[] {
  return c.frames
    .slice(from)
    .filter((f: Frame) => f.msg === 'changed')
    .map((f) => {
      const { eventName, args } = f.fields as { eventName: string; args: unknown[] };
      return { eventName, arg: args[0] as Record<string, unknown> | string };
    });
}

/**
 * Calls `round(i)` ROUNDS times; at the moment each answer is read, `caused(c, from, i)` must
 * hold for every subscriber (`from`: its frame count when the call was made). Answers the rounds
 * whose frame came late on some socket (none expected).
 */
async function rounds(
  subscribers: Ddp[],
  round: (i: number) => Promise<{ status: number }>,
  caused: (c: Ddp, from: number, i: number) => boolean,
): Promise<string[]> {
  const late: string[] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    const from = subscribers.map((c) => c.frames.length);
    const answer = await round(i);
    expect(answer.status).toBe(200);
    // read now, in the turn the answer resolved: anything arriving later is not counted
    subscribers.forEach((c, n) => {
      if (!caused(c, from[n] ?? 0, i)) late.push(`round ${i}, socket ${n}`);
    });
  }
  return late;
}

/** A frame of the room's messages (`<rid>` or `__my_messages__`) with the message the test looks for. */
function messageFrame(c: Ddp, from: number, test: (m: Record<string, unknown>) => boolean): boolean {
  return changedSince(c, from).some(
    ({ eventName, arg }) =>
      (eventName === 'GENERAL' || eventName === '__my_messages__') && typeof arg === 'object' && test(arg),
  );
}

describe('a frame a REST call causes reaches each socket before the call is answered', () => {
  it('chat.postMessage: the message is on the room stream and __my_messages__ first', async () => {
    const bob = await subscriber('bob', [['stream-room-messages', 'GENERAL']]);
    const admin = await subscriber('admin', [['stream-room-messages', '__my_messages__']]);
    const late = await rounds(
      [bob, admin],
      (i) => call('alice', '/api/v1/chat.postMessage', { roomId: 'GENERAL', text: `post ${i}` }),
      (c, from, i) => messageFrame(c, from, (m) => m.msg === `post ${i}`),
    );
    expect(late).toEqual([]);
  });

  it('chat.update: the edited message first', async () => {
    const posted = await call('alice', '/api/v1/chat.postMessage', { roomId: 'GENERAL', text: 'first' });
    const mid = (posted.body.message as { _id: string })._id;
    const bob = await subscriber('bob', [['stream-room-messages', 'GENERAL']]);
    const admin = await subscriber('admin', [['stream-room-messages', '__my_messages__']]);
    const late = await rounds(
      [bob, admin],
      (i) => call('alice', '/api/v1/chat.update', { roomId: 'GENERAL', msgId: mid, text: `edit ${i}` }),
      (c, from, i) => messageFrame(c, from, (m) => m._id === mid && m.msg === `edit ${i}`),
    );
    expect(late).toEqual([]);
  });

  it('chat.react: the message with its reactions first', async () => {
    const posted = await call('alice', '/api/v1/chat.postMessage', { roomId: 'GENERAL', text: 'react' });
    const mid = (posted.body.message as { _id: string })._id;
    const bob = await subscriber('bob', [['stream-room-messages', 'GENERAL']]);
    const admin = await subscriber('admin', [['stream-room-messages', '__my_messages__']]);
    // each call toggles alice's reaction: on at even rounds, off at odd ones
    const late = await rounds(
      [bob, admin],
      () => call('alice', '/api/v1/chat.react', { messageId: mid, emoji: ':smile:' }),
      (c, from, i) =>
        messageFrame(c, from, (m) => m._id === mid && (i % 2 === 0) === (m.reactions !== undefined)),
    );
    expect(late).toEqual([]);
  });

  it("a room's change (channels.setTopic): each member's rooms-changed and the system message first", async () => {
    const bob = await subscriber('bob', [
      ['stream-notify-user', `${ID.bob}/rooms-changed`],
      ['stream-room-messages', 'GENERAL'],
    ]);
    const alice = await subscriber('alice', [['stream-notify-user', `${ID.alice}/rooms-changed`]]);
    const late = await rounds(
      [bob, alice],
      (i) => call('admin', '/api/v1/channels.setTopic', { roomId: 'GENERAL', topic: `topic ${i}` }),
      (c, from, i) =>
        changedSince(c, from).some(
          ({ eventName, arg }) =>
            eventName.endsWith('/rooms-changed') &&
            arg === 'updated' &&
            c.frames
              .slice(from)
              .some(
                (f) =>
                  f.msg === 'changed' &&
                  ((f.fields as { args: unknown[] }).args[1] as { topic?: string } | undefined)?.topic ===
                    `topic ${i}`,
              ),
        ) &&
        (c !== bob || messageFrame(c, from, (m) => m.t === 'room_changed_topic' && m.msg === `topic ${i}`)),
    );
    expect(late).toEqual([]);
  });
});
