import { createFakeServer } from '../src/server';
import type { JournalEntry } from '../src/journal/journal';
import { AS, WORLD } from './support/fake';

interface Call {
  who: 'admin' | 'alice' | 'bob';
  path: string;
  body: Record<string, unknown>;
}

/** A fixed, varied mix of changes to the same few channels, from three users. */
function plan(client: number, n: number): Call[] {
  const rooms = ['random', 'news', 'general', 'club'];
  const users = ['admin', 'alice', 'bob'] as const;
  return Array.from({ length: n }, (_, i) => {
    const k = client * 31 + i * 7;
    const roomName = rooms[k % rooms.length] ?? 'random';
    const who = users[(client + i) % users.length] ?? 'admin';
    return k % 2 === 0
      ? { who, path: '/api/v1/channels.setReadOnly', body: { roomName, readOnly: k % 3 === 0 } }
      : { who, path: '/api/v1/channels.setType', body: { roomName, type: k % 5 < 2 ? 'p' : 'c' } };
  });
}

async function send(base: string, call: Call): Promise<number> {
  const res = await fetch(`${base}${call.path}`, {
    method: 'POST',
    headers: { ...AS[call.who], 'Content-Type': 'application/json' },
    body: JSON.stringify(call.body),
  });
  await res.arrayBuffer();
  return res.status;
}

/** Replays the 200-answered requests of a journal in fake-clock order on a fresh fake; each must succeed again. */
async function replaySerially(journal: JournalEntry[], options: Parameters<typeof createFakeServer>[0]) {
  const serial = journal.filter((e) => e.status === 200).sort((a, b) => (a.time < b.time ? -1 : 1));
  const replay = createFakeServer(options);
  await replay.start();
  for (const entry of serial) {
    const who = (entry.user ?? 'admin') as Call['who'];
    expect(
      await send(replay.url, { who, path: entry.path, body: entry.body as Record<string, unknown> }),
    ).toBe(200);
  }
  return replay;
}

describe('many clients mutating the same channels at once', () => {
  it('end in the state of a serial order of their 200-answered requests, all of them journalled', async () => {
    const fake = createFakeServer({ scenario: { ...WORLD, generate: { channels: 50 } }, lenient: true });
    await fake.start();
    const calls = Array.from({ length: 8 }, (_, c) => plan(c, 40)).flat();
    const statuses = await Promise.all(calls.map((call) => send(fake.url, call)));
    expect(statuses.every((s) => s === 200 || s === 400)).toBe(true);

    const journal = fake.requests();
    expect(journal).toHaveLength(calls.length);
    const accepted = journal.filter((e) => e.status === 200);
    expect(accepted.length).toBe(statuses.filter((s) => s === 200).length);
    expect(new Set(accepted.map((e) => e.time)).size).toBe(accepted.length);

    const replay = await replaySerially(journal, {
      scenario: { ...WORLD, generate: { channels: 50 } },
      lenient: true,
    });
    const strip = (w: ReturnType<typeof fake.state>) => ({ ...w, tokens: [] });
    expect(strip(replay.state())).toEqual(strip(fake.state()));
    await Promise.all([fake.stop(), replay.stop()]);
  });

  it('in strict mode too, every request is answered and journalled, and the state matches a serial replay', async () => {
    const fake = createFakeServer({ scenario: WORLD });
    await fake.start();
    const calls = Array.from({ length: 6 }, (_, c) => plan(c, 30)).flat();
    await Promise.all(calls.map((call) => send(fake.url, call)));
    const journal: JournalEntry[] = fake.requests();
    expect(journal).toHaveLength(calls.length);
    const replay = await replaySerially(journal, { scenario: WORLD });
    expect({ ...replay.state(), tokens: [] }).toEqual({ ...fake.state(), tokens: [] });
    await Promise.all([fake.stop(), replay.stop()]);
  });
});
