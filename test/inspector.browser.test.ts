/**
 * The inspector page (GET /__admin/ui) in a real browser: headless Chromium (Debian's `chromium`,
 * which .ci/run installs) driven by playwright-core. A client's requests appear without a reload,
 * the filter narrows them, a click shows both bodies, a changed channel is highlighted, a reset
 * brings the table back, a session's page shows that session alone, the admin token is asked for.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import { AS, WORLD } from './support/fake';

const CHROMIUM = ['/usr/bin/chromium', '/usr/lib/chromium/chromium', '/usr/bin/chromium-browser'].find((p) =>
  existsSync(p),
);
/** The README's screenshot is taken with INSPECTOR_SCREENSHOT=docs/inspector.png; runs keep theirs in .tmp/. */
const SCREENSHOT = join(__dirname, '..', process.env.INSPECTOR_SCREENSHOT ?? join('.tmp', 'inspector.png'));

if (!CHROMIUM) {
  // loud: this should only happen where .ci/run could not install Debian's chromium
  console.warn(
    '\n!!! test/inspector.browser.test.ts: no Chromium found (/usr/bin/chromium); the browser tests are SKIPPED.\n' +
      '!!! Install it with `apt-get install -y chromium` (.ci/run does).\n',
  );
}
const describeWithBrowser = CHROMIUM ? describe : describe.skip;

// what the page's functions touch in the browser (this project's TypeScript has no DOM library)
declare const document: {
  getElementById(id: string): { textContent: string | null } | null;
  querySelector(selector: string): { textContent: string | null } | null;
  querySelectorAll(selector: string): { length: number };
};
declare const sessionStorage: { getItem(key: string): string | null };

async function call(url: string, path: string, who: keyof typeof AS, body?: object): Promise<void> {
  await fetch(`${url}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { ...AS[who], ...(body ? { 'Content-Type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

describeWithBrowser('the inspector page, in headless Chromium', () => {
  jest.setTimeout(60_000);
  let browser: Browser;
  let fake: FakeServer;
  let page: Page;

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  });
  afterAll(async () => {
    await browser.close();
  });
  beforeEach(async () => {
    fake = createFakeServer({ scenario: WORLD });
    await fake.start(0);
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.on('dialog', (dialog) => void dialog.accept());
  });
  afterEach(async () => {
    await page.close();
    await fake.stop();
  });

  async function open(path = '/__admin/ui'): Promise<void> {
    await page.goto(`${fake.url}${path}`);
    await page.waitForFunction(() => document.getElementById('live')?.textContent === 'on');
  }

  it('shows requests live, filters them, shows their bodies and the changed channel; a reset brings it back', async () => {
    await open();
    expect(await page.textContent('#clock')).toBe('2026-01-01T00:00:00.000Z');
    await call(fake.url, '/api/v1/channels.list?count=1', 'alice');
    await call(fake.url, '/api/v1/channels.setReadOnly', 'alice', { roomName: 'random', readOnly: true });
    // no reload: both appear, newest first
    await page.waitForSelector('#journal tbody tr[data-seq="2"]');
    expect(
      await page.$$eval('#journal tbody tr', (rows) => rows.map((r) => r.children[2]?.textContent)),
    ).toEqual(['POST', 'GET']);
    // the changed channel is highlighted, the clock moved
    await page.waitForSelector('#channels tr[data-name="random"].changed');
    expect(
      await page.$$eval('#channels tr.changed', (rows) => rows.map((r) => r.getAttribute('data-name'))),
    ).toEqual(['random']);
    expect(await page.textContent('#clock')).toBe('2026-01-01T00:00:01.000Z');
    // filter
    await page.selectOption('#filter-method', 'GET');
    expect(await page.$$eval('#journal tbody tr', (rows) => rows.length)).toBe(1);
    await page.selectOption('#filter-method', '');
    await page.fill('#filter-status', '200');
    expect(await page.$$eval('#journal tbody tr', (rows) => rows.length)).toBe(2);
    // a click shows the request and the response bodies
    await page.click('#journal tbody tr[data-seq="2"]');
    await page.waitForFunction(() =>
      (document.getElementById('details')?.textContent ?? '').includes('response body'),
    );
    const details = (await page.textContent('#details')) ?? '';
    expect(details).toContain('POST /api/v1/channels.setReadOnly → 200');
    expect(details).toContain('"roomName": "random"');
    expect(details).toContain('"ro": true');
    // and the change events it committed: its system message, the room it changed
    const random = fake.state().channels.find((c) => c.name === 'random');
    const changes = await page.$$eval('#details-changes li', (items) =>
      items.map((li) => [li.getAttribute('data-kind'), li.getAttribute('data-op'), li.textContent]),
    );
    expect(changes.map(([kind, op]) => `${kind} ${op}`)).toEqual(['message inserted', 'room updated']);
    expect(changes[1]?.[2]).toBe(`room ${random?._id ?? ''} updated`);
    mkdirSync(dirname(SCREENSHOT), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: false });
    // a read changed nothing
    await page.click('#journal tbody tr[data-seq="1"]');
    await page.waitForFunction(() =>
      (document.getElementById('details')?.textContent ?? '').includes('GET /api/v1/channels.list'),
    );
    expect(await page.textContent('#details-changes')).toBe('none: it changed nothing');
    // reset (confirmed): the table goes back, the journal empties
    await page.click('#reset');
    await page.waitForFunction(() => document.querySelectorAll('#channels tr.changed').length === 0);
    await page.waitForFunction(() => document.querySelectorAll('#journal tbody tr').length === 0);
    expect(fake.state().channels.find((c) => c.name === 'random')?.ro).toBe(false);
  });

  it('advances the clock, shows and clears faults', async () => {
    fake.fault({ path: '/api/v1/channels.list', status: 503 });
    await open();
    await page.waitForSelector('#clear-faults');
    expect(await page.textContent('#faults')).toContain('/api/v1/channels.list → 503');
    await page.click('#clear-faults');
    await page.waitForFunction(() => document.getElementById('faults')?.textContent === 'no fault');
    expect(fake.faults()).toEqual([]);
    await page.fill('#advance-seconds', '90');
    await page.click('#advance');
    await page.waitForFunction(
      () => document.getElementById('clock')?.textContent === '2026-01-01T00:01:30.000Z',
    );
  });

  it('a session\u2019s page shows that session alone; the root lists the sessions', async () => {
    const session = fake.session({ id: 'team-a' });
    await open();
    await page.waitForSelector('#sessions tbody tr');
    expect(await page.textContent('#sessions tbody')).toContain('team-a');
    await open(`${session.path}/__admin/ui`);
    expect(await page.textContent('#world-name')).toBe('session team-a');
    await call(fake.url, '/api/v1/me', 'alice');
    await call(session.url, '/api/v1/me', 'bob');
    await page.waitForSelector('#journal tbody tr[data-seq="1"]');
    expect(
      await page.$$eval('#journal tbody tr', (rows) => rows.map((r) => r.children[5]?.textContent)),
    ).toEqual(['bob']);
  });

  it('says loading while the first answers are on their way, not "none"', async () => {
    fake.fault({ path: '/api/v1/me', status: 503 });
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    // hold every control answer the page asks for until the first paint has been looked at
    await page.route(/\/__admin\/(state|faults|rate-limit|sessions|requests)/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`${fake.url}/__admin/ui`);
    for (const id of ['channels', 'integrations', 'users', 'sessions', 'journal'])
      expect((await page.textContent(`#${id} tbody`))?.trim()).toBe('loading…');
    expect((await page.textContent('#faults'))?.trim()).toBe('loading…');
    release();
    await page.waitForFunction(() => document.getElementById('live')?.textContent === 'on');
    await page.waitForSelector('#clear-faults');
    expect(await page.textContent('#channels tbody')).toContain('random');
    expect(await page.textContent('#faults')).toContain('/api/v1/me → 503');
  });

  it('shows what is left of each fault as requests use it', async () => {
    fake.fault({ path: '/api/v1/me', status: 503, times: 3 });
    fake.fault({ path: '/api/v1/channels.list', delayMs: 1 });
    await open();
    await page.waitForSelector('#faults [data-id="fault-1"]');
    expect(await page.textContent('#faults [data-id="fault-1"]')).toBe(
      'fault-1: * /api/v1/me → 503 · 3 of 3 left · hit 0×',
    );
    expect(await page.textContent('#faults [data-id="fault-2"]')).toBe(
      'fault-2: * /api/v1/channels.list after 1 ms · until cleared · hit 0×',
    );
    await call(fake.url, '/api/v1/me', 'alice');
    await page.waitForFunction(() =>
      (document.getElementById('faults')?.textContent ?? '').includes('2 of 3 left · hit 1×'),
    );
  });

  it('shows which fields of a changed row changed, before → after', async () => {
    await open();
    await call(fake.url, '/api/v1/channels.setReadOnly', 'alice', { roomName: 'random', readOnly: true });
    await page.waitForSelector('#channels tr[data-name="random"].changed');
    expect(await page.textContent('#channels tr[data-name="random"] td.diff')).toBe(
      'msgs: 5 → 6, ro: false → true, _updatedAt: 2026-01-01T00:00:00.000Z → 2026-01-01T00:00:01.000Z',
    );
    fake.addUser({ username: 'newcomer', password: 'x' });
    await page.waitForSelector('#users tr[data-name="newcomer"].changed');
    expect(await page.textContent('#users tr[data-name="newcomer"] td.diff')).toBe('added');
    expect(await page.textContent('#channels tr[data-name="general"] td.diff')).toBe('');
  });

  it('lists the newest messages, a post since the baseline highlighted, a system message with its type', async () => {
    await open();
    await call(fake.url, '/api/v1/chat.postMessage', 'bob', { roomId: 'GENERAL', text: 'hello inspector' });
    await call(fake.url, '/api/v1/channels.setReadOnly', 'alice', { roomName: 'random', readOnly: true });
    await page.waitForFunction(() => document.querySelectorAll('#messages tbody tr.changed').length === 2);
    const rows = await page.$$eval('#messages tbody tr', (trs) =>
      trs.map((tr) => [0, 1, 2, 3, 4].map((i) => tr.children[i]?.textContent)),
    );
    expect(rows).toEqual([
      ['random', 'alice', 'room-set-read-only', '', '2026-01-01T00:00:02.000Z'],
      ['general', 'bob', '', 'hello inspector', '2026-01-01T00:00:01.000Z'],
    ]);
  });

  it('lists the outgoing webhooks called, newest first, with their outcome', async () => {
    fake.addIntegration({
      name: 'docs-hook',
      channel: ['#general'],
      urls: ['https://hooks.example.com/x'],
      username: 'robot',
    });
    await open();
    await call(fake.url, '/api/v1/chat.postMessage', 'bob', { roomId: 'GENERAL', text: 'hello hooks' });
    await page.waitForFunction(() =>
      (document.getElementById('deliveries')?.textContent ?? '').includes('docs-hook'),
    );
    const rows = await page.$$eval('#deliveries tbody tr', (trs) =>
      trs.map((tr) => [0, 1, 2, 3, 4].map((i) => tr.children[i]?.textContent)),
    );
    expect(rows).toEqual([
      [
        'docs-hook',
        'https://hooks.example.com/x',
        '1',
        'skipped: hooks.example.com is reserved for documentation (RFC 2606): not called',
        '',
      ],
    ]);
  });

  it('tells modelled, stubbed and unknown requests apart, filters them, lists the stubs and the unknown routes', async () => {
    await open();
    await call(fake.url, '/api/v1/channels.list?count=1', 'alice');
    await call(fake.url, '/api/v1/channels.lsit', 'alice');
    await call(fake.url, '/api/v1/channels.lsit', 'alice');
    await call(fake.url, '/api/v1/livechat/rooms', 'alice');
    fake.stub({
      id: 'departments',
      request: { path: '/api/v1/livechat/department' },
      response: { body: { departments: [] } },
    });
    await call(fake.url, '/api/v1/livechat/department', 'alice');
    await page.waitForSelector('#journal tbody tr[data-seq="5"]');
    const marked = await page.$$eval('#journal tbody tr', (rows) =>
      rows.map((r) => [r.children[3]?.textContent, r.children[4]?.textContent]),
    );
    expect(marked).toEqual([
      ['/api/v1/livechat/departmentstub departments', '200'],
      ['/api/v1/livechat/roomsnot modelled', '404'],
      ['/api/v1/channels.lsitnot modelled', '404'],
      ['/api/v1/channels.lsitnot modelled', '404'],
      ['/api/v1/channels.list', '200'],
    ]);
    await page.selectOption('#filter-modelled', 'true');
    expect(await page.$$eval('#journal tbody tr', (rows) => rows.length)).toBe(1);
    await page.selectOption('#filter-modelled', 'false');
    expect(await page.$$eval('#journal tbody tr', (rows) => rows.length)).toBe(4);
    await page.waitForFunction(() =>
      (document.getElementById('stubs')?.textContent ?? '').includes('departments'),
    );
    expect(
      await page.$$eval('#stubs tbody tr', (trs) =>
        trs.map((tr) => [0, 1, 2, 3].map((i) => tr.children[i]?.textContent)),
      ),
    ).toEqual([['departments', 'ANY /api/v1/livechat/department', '200', '1']]);
    await page.waitForFunction(() =>
      (document.getElementById('unmatched')?.textContent ?? '').includes('livechat/rooms'),
    );
    const routes = await page.$$eval('#unmatched tbody tr', (trs) =>
      trs.map((tr) => [0, 1, 2, 3].map((i) => tr.children[i]?.textContent)),
    );
    expect(routes).toEqual([
      ['GET', '/api/v1/channels.lsit', '2', 'GET /api/v1/channels.list'],
      ['GET', '/api/v1/livechat/rooms', '1', '—'],
    ]);
  });

  it('shows a stub or a fault the moment it is added or removed, with no request in between', async () => {
    await open();
    await page.waitForFunction(() => document.getElementById('faults')?.textContent === 'no fault');
    await page.waitForFunction(() => document.querySelector('#stubs tbody tr td')?.textContent === 'none');
    fake.stub({
      id: 'departments',
      request: { path: '/api/v1/livechat/department' },
      response: { body: { departments: [] } },
    });
    const { id } = fake.fault({ path: '/api/v1/me', status: 503 });
    await page.waitForFunction(() =>
      (document.getElementById('stubs')?.textContent ?? '').includes('departments'),
    );
    await page.waitForSelector(`#faults div[data-id="${id}"]`);
    expect(
      await page.$$eval('#stubs tbody tr', (trs) =>
        trs.map((tr) => [0, 1, 2, 3].map((i) => tr.children[i]?.textContent)),
      ),
    ).toEqual([['departments', 'ANY /api/v1/livechat/department', '200', '0']]);
    expect(await page.$eval(`#faults div[data-id="${id}"]`, (el) => el.textContent)).toBe(
      `${id}: * /api/v1/me → 503 · until cleared · hit 0×`,
    );
    fake.clearStubs();
    fake.clearFaults();
    await page.waitForFunction(() => document.querySelector('#stubs tbody tr td')?.textContent === 'none');
    await page.waitForFunction(() => document.getElementById('faults')?.textContent === 'no fault');
    expect(fake.requests()).toEqual([]);
  });

  it('follows a cleared journal and a changed rate limit; a row gone from the journal says so', async () => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await open();
    await call(fake.url, '/api/v1/me', 'alice');
    await call(fake.url, '/api/v1/nope', 'alice');
    await page.waitForFunction(() => document.querySelectorAll('#journal tbody tr').length === 2);
    await page.waitForFunction(() =>
      (document.getElementById('unmatched')?.textContent ?? '').includes('nope'),
    );
    await page.waitForFunction(() => document.getElementById('ratelimit')?.textContent === 'no rate limit');
    fake.setRateLimit({ limit: 2, windowMs: 60_000 });
    await page.waitForFunction(() =>
      (document.getElementById('ratelimit')?.textContent ?? '').startsWith(
        'rate limit: 2 calls per 60000 ms',
      ),
    );
    fake.clearRequests();
    await page.waitForFunction(() => document.getElementById('journal-count')?.textContent === '(0 of 0)');
    await page.waitForFunction(
      () => !(document.getElementById('unmatched')?.textContent ?? '').includes('nope'),
    );
    // a row listed before the journal moved on: its details say it is gone, not a blank pane
    await call(fake.url, '/api/v1/me', 'alice');
    await page.waitForFunction(() => document.querySelectorAll('#journal tbody tr').length === 1);
    const seq = (await page.getAttribute('#journal tbody tr', 'data-seq')) ?? '';
    // the journal moves on between the listing and the click (the server's own 404 for the entry)
    await page.route(`**/__admin/requests/${seq}`, (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: `{"error":"No request seq ${seq}"}`,
      }),
    );
    await page.click('#journal tbody tr');
    await page.waitForFunction(
      (n) =>
        (document.getElementById('details')?.textContent ?? '').includes(
          `Request ${n} is no longer in the journal`,
        ),
      seq,
    );
    // the realtime frames can be picked out
    expect(
      await page.$$eval('#filter-method option', (options) => options.map((o) => o.textContent)),
    ).toContain('DDP (realtime)');
    // the page's own rules hold for all it loads (its icon included); the 404 above is the only error
    expect(errors.filter((e) => /Content Security Policy|violates/.test(e))).toEqual([]);
    expect(errors).toEqual([
      'Failed to load resource: the server responded with a status of 404 (Not Found)',
    ]);
  });

  it('the root lists sessions made and ended while it is open', async () => {
    await open();
    await page.waitForFunction(
      () => document.querySelector('#sessions tbody tr td')?.textContent === 'no session',
    );
    const session = fake.session({ id: 'later' });
    await page.waitForFunction(() =>
      (document.getElementById('sessions')?.textContent ?? '').includes('later'),
    );
    await session.close();
    await page.waitForFunction(
      () => document.querySelector('#sessions tbody tr td')?.textContent === 'no session',
    );
  });

  it('shows the newest listing when an older read of it answers last', async () => {
    await open();
    await page.waitForFunction(() => document.querySelector('#stubs tbody tr td')?.textContent === 'none');
    // the next read of the stubs is answered as the server had it then, but only once a newer one has been shown
    let hold: (() => Promise<void>) | undefined;
    let caught: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (caught = resolve));
    await page.route('**/__admin/stubs', async (route) => {
      if (hold !== undefined) return route.continue();
      const response = await route.fetch();
      hold = () => route.fulfill({ response });
      caught();
    });
    fake.stub({
      id: 'first',
      request: { path: '/api/v1/livechat/department' },
      response: { body: { departments: [] } },
    });
    await held;
    fake.stub({ id: 'second', request: { path: '/api/v1/me' }, response: { body: {} } });
    await page.waitForFunction(() => document.querySelectorAll('#stubs tbody tr').length === 2);
    const late = page.waitForEvent('requestfinished', (r) => r.url().endsWith('/__admin/stubs'));
    await hold?.();
    await late;
    // a whole round trip after the late answer arrived: the page has had it in hand
    await page.evaluate(async (url) => {
      await (await fetch(url)).text();
    }, `${fake.url}/__admin/health`);
    expect(
      await page.$$eval('#stubs tbody tr', (trs) => trs.map((tr) => tr.children[0]?.textContent)),
    ).toEqual(['second', 'first']);
  });

  it('keeps faults and sessions in view above a world of many channels', async () => {
    await fake.stop();
    fake = createFakeServer({ scenario: { ...WORLD, generate: { channels: 300 } } });
    await fake.start(0);
    fake.session({ id: 'team-a' });
    fake.fault({ path: '/api/v1/me', status: 503 });
    await open();
    await page.waitForSelector('#clear-faults');
    await page.waitForSelector('#sessions tbody tr td');
    expect(await page.$$eval('#channels tbody tr', (rows) => rows.length)).toBeGreaterThan(300);
    for (const id of ['#faults-section', '#sessions-section']) {
      const box = await page.$eval(
        id,
        (el) => el.getBoundingClientRect().toJSON() as { top: number; bottom: number },
      );
      expect(box.bottom).toBeLessThanOrEqual(900);
    }
  });

  it('asks for the admin token once and keeps it in the tab', async () => {
    await fake.stop();
    fake = createFakeServer({ scenario: WORLD, adminToken: 'sesame' });
    await fake.start(0);
    await page.goto(`${fake.url}/__admin/ui`);
    await page.waitForSelector('#token.shown');
    await page.fill('#token-input', 'sesame');
    await page.click('#token-save');
    await page.waitForFunction(() => document.getElementById('live')?.textContent === 'on');
    expect(await page.textContent('#profile')).toBe('8.9');
    expect(await page.evaluate(() => sessionStorage.getItem('rocketchat-fake-admin-token'))).toBe('sesame');
  });
});
