import type { DdpFrameNote, JournalEntry, RequestExchange, RequestFilter, UnmatchedRoute } from '../types';
import { changeViews } from './changes';
import { Journal, answerOf, redactSecrets } from './journal';
import type { Exchange, ExchangeDetail } from './journal';
import { UnmatchedRoutes } from './unmatched';

/**
 * A world's record of the requests it answered: the journal's ring and the unmodelled routes called
 * (cleared together), written as each request is answered and read by the control API's queries.
 *
 * Layer: world. Plain values; nothing of HTTP.
 */

/** What `requests()` answers over HTTP: the entries plus how many the ring dropped. */
export interface RequestsPage {
  requests: JournalEntry[];
  total: number;
  dropped: number;
}

/** How a world's request log is made. */
export interface RequestLogOptions {
  /** how many requests the journal keeps (default 1000) */
  size?: number;
  /** whether the journal keeps answers within its budget (a kept contract needs them whole) */
  budget: boolean;
  /** the modelled route nearest to a method and path, or null */
  nearest: (method: string, path: string) => string | null;
  /** told the first time a route the fake does not model is called */
  onUnmodelled?: (route: UnmatchedRoute) => void;
  /** hears each exchange journaled with its detail, first (the kept contract) */
  journaled?: (exchange: Exchange) => void;
}

export class RequestLog {
  /** the request journal */
  readonly journal: Journal;
  /** the routes called that the fake does not model (cleared with the journal) */
  readonly #unmatched: UnmatchedRoutes;
  readonly #onUnmodelled: ((route: UnmatchedRoute) => void) | undefined;
  readonly #journaled: ((exchange: Exchange) => void) | undefined;

  constructor(options: RequestLogOptions) {
    this.journal = new Journal(options.size, { budget: options.budget });
    this.#unmatched = new UnmatchedRoutes(options.nearest);
    this.#onUnmodelled = options.onUnmodelled;
    this.#journaled = options.journaled;
  }

  /**
   * Journals an entry with its body as the journal keeps it (redacted by the caller), stamped
   * `time`; a call to an unmodelled route that no stub or pass-through took is noted. `unmatched`:
   * the name a realtime frame is listed under.
   */
  record(
    request: Omit<JournalEntry, 'seq' | 'time' | 'body'>,
    body: unknown,
    time: string,
    detail?: ExchangeDetail,
    unmatched?: string,
    note?: () => DdpFrameNote,
  ): JournalEntry {
    const { method, path, modelled } = request;
    // the request's own fields are the entry's: no copy of them is made on the way
    const entry = this.journal.record(request, body, time, detail, note);
    if (detail) this.#journaled?.({ entry, detail });
    if (!modelled && request.stub === undefined && request.proxied !== true) {
      // a realtime frame is listed as what the connection names (`DDP <method>`, `DDP sub <name>`)
      const route = method === 'DDP' ? (unmatched ?? String((body as { method?: unknown }).method)) : path;
      const first = this.#unmatched.note(method, route, time, detail?.operation);
      if (first) this.#onUnmodelled?.(first);
    }
    return entry;
  }

  /**
   * The detail of an entry journaled before its exchange was over (a realtime method call's `in`
   * frame), once it is: the kept contract hears it then, as it hears a request's.
   */
  attach(entry: JournalEntry, detail: ExchangeDetail): void {
    if (this.journal.attach(entry, detail)) this.#journaled?.({ entry, detail });
  }

  /**
   * One recorded request with the answer it got (the inspector's details): the answer's JSON with
   * tokens and passwords hidden, or its text when it is not JSON; and the changes it committed.
   */
  exchange(seq: number): RequestExchange | undefined {
    const found = this.journal.exchange(seq);
    if (!found) return undefined;
    const { chars, excerpt, dropped } = found.detail;
    const answer = answerOf(found.detail);
    const response: unknown = dropped
      ? { '[dropped]': `${chars ?? 0} characters, let go to keep the journal within its budget` }
      : excerpt !== undefined
        ? { '[truncated]': `${chars ?? 0} characters; the first ${excerpt.length} follow`, text: excerpt }
        : redactSecrets(answer ?? null);
    return { entry: found.entry, response, changes: changeViews(found.detail.changes) };
  }

  /** The recorded requests matching a filter, oldest first. */
  list(filter?: RequestFilter): JournalEntry[] {
    return this.journal.list(filter);
  }

  /** The journal as `GET /__admin/requests` answers it. */
  page(filter?: RequestFilter): RequestsPage {
    const requests = this.journal.list(filter);
    return { requests, total: requests.length, dropped: this.journal.dropped };
  }

  /** How many recorded requests match. */
  count(filter?: RequestFilter): number {
    return this.journal.list(filter).length;
  }

  /** The most recent matching request, if any. */
  last(filter?: RequestFilter): JournalEntry | undefined {
    return this.journal.list(filter).at(-1);
  }

  /** The unmodelled routes called, most called first, each with the modelled route nearest to it. */
  unmatched(): UnmatchedRoute[] {
    return this.#unmatched.list();
  }

  /** Forgets the recorded requests and the unmodelled routes called. */
  clear(): void {
    this.journal.clear();
    this.#unmatched.clear();
  }
}
