import type { Response } from 'express';

import type { Store } from '../store/store';

/**
 * Finished list responses, kept per store until its next change of state: a repeated
 * `channels.list` or `channels.getIntegrations` page is sent as the bytes it was, without
 * filtering, sorting or serialising again. A change bumps the store's version, which empties
 * the cache, so a stale body is never sent.
 */
interface Entry {
  version: number;
  bodies: Map<string, string>;
}

const MAX_BODIES = 256;
const caches = new WeakMap<Store, Entry>();

function entryFor(store: Store): Entry {
  let entry = caches.get(store);
  if (!entry || entry.version !== store.version) {
    entry = { version: store.version, bodies: new Map() };
    caches.set(store, entry);
  }
  return entry;
}

/** The cache key of a `channels.list` page, from its URL inside `/api/v1` (path and query). */
export function listPageKey(urlInApi: string): string {
  return `list|${urlInApi}`;
}

/** The cached body for `key` at the store's current version, if any. */
export function peekCached(store: Store, key: string): string | undefined {
  const entry = caches.get(store);
  return entry && entry.version === store.version ? entry.bodies.get(key) : undefined;
}

/** Sends the cached body for `key`, or builds, caches and sends it. */
export function sendCached(res: Response, store: Store, key: string, build: () => object): void {
  const entry = entryFor(store);
  let body = entry.bodies.get(key);
  if (body === undefined) {
    body = JSON.stringify({ ...build(), success: true });
    if (entry.bodies.size >= MAX_BODIES) entry.bodies.delete(entry.bodies.keys().next().value as string);
    entry.bodies.set(key, body);
  }
  res.status(200).type('application/json; charset=utf-8').send(body);
}
