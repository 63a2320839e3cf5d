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
  /** characters of the bodies held */
  chars: number;
}

/**
 * What one store's cache holds at most: 256 pages, and 16 M characters of them together (a full
 * page of a 20,000-room world is about 7 M); past either, the oldest page goes first. A page larger
 * than the whole budget is sent and not kept.
 */
export const LIST_CACHE_BUDGET = { bodies: 256, chars: 16 * 1024 * 1024 } as const;
const caches = new WeakMap<Store, Entry>();

function entryFor(store: Store): Entry {
  let entry = caches.get(store);
  if (!entry || entry.version !== store.version) {
    entry = { version: store.version, bodies: new Map(), chars: 0 };
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
    if (body.length <= LIST_CACHE_BUDGET.chars) {
      while (
        entry.bodies.size >= LIST_CACHE_BUDGET.bodies ||
        (entry.bodies.size > 0 && entry.chars + body.length > LIST_CACHE_BUDGET.chars)
      ) {
        const [oldest, text] = entry.bodies.entries().next().value as [string, string];
        entry.bodies.delete(oldest);
        entry.chars -= text.length;
      }
      entry.bodies.set(key, body);
      entry.chars += body.length;
    }
  }
  res.status(200).type('application/json; charset=utf-8').send(body);
}
