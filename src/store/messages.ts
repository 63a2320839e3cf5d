import { copyJson } from '../json-copy';
import type { KindChanges, Message } from '../types';
import { jsonEqual } from './query';

/**
 * The messages of a world: the baseline's, shared and frozen, indexed once per baseline by id and,
 * per room, in the order history reads them; and a store's own since (posted, edited, deleted) in
 * a small overlay. So a store starts from 100,000 messages at the cost of three empty maps, and a
 * page of history costs a binary search and the page, whatever the world's size.
 *
 * Layer: store. Plain values; nothing of HTTP.
 */

/** A baseline's messages, indexed once and shared by every store on it. */
export interface MessageBaseline {
  readonly byId: ReadonlyMap<string, Message>;
  /** per room id, the room's messages by `ts` ascending (ties by `_id`) */
  readonly byRoom: ReadonlyMap<string, readonly Message[]>;
  /** per thread (its root's `_id`), the ids of its replies by `ts` ascending */
  readonly byThread: ReadonlyMap<string, readonly string[]>;
  /** per room id, the ids of its messages that are a thread's root (a `tcount`) */
  readonly roots: ReadonlyMap<string, readonly string[]>;
}

/** Indexes a world's messages (already frozen by the baseline). */
export function indexMessages(messages: readonly Message[]): MessageBaseline {
  const byId = new Map<string, Message>();
  const byRoom = new Map<string, Message[]>();
  const byThread = new Map<string, string[]>();
  const roots = new Map<string, string[]>();
  for (const message of messages) {
    byId.set(message._id, message);
    const list = byRoom.get(message.rid);
    if (list) list.push(message);
    else byRoom.set(message.rid, [message]);
  }
  for (const list of byRoom.values()) {
    list.sort(compare);
    // in history's order, so each thread's replies come oldest first
    for (const message of list) {
      if (message.tmid !== undefined) push(byThread, message.tmid, message._id);
      if (message.tcount !== undefined) push(roots, message.rid, message._id);
    }
  }
  return { byId, byRoom, byThread, roots };
}

function push(map: Map<string, string[]>, key: string, id: string): void {
  const list = map.get(key);
  if (list) list.push(id);
  else map.set(key, [id]);
}

/** History's order, oldest first: `ts`, then `_id` (two messages of one millisecond). */
function compare(a: Message, b: Message): number {
  if (a.ts !== b.ts) return a.ts < b.ts ? -1 : 1;
  return a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
}

/** The first index of a sorted list whose message is not before `ts` (or after it, `strict`). */
function lowerBound(list: readonly Message[], ts: string, strict: boolean): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    const at = (list[mid] as Message).ts;
    if (at < ts || (strict && at === ts)) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** How many of a baseline room's messages are not thread replies, by the room's list (counted once). */
const TOP_LEVEL = new WeakMap<readonly Message[], number>();

/** Which messages of a room a page of history reads, newest first. */
export interface HistoryWindow {
  /** only messages before this `ts` (at it too, with `inclusive`) */
  latest?: string;
  /** only messages after this `ts` (at it too, with `inclusive`) */
  oldest?: string;
  inclusive?: boolean;
  offset: number;
  /** 0: all */
  count: number;
  /** leave out what this says to (e.g. hidden messages, thread replies) */
  skip?: (message: Message) => boolean;
  /** count the whole window (`total`): a walk of all of it; otherwise the page alone is read */
  total?: boolean;
}

/** The messages of one store: the baseline's, and an overlay of what changed since. */
export class Messages {
  readonly #base: MessageBaseline;
  /** posted since the baseline, per room, by `ts` ascending */
  readonly #added = new Map<string, Message[]>();
  /** a baseline message's new version, or null once deleted */
  readonly #changed = new Map<string, Message | null>();
  /** every message added since the baseline, in the order added (its current version, or null once deleted) */
  readonly #order: (Message | null)[] = [];
  /**
   * each added message's place in {@link #order}, by id: made at the first look-up by id and kept
   * from then on, so a world that only posts (a bot's load) never pays for a map of its posts
   */
  #places: Map<string, number> | undefined;
  /** per thread, the ids of the replies added since the baseline, in the order added */
  readonly #threads = new Map<string, string[]>();
  /** per room, the ids of the messages that became a thread's root since the baseline */
  readonly #roots = new Map<string, Set<string>>();

  constructor(base: MessageBaseline) {
    this.#base = base;
  }

  /**
   * The places of the added messages by id, made now if no look-up needed them before (a deletion
   * looks up first, so the map holds every deleted id from then on, its place emptied).
   */
  #placeMap(): Map<string, number> {
    if (this.#places) return this.#places;
    const places = new Map<string, number>();
    this.#order.forEach((message, at) => {
      if (message) places.set(message._id, at);
    });
    this.#places = places;
    return places;
  }

  /** An added message's place, if the id is one's. */
  #placeOf(id: string): number | undefined {
    return this.#order.length === 0 ? undefined : this.#placeMap().get(id);
  }

  /** A message by id, as it is now. */
  get(id: string): Message | undefined {
    const at = this.#placeOf(id);
    if (at !== undefined) return this.#order[at] ?? undefined;
    const changed = this.#changed.get(id);
    if (changed !== undefined) return changed ?? undefined;
    return this.#base.byId.get(id);
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  /** Adds a new message (its id is new to the world). */
  add(message: Message): void {
    const list = this.#added.get(message.rid);
    if (!list) this.#added.set(message.rid, [message]);
    else {
      // posted messages come in clock order: the insertion point is the end but for a scenario's future
      let at = list.length;
      while (at > 0 && compare(list[at - 1] as Message, message) > 0) at -= 1;
      if (at === list.length) list.push(message);
      else list.splice(at, 0, message);
    }
    this.#places?.set(message._id, this.#order.length);
    this.#order.push(message);
    if (message.tmid !== undefined) push(this.#threads, message.tmid, message._id);
    this.#noteRoot(message);
  }

  /** Notes a message that is a thread's root now (it has a `tcount`), if its room's baseline did not have it so. */
  #noteRoot(message: Message): void {
    if (message.tcount === undefined || this.#base.byId.get(message._id)?.tcount !== undefined) return;
    const set = this.#roots.get(message.rid);
    if (set) set.add(message._id);
    else this.#roots.set(message.rid, new Set([message._id]));
  }

  /** Replaces a message by a new version of it (same `_id`, `rid` and `ts`). */
  replace(message: Message): void {
    this.#noteRoot(message);
    const place = this.#placeOf(message._id);
    if (place !== undefined) {
      this.#order[place] = message;
      const list = this.#added.get(message.rid) ?? [];
      const at = list.findIndex((m) => m._id === message._id);
      if (at >= 0) list[at] = message;
      return;
    }
    this.#changed.set(message._id, message);
  }

  /** Deletes a message. */
  remove(id: string): void {
    const place = this.#placeOf(id);
    const added = place === undefined ? undefined : this.#order[place];
    if (place !== undefined && added) {
      this.#order[place] = null;
      const list = this.#added.get(added.rid) ?? [];
      const at = list.findIndex((m) => m._id === id);
      if (at >= 0) list.splice(at, 1);
      return;
    }
    if (this.#base.byId.has(id)) this.#changed.set(id, null);
  }

  /** Deletes every message of a room (the room deleted with them: `Messages.removeByRoomId`). */
  removeRoom(rid: string): void {
    for (const message of this.#base.byRoom.get(rid) ?? []) this.#changed.set(message._id, null);
    const added = this.#added.get(rid);
    if (!added) return;
    const places = this.#placeMap();
    for (const message of added) {
      const at = places.get(message._id);
      if (at !== undefined) this.#order[at] = null;
    }
    this.#added.delete(rid);
  }

  /**
   * A page of a room's history, newest first, and (with `window.total`) how many messages the
   * window holds in all, before `offset` and `count` cut it; without it the walk stops at the
   * page's end, so a page costs its offset and count, not the room's size.
   */
  history(rid: string, window: HistoryWindow): { messages: Message[]; total: number } {
    const base = this.#base.byRoom.get(rid) ?? [];
    const added = this.#added.get(rid) ?? [];
    const [baseLow, baseHigh] = this.#bounds(base, window);
    const [addedLow, addedHigh] = this.#bounds(added, window);
    const messages: Message[] = [];
    let total = 0;
    let i = baseHigh - 1;
    let j = addedHigh - 1;
    const limit = window.count === 0 ? Infinity : window.count;
    const end = window.total === true ? Infinity : window.offset + limit;
    while ((i >= baseLow || j >= addedLow) && total < end) {
      let next: Message;
      if (j < addedLow || (i >= baseLow && compare(base[i] as Message, added[j] as Message) > 0)) {
        next = base[i] as Message;
        i -= 1;
        const changed = this.#changed.get(next._id);
        if (changed === null) continue;
        if (changed !== undefined) next = changed;
      } else {
        next = added[j] as Message;
        j -= 1;
      }
      if (window.skip?.(next)) continue;
      if (total >= window.offset && messages.length < limit) messages.push(next);
      total += 1;
    }
    return { messages, total };
  }

  /**
   * A thread's replies as they are now, oldest first (`ts`, then `_id`): from the thread's own
   * index, so a thread costs its replies, not its room's messages.
   */
  threadReplies(tmid: string): Message[] {
    const out: Message[] = [];
    for (const id of this.#base.byThread.get(tmid) ?? []) {
      const message = this.get(id);
      if (message) out.push(message);
    }
    const added = this.#threads.get(tmid);
    if (added) {
      for (const id of added) {
        const message = this.get(id);
        if (message) out.push(message);
      }
      out.sort(compare);
    }
    return out;
  }

  /**
   * The messages of a room that are (or were) a thread's root, as they are now: each still in the
   * room, whether or not it still has a `tcount` (the caller filters).
   */
  threadRoots(rid: string): Message[] {
    const out: Message[] = [];
    for (const id of this.#base.roots.get(rid) ?? []) {
      const message = this.get(id);
      if (message) out.push(message);
    }
    for (const id of this.#roots.get(rid) ?? []) {
      const message = this.get(id);
      if (message) out.push(message);
    }
    return out;
  }

  /**
   * How many of a room's messages are not a thread's reply, now: the baseline's counted once per
   * baseline, then what changed since (a store's own posts and deletions), never a walk of the room.
   */
  topLevelCount(rid: string): number {
    const base = this.#base.byRoom.get(rid) ?? [];
    let count = TOP_LEVEL.get(base);
    if (count === undefined) {
      count = 0;
      for (const message of base) if (message.tmid === undefined) count += 1;
      TOP_LEVEL.set(base, count);
    }
    for (const [id, now] of this.#changed) {
      const was = this.#base.byId.get(id);
      if (was?.rid !== rid) continue;
      count += (now !== null && now.tmid === undefined ? 1 : 0) - (was.tmid === undefined ? 1 : 0);
    }
    for (const message of this.#added.get(rid) ?? []) if (message.tmid === undefined) count += 1;
    return count;
  }

  /** The index range of a sorted list inside the window's `latest` / `oldest`. */
  #bounds(list: readonly Message[], window: HistoryWindow): [number, number] {
    const inclusive = window.inclusive === true;
    const low = window.oldest === undefined ? 0 : lowerBound(list, window.oldest, !inclusive);
    const high = window.latest === undefined ? list.length : lowerBound(list, window.latest, inclusive);
    return [low, Math.max(low, high)];
  }

  /** Every message as it is now: the baseline's in its order, then those added, oldest first. */
  *values(): IterableIterator<Message> {
    for (const message of this.#base.byId.values()) {
      const changed = this.#changed.get(message._id);
      if (changed === null) continue;
      yield changed ?? message;
    }
    const added = this.#order.filter((m): m is Message => m !== null);
    yield* added;
  }

  /** How many messages the world has had: the baseline's and every one added since (a new id's index). */
  get count(): number {
    return this.#base.byId.size + this.#order.length;
  }

  /** Whether the world has any message at all. */
  get any(): boolean {
    if (this.#base.byId.size > this.#changed.size) return true;
    for (const message of this.#order) if (message) return true;
    for (const changed of this.#changed.values()) if (changed) return true;
    return false;
  }

  /** What differs from the baseline. */
  changes(copy: <T>(value: T) => T = copyJson): KindChanges<Message> {
    const out: KindChanges<Message> = { added: [], changed: [], removed: [] };
    for (const [id, after] of this.#changed) {
      const before = this.#base.byId.get(id);
      if (!before) continue;
      if (after === null) {
        out.removed.push(copy(before));
        continue;
      }
      const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
      const fields = [...keys].filter(
        (k) => !jsonEqual((before as Record<string, unknown>)[k], (after as Record<string, unknown>)[k]),
      );
      if (fields.length > 0) out.changed.push({ _id: id, fields, before: copy(before), after: copy(after) });
    }
    for (const message of this.#order) if (message) out.added.push(copy(message));
    return out;
  }
}
