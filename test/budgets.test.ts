/**
 * Memory bounded by bytes, not counts: the journal keeps at most 256 K characters of one answer
 * (marked truncated) and 32 M of all answers (older answers let go, entries kept); the list-page
 * cache holds at most 16 M characters; an event-stream reader that stops reading is dropped; a
 * session's scenario that would generate an enormous world is refused before it is generated.
 */
import { mkdtempSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

import request from 'supertest';

import { SSE_BUFFER_BYTES } from '../src/admin/router';
import { LIST_CACHE_BUDGET, cachedAnswer, keepAnswer } from '../src/http/cache';
import { resolveScenario } from '../src/scenario/resolve';
import { buildBaseline } from '../src/store/baseline';
import { Store } from '../src/store/store';
import { JOURNAL_BUDGET, Journal } from '../src/journal/journal';
import { DEFAULT_SESSION_WORLD_LIMIT, createFakeServer } from '../src/server';
import { AS, WORLD } from './support/fake';

const entry = (n: number) => ({
  method: 'GET',
  path: `/api/v1/x${n}`,
  query: {},
  status: 200,
  user: null,
  modelled: true,
});
const TIME = '2026-01-01T00:00:00.000Z';
const detail = (text: string) => ({
  answer: text,
  chars: text.length,
  text,
  authHeaders: false,
  fault: false,
});

describe('the journal keeps answers within a byte budget', () => {
  it('one answer over 256 K characters keeps its start, and says how long it was', () => {
    const journal = new Journal();
    const long = 'x'.repeat(JOURNAL_BUDGET.responseChars + 10);
    const { seq } = journal.record(entry(1), null, TIME, detail(long));
    const kept = journal.exchange(seq)?.detail;
    expect(kept?.excerpt).toHaveLength(JOURNAL_BUDGET.responseChars);
    expect(kept?.answer).toBeUndefined();
    expect(kept?.chars).toBe(long.length);
    expect(journal.heldChars).toBe(JOURNAL_BUDGET.responseChars);
  });

  it('past 32 M characters in all, the oldest answers are let go and their entries stay', () => {
    const journal = new Journal();
    const page = 'y'.repeat(JOURNAL_BUDGET.responseChars);
    const n = Math.ceil(JOURNAL_BUDGET.totalChars / page.length) + 10;
    for (let i = 1; i <= n; i += 1) journal.record(entry(i), null, TIME, detail(page));
    expect(journal.heldChars).toBeLessThanOrEqual(JOURNAL_BUDGET.totalChars);
    expect(journal.list()).toHaveLength(n);
    expect(journal.exchange(1)?.detail).toMatchObject({ dropped: true, chars: page.length });
    expect(journal.exchange(1)?.detail.answer).toBeUndefined();
    expect(journal.exchange(n)?.detail.answer).toBe(page);
  });

  it('the ring dropping entries lets go of their answers too; clear() holds nothing', () => {
    const journal = new Journal(3);
    for (let i = 1; i <= 10; i += 1) journal.record(entry(i), null, TIME, detail('z'.repeat(100)));
    expect(journal.heldChars).toBe(300);
    journal.clear();
    expect(journal.heldChars).toBe(0);
  });

  it('an entry the ring drops is let go whole: nothing keeps its answer alive', async () => {
    // the garbage collector, asked for directly (node starts without it)
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    const journal = new Journal(3);
    const made = (): WeakRef<object> => {
      const body = { kept: 'by the first entry only' };
      const later = (): object => body;
      journal.record(entry(1), null, TIME, { ...detail('{}'), answer: undefined, later });
      return new WeakRef(body);
    };
    const first = made();
    // an answer made when read is held as its maker, and shown as what it makes
    expect(journal.exchange(1)?.detail.later?.()).toEqual({ kept: 'by the first entry only' });
    for (let i = 2; i <= 6; i += 1) journal.record(entry(i), null, TIME, detail('{}'));
    expect(journal.exchange(1)).toBeUndefined();
    // a weakly held object stays until the task that last reached it has ended
    await new Promise((resolve) => setImmediate(resolve));
    collect();
    expect(first.deref()).toBeUndefined();
  });

  it('a cut answer is left out of the contract; a world that keeps its contract keeps answers whole', async () => {
    const rooms = Array.from({ length: 100 }, (_, i) => ({ name: `room${i}`, topic: 't'.repeat(3000) }));
    const scenario = { ...WORLD, channels: [...(WORLD.channels ?? []), ...rooms] };
    const plain = createFakeServer({ scenario });
    await request(plain.app).get('/api/v1/channels.list?count=100').set(AS.admin);
    await request(plain.app).get('/api/v1/channels.list?count=1').set(AS.admin);
    const paths = plain.pact({ consumer: 'bot' }).interactions.map((i) => i.request.query);
    expect(paths).toEqual([{ count: ['1'] }]);
    const dir = mkdtempSync(join(tmpdir(), 'rcf-budget-'));
    const keeping = createFakeServer({ scenario, pact: { dir, consumer: 'bot' } });
    const whole = await request(keeping.app).get('/api/v1/channels.list?count=100').set(AS.admin);
    const shown = await request(keeping.app).get(`/__admin/requests/${keeping.lastRequest()?.seq ?? 0}`);
    expect(shown.body.response).toEqual(JSON.parse(whole.text));
  });

  it('the inspector shows a truncated answer as truncated', async () => {
    const rooms = Array.from({ length: 100 }, (_, i) => ({ name: `room${i}`, topic: 't'.repeat(3000) }));
    const fake = createFakeServer({
      scenario: { ...WORLD, channels: [...(WORLD.channels ?? []), ...rooms] },
    });
    const res = await request(fake.app).get('/api/v1/channels.list?count=100').set(AS.admin);
    expect(res.text.length).toBeGreaterThan(JOURNAL_BUDGET.responseChars);
    const seq = fake.lastRequest()?.seq ?? 0;
    const shown = await request(fake.app).get(`/__admin/requests/${seq}`);
    expect(shown.body.response).toEqual({
      '[truncated]': `${res.text.length} characters; the first ${JOURNAL_BUDGET.responseChars} follow`,
      text: res.text.slice(0, JOURNAL_BUDGET.responseChars),
    });
  });
});

describe('sessions and event streams', () => {
  it(`a session whose scenario would generate more than ${DEFAULT_SESSION_WORLD_LIMIT} entities is refused up front`, async () => {
    const fake = createFakeServer({ scenario: WORLD });
    const res = await request(fake.app)
      .post('/__admin/sessions')
      .send({ scenario: { generate: { channels: 200_000, users: 200_000 } } });
    expect(res.status).toBe(400);
    expect(res.body.problems).toEqual([
      {
        path: '$.scenario.generate',
        message: `asks for 400000 generated entities; a session's world has at most ${DEFAULT_SESSION_WORLD_LIMIT} (the sessionWorldLimit option, --session-world-limit)`,
      },
    ]);
    expect(fake.listSessions()).toEqual([]);
  });

  it("a session's limit holds when a scenario is loaded into it later, over HTTP or in process", async () => {
    const fake = createFakeServer({ scenario: WORLD, sessionWorldLimit: 10 });
    const session = fake.session({ id: 'small' });
    const before = session.state();
    const res = await request(fake.app)
      .put('/s/small/__admin/scenario')
      .send({ generate: { users: 200_000, channels: 200_000, integrations: 200_000 } });
    expect(res.status).toBe(400);
    expect(res.body.problems).toEqual([
      {
        path: '$.generate',
        message:
          "asks for 600000 generated entities; a session's world has at most 10 (the sessionWorldLimit option, --session-world-limit)",
      },
    ]);
    await expect(session.load({ generate: { channels: 11 } })).rejects.toThrow('at most 10');
    expect(session.state()).toEqual(before);
    // the root world is the server's own: the limit is for sessions
    await fake.load({ ...WORLD, generate: { channels: 11 } });
    expect(fake.state().channels.length).toBeGreaterThan(11);
  });

  it('sessionWorldLimit raises (or lowers) the limit', () => {
    const fake = createFakeServer({ scenario: WORLD, sessionWorldLimit: 10 });
    expect(() => fake.session({ scenario: { generate: { channels: 11 } } })).toThrow(
      "asks for 11 generated entities; a session's world has at most 10",
    );
    expect(fake.session({ scenario: { generate: { channels: 10 } } }).state().channels).toHaveLength(10);
  });

  it('an event-stream reader that stops reading is dropped, and the server goes on', async () => {
    const fake = createFakeServer({ scenario: WORLD });
    await fake.start();
    try {
      const { hostname, port } = new URL(fake.url);
      let resume: () => void = () => undefined;
      const ended = new Promise<string>((resolve, reject) => {
        const req = httpRequest({ hostname, port, path: '/__admin/events' }, (res) => {
          res.pause(); // reads nothing until the requests below are done
          resume = () => res.resume();
          res.on('end', () => resolve('end'));
          res.on('aborted', () => resolve('aborted'));
          res.on('error', () => resolve('error'));
        });
        req.on('error', reject);
        req.end();
      });
      // 300 request events of about 60 KB each (the journal keeps the body): 18 MB, far more than
      // the socket buffers and the 1 MB the server lets wait for one reader
      const pad = 'p'.repeat(60_000);
      for (let i = 0; i < 300; i += 1) {
        await fetch(`${fake.url}/api/v1/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ user: 'nobody', password: 'x', pad }),
        });
      }
      expect(300 * pad.length).toBeGreaterThan(SSE_BUFFER_BYTES * 10);
      // reading again, the reader finds its stream ended by the server (it never ends otherwise)
      resume();
      expect(['end', 'aborted', 'error']).toContain(await ended);
      expect((await fetch(`${fake.url}/api/info`)).status).toBe(200);
    } finally {
      await fake.stop();
    }
  });
});

describe('the list-page cache holds pages within a byte budget', () => {
  const store = new Store(buildBaseline(resolveScenario(WORLD)));
  const keep = (key: string, body: object): void =>
    keepAnswer(store, key, { data: body, enveloped: false, text: JSON.stringify(body) });

  it('a page larger than the whole budget is sent and not kept', () => {
    const big = 'b'.repeat(LIST_CACHE_BUDGET.chars);
    keep('big', { big });
    expect(cachedAnswer(store, 'big')).toBeUndefined();
  });

  it('past the budget, the oldest pages go first', () => {
    const third = 'c'.repeat(Math.floor(LIST_CACHE_BUDGET.chars / 3) - 100);
    for (const key of ['p1', 'p2', 'p3', 'p4']) keep(key, { third });
    expect(cachedAnswer(store, 'p1')).toBeUndefined();
    for (const key of ['p2', 'p3', 'p4']) expect(cachedAnswer(store, key)?.text).toContain(third);
  });
});
