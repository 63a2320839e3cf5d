/**
 * The inspector page (GET /__admin/ui) in a real browser: headless Chromium (Debian's `chromium`,
 * which .ci/run installs) driven by playwright-core. A client's requests and a realtime bot's
 * frames appear without a reload, the filters narrow them, a click shows the detail beside the
 * list, a changed channel is highlighted with what changed, the chat view shows rooms as people
 * read them, a reset brings the world back, a session's page shows that session alone, the admin
 * token is asked for before any world data is read; nothing is clipped at 1280 or 1920 px, and the
 * page follows a dark system theme.
 */
import { existsSync } from 'node:fs';

import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';

import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import { openDdp } from './support/ddp';
import type { Ddp } from './support/ddp';
import { AS, WORLD } from './support/fake';

const CHROMIUM = ['/usr/bin/chromium', '/usr/lib/chromium/chromium', '/usr/bin/chromium-browser'].find((p) =>
  existsSync(p),
);

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
  body: { textContent: string | null };
  documentElement: { scrollWidth: number; clientWidth: number };
};
declare function getComputedStyle(element: unknown): { backgroundColor: string };
declare const sessionStorage: { getItem(key: string): string | null };

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** The relative luminance (0 black … 1 white) of a CSS `rgb(r, g, b)` colour. */
function luminance(rgb: string): number {
  const [r = 0, g = 0, b = 0] = (rgb.match(/\d+/g) ?? []).map(Number);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/** What the system message of `channels.setReadOnly` reads as. */
const SET_READ_ONLY = 'alice set the room to read only';

/** A chat API POST; the id of the message it made or touched, when it answers one. */
async function post(url: string, route: string, who: keyof typeof AS, body: object): Promise<string> {
  const res = await fetch(`${url}/api/v1/${route}`, {
    method: 'POST',
    headers: { ...AS[who], 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { success: boolean; message?: { _id: string } };
  expect([route, answer.success]).toEqual([route, true]);
  return answer.message?._id ?? '';
}

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
  let pageErrors: string[] = [];
  const sockets: Ddp[] = [];

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
    pageErrors = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });
  afterEach(async () => {
    await Promise.all(sockets.splice(0).map((s) => s.close()));
    await page.close();
    await fake.stop();
    // the page's script never threw
    expect(pageErrors).toEqual([]);
  });

  async function open(path = '/__admin/ui'): Promise<void> {
    await page.goto(`${fake.url}${path}`);
    await page.waitForFunction(() => document.getElementById('live')?.textContent === 'on');
  }
  /** The realtime rows shown, oldest first: direction, its words, the label, the summary. */
  async function frameRows(): Promise<string[][]> {
    return page.$$eval('#journal tbody tr.frame', (trs) =>
      trs
        .reverse()
        .map((tr) => [
          tr.getAttribute('data-dir') ?? '',
          tr.querySelector('.dir')?.textContent ?? '',
          tr.querySelector('.label')?.textContent ?? '',
          tr.querySelector('.summary')?.textContent ?? '',
        ]),
    );
  }
  /** The chat's top-level messages: author, time on the fake clock, system type, text. */
  async function messages(): Promise<string[][]> {
    return page.$$eval('#chat > .msg', (nodes) =>
      nodes.map((m) => [
        m.querySelector('.author')?.textContent ?? '',
        m.querySelector('.time')?.textContent ?? '',
        m.querySelector('.head .tag')?.textContent ?? '',
        m.querySelector(':scope > .text')?.textContent ?? '',
      ]),
    );
  }
  /** Shows one of the page's views (its tab). */
  async function view(name: 'requests' | 'chat' | 'changes' | 'world' | 'controls'): Promise<void> {
    await page.click(`#tabs button[data-view="${name}"]`);
    await page.waitForSelector(`#view-${name}.active`);
  }
  async function box(selector: string): Promise<Box> {
    return page.$eval(selector, (el) => el.getBoundingClientRect().toJSON() as Box);
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
    // the changed channel is highlighted (the world's view), the clock moved
    await view('world');
    await page.waitForSelector('#channels tr[data-name="random"].changed');
    expect(
      await page.$$eval('#channels tr.changed', (rows) => rows.map((r) => r.getAttribute('data-name'))),
    ).toEqual(['random']);
    expect(await page.textContent('#clock')).toBe('2026-01-01T00:00:01.000Z');
    // filter
    await view('requests');
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
    // the detail is beside the list, not below it
    const list = await box('#journal-section');
    const detail = await box('#details-section');
    expect(detail.left).toBeGreaterThanOrEqual(list.right);
    expect(detail.top).toBe(list.top);
    // a read changed nothing
    await page.click('#journal tbody tr[data-seq="1"]');
    await page.waitForFunction(() =>
      (document.getElementById('details')?.textContent ?? '').includes('GET /api/v1/channels.list'),
    );
    expect(await page.textContent('#details-changes')).toBe('none: it changed nothing');
    // reset (confirmed): the table goes back, the journal empties
    await view('world');
    await page.click('#reset');
    await page.waitForFunction(() => document.querySelectorAll('#channels tr.changed').length === 0);
    await page.waitForFunction(() => document.querySelectorAll('#journal tbody tr').length === 0);
    expect(fake.state().channels.find((c) => c.name === 'random')?.ro).toBe(false);
  });

  it('advances the clock, shows and clears faults', async () => {
    fake.fault({ path: '/api/v1/channels.list', status: 503 });
    await open('/__admin/ui#controls');
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
    await open('/__admin/ui#controls');
    // the table's first answer replaces its `loading…` row
    await page.waitForSelector('#sessions tbody tr:not(.loading)');
    expect(await page.textContent('#sessions tbody')).toContain('team-a');
    await open(`${session.path}/__admin/ui`);
    expect(await page.textContent('#world-name')).toBe('session team-a');
    await call(fake.url, '/api/v1/me', 'alice');
    await call(session.url, '/api/v1/me', 'bob');
    await page.waitForSelector('#journal tbody tr[data-seq="1"]');
    expect(
      await page.$$eval('#journal tbody tr', (rows) => rows.map((r) => r.children[5]?.textContent)),
    ).toEqual(['bob']);
    // its chat is the session's world: a post there, none at the root
    await call(session.url, '/api/v1/chat.postMessage', 'bob', { roomId: 'GENERAL', text: 'in the session' });
    await call(fake.url, '/api/v1/chat.postMessage', 'alice', { roomId: 'GENERAL', text: 'at the root' });
    await view('chat');
    await page.click('#rooms li[data-name="general"]');
    await page.waitForFunction(() =>
      (document.getElementById('chat')?.textContent ?? '').includes('in the session'),
    );
    expect(await page.textContent('#chat')).not.toContain('at the root');
  });

  it('says loading while the first answers are on their way, not "none"', async () => {
    fake.fault({ path: '/api/v1/me', status: 503 });
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    // hold every control answer the page asks for until the first paint has been looked at
    await page.route(
      /\/__admin\/(state|faults|rate-limit|sessions|requests|inspect|clock|health)/,
      async (route) => {
        await released;
        await route.continue();
      },
    );
    await page.goto(`${fake.url}/__admin/ui`);
    for (const id of ['channels', 'integrations', 'users', 'sessions', 'journal'])
      expect((await page.textContent(`#${id} tbody`))?.trim()).toBe('loading…');
    expect((await page.textContent('#faults'))?.trim()).toBe('loading…');
    release();
    await page.waitForFunction(() => document.getElementById('live')?.textContent === 'on');
    await view('controls');
    await page.waitForSelector('#clear-faults');
    await view('world');
    await page.waitForFunction(() =>
      (document.querySelector('#channels tbody')?.textContent ?? '').includes('random'),
    );
    expect(await page.textContent('#faults')).toContain('/api/v1/me → 503');
  });

  it('shows what is left of each fault as requests use it', async () => {
    fake.fault({ path: '/api/v1/me', status: 503, times: 3 });
    fake.fault({ path: '/api/v1/channels.list', delayMs: 1 });
    await open('/__admin/ui#controls');
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
    await open('/__admin/ui#world');
    await call(fake.url, '/api/v1/channels.setReadOnly', 'alice', { roomName: 'random', readOnly: true });
    await page.waitForSelector('#channels tr[data-name="random"].changed');
    expect(await page.textContent('#channels tr[data-name="random"] td.diff')).toBe(
      'msgs: 5 → 6, ro: false → true',
    );
    fake.addUser({ username: 'newcomer', password: 'x' });
    await page.waitForSelector('#users tr[data-name="newcomer"].changed');
    expect(await page.textContent('#users tr[data-name="newcomer"] td.diff')).toBe('added');
    expect(await page.textContent('#channels tr[data-name="general"] td.diff')).toBe('');
  });

  it('lists the rooms, the last posted in first; a room reads as its people read it, a post since the baseline highlighted, a system message as a sentence', async () => {
    await open('/__admin/ui#chat');
    await call(fake.url, '/api/v1/chat.postMessage', 'bob', { roomId: 'GENERAL', text: 'hello inspector' });
    await call(fake.url, '/api/v1/channels.setReadOnly', 'alice', { roomName: 'random', readOnly: true });
    await page.waitForFunction(
      () => document.querySelector('#rooms li[data-rid]')?.textContent === '# general',
    );
    // the room posted in first, then the others by name
    expect(await page.$$eval('#rooms li[data-rid]', (lis) => lis.map((li) => li.textContent))).toEqual([
      '# general',
      '# attic',
      '# club',
      '# news',
      '# random',
      '🔒 secret',
    ]);
    // the post, highlighted as new, by its author at its time
    await page.click('#rooms li[data-name="general"]');
    await page.waitForSelector('#chat .msg.new');
    expect(await page.$$eval('#chat .msg.new', (nodes) => nodes.length)).toBe(1);
    expect((await messages()).at(-1)).toEqual(['bob', '00:00:01', '', 'hello inspector']);
    // the system message, as a sentence, with its type
    await page.click('#rooms li[data-name="random"]');
    await page.waitForSelector('#chat .msg.system.new');
    expect(await messages()).toEqual([['alice', '00:00:02', 'room-set-read-only', SET_READ_ONLY]]);
  });

  it('shows a realtime bot session frame by frame with its directions; filters them; a frame in full beside the list', async () => {
    await open();
    const robot = await openDdp(fake.url, sockets, AS.robot['X-Auth-Token']);
    await robot.sub('stream-room-messages', 'GENERAL', false);
    expect((await robot.call('sendMessage', { rid: 'GENERAL', msg: 'beep' })).error).toBeUndefined();
    await robot.next((f) => f.msg === 'changed' && f.collection === 'stream-room-messages');
    const frames = fake.requests({ method: 'DDP' }).length;
    await page.waitForFunction(
      (n) => document.querySelectorAll('#journal tbody tr.frame').length === n,
      frames,
    );
    const rows = await frameRows();
    const IN = ['in', 'client → fake'];
    const OUT = ['out', 'fake → client'];
    expect(rows).toEqual([
      [...IN, 'connect', 'version "1"'],
      [...OUT, 'connected', 'session "session-1"'],
      [...IN, 'method login', '{resume: [redacted]}'],
      [...OUT, 'updated', '1'],
      [...OUT, 'result login', expect.stringMatching(/^→ \{id: "botUserId00000001", token: \[redacted\]/)],
      [...IN, 'sub stream-room-messages', '"GENERAL", false'],
      [...OUT, 'ready stream-room-messages', ''],
      [...IN, 'method sendMessage', '{rid: "GENERAL", msg: "beep"}'],
      [...OUT, 'changed stream-room-messages GENERAL', expect.stringMatching(/^\{_id: "\w+", msg: "beep"/)],
      [...OUT, 'updated', expect.stringMatching(/^\d+$/)],
      [...OUT, 'result sendMessage', expect.stringMatching(/^→ \{_id: "\w+", msg: "beep"/)],
    ]);
    // each result answers its call: the row says so
    const results = await page.$$eval('#journal tbody tr.frame[data-msg="result"] td:nth-child(5)', (tds) =>
      tds.map((td) => td.textContent),
    );
    expect(results).toEqual([expect.stringMatching(/^ok ↩ #\d+$/), expect.stringMatching(/^ok ↩ #\d+$/)]);
    // no token is shown
    expect(await page.textContent('#journal')).not.toContain('robot-token');
    // filters: by direction, by method, by stream, by connection
    await page.selectOption('#filter-dir', 'out');
    expect(new Set((await frameRows()).map((r) => r[0]))).toEqual(new Set(['out']));
    await page.selectOption('#filter-dir', '');
    await page.selectOption('#filter-ddp-method', 'sendMessage');
    expect((await frameRows()).map((r) => r[2])).toEqual(['method sendMessage', 'result sendMessage']);
    await page.selectOption('#filter-ddp-method', '');
    await page.selectOption('#filter-stream', 'stream-room-messages');
    expect((await frameRows()).map((r) => r[2]).sort()).toEqual(
      [
        'changed stream-room-messages GENERAL',
        'ready stream-room-messages',
        'sub stream-room-messages',
      ].sort(),
    );
    await page.selectOption('#filter-stream', '');
    const connections = await page.$$eval('#filter-conn option', (options) =>
      options.map((o) => o.getAttribute('value')),
    );
    expect(connections).toHaveLength(2);
    await page.selectOption('#filter-conn', connections[1] ?? '');
    expect((await frameRows()).length).toBe(frames);
    await page.selectOption('#filter-conn', '');
    // a click: the frame, formatted, beside the list; its result is linked
    await page.click('#journal tbody tr.frame[data-msg="method"]:has-text("sendMessage")');
    await page.waitForFunction(() =>
      (document.getElementById('details')?.textContent ?? '').includes('answered by'),
    );
    const details = (await page.textContent('#details')) ?? '';
    expect(details).toContain('client → fake');
    expect(details).toContain('"method": "sendMessage"');
    expect(details).toContain('"msg": "beep"');
    expect(details).toMatch(/answered by #\d+ result/);
  });

  it('shows a thread reply under its parent, reactions, pins, edits and deletions, live, with unread counts per user', async () => {
    await open('/__admin/ui#chat');
    // the room is open before anything is posted: what follows shows live
    await page.click('#rooms li[data-name="general"]');
    await page.waitForSelector('#rooms li[data-name="general"].selected');
    const parent = await post(fake.url, 'chat.postMessage', 'alice', {
      roomId: 'GENERAL',
      text: '@bob release today?',
    });
    await post(fake.url, 'chat.postMessage', 'bob', {
      roomId: 'GENERAL',
      tmid: parent,
      text: 'yes, at noon',
    });
    await post(fake.url, 'chat.react', 'bob', { messageId: parent, emoji: ':rocket:' });
    const pinned = await post(fake.url, 'chat.postMessage', 'bob', {
      roomId: 'GENERAL',
      text: 'notes in the wiki',
    });
    await post(fake.url, 'chat.update', 'bob', {
      roomId: 'GENERAL',
      msgId: pinned,
      text: 'notes in the wiki (v2)',
    });
    await post(fake.url, 'chat.pinMessage', 'admin', { messageId: pinned });
    const gone = await post(fake.url, 'chat.postMessage', 'bob', { roomId: 'GENERAL', text: 'wrong room' });
    await post(fake.url, 'chat.delete', 'bob', { roomId: 'GENERAL', msgId: gone });
    const last = await post(fake.url, 'chat.postMessage', 'alice', {
      roomId: 'GENERAL',
      text: '@bob ship it',
    });
    await page.waitForSelector(`#chat > .msg[data-id="${last}"]`);
    expect(await page.textContent(`#chat > .msg.deleted[data-id="${gone}"] > .text`)).toBe('message deleted');
    // the reply is inside its parent's thread, not a message of its own in the room
    const reply = await page.$eval(
      `#chat > .msg[data-id="${parent}"] details.thread .msg .text`,
      (el) => el.textContent,
    );
    expect(reply).toBe('yes, at noon');
    expect(await page.textContent(`#chat > .msg[data-id="${parent}"] > .text`)).toBe('@bob release today?');
    expect(await page.textContent(`#chat > .msg[data-id="${parent}"] details.thread summary`)).toBe(
      '1 reply',
    );
    expect(await page.$$eval('#chat > .msg > .text', (els) => els.map((e) => e.textContent))).not.toContain(
      'yes, at noon',
    );
    expect(await page.textContent(`#chat > .msg[data-id="${parent}"] .reaction`)).toBe(':rocket: 1');
    expect(await page.getAttribute(`#chat > .msg[data-id="${parent}"] .reaction`, 'title')).toBe('bob');
    expect(await page.textContent(`#chat > .msg[data-id="${pinned}"] > .text`)).toBe(
      'notes in the wiki (v2)',
    );
    expect(await page.textContent(`#chat > .msg[data-id="${pinned}"] .tag.pinned`)).toBe('pinned');
    expect(await page.textContent(`#chat > .msg[data-id="${pinned}"] .tag.edited`)).toBe(
      'edited by bob at 00:00:05',
    );
    expect(await page.textContent(`#chat > .msg[data-id="${gone}"] .tag.deleted`)).toContain('deleted');
    // the rooms as a user has them: bob has not read alice's last post, a mention of him
    await page.selectOption('#chat-user', 'bob');
    await page.waitForSelector('#rooms li[data-name="general"] .badge.unread');
    const { rooms } = (await (await fetch(`${fake.url}/__admin/inspect/rooms?user=bob`)).json()) as {
      rooms: { name: string; unread: number; userMentions: number }[];
    };
    const general = rooms.find((r) => r.name === 'general');
    expect(general?.userMentions).toBe(1);
    expect(await page.textContent('#rooms li[data-name="general"] .badge.unread')).toBe(
      String(general?.unread),
    );
    expect(await page.textContent('#rooms li[data-name="general"] .badge.mention')).toBe('@1');
    expect(await page.$$eval('#rooms li[data-rid]', (lis) => lis.length)).toBe(rooms.length);
  });

  it('reads a change as field: before → after, long values folded with a way to open them, no JSON in a cell', async () => {
    await open('/__admin/ui#changes');
    await call(fake.url, '/api/v1/channels.setReadOnly', 'alice', { roomName: 'random', readOnly: true });
    await call(fake.url, '/api/v1/chat.postMessage', 'bob', {
      roomId: 'GENERAL',
      text: 'a post long enough to fold: '.repeat(4),
    });
    await page.waitForSelector('#changes li.change[data-kind="channels"][data-id="GENERAL"]');
    const random = await page.$$eval('#changes li.change[data-id="randomRoomId00001"] .fields li', (lis) =>
      lis.map((li) => li.textContent),
    );
    expect(random).toContain('ro: false → true');
    expect(random).toContain('msgs: 5 → 6');
    // the general channel's last message is an object: folded, opened beside the list
    const last = await page.$(
      '#changes li.change[data-id="GENERAL"] .fields li:has(b:text-is("lastMessage"))',
    );
    expect(await last?.textContent()).toMatch(
      /^lastMessage: .*\{message "a post long enough to fold: .*…"\}open$/,
    );
    await page.click(
      '#changes li.change[data-id="GENERAL"] .fields li:has(b:text-is("lastMessage")) button.open',
    );
    await page.waitForFunction(() =>
      (document.getElementById('value')?.textContent ?? '').includes('"msg": "a post'),
    );
    expect(await page.textContent('#value .label')).toBe('channels general · lastMessage (after)');
    // no raw JSON in any cell of the world's tables
    await view('world');
    await page.waitForSelector('#channels tr[data-name="general"].changed');
    const cells = await page.$$eval('td', (tds) => tds.map((td) => td.textContent ?? ''));
    expect(cells.filter((text) => /[{[]"/.test(text))).toEqual([]);
  });

  it('has no horizontal clipping at 1280 and 1920 px, the detail beside the list; a narrow window stacks them', async () => {
    fake.addIntegration({
      name: 'docs-hook',
      channel: ['#general'],
      urls: ['https://hooks.example.com/x'],
      username: 'robot',
    });
    await call(fake.url, '/api/v1/chat.postMessage', 'bob', { roomId: 'GENERAL', text: 'x'.repeat(300) });
    await call(fake.url, '/api/v1/channels.setReadOnly', 'alice', { roomName: 'random', readOnly: true });
    await call(fake.url, `/api/v1/channels.lsit?${'q'.repeat(200)}=1`, 'alice');
    fake.fault({ path: '/api/v1/me', status: 503 });
    for (const width of [1280, 1920]) {
      await page.setViewportSize({ width, height: 800 });
      await open();
      await page.click('#journal tbody tr[data-seq="1"]');
      await page.waitForFunction(() =>
        (document.getElementById('details')?.textContent ?? '').includes('response body'),
      );
      for (const name of ['requests', 'chat', 'changes', 'world', 'controls'] as const) {
        await view(name);
        await page.waitForFunction(
          () => document.querySelectorAll('main .view.active .loading').length === 0,
        );
        const over = await page.$$eval(`main, #view-${name}, #view-${name} section`, (els) =>
          els.filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.id || el.tagName),
        );
        expect([width, name, over]).toEqual([width, name, []]);
      }
      await view('requests');
      expect((await box('#details-section')).left).toBeGreaterThanOrEqual(
        (await box('#journal-section')).right,
      );
    }
    await page.setViewportSize({ width: 600, height: 800 });
    expect((await box('#details-section')).top).toBeGreaterThanOrEqual(
      (await box('#journal-section')).bottom,
    );
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
  });

  it('follows a dark system theme; the keys 1 to 5 switch the views, but while typing', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await open();
    const dark = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.emulateMedia({ colorScheme: 'light' });
    const light = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(luminance(dark)).toBeLessThan(0.2);
    expect(luminance(light)).toBeGreaterThan(0.8);
    await page.keyboard.press('2');
    await page.waitForSelector('#view-chat.active');
    await page.keyboard.press('5');
    await page.waitForSelector('#view-controls.active');
    await page.keyboard.press('1');
    await page.waitForSelector('#view-requests.active');
    await page.fill('#filter-path', '3');
    await page.press('#filter-path', '3');
    expect(await page.getAttribute('#view-requests', 'class')).toBe('view split active');
    expect(await page.inputValue('#filter-path')).toBe('33');
  });

  it('lists the outgoing webhooks called, newest first, with their outcome', async () => {
    fake.addIntegration({
      name: 'docs-hook',
      channel: ['#general'],
      urls: ['https://hooks.example.com/x'],
      username: 'robot',
    });
    await open('/__admin/ui#controls');
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
    await open('/__admin/ui#controls');
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
    await open('/__admin/ui#controls');
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
    await open('/__admin/ui#controls');
    await page.waitForSelector('#clear-faults');
    await page.waitForSelector('#sessions tbody tr td');
    for (const id of ['#faults-section', '#sessions-section'])
      expect((await box(id)).bottom).toBeLessThanOrEqual(900);
    // the world is read a page at a time: 50 rows of the 300 and more
    await view('world');
    await page.waitForSelector('#channels tbody tr[data-name]');
    expect(await page.$$eval('#channels tbody tr', (rows) => rows.length)).toBe(50);
    expect(Number(await page.getAttribute('.pager[data-kind="channels"]', 'data-total'))).toBeGreaterThan(
      300,
    );
  });

  it('asks for the admin token once and keeps it in the tab', async () => {
    await fake.stop();
    fake = createFakeServer({ scenario: WORLD, adminToken: 'sesame' });
    await fake.start(0);
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    await page.goto(`${fake.url}/__admin/ui`);
    await page.waitForSelector('#token.shown');
    // nothing of the world is read, nor shown, before the token
    await page.waitForFunction(() => document.getElementById('live')?.textContent === 'needs the token');
    const before = (await page.textContent('body')) ?? '';
    for (const word of ['general', 'random', 'alice', 'bob', '2026-01-01'])
      expect(before).not.toContain(word);
    // the page asked for nothing but its health and the clock, refused
    expect([...new Set(asked)].sort()).toEqual(['/__admin/clock', '/__admin/health', '/__admin/ui']);
    await page.fill('#token-input', 'sesame');
    await page.click('#token-save');
    await page.waitForFunction(() => document.getElementById('live')?.textContent === 'on');
    expect(await page.textContent('#profile')).toBe('8.9');
    await view('world');
    await page.waitForSelector('#channels tr[data-name="random"]');
    expect(await page.evaluate(() => sessionStorage.getItem('rocketchat-fake-admin-token'))).toBe('sesame');
  });
});
