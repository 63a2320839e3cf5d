/**
 * Change events drive the rest (src/store/events.ts): the events a request commits are noted in its
 * journal detail (src/journal/changes.ts), which `GET /__admin/requests/:seq` and the inspector
 * show, and which the contract's replay folds into its provider states (src/pact/states.ts), with
 * no `contract` hook of the route's own; `changes()` reads the ids the events named.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import request from 'supertest';

import { changeViews, ChangeNotes, NOTES_KEPT } from '../src/journal/changes';
import { createFakeServer } from '../src/server';
import type { FakeServer } from '../src/server';
import type { ChangeEvent } from '../src/store/store';
import type { Changes, KindChanges, PactDocument, RequestChange, World } from '../src/types';
import type { FakeWorld } from '../src/world';
import { AS, WORLD, makeFake, postAs } from './support/fake';
import { verifyAgainstFreshFake } from './support/pact';

/** The world a server handle acts on (a protected getter: the tests read its change events). */
function worldOf(fake: FakeServer): FakeWorld {
  return (fake as unknown as { world: FakeWorld }).world;
}

/** Each event as the journal shows it, written out here from the event itself. */
function shown(event: ChangeEvent): RequestChange {
  switch (event.kind) {
    case 'room':
      return { kind: 'room', op: event.op, id: event.room._id };
    case 'message':
      return { kind: 'message', op: event.op, id: event.message._id };
    case 'user':
      return { kind: 'user', op: event.op, id: event.user._id };
    case 'integration':
      return { kind: 'integration', op: event.op, id: event.integration._id };
    case 'subscription':
      return { kind: 'subscription', op: event.op, id: `${event.rid}/${event.uid}` };
    case 'team':
      return { kind: 'team', op: event.op, id: event.team._id };
    case 'settings':
      return { kind: 'settings', op: 'updated', id: Object.keys(event.changed).sort().join(',') };
    case 'permission':
      return { kind: 'permission', op: event.op, id: event.permission._id };
    case 'role':
      return { kind: 'role', op: event.op, id: `${event.roleId}/${event.u._id}` };
    case 'role-doc':
      return { kind: 'role-doc', op: event.op, id: event.role._id };
  }
}

describe("a request's detail: the change events it committed", () => {
  let fake: FakeServer;
  /** the events committed since the last look */
  let committed: ChangeEvent[];
  beforeEach(() => {
    fake = makeFake();
    committed = [];
    worldOf(fake).watchChanges((events) => committed.push(...events));
  });
  afterEach(() => fake.stop());

  /** The events committed since the last look, as shown, and forgotten. */
  function taken(): RequestChange[] {
    const out = committed.map(shown);
    committed = [];
    return out;
  }

  it('lists exactly the events each request committed, in order, and none of another request', async () => {
    await postAs(fake.app, 'alice', '/api/v1/channels.setReadOnly', {
      roomName: 'random',
      readOnly: true,
    }).expect(200);
    const first = taken();
    await postAs(fake.app, 'alice', '/api/v1/chat.postMessage', {
      channel: '#general',
      text: 'hi all',
    }).expect(200);
    const second = taken();
    await request(fake.app).get('/api/v1/channels.list?count=1').set(AS.alice).expect(200);
    const third = taken();
    // setReadOnly: its system message and the room; a post: the message, the room, each member's subscription
    expect(first.map((c) => `${c.kind} ${c.op}`)).toEqual(['message inserted', 'room updated']);
    expect(second.map((c) => `${c.kind} ${c.op}`)).toEqual([
      'message inserted',
      'room updated',
      'subscription updated',
      'subscription updated',
      'subscription updated',
    ]);
    expect(third).toEqual([]);
    expect(fake.exchange(1)?.changes).toEqual(first);
    expect(fake.exchange(2)?.changes).toEqual(second);
    expect(fake.exchange(3)?.changes).toEqual([]);
    // the same over HTTP (the inspector's details)
    const res = await request(fake.app).get('/__admin/requests/2').expect(200);
    expect(res.body.changes).toEqual(second);
    // ids, not documents: nothing of the message's text
    expect(JSON.stringify(res.body.changes)).not.toContain('hi all');
  });

  it('a refused request lists none, and so does a read', async () => {
    await postAs(fake.app, 'alice', '/api/v1/channels.setReadOnly', {
      roomName: 'news',
      readOnly: false,
    }).expect(400);
    const refused = await postAs(fake.app, 'bob', '/api/v1/channels.setType', {
      roomName: 'random',
      type: 'p',
    });
    expect(refused.status).toBe(400);
    expect(committed).toEqual([]);
    expect(fake.exchange(1)?.changes).toEqual([]);
    expect(fake.exchange(2)?.changes).toEqual([]);
  });

  it('what the control API changes between requests is no request’s', async () => {
    await postAs(fake.app, 'alice', '/api/v1/chat.postMessage', { channel: '#random', text: 'one' }).expect(
      200,
    );
    fake.addChannel({ name: 'later' });
    fake.setSettings({ Block_Multiple_Failed_Logins_Enabled: true });
    await request(fake.app).get('/api/v1/channels.list?count=1').set(AS.alice).expect(200);
    expect(fake.exchange(1)?.changes.map((c) => c.kind)).toEqual(['message', 'room', 'subscription']);
    expect(fake.exchange(2)?.changes).toEqual([]);
  });

  it('a request’s notes are bounded: past a kind’s limit the rest are counted, not kept', () => {
    const notes = new ChangeNotes();
    const subscription = (uid: number): ChangeEvent => ({
      kind: 'subscription',
      op: 'updated',
      rid: 'GENERAL',
      uid: `u${uid}`,
      subscription: {} as never,
    });
    notes.add(Array.from({ length: NOTES_KEPT.subscription + 5 }, (_, i) => subscription(i)));
    const views = changeViews(notes.notes);
    expect(views).toHaveLength(NOTES_KEPT.subscription + 1);
    expect(views.at(-1)).toEqual({ kind: 'subscription', op: 'updated', omitted: 5 });
  });
});

/** A client of a listening fake, as a bot would be. */
function client(base: string) {
  const call = async (method: string, path: string, body?: object, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...(body ? { 'Content-Type': 'application/json' } : {}), ...headers },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  return {
    call,
    async login(username: string): Promise<Record<string, string>> {
      const res = await call('POST', '/api/v1/login', { username, password: username });
      const data = res.body.data as { userId: string; authToken: string };
      return { 'X-Auth-Token': data.authToken, 'X-User-Id': data.userId };
    },
  };
}

function byDescription(doc: PactDocument, start: string): PactDocument['interactions'][number] {
  const found = doc.interactions.find((i) => i.description.startsWith(start));
  if (!found)
    throw new Error(`no interaction "${start}" in ${doc.interactions.map((i) => i.description).join('; ')}`);
  return found;
}

describe('contracts replay the change events, with no hook of the route’s own', () => {
  jest.setTimeout(60_000);

  it('a message posted then read, a thread’s parent, a channel made private: each in the states after, and verified', async () => {
    const fake = createFakeServer();
    await fake.start(0);
    const c = client(fake.url);
    const alice = await c.login('alice');
    // posted, then read: the read's state has the message as the post's change event made it
    const parent = await c.call(
      'POST',
      '/api/v1/chat.postMessage',
      { channel: '#general', text: 'parent' },
      alice,
    );
    const parentId = (parent.body.message as { _id: string })._id;
    await c.call('GET', `/api/v1/chat.getMessage?msgId=${parentId}`, undefined, alice);
    // a thread: the reply changes its parent, which no parameter of the reply names
    await c.call(
      'POST',
      '/api/v1/chat.postMessage',
      { roomId: 'GENERAL', text: 'reply', tmid: parentId },
      alice,
    );
    // a channel made private, then posted to by id: a private group with its members
    await c.call('POST', '/api/v1/channels.setType', { roomId: 'random.channel.01', type: 'p' }, alice);
    await c.call(
      'POST',
      '/api/v1/chat.postMessage',
      { roomId: 'random.channel.01', text: 'private now' },
      alice,
    );
    const doc = fake.pact({ consumer: 'events' });
    await fake.stop();
    expect(doc.interactions.every((i) => i.response.status === 200)).toBe(true);
    expect(names(doc, 'GET /api/v1/chat.getMessage')).toContain(
      `a message ${parentId} by alice in general: parent`,
    );
    // the reply's state has its parent as it was
    expect(names(doc, 'POST /api/v1/chat.postMessage (roomId=GENERAL)')).toContain(
      `a message ${parentId} by alice in general: parent`,
    );
    expect(names(doc, 'POST /api/v1/chat.postMessage (roomId=random.channel.01)')).toContain(
      'a private group named random, read-only false, created by alice, members admin, alice, bob',
    );
    await expect(verifyAgainstFreshFake(doc)).resolves.toBeUndefined();
  });

  it('a message an incoming webhook posted is known to the reads after it (its route names no message)', async () => {
    const fake = createFakeServer();
    await fake.start(0);
    const c = client(fake.url);
    const alice = await c.login('alice');
    const hook = fake.state().integrations.find((i) => i._id === 'integ.incoming.004') as { token: string };
    await c.call('POST', `/hooks/integ.incoming.004/${hook.token}`, { text: 'build passed' });
    const posted = fake.exchange(fake.lastRequest()?.seq ?? 0)?.changes.find((n) => n.kind === 'message');
    const id = posted && 'id' in posted ? posted.id : '';
    expect(id).toMatch(/^[0-9a-f]{24}$/);
    await c.call('GET', `/api/v1/chat.getMessage?msgId=${id}`, undefined, alice);
    const doc = fake.pact({ consumer: 'events' });
    await fake.stop();
    // before, "no message with _id": the hook's route said nothing of the message it posted
    expect(names(doc, 'GET /api/v1/chat.getMessage')).toContain(
      `a message ${id} by deploy-bot in deploys: build passed`,
    );
  });

  it('with keepContract too: the states are those of the events as each request was journaled', async () => {
    const fake = createFakeServer({
      pact: { dir: mkdtempSync(join(tmpdir(), 'rcf-events-')), consumer: 'events' },
      journalSize: 2,
    });
    await fake.start(0);
    const c = client(fake.url);
    const alice = await c.login('alice');
    await c.call('POST', '/api/v1/channels.setType', { roomName: 'random', type: 'p' }, alice);
    await c.call('POST', '/api/v1/chat.postMessage', { roomId: 'random.channel.01', text: 'x' }, alice);
    await c.call('GET', '/api/v1/groups.info?roomName=random', undefined, alice);
    const doc = fake.pact({ consumer: 'events' });
    await fake.stop();
    expect(names(doc, 'GET /api/v1/groups.info')).toContain(
      'a private group named random, read-only false, created by alice, members admin, alice, bob',
    );
    await expect(verifyAgainstFreshFake(doc)).resolves.toBeUndefined();
  });
});

function names(doc: PactDocument, start: string): string[] {
  return byDescription(doc, start).providerStates.map((s) => s.name);
}

/**
 * The changes as the earlier `changes()` made them for users, rooms and integrations: a walk of
 * every entity now (in the maps' order), each compared by identity with the baseline's, then the
 * baseline's gone. Here over the store's state, against the baseline's maps.
 */
function walked<T extends { _id: string }>(
  before: ReadonlyMap<string, T>,
  now: readonly T[],
): KindChanges<T> {
  const out: KindChanges<T> = { added: [], changed: [], removed: [] };
  const present = new Set(now.map((e) => e._id));
  for (const entity of now) {
    const old = before.get(entity._id);
    if (!old) out.added.push(entity);
    else {
      const keys = new Set([...Object.keys(old), ...Object.keys(entity)]);
      const fields = [...keys].filter(
        (k) =>
          JSON.stringify((old as Record<string, unknown>)[k]) !==
          JSON.stringify((entity as Record<string, unknown>)[k]),
      );
      if (fields.length > 0) out.changed.push({ _id: entity._id, fields, before: old, after: entity });
    }
  }
  for (const [id, old] of before) if (!present.has(id)) out.removed.push(old);
  return out;
}

function walkedChanges(world: FakeWorld): Pick<Changes, 'users' | 'channels' | 'directs' | 'integrations'> {
  const { baseline } = world;
  const now: World = world.store.state();
  return {
    users: walked(baseline.users, now.users),
    channels: walked(baseline.rooms, now.channels),
    directs: walked(baseline.directs, now.directs ?? []),
    integrations: walked(baseline.integrations, now.integrations),
  };
}

describe('changes(): the ids the change events named, as the walk of the whole maps found them', () => {
  it('equals the walk on a scripted sequence of writes, and after a reset', async () => {
    const fake = makeFake();
    const world = worldOf(fake);
    const same = (): void => {
      const got = fake.changes();
      expect({
        users: got.users,
        channels: got.channels,
        directs: got.directs,
        integrations: got.integrations,
      }).toEqual(walkedChanges(world));
    };
    same();
    await postAs(fake.app, 'alice', '/api/v1/channels.setReadOnly', {
      roomName: 'random',
      readOnly: true,
    }).expect(200);
    same();
    // several baseline rooms changed out of their order: the baseline's order still
    await postAs(fake.app, 'admin', '/api/v1/channels.setReadOnly', {
      roomName: 'news',
      readOnly: false,
    }).expect(200);
    await postAs(fake.app, 'alice', '/api/v1/chat.postMessage', { channel: '#general', text: 'x' }).expect(
      200,
    );
    await postAs(fake.app, 'alice', '/api/v1/groups.setType', { roomName: 'secret', type: 'c' }).expect(200);
    same();
    // made: a channel, a direct room (by im.create and by a post), users and integrations by the control API
    await postAs(fake.app, 'alice', '/api/v1/channels.create', { name: 'lab', members: ['bob'] }).expect(200);
    await postAs(fake.app, 'alice', '/api/v1/im.create', { username: 'bob' }).expect(200);
    await postAs(fake.app, 'bob', '/api/v1/chat.postMessage', { channel: '@robot', text: 'beep' }).expect(
      200,
    );
    fake.addUser({ username: 'zed', password: 'zed' });
    fake.addIntegration({ type: 'webhook-incoming', name: 'ci', channel: ['#lab'], username: 'alice' });
    fake.addChannel({ name: 'later' });
    // the same room changed again, and back: changed no more
    await postAs(fake.app, 'alice', '/api/v1/channels.setReadOnly', {
      roomName: 'random',
      readOnly: false,
    }).expect(200);
    same();
    const got = fake.changes();
    expect(got.channels.added.map((r) => r.name)).toEqual(['lab', 'later']);
    expect(got.directs.added).toHaveLength(2);
    expect(got.users.added.map((u) => u.username)).toEqual(['zed']);
    expect(got.integrations.added.map((i) => i.name)).toEqual(['ci']);
    expect(got.channels.changed.map((c) => c._id)).toEqual(
      WORLD.channels?.map((ch) => ch._id).filter((id) => got.channels.changed.some((c) => c._id === id)),
    );
    await fake.reset();
    same();
    expect(fake.changes()).toEqual({
      users: { added: [], changed: [], removed: [] },
      channels: { added: [], changed: [], removed: [] },
      directs: { added: [], changed: [], removed: [] },
      integrations: { added: [], changed: [], removed: [] },
      messages: { added: [], changed: [], removed: [] },
      subscriptions: { added: [], changed: [], removed: [] },
      settings: { added: [], changed: [], removed: [] },
      permissions: { added: [], changed: [], removed: [] },
      roles: { added: [], changed: [], removed: [] },
    });
    await fake.stop();
  });
});
