import type { Store } from '../store/store';

/**
 * Finished answers, kept per store until its next change of state: a repeated `channels.list` or
 * `channels.getIntegrations` page (an operation with a cache key) is sent as the bytes it was,
 * without reading, filtering, sorting or serialising again. A change bumps the store's version,
 * which empties the cache, so a stale answer is never sent.
 */

/** One kept answer: its body as data (what the journal records) and as the text sent. */
export interface KeptAnswer {
  readonly data: unknown;
  /** the text is `data` plus `"success": true` */
  readonly enveloped: boolean;
  readonly text: string;
}

interface Entry {
  version: number;
  answers: Map<string, KeptAnswer>;
  /** characters of the answers held */
  chars: number;
}

/**
 * What one store's cache holds at most: 256 pages, and 16 M characters of them together (a full
 * page of a 20,000-room world is about 7 M); past either, the oldest page goes first. A page larger
 * than the whole budget is sent and not kept.
 */
export const LIST_CACHE_BUDGET = { bodies: 256, chars: 16 * 1024 * 1024 } as const;
const caches = new WeakMap<Store, Entry>();

/** The answer kept for `key` at the store's current version, if any. */
export function cachedAnswer(store: Store, key: string): KeptAnswer | undefined {
  const entry = caches.get(store);
  return entry && entry.version === store.version ? entry.answers.get(key) : undefined;
}

/** Keeps an answer for `key` at the store's current version, within {@link LIST_CACHE_BUDGET}. */
export function keepAnswer(store: Store, key: string, answer: KeptAnswer): void {
  let entry = caches.get(store);
  if (!entry || entry.version !== store.version) {
    entry = { version: store.version, answers: new Map(), chars: 0 };
    caches.set(store, entry);
  }
  const size = answer.text.length;
  if (size > LIST_CACHE_BUDGET.chars) return;
  while (
    entry.answers.size >= LIST_CACHE_BUDGET.bodies ||
    (entry.answers.size > 0 && entry.chars + size > LIST_CACHE_BUDGET.chars)
  ) {
    const [oldest, kept] = entry.answers.entries().next().value as [string, KeptAnswer];
    entry.answers.delete(oldest);
    entry.chars -= kept.text.length;
  }
  entry.answers.set(key, answer);
  entry.chars += size;
}
