/**
 * The fast path answers a repeated, cached channels.list page without Express: the answer and the
 * journal entry must be exactly what the Express path gives, and anything that could change the
 * answer must take the Express path.
 */
import { createFakeServer } from '../src/server';
import { AS, WORLD } from './support/fake';

const fake = createFakeServer({ scenario: WORLD });
beforeAll(() => fake.start());
afterEach(() => fake.reset());
afterAll(() => fake.stop());

async function get(path: string, headers: Record<string, string> = AS.alice) {
  const res = await fetch(`${fake.url}${path}`, { headers });
  const pick = (name: string) => res.headers.get(name);
  return {
    status: res.status,
    headers: [
      pick('content-type'),
      pick('cache-control'),
      pick('pragma'),
      pick('content-length'),
      pick('x-powered-by'),
      pick('etag'),
    ],
    text: await res.text(),
  };
}

const PAGE = '/api/v1/channels.list?count=2&sort=%7B%22name%22%3A-1%7D';

describe('the cached-page fast path', () => {
  it('answers a repeated page with the same status, headers and bytes, and journals it the same way', async () => {
    const first = await get(PAGE);
    const second = await get(PAGE);
    expect(second).toEqual(first);
    const [a, b] = fake.requests();
    expect(JSON.stringify(b)).toBe(JSON.stringify({ ...a, seq: 2 })); // key order included
    expect(a).toMatchObject({
      path: '/api/v1/channels.list',
      query: { count: '2', sort: '{"name":-1}' },
      user: 'alice',
      status: 200,
    });
  });

  it('never serves a stale page after a change', async () => {
    await get(PAGE);
    await get(PAGE);
    fake.addChannel({ name: 'zzz-new' });
    const after = await get(PAGE);
    expect(JSON.parse(after.text).channels[0].name).toBe('zzz-new');
  });

  it('still checks the token and the permission on every cached request', async () => {
    await get(PAGE);
    expect((await get(PAGE, { 'X-Auth-Token': 'nope', 'X-User-Id': 'aliceUserId000001' })).status).toBe(401);
    // a guest sees only the channels she joined (none here): never the cached page of all of them
    const guest = await get(PAGE, AS.gina);
    expect(guest.status).toBe(200);
    expect(JSON.parse(guest.text)).toMatchObject({ channels: [], total: 0 });
  });

  it('steps aside for faults and rate limits', async () => {
    await get(PAGE);
    fake.fault({ path: '/api/v1/channels.list', status: 503, times: 1 });
    expect((await get(PAGE)).status).toBe(503);
    fake.setRateLimit({ limit: 1, windowMs: 60_000 });
    const limited = await get(PAGE);
    expect(limited.status).toBe(200);
    expect((await get(PAGE)).status).toBe(429);
  });

  it('works for sessions, against the session\u2019s own state', async () => {
    const session = fake.session();
    const path = `${session.path}${PAGE}`;
    await get(path);
    session.addChannel({ name: 'zzz-session' });
    await get(path);
    const cached = await get(path);
    expect(JSON.parse(cached.text).channels[0].name).toBe('zzz-session');
    expect(JSON.parse((await get(PAGE)).text).channels[0].name).not.toBe('zzz-session');
    expect(session.requests({ path: '/api/v1/channels.list' })).toHaveLength(3);
    await session.close();
  });
});
