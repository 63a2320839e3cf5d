/**
 * A remote world (the runners' session handles, over the control API) answers each member as the
 * world in the test's own process does: the same results, a refusal where it refuses.
 */
import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import { remoteFace } from '../src/jest/remote';
import { REMOTE } from '../src/surface/routes';

let fake: FakeServer;
beforeAll(async () => {
  fake = createFakeServer();
  await fake.start();
});
afterAll(() => fake.stop());

const remote = () =>
  remoteFace(
    REMOTE,
    () => fake.url,
    () => undefined,
  );

it.each(['clearFaults', 'clearStubs'] as const)(
  '%s says whether anything was cleared, remote or not, and false for an id that is not there',
  async (member) => {
    const world = remote();
    const add = (): string =>
      member === 'clearFaults'
        ? fake.fault({ path: '/api/v1/me', status: 503 }).id
        : fake.stub({ id: 'one', request: { path: '/api/v1/livechat/department' }, response: { body: {} } })
            .id;
    expect(fake[member]()).toBe(false);
    expect(await world[member]()).toBe(false);
    add();
    expect(await world[member]('nope')).toBe(false);
    expect(fake[member]('nope')).toBe(false);
    expect(await world[member]()).toBe(true);
    add();
    expect(fake[member]()).toBe(true);
    const id = add();
    expect(await world[member](id)).toBe(true);
    expect(await world[member](id)).toBe(false);
  },
);

it('the control API says what DELETE /faults and /stubs cleared', async () => {
  fake.fault({ path: '/api/v1/me', status: 503 });
  const cleared = await fetch(`${fake.url}/__admin/faults`, { method: 'DELETE' });
  expect(await cleared.json()).toEqual({ status: 'ok', cleared: true });
  const none = await fetch(`${fake.url}/__admin/stubs`, { method: 'DELETE' });
  expect(await none.json()).toEqual({ status: 'ok', cleared: false });
});

it('pact without a consumer is refused remote as in process, not written for "undefined"', async () => {
  expect(() => fake.pact({} as never)).toThrow('pact: a consumer name is required');
  expect(() => fake.pact(undefined as never)).toThrow('pact: a consumer name is required');
  await expect(remote().pact({} as never)).rejects.toThrow(
    /GET .*\/__admin\/pact answered 400: .*consumer\\+" is required: the name of your client/,
  );
  expect((await remote().pact({ consumer: 'bot' })).consumer).toEqual({ name: 'bot' });
});
