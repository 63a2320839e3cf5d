/**
 * What the checks of several route groups share: names no server has, and the helpers that find
 * the facts a check needs (or skip it), read a page, and ask channels.list for a room as it is now.
 */

import type { CheckContext, ListedRoom } from '../context';
import { listOf, objectOf } from '../context';
import type { Reply } from '../client';

/** A username no server has. */
export const NO_SUCH_USER = 'rocketchat-fake-verify-no-such-user';
/** A name no server has. */
export const NO_SUCH_ROOM = 'rocketchat-fake-verify-no-such-room';
export const UNKNOWN_ROOM = 'rcfverifyunknownroomid';

export const q = encodeURIComponent;

export function probe(t: CheckContext): ListedRoom & { ro: boolean } {
  const room = t.facts.probe;
  if (!room || typeof room.ro !== 'boolean')
    t.skip('needs a public, unarchived channel with a "ro" field among the first 100 listed');
  return room as ListedRoom & { ro: boolean };
}

export function archived(t: CheckContext): ListedRoom {
  if (!t.facts.archived) t.skip('needs an archived public channel among the first 100 listed');
  return t.facts.archived;
}

export function withIntegrations(t: CheckContext): ListedRoom {
  if (!t.facts.withIntegrations)
    t.skip('needs a channel with an integration among the first channels listed');
  return t.facts.withIntegrations;
}

export function dedicated(t: CheckContext): ListedRoom {
  if (!t.facts.dedicated) t.skip('changes a channel: needs --channel NAME');
  return t.facts.dedicated;
}

/** Skips unless user2 is not an admin (the refusals need a caller without the permission). */
export function unprivileged(t: CheckContext): void {
  const roles = t.facts.user2?.me.roles;
  if (!t.facts.user2) t.skip('needs a second user without admin rights (--user2)');
  if (Array.isArray(roles) && roles.includes('admin')) t.skip('--user2 has the admin role');
}

export function isSortedBy(items: Record<string, unknown>[], key: string): boolean {
  for (let i = 1; i < items.length; i += 1) {
    const a = items[i - 1]?.[key];
    const b = items[i]?.[key];
    if (typeof a === 'string' && typeof b === 'string' && a > b) return false;
  }
  return true;
}

/** `count`, `offset`, `total`, `success` of a page, and its list under `key`. */
export function page(t: CheckContext, reply: Reply, key: string): Record<string, unknown>[] {
  t.status(reply, 200);
  const body = objectOf(reply.body);
  const items = listOf(reply.body, key);
  t.that(Array.isArray(body[key]), reply, `no "${key}" array`);
  t.that(body.count === items.length, reply, `"count" is not the number of ${key} returned`);
  t.that(typeof body.offset === 'number', reply, '"offset" is not a number');
  t.that(
    typeof body.total === 'number' && body.total >= items.length,
    reply,
    '"total" is missing or too small',
  );
  t.that(body.success === true, reply, '"success" is not true');
  return items;
}

/** The room as `channels.list` shows it now (a query by name), if it is listed. */
export async function current(t: CheckContext, name: string): Promise<ListedRoom | undefined> {
  const reply = await t.get(`/api/v1/channels.list?query=${q(JSON.stringify({ name }))}`);
  return listOf(reply.body, 'channels')[0] as ListedRoom | undefined;
}

/** The room's `ro` now (undefined when it has none). */
export async function currentRo(t: CheckContext, name: string): Promise<boolean | undefined> {
  const room = await current(t, name);
  return typeof room?.ro === 'boolean' ? room.ro : undefined;
}

/**
 * `channels.list` with these query parameters; 7.0 refused paging and sorting (its schema knew
 * `_id` and `query` only), so there `count`, `offset` and `sort` are left out (the first 50 by name).
 */
export function listUrl(t: CheckContext, params: string): string {
  const kept = t.profile.listRefusesPagination
    ? params
        .split('&')
        .filter((p) => p !== '' && !/^(count|offset|sort)=/.test(p))
        .join('&')
    : params;
  return kept === '' ? '/api/v1/channels.list' : `/api/v1/channels.list?${kept}`;
}
