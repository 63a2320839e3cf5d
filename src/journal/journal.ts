import { globPattern } from '../glob';
import type { Operation } from '../operations/operation';
import type { DdpFrameNote, JournalEntry, RequestFilter } from '../types';
import type { ChangeNote } from './changes';

export type { JournalEntry, RequestFilter } from '../types';

/**
 * The request journal: every chat API request a world answered, in a bounded ring (the oldest
 * drop first), filterable, clearable, and awaitable for clients that call asynchronously.
 */

/** The default number of requests a journal keeps. */
export const DEFAULT_JOURNAL_SIZE = 1000;

/**
 * What a journal keeps of the answers it records, in characters: one answer at most
 * `responseChars` (the start of a longer one is kept, marked truncated), and all of a world's
 * answers together at most `totalChars` (past it the oldest answers are let go, their entries
 * stay). A full page of a 20,000-room world is about 7 MB; 1,000 of them would not fit in the heap.
 */
export const JOURNAL_BUDGET = { responseChars: 256 * 1024, totalChars: 32 * 1024 * 1024 } as const;

/** A predicate for a filter. */
export function matcher(filter: RequestFilter = {}): (entry: JournalEntry) => boolean {
  const path = filter.path === undefined ? undefined : globPattern(filter.path);
  const method = filter.method?.toUpperCase();
  return (entry) =>
    (path === undefined || path.test(entry.path)) &&
    (method === undefined || entry.method === method) &&
    (filter.status === undefined || entry.status === filter.status) &&
    (filter.modelled === undefined || entry.modelled === filter.modelled);
}

/**
 * What the journal keeps of an exchange beyond its public entry, as data, for contracts (src/pact)
 * and the inspector: the operation that answered, the caller, and
 * the answer's body as data. Held beside the entry, never shown in `requests()`.
 */
export interface ExchangeDetail {
  /**
   * the operation at the request's route (src/operations/table.ts), as the pipeline resolved it:
   * it answered when the entry is modelled and no stub or fault stood in
   */
  operation?: Operation | undefined;
  /** the authenticated caller's username */
  caller?: string;
  /** the answer's body as data (a reference: answers are never changed after they are sent) */
  answer?: unknown;
  /**
   * in place of `answer`: makes the answer's body when it is read, from values that are never
   * changed in place (a post's stored message); the journal keeps it, and no copy of the answer
   */
  later?: (() => object) | undefined;
  /** the body sent was `answer` plus `"success": true` (kept without a copy; see {@link answerOf}) */
  enveloped?: boolean;
  /** the answer's length in characters as sent */
  chars?: number;
  /** the answer's text as sent: read when it is recorded (its start is kept when too long), then let go */
  text?: string;
  /** the start of an answer too long to keep whole (then `answer` is not kept) */
  excerpt?: string;
  /**
   * a JSON answer's text as sent, kept in place of `answer` once recorded: one flat string costs
   * the garbage collector less to keep than the objects it was made from (the journal holds a
   * thousand); {@link answerOf} parses it when the answer is read
   */
  json?: string | undefined;
  /** the answer was let go to keep the journal within its budget (the entry stays) */
  dropped?: boolean;
  /** the request carried X-Auth-Token or X-User-Id */
  authHeaders: boolean;
  /** the request's `Host`: a contract writes the fake's own address in its answers as an example one */
  host?: string;
  /** a fault (or no answer at all) stood in for the real handler */
  fault: boolean;
  /** the id of the stub that answered, when one did */
  stub?: string;
  /** the real server answered it (pass-through) */
  proxied?: boolean;
  /** a passed-through answer's Content-Type, as the target sent it */
  contentType?: string;
  /** a passed-through answer was a JSON string (`"text"`): recorded as its JSON, not as bare text */
  jsonString?: boolean;
  /** the pass-through target gave no answer: the fake's own 502 or 504 stood in */
  unanswered?: boolean;
  /** a passed-through answer was binary (an image, a file) */
  binary?: boolean;
  /** a passed-through binary answer's bytes in base64 (kept while small, for the recorded stubs) */
  base64?: string;
  /**
   * a realtime method call's `in` frame: the method (its name as a REST exchange's `operation`),
   * and `answer` its result or its error object, as the `result` frame carried it
   */
  method?: MethodCallDetail;
  /**
   * the change events the request committed, in order, as notes (src/journal/changes.ts): ids and
   * the few facts a contract's replay reads, bounded per request; none when it changed nothing
   */
  changes?: ChangeNote[];
}

/** A realtime method call, in the detail of its `in` frame. */
export interface MethodCallDetail {
  /** the method's name (DDP's `method`) */
  name: string;
  /** the fake models it (the method ran, unless a fault or a stub stood in) */
  modelled: boolean;
  /** the call's `id` */
  id: string;
  /** the answer was an error (`answer` is the error object), not a result */
  error: boolean;
}

/** An entry with its detail, as the contract reads them. */
export interface Exchange {
  entry: JournalEntry;
  detail: ExchangeDetail;
}

/** A ring slot: the entry and what is kept of its exchange, side by side (no lookup table to keep). */
interface Slot {
  entry: JournalEntry;
  detail: ExchangeDetail | undefined;
  /**
   * makes a realtime frame's note (the entry's `ddp`) when the entry is first read: a socket's hot
   * path only keeps what makes it (most entries are never read)
   */
  note?: (() => DdpFrameNote) | undefined;
}

/** Gives an entry its realtime frame's note, once, before it is read. */
function noted(slot: Slot): Slot {
  if (slot.note !== undefined) {
    slot.entry.ddp = slot.note();
    slot.note = undefined;
  }
  return slot;
}

const NO_DETAIL: ExchangeDetail = Object.freeze({ authHeaders: false, fault: false });

interface Waiter {
  matches: (entry: JournalEntry) => boolean;
  resolve: (entry: JournalEntry) => void;
  /** the world ended first (a stopped server, a closed session) */
  end: () => void;
}

export class Journal {
  readonly capacity: number;
  #slots: Slot[] = [];
  #start = 0;
  #seq = 0;
  #dropped = 0;
  #waiters = new Set<Waiter>();
  /** characters of answers held, and the slots holding them, oldest first (from #holdHead) */
  #chars = 0;
  #holding: (Slot | undefined)[] = [];
  #holdHead = 0;

  /** whether answers are held to {@link JOURNAL_BUDGET} (a world that keeps its contract keeps them whole) */
  readonly #budget: boolean;

  constructor(capacity = DEFAULT_JOURNAL_SIZE, options: { budget?: boolean } = {}) {
    this.capacity = Math.max(1, Math.floor(capacity));
    this.#budget = options.budget ?? true;
  }

  /** The sequence number of the latest entry recorded (0 before any, and after a clear). */
  get lastSeq(): number {
    return this.#seq;
  }

  /**
   * Records a request, its body as the journal keeps it (redacted) and the time it was answered;
   * the oldest drops when the ring is full. The entry is the one object made of them.
   */
  record(
    entry: Omit<JournalEntry, 'seq' | 'time' | 'body'>,
    body: unknown,
    time: string,
    detail?: ExchangeDetail,
    note?: () => DdpFrameNote,
  ): JournalEntry {
    this.#seq += 1;
    // written out, not spread: one object of a stable shape per request (the fast path's hot loop)
    const recorded: JournalEntry = {
      seq: this.#seq,
      method: entry.method,
      path: entry.path,
      query: entry.query,
      body,
      status: entry.status,
      user: entry.user,
      time,
      modelled: entry.modelled,
    };
    if (entry.stub !== undefined) recorded.stub = entry.stub;
    if (entry.proxied === true) recorded.proxied = true;
    if (entry.ddp !== undefined) recorded.ddp = entry.ddp;
    const slot: Slot = { entry: recorded, detail: undefined, note };
    if (detail) this.#hold(slot, detail);
    if (this.#slots.length < this.capacity) this.#slots.push(slot);
    else {
      this.#release(this.#slots[this.#start]);
      this.#slots[this.#start] = slot;
      this.#start = (this.#start + 1) % this.capacity;
      this.#dropped += 1;
    }
    // no iterator made when nobody waits (most requests)
    if (this.#waiters.size > 0) this.#wake(noted(slot).entry);
    return recorded;
  }

  /**
   * Keeps the detail of an entry recorded before its exchange was over (a realtime method call's
   * `in` frame: the method answers after it is journaled). False when the ring no longer holds
   * the entry (a clear, a reset, or it dropped out).
   */
  attach(entry: JournalEntry, detail: ExchangeDetail): boolean {
    // the newest first: the entry is nearly always the latest, or close to it
    for (let i = this.#slots.length - 1; i >= 0; i -= 1) {
      const slot = this.#slots[(this.#start + i) % this.#slots.length] as Slot;
      if (slot.entry !== entry) continue;
      if (slot.detail !== undefined) return false;
      this.#hold(slot, detail);
      return true;
    }
    return false;
  }

  /** Resolves the waiters an entry matches. */
  #wake(recorded: JournalEntry): void {
    for (const waiter of this.#waiters) {
      if (waiter.matches(recorded)) {
        this.#waiters.delete(waiter);
        waiter.resolve(structuredClone(recorded));
      }
    }
  }

  /** Keeps a detail in its slot: a long answer cut to its start, older answers let go past the total. */
  #hold(slot: Slot, detail: ExchangeDetail): void {
    slot.detail = detail;
    // the text is read here (a long answer's start) and let go: the answer is kept as data, or
    // as its maker when it is made when read (nothing else of it is held then)
    const { text } = detail;
    detail.text = undefined;
    if (detail.answer === undefined && detail.later === undefined) return;
    if (this.#budget && (detail.chars ?? 0) > JOURNAL_BUDGET.responseChars) {
      detail.answer = undefined;
      detail.later = undefined;
      detail.excerpt = detachedStart(text ?? '', JOURNAL_BUDGET.responseChars);
    } else if (
      detail.later === undefined &&
      ((typeof detail.answer === 'object' && detail.answer !== null) || detail.jsonString === true) &&
      text
    ) {
      // an object's answer text is its JSON (with `"success": true` when enveloped); a passed-through
      // JSON string's, its JSON as sent (the recorded stub replays those bytes)
      detail.json = text;
      detail.answer = undefined;
      detail.enveloped = false;
    }
    if (!this.#budget) return;
    this.#chars += heldChars(detail);
    this.#holding.push(slot);
    // the oldest answers go first; the one just recorded always stays
    while (this.#chars > JOURNAL_BUDGET.totalChars && this.#holding[this.#holdHead] !== slot) {
      this.#release(this.#holding[this.#holdHead], true);
    }
  }

  /**
   * Lets go of the oldest held answer's slot (the ring drops the oldest entry; the budget lets go
   * of the oldest answer): it is at the head of #holding when it holds one.
   */
  #release(slot: Slot | undefined, keepEntry = false): void {
    if (slot === undefined || this.#holding[this.#holdHead] !== slot) return;
    // emptied at once: a place still holding a dropped slot would keep its answer alive until the
    // list is next compacted (twice the answers the ring holds, for the garbage collector to copy)
    this.#holding[this.#holdHead] = undefined;
    this.#holdHead += 1;
    if (this.#holdHead > 1024 && this.#holdHead * 2 > this.#holding.length) {
      this.#holding = this.#holding.slice(this.#holdHead);
      this.#holdHead = 0;
    }
    const { detail } = slot;
    if (detail === undefined) return;
    this.#chars -= heldChars(detail);
    if (keepEntry) {
      const { answer, later, excerpt, json, base64, ...rest } = detail;
      slot.detail = { ...rest, dropped: true };
    }
  }

  /** Characters of answers the journal holds now. */
  get heldChars(): number {
    return this.#chars;
  }

  /** The recorded requests matching a filter, oldest first (copies). */
  list(filter?: RequestFilter): JournalEntry[] {
    const matches = matcher(filter);
    return structuredClone(
      this.#ordered()
        .filter((slot) => matches(slot.entry))
        .map((slot) => noted(slot).entry),
    );
  }

  /** The recorded exchanges, oldest first: copies of the entries, with their details. */
  exchanges(): Exchange[] {
    return this.#ordered().map(exchangeOf);
  }

  /** One recorded exchange by sequence number (a copy of its entry), if the ring still holds it. */
  exchange(seq: number): Exchange | undefined {
    const slot = this.#slots.find((s) => s.entry.seq === seq);
    return slot && exchangeOf(slot);
  }

  /** The slots, oldest first. */
  #ordered(): Slot[] {
    return [...this.#slots.slice(this.#start), ...this.#slots.slice(0, this.#start)];
  }

  /** How many requests the ring has dropped since the last clear. */
  get dropped(): number {
    return this.#dropped;
  }

  /** Forgets every request (data is untouched); sequence numbers start again at 1. */
  clear(): void {
    this.#slots = [];
    this.#start = 0;
    this.#seq = 0;
    this.#dropped = 0;
    this.#chars = 0;
    this.#holding = [];
    this.#holdHead = 0;
  }

  /**
   * The first recorded request matching the filter: at once if one is already in the journal,
   * otherwise when it arrives; rejects after `timeoutMs` naming what was recorded instead.
   */
  /** Ends every wait at once (its world has ended): each rejects, and no timer is left behind. */
  endWaits(): void {
    const waiters = [...this.#waiters];
    this.#waiters.clear();
    for (const waiter of waiters) waiter.end();
  }

  waitFor(filter: RequestFilter, timeoutMs: number): Promise<JournalEntry> {
    const matches = matcher(filter);
    const found = this.list().find(matches);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        matches,
        resolve: (entry) => {
          clearTimeout(timer);
          resolve(entry);
        },
        end: () => {
          clearTimeout(timer);
          reject(
            new Error(
              `[rocketchat-fake] waitForRequest: the server stopped or the session ended before a request matching ${JSON.stringify(filter)}`,
            ),
          );
        },
      };
      const timer = setTimeout(() => {
        this.#waiters.delete(waiter);
        const seen = this.list().map((e) => `${e.method} ${e.path} ${e.status}`);
        reject(
          new Error(
            `[rocketchat-fake] waitForRequest: no request matching ${JSON.stringify(filter)} within ${timeoutMs} ms; ` +
              `recorded: ${seen.length > 0 ? seen.slice(-10).join(', ') : 'none'}`,
          ),
        );
      }, timeoutMs);
      this.#waiters.add(waiter);
    });
  }
}

/** A slot as the contract reads it: a copy of the entry, with its detail. */
function exchangeOf(slot: Slot): Exchange {
  return { entry: structuredClone(noted(slot).entry), detail: slot.detail ?? NO_DETAIL };
}

/** Whether an exchange's answer is kept whole (as data, as its JSON text or as its maker). */
export function hasAnswer(detail: ExchangeDetail): boolean {
  return detail.answer !== undefined || detail.json !== undefined || detail.later !== undefined;
}

/** What the journal shows for a binary body: its size and type, not its bytes. */
export function binaryNote(length: number, contentType: string): string {
  return `(${length} bytes${contentType === '' ? '' : ` of ${contentType}`})`;
}

/** The answer's body as sent, as data (with `success: true` when it was enveloped), if it is kept. */
export function answerOf(detail: ExchangeDetail): unknown {
  if (detail.json !== undefined) return JSON.parse(detail.json) as unknown;
  const answer = detail.later === undefined ? detail.answer : detail.later();
  if (!detail.enveloped || typeof answer !== 'object' || answer === null) return answer;
  return { ...answer, success: true };
}

/** The characters an answer held counts against the budget: its length as sent, or its excerpt's. */
function heldChars(detail: ExchangeDetail): number {
  // a binary answer's bytes, kept in base64 for the recorded stubs, count too
  const bytes = detail.base64?.length ?? 0;
  if (hasAnswer(detail)) return (detail.chars ?? 0) + bytes;
  return (detail.excerpt?.length ?? 0) + bytes;
}

const MAX_BODY_CHARS = 64 * 1024;

const PASSWORD = /password/i;

/**
 * The common case, cheaply: a flat object of a few short scalars with no password in it (a
 * `channels.setReadOnly` body), which the journal keeps as it is (the parsed body is the
 * request's own and nothing changes it). Anything else takes the general path.
 */
function isSmallFlat(body: object): boolean {
  let size = 0;
  for (const key in body) {
    if (!Object.hasOwn(body, key)) continue;
    const value: unknown = (body as Record<string, unknown>)[key];
    if (PASSWORD.test(key) || (typeof value === 'object' && value !== null)) return false;
    size += key.length + (typeof value === 'string' ? value.length : 8);
    if (size > 1024) return false;
  }
  return true;
}

/**
 * The first `chars` characters of a text, as a string of their own. V8's `slice` of a long string
 * is a view that keeps the whole string alive: a 256 K excerpt of a 6.8 MB page held 6.8 MB, and
 * a journal of such excerpts outgrew a 256 MB heap while counting 32 M characters. The copy goes
 * through UTF-16 bytes, which keeps every code unit (a lone surrogate too).
 */
export function detachedStart(text: string, chars: number): string {
  if (text.length <= chars) return text;
  return Buffer.from(text.slice(0, chars), 'utf16le').toString('utf16le');
}

/** A journal copy of a body: passwords redacted at any depth, very large bodies summarised. */
export function redactBody(body: unknown): unknown {
  if (body === undefined) return null;
  if (typeof body === 'object' && body !== null && !Array.isArray(body) && isSmallFlat(body)) return body;
  const redact = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(redact);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, PASSWORD.test(k) ? '[redacted]' : redact(v)]),
    );
  };
  try {
    const size = JSON.stringify(body)?.length ?? 0;
    if (size > MAX_BODY_CHARS) return { '[truncated]': `${size} characters` };
    return redact(body);
  } catch {
    return { '[unreadable]': 'nested too deeply to copy' };
  }
}

/**
 * A copy with every token and password value replaced by `placeholder`, at any depth (the
 * inspector shows answers with it; contracts write them with it).
 */
export function redactSecrets(value: unknown, placeholder = '[redacted]'): unknown {
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, placeholder));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      /token|password|^resume$/i.test(k) && typeof v === 'string'
        ? placeholder
        : redactSecrets(v, placeholder),
    ]),
  );
}
