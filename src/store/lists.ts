import { OrderedList } from './ordered';
import type { JsonObject, Projection, Query, SortSpec } from './query';
import { matches, project } from './query';

/**
 * The ordered lists of one kind of entity (rooms, integrations) in one store, kept current by
 * the changes of that kind: a list sorted once follows each change with a removal and an insertion
 * instead of a new sort of the whole world. A store that has not changed a kind reads the lists its
 * baseline keeps (shared by every store started from it: the root after each reset, and every
 * session); the first change copies the list it needs, then catches it up.
 */

/** What a baseline keeps for one kind, computed on first use and shared by every store on it. */
export class BaselineLists<E> {
  readonly entities: ReadonlyMap<string, E>;
  /** sorted lists by key, at version 0 (never changed once built) */
  readonly lists = new Map<string, OrderedList<E>>();
  #ranks: Map<string, number> | undefined;

  constructor(entities: ReadonlyMap<string, E>) {
    this.entities = entities;
  }

  /** A baseline entity's place in iteration order. */
  rank(id: string): number | undefined {
    if (!this.#ranks) {
      const ranks = new Map<string, number>();
      for (const key of this.entities.keys()) ranks.set(key, ranks.size);
      this.#ranks = ranks;
    }
    return this.#ranks.get(id);
  }
}

/** One list: its key (the kind, filter and sort as given), its sort, and which documents belong. */
export interface ListSpec {
  key: string;
  sort: SortSpec;
  include: (doc: JsonObject) => boolean;
}

/** How a kind's entities are found and listed. */
export interface ListKind<E> {
  /** the entities now, in iteration order: the baseline's (changed ones in place), then added ones */
  current(): Iterable<E>;
  /** what the baseline keeps for this kind */
  readonly baseline: BaselineLists<E>;
  id(entity: E): string;
  /** the document a list shows for an entity, and filters and sorts on (made when needed, not kept) */
  view(entity: E): JsonObject;
}

/** One change of an entity: what it was (absent when it was added), what it is, and when. */
interface Change<E> {
  readonly version: number;
  /** both undefined: folded into a later change of the same entity (see {@link KindLists.record}) */
  before: E | undefined;
  /** undefined: the entity was removed */
  after: E | undefined;
}

const MAX_LISTS = 16;
const MAX_BASELINE_LISTS = 8;
/** Past this many changes to catch up on, sorting again costs about as much. */
const MAX_CATCH_UP = 500;
/** The changes kept; a list older than the oldest kept is sorted again. */
const MAX_LOG = 4096;

function remember<E>(
  lists: Map<string, OrderedList<E>>,
  key: string,
  list: OrderedList<E>,
  max: number,
): void {
  lists.delete(key);
  if (lists.size >= max) lists.delete(lists.keys().next().value as string);
  lists.set(key, list);
}

/**
 * The entities that belong, with their views and ranks: the baseline's by position, or each by
 * `rankOf` (an entity removed since leaves its rank unused, so the others keep theirs).
 */
function* ranked<E>(
  entities: Iterable<E>,
  kind: ListKind<E>,
  spec: ListSpec,
  rankOf?: (entity: E) => number,
): Iterable<[E, JsonObject, number]> {
  let rank = 0;
  for (const entity of entities) {
    const doc = kind.view(entity);
    if (spec.include(doc)) yield [entity, doc, rankOf ? rankOf(entity) : rank];
    rank += 1;
  }
}

export class KindLists<E> {
  readonly #kind: ListKind<E>;
  readonly #lists = new Map<string, OrderedList<E>>();
  #log: Change<E>[] = [];
  /** changes up to this version are no longer in the log */
  #forgotten = 0;
  /** ranks of entities added since the baseline */
  readonly #addedRanks = new Map<string, number>();
  /** each entity's latest change in the log, by id (to fold a later change into it) */
  readonly #latest = new Map<string, Change<E>>();
  /** the newest version any list of this store was built or caught up at (0: none) */
  #read = 0;

  constructor(kind: ListKind<E>) {
    this.#kind = kind;
  }

  /** Notes a change of an entity of this kind at `version` (the store's version after it); no `after`: removed. */
  record(version: number, before: E | undefined, after: E | undefined): void {
    const id = this.#kind.id((after ?? before) as E);
    if (before === undefined && after !== undefined) {
      this.#addedRanks.set(id, this.#kind.baseline.entities.size + this.#addedRanks.size);
    }
    // An entity changed again before any list read its last change: the two are one change (from
    // what it was then to what it is now), and the version in between is let go. A room that every
    // new user joins would otherwise be kept once per join, each copy with all its members.
    const last = this.#latest.get(id);
    let from = before;
    if (last !== undefined && last.version > this.#read && last.after !== undefined) {
      from = last.before;
      last.before = undefined;
      last.after = undefined;
    } else if (last !== undefined && last.after !== undefined && before !== undefined) {
      // the version this change started from is the one the last change ended at: the same, but
      // as the change's `before` has it (a room's members pinned where a join grew them in place
      // since, src/store/member-list.ts)
      last.after = before;
    }
    const change: Change<E> = { version, before: from, after };
    this.#log.push(change);
    this.#latest.set(id, change);
    if (this.#log.length > MAX_LOG) {
      const dropped = this.#log.splice(0, this.#log.length - MAX_LOG / 2);
      this.#forgotten = (dropped.at(-1) as Change<E>).version;
      for (const old of dropped) {
        const entity = old.after ?? old.before;
        if (entity !== undefined && this.#latest.get(this.#kind.id(entity)) === old)
          this.#latest.delete(this.#kind.id(entity));
      }
    }
  }

  /** The list `spec` names, current at `version` (the store's version now). Read it, never change it. */
  list(spec: ListSpec, version: number): OrderedList<E> {
    const own = this.#lists.get(spec.key);
    if (own && this.#canCatchUp(own)) return this.#catchUp(own, spec, version);
    if (!own && this.#log.length === 0 && this.#forgotten === 0) return this.#baselineList(spec);
    const list =
      !own && this.#canCatchUp(undefined) ? this.#baselineList(spec).copy() : this.#build(spec, version);
    remember(this.#lists, spec.key, list, MAX_LISTS);
    return this.#catchUp(list, spec, version);
  }

  /** The list `spec` names, sorted now and kept nowhere (for a list without a cache key). */
  uncached(spec: ListSpec): OrderedList<E> {
    return this.#build(spec, 0);
  }

  /** Whether a list at this version (the baseline's, when none) can catch up from the log. */
  #canCatchUp(list: OrderedList<E> | undefined): boolean {
    const from = list?.version ?? 0;
    return from >= this.#forgotten && this.#pending(from) <= MAX_CATCH_UP;
  }

  /** How many logged changes come after `version`. */
  #pending(version: number): number {
    let low = 0;
    let high = this.#log.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((this.#log[mid] as Change<E>).version <= version) low = mid + 1;
      else high = mid;
    }
    return this.#log.length - low;
  }

  #catchUp(list: OrderedList<E>, spec: ListSpec, version: number): OrderedList<E> {
    const pending = this.#pending(list.version);
    for (let i = this.#log.length - pending; i < this.#log.length; i += 1) {
      const { before, after } = this.#log[i] as Change<E>;
      // a change folded into a later one of the same entity
      if (before === undefined && after === undefined) continue;
      const rank = this.#rank(this.#kind.id((after ?? before) as E));
      if (before !== undefined) {
        const old = this.#kind.view(before);
        if (spec.include(old)) list.remove(old, rank);
      }
      if (after === undefined) continue;
      const now = this.#kind.view(after);
      if (spec.include(now)) list.insert(after, now, rank);
    }
    list.version = version;
    this.#read = Math.max(this.#read, version);
    return list;
  }

  #rank(id: string): number {
    return this.#kind.baseline.rank(id) ?? (this.#addedRanks.get(id) as number);
  }

  #baselineList(spec: ListSpec): OrderedList<E> {
    const { baseline } = this.#kind;
    let list = baseline.lists.get(spec.key);
    if (!list) {
      list = OrderedList.build(spec.sort, ranked(baseline.entities.values(), this.#kind, spec), 0);
      remember(baseline.lists, spec.key, list, MAX_BASELINE_LISTS);
    }
    return list;
  }

  #build(spec: ListSpec, version: number): OrderedList<E> {
    const rankOf = (entity: E): number => this.#rank(this.#kind.id(entity));
    this.#read = Math.max(this.#read, version);
    return OrderedList.build(spec.sort, ranked(this.#kind.current(), this.#kind, spec, rankOf), version);
  }
}

/** How a list is cut and shaped; every part already parsed and checked. */
export interface ListOptions {
  offset: number;
  /** 0 means all */
  count: number;
  /** identifies `sort` and `query` as given, so the ordered matches can be reused until a change */
  cacheKey?: string;
  query?: Query;
  sort?: SortSpec;
  fields?: Projection;
}

export interface ListResult {
  items: JsonObject[];
  count: number;
  offset: number;
  total: number;
}

/**
 * Filters, sorts, pages and projects a list at `version`. The ordered matches are kept per (list,
 * sort, query) and follow each change, so a page after a change neither filters nor sorts the
 * world again.
 */
export function paginate<E>(
  lists: KindLists<E>,
  version: number,
  view: (entity: E) => JsonObject,
  list: string,
  options: ListOptions,
  defaultSort: SortSpec,
  belongs: (doc: JsonObject) => boolean,
): ListResult {
  const { query, fields, offset, count } = options;
  const spec: ListSpec = {
    key: `${list}|${options.cacheKey ?? ''}`,
    sort: options.sort && options.sort.length > 0 ? options.sort : defaultSort,
    include: query ? (doc) => belongs(doc) && matches(doc, query) : belongs,
  };
  const ordered = options.cacheKey === undefined ? lists.uncached(spec) : lists.list(spec, version);
  const shaped = ordered.page(offset, count).map((entity) => project(view(entity), fields));
  return { items: shaped, count: shaped.length, offset, total: ordered.size };
}

/** One page of documents already filtered and sorted: `offset`, `count` (0: all), `fields`. */
export function pageOf(sorted: readonly object[], options: ListOptions): ListResult {
  const end = options.count === 0 ? undefined : options.offset + options.count;
  const items = sorted.slice(options.offset, end).map((doc) => project(doc as JsonObject, options.fields));
  return { items, count: items.length, offset: options.offset, total: sorted.length };
}
