import type { JsonObject, SortSpec } from './query';
import { compareSortKeys, sortKeysOf } from './query';

/**
 * A list kept in order as the world changes: the matching documents of one list (a kind, a filter
 * and a sort), sorted once, then updated per change, so that a page after a change costs a binary
 * search and a splice instead of sorting the world again. The order is exactly a fresh stable
 * sort's: by the sort's keys, ties by the entity's rank (its place in the world's iteration order).
 */

interface Item {
  readonly doc: JsonObject;
  readonly keys: unknown[];
  /** the entity's place in the world's iteration order: the tie-break */
  readonly rank: number;
}

export class OrderedList {
  readonly #spec: SortSpec;
  #items: Item[];
  /** the state version the list reflects */
  version: number;

  private constructor(spec: SortSpec, items: Item[], version: number) {
    this.#spec = spec;
    this.#items = items;
    this.version = version;
  }

  /** Sorts the given documents (each with its rank) into a list at `version`. */
  static build(
    spec: SortSpec,
    docs: Iterable<[doc: JsonObject, rank: number]>,
    version: number,
  ): OrderedList {
    const items: Item[] = [];
    for (const [doc, rank] of docs) items.push({ doc, keys: sortKeysOf(doc, spec), rank });
    items.sort((a, b) => compareSortKeys(a.keys, b.keys, spec) || a.rank - b.rank);
    return new OrderedList(spec, items, version);
  }

  /** A copy that changes independently (the items themselves are immutable and shared). */
  copy(): OrderedList {
    return new OrderedList(this.#spec, this.#items.slice(), this.version);
  }

  get size(): number {
    return this.#items.length;
  }

  /** The documents from `offset`, at most `count` of them (all when `count` is 0). */
  page(offset: number, count: number): JsonObject[] {
    const end = count === 0 ? this.#items.length : offset + count;
    return this.#items.slice(offset, end).map((item) => item.doc);
  }

  /** Removes the entity of this rank, as it was when it was listed (`doc`). */
  remove(doc: JsonObject, rank: number): void {
    const at = this.#lowerBound(sortKeysOf(doc, this.#spec), rank);
    const index = this.#items[at]?.rank === rank ? at : this.#items.findIndex((item) => item.rank === rank);
    if (index >= 0) this.#items.splice(index, 1);
  }

  /** Inserts a document at its place. */
  insert(doc: JsonObject, rank: number): void {
    const keys = sortKeysOf(doc, this.#spec);
    this.#items.splice(this.#lowerBound(keys, rank), 0, { doc, keys, rank });
  }

  /** The first index whose item sorts at or after (keys, rank). */
  #lowerBound(keys: unknown[], rank: number): number {
    let low = 0;
    let high = this.#items.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const item = this.#items[mid] as Item;
      if ((compareSortKeys(item.keys, keys, this.#spec) || item.rank - rank) < 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}
