/**
 * A post's answer written directly (src/operations/message-answer.ts) must be, byte for byte, the
 * JSON `JSON.stringify` writes of the same body with `success: true`: whatever the message holds.
 */
import fc from 'fast-check';
import request from 'supertest';

import { answered, postAnswer } from '../src/operations/message-answer';
import { plainMarkdown } from '../src/store/message-text';
import type { Reply } from '../src/operations/operation';
import type { Message } from '../src/types';
import { createFakeServer } from '../src/server';
import { AS, WORLD } from './support/fake';

const SEED = Number(process.env.FC_SEED ?? 20261125);

const AUTHOR = Object.freeze({ _id: 'aliceUserId000001', username: 'alice', name: 'Alice' });
const NONE: unknown[] = Object.freeze([]) as unknown as unknown[];

/** A reply's body as data: given, or made when read (a plain post's). */
function bodyOf(reply: Reply): Record<string, unknown> {
  return (reply.body ?? reply.later?.() ?? {}) as Record<string, unknown>;
}

/** The enveloped JSON the pipeline writes when an operation gives no text of its own. */
function stringified(body: object): string {
  return JSON.stringify({ ...body, success: true });
}

/** A plain post as the store composes one, with the given text and overrides. */
function plainPost(text: string, over: Partial<Record<string, unknown>> = {}): Message {
  const doc: Record<string, unknown> = {
    _id: '6955b90128d6543e5a0186a0',
    alias: '',
    msg: text,
    attachments: NONE,
    parseUrls: true,
    groupable: false,
    ts: '2026-01-01T00:00:01.000Z',
    u: AUTHOR,
    rid: 'GENERAL',
    urls: NONE,
    mentions: NONE,
    channels: NONE,
    md: plainMarkdown(text) ?? [],
    _updatedAt: '2026-01-01T00:00:01.000Z',
  };
  for (const [key, value] of Object.entries(over)) doc[key] = value;
  return doc as Message;
}

describe('a post answer written directly', () => {
  test('a plain post is written, and exactly as JSON.stringify writes it', () => {
    const message = plainPost('hello from the bench');
    const reply = postAnswer(1767225601000, 'GENERAL', message);
    const { text } = reply;
    // the body is not built for the request: it is made when read, from the stored message
    expect(reply.body).toBeUndefined();
    const body = bodyOf(reply);
    expect(text).toBe(
      '{"ts":1767225601000,"channel":"GENERAL","message":{"alias":"","msg":"hello from the bench",' +
        '"attachments":[],"parseUrls":true,"groupable":false,"ts":"2026-01-01T00:00:01.000Z",' +
        '"u":{"_id":"aliceUserId000001","username":"alice","name":"Alice"},"rid":"GENERAL","urls":[],' +
        '"mentions":[],"channels":[],"md":[{"type":"PARAGRAPH","value":[{"type":"PLAIN_TEXT",' +
        '"value":"hello from the bench"}]}],"_id":"6955b90128d6543e5a0186a0"},"success":true}',
    );
    expect(text).toBe(stringified(body));
    expect(body.message).toEqual(answered(message));
  });

  test('any text, channel, alias, attachments, mentions or tree: the same bytes as JSON.stringify', () => {
    const json = fc.jsonValue({ maxDepth: 3 });
    const anyText = fc.oneof(
      fc.string({ unit: fc.constantFrom(...'ab c~!#[]{}:,'.split('')) }),
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.constantFrom('"\\\n\u2028\ud800é'),
    );
    fc.assert(
      fc.property(
        anyText,
        anyText,
        anyText,
        fc.array(json, { maxLength: 3 }),
        fc.array(
          fc.record({ _id: fc.string(), username: fc.oneof(fc.string(), fc.string({ unit: 'binary' })) }),
          { maxLength: 2 },
        ),
        fc.option(fc.array(json, { maxLength: 2 }), { nil: undefined }),
        fc.boolean(),
        (text, channel, alias, attachments, mentions, md, frozen) => {
          const u = frozen ? AUTHOR : { ...AUTHOR, name: alias };
          const message = plainPost(text, {
            alias,
            attachments,
            mentions,
            u,
            ...(md === undefined ? {} : { md }),
          });
          const reply = postAnswer(1767225601000, channel, message);
          const { text: written } = reply;
          const body = bodyOf(reply);
          // written directly exactly when every string is printable ASCII without `"` or `\`
          const plain = [text, channel, alias].every(
            (value) => /^[ -~]*$/.test(value) && !/["\\]/.test(value),
          );
          if (plain) expect(written).toBe(stringified(body));
          else expect(written).toBeUndefined();
          // said to be ASCII exactly when it is (its length is then its size in bytes)
          if (written !== undefined)
            expect(reply.ascii === true).toBe(Buffer.byteLength(written) === written.length);
        },
      ),
      { seed: SEED, numRuns: 400 },
    );
  });

  test('an answer is said to be ASCII only when every value in it is', () => {
    expect(postAnswer(1, 'GENERAL', plainPost('hi')).ascii).toBe(true);
    const jurgen = Object.freeze({ _id: 'jurgenUserId00001', username: 'jürgen', name: 'Jürgen' });
    const byJurgen = postAnswer(1, 'GENERAL', plainPost('hi', { u: jurgen }));
    expect(byJurgen.text).toContain('"name":"Jürgen"');
    expect(byJurgen.ascii).toBe(false);
    const mentioned = postAnswer(1, 'GENERAL', plainPost('hi @jurgen', { mentions: [jurgen] }));
    expect(mentioned.text).toBeDefined();
    expect(mentioned.ascii).toBe(false);
  });

  test('values of another type, or another tree, are left to JSON.stringify (no text)', () => {
    for (const over of [
      { parseUrls: 'yes' },
      { attachments: { a: 1 } },
      { u: null },
      { md: 'text' },
      { _id: 7 },
    ]) {
      expect(postAnswer(1, 'GENERAL', plainPost('hi', over)).text).toBeUndefined();
    }
    expect(postAnswer(1.5, 'GENERAL', plainPost('hi')).text).toBeUndefined();
    // a tree with a key more than plain text's is written by JSON.stringify, whole
    const tree = [{ type: 'PARAGRAPH', value: [{ type: 'PLAIN_TEXT', value: 'hi', extra: true }] }];
    const reply = postAnswer(1, 'GENERAL', plainPost('hi', { md: tree }));
    const { text } = reply;
    const body = bodyOf(reply);
    expect(text).toBe(stringified(body));
    expect(text).toContain('"extra":true');
  });

  test('a message of another shape (a thread reply, an emoji) is not written directly', () => {
    const withEmoji = { ...plainPost('hi'), emoji: ':smile:' } as Message;
    const reply = { ...plainPost('hi'), tmid: 'parentMessage0001' } as Message;
    expect(postAnswer(1, 'GENERAL', reply).text).toBeUndefined();
    expect(postAnswer(1, 'GENERAL', withEmoji).text).toBeUndefined();
    expect(bodyOf(postAnswer(1, 'GENERAL', withEmoji)).message).toEqual(answered(withEmoji));
  });

  test('an author changed in place is not answered from an earlier JSON (only unchangeable ones are kept)', () => {
    const author = { _id: 'x', username: 'x', name: 'before' };
    const first = postAnswer(1, 'GENERAL', plainPost('hi', { u: author })).text;
    author.name = 'after';
    const second = postAnswer(1, 'GENERAL', plainPost('hi', { u: author })).text;
    expect(first).toContain('"name":"before"');
    expect(second).toContain('"name":"after"');
  });
});

describe('chat.postMessage over HTTP', () => {
  test('the answer sent is the JSON of its own parse, for plain, quoted and non-ASCII text alike', async () => {
    const fake = createFakeServer({ port: 0 });
    await fake.start();
    // an author whose name is not ASCII: a plain post's answer written directly, not ASCII
    fake.addUser({ username: 'jurgen', name: 'Jürgen', password: 'jurgen-pw' });
    const as = async (user: string, password: string): Promise<Record<string, string>> => {
      const login = await fetch(`${fake.url}/api/v1/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ user, password }),
      });
      const { data } = (await login.json()) as { data: { userId: string; authToken: string } };
      return { 'Content-Type': 'application/json', 'X-User-Id': data.userId, 'X-Auth-Token': data.authToken };
    };
    try {
      const admin = await as('admin', 'admin');
      const jurgen = await as('jurgen', 'jurgen-pw');
      for (const [headers, text] of [
        [admin, 'hello'],
        [admin, 'say "hi" \\ there'],
        [admin, 'héllo wörld ✓'],
        [admin, 'tab\there'],
        [jurgen, 'hello'],
      ] as const) {
        const res = await fetch(`${fake.url}/api/v1/chat.postMessage`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ channel: '#general', text }),
        });
        const raw = await res.text();
        expect(res.status).toBe(200);
        // the length said is the bytes sent, whichever way the answer was written
        expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(raw)));
        const parsed = JSON.parse(raw) as { success: boolean; message: { msg: string } };
        expect(parsed.success).toBe(true);
        expect(parsed.message.msg).toBe(text);
        expect(raw).toBe(JSON.stringify(parsed));
      }
    } finally {
      await fake.stop();
    }
  });
});

describe('a post answer made when read', () => {
  test('the journal shows the answer as it was sent, after the message is edited', async () => {
    const fake = createFakeServer({ scenario: WORLD });
    const posted = await request(fake.app)
      .post('/api/v1/chat.postMessage')
      .set(AS.admin)
      .send({ roomId: 'GENERAL', text: 'first words' });
    expect(posted.status).toBe(200);
    const sent = posted.body as { message: { _id: string; msg: string } };
    expect(sent.message.msg).toBe('first words');
    const seq = fake.lastRequest({ path: '/api/v1/chat.postMessage' })?.seq ?? 0;
    const edited = await request(fake.app)
      .post('/api/v1/chat.update')
      .set(AS.admin)
      .send({ roomId: 'GENERAL', msgId: sent.message._id, text: 'second words' });
    expect(edited.status).toBe(200);
    const shown = await request(fake.app).get(`/__admin/requests/${String(seq)}`);
    expect(shown.status).toBe(200);
    expect((shown.body as { response: unknown }).response).toEqual(posted.body);
    // the contract recorded from the journal answers with the first words too
    const interaction = fake
      .pact({ consumer: 'bot' })
      .interactions.find((i) => i.request.path === '/api/v1/chat.postMessage');
    expect(JSON.stringify(interaction?.response.body)).toContain('first words');
    expect(JSON.stringify(interaction?.response.body)).not.toContain('second words');
  });
});
