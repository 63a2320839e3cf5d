/**
 * What the room and team route tests share: a POST as one of the scenario's users, the world as
 * text (state and changes, to show a refusal changed nothing), a room's system messages, a user's
 * subscription, and a refusal checked with the world unchanged.
 */
import request from 'supertest';

import type { FakeServer } from '../../src/server';
import { AS, postAs } from './fake';

export type Who = keyof typeof AS;

export function post(fake: FakeServer, who: Who, route: string, body: object): request.Test {
  return postAs(fake.app, who, `/api/v1/${route}`, body);
}

export function snapshot(fake: FakeServer): string {
  return JSON.stringify({ state: fake.state(), changes: fake.changes() });
}

/** The system messages of a room, as `{t, msg, u}`. */
export function systemMessages(fake: FakeServer, rid: string): { t: unknown; msg: unknown; u: unknown }[] {
  return (fake.state().messages ?? [])
    .filter((m) => m.rid === rid && typeof m.t === 'string')
    .map((m) => ({ t: m.t, msg: m.msg, u: m.u.username }));
}

export async function subscriptionOf(
  fake: FakeServer,
  who: Who,
  rid: string,
): Promise<Record<string, unknown> | null> {
  const res = await request(fake.app).get('/api/v1/subscriptions.getOne').query({ roomId: rid }).set(AS[who]);
  return res.body.subscription as Record<string, unknown> | null;
}

export async function refused(
  fake: FakeServer,
  who: Who,
  route: string,
  body: object,
  status: number,
  expected: object,
): Promise<void> {
  const before = snapshot(fake);
  const res = await post(fake, who, route, body);
  expect([res.status, res.body]).toEqual([status, expected]);
  expect(snapshot(fake)).toBe(before);
}
