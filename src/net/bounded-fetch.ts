/**
 * Calls to a server that may be hostile, each bounded: its own timer and AbortController (cleared
 * when it finishes; never `AbortSignal.timeout` / `AbortSignal.any`), a body read with a byte count
 * and refused past a bound, and redirects followed by hand, within the origin only when the call
 * carries credentials. The pass-through and `record` use them.
 *
 * Layer: base. Imports nothing of ours.
 */

/** The most redirects within the origin followed for one call (past that, the call fails). */
export const MAX_REDIRECTS = 5;

/** The target answered a call carrying credentials with a redirect to another origin. */
export class RedirectRefused extends Error {
  constructor(readonly to: string) {
    super(`redirect to ${to} refused`);
  }
}

/** An answer longer than its bound (the pass-through's `proxyAnswerBytes`, record's `recordPageBytes`). */
export class AnswerTooLarge extends Error {
  constructor(readonly bound: number) {
    super(`answer over ${bound} bytes`);
  }
}

/** Why a call's own controller aborted it: its timer, or its close. */
export class CallEnded extends Error {
  constructor(readonly why: 'timeout' | 'closed') {
    super(why === 'timeout' ? 'timed out' : 'the fake stopped');
  }
}

/**
 * The end of one call: its own timer and its own AbortController, both let go when the call
 * finishes; and a closing (the world's close) through {@link close}, with `open` the set of calls a
 * closer ends (the call is in it until it finishes). No `AbortSignal.timeout` / `AbortSignal.any`:
 * on Node 20 a fetch whose signal is made of them can hang for good once garbage collection has run.
 */
export class CallEnd {
  readonly #controller = new AbortController();
  readonly #timer: NodeJS.Timeout;
  readonly #open: Set<CallEnd> | undefined;
  #why: 'timeout' | 'closed' | undefined;

  constructor(timeoutMs: number, open?: Set<CallEnd>) {
    this.#timer = setTimeout(() => this.#end('timeout'), timeoutMs);
    this.#open = open;
    open?.add(this);
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** Why the call was ended, if it was. */
  get why(): 'timeout' | 'closed' | undefined {
    return this.#why;
  }

  /** Ends the call now (its world is closing). */
  close(): void {
    this.#end('closed');
  }

  /** The call is over: its timer goes, and it leaves the open calls. */
  finish(): void {
    clearTimeout(this.#timer);
    this.#open?.delete(this);
  }

  /** `promise`, or this call's end if it comes first (a shared login waited on). */
  race<T>(promise: Promise<T>): Promise<T> {
    const signal = this.signal;
    if (signal.aborted) return Promise.reject(signal.reason as Error);
    return new Promise<T>((resolve, reject) => {
      const onAbort = (): void => reject(signal.reason as Error);
      signal.addEventListener('abort', onAbort, { once: true });
      promise.then(
        (value) => {
          signal.removeEventListener('abort', onAbort);
          resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          reject(error as Error);
        },
      );
    });
  }

  #end(why: 'timeout' | 'closed'): void {
    if (this.#why !== undefined) return;
    this.#why = why;
    this.finish();
    this.#controller.abort(new CallEnded(why));
  }
}

/**
 * A body read whole, but never more than `bound` bytes: one whose Content-Length says more is
 * refused before a byte is read (but for an answer to `method` HEAD), one that runs past it is cut there. Either is {@link AnswerTooLarge}.
 */
export async function readBounded(res: Response, bound: number, method = 'GET'): Promise<Buffer> {
  const declared = Number(res.headers.get('content-length') ?? '');
  // a HEAD's Content-Length is the body it did not send
  if (
    method !== 'HEAD' &&
    res.headers.has('content-length') &&
    Number.isFinite(declared) &&
    declared > bound
  ) {
    await res.body?.cancel().catch(() => undefined);
    throw new AnswerTooLarge(bound);
  }
  if (res.body === null) return Buffer.alloc(0);
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > bound) {
      await reader.cancel().catch(() => undefined);
      throw new AnswerTooLarge(bound);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, size);
}

/** The redirect statuses (a Location to follow). */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** A call as fetch sends it, before its signal. */
interface Sent {
  method: string;
  headers: Record<string, string>;
  body: Uint8Array | string | undefined;
}

/**
 * Sends a call without letting fetch follow a redirect: one to `origin` is followed here, with the
 * same credentials, up to {@link MAX_REDIRECTS} times; one to another origin is refused
 * ({@link RedirectRefused}) when the call carries credentials, else answered as it came.
 */
export async function fetchWithin(
  url: string,
  sent: Sent,
  origin: string,
  credentialed: boolean,
  signal: AbortSignal,
): Promise<Response> {
  let current = { url, ...sent };
  for (let hop = 0; ; hop += 1) {
    const res = await fetch(current.url, {
      method: current.method,
      headers: current.headers,
      body: current.body,
      redirect: 'manual',
      signal,
    });
    const location = res.headers.get('location');
    if (!REDIRECTS.has(res.status) || location === null) return res;
    let next: URL;
    try {
      next = new URL(location, current.url);
    } catch {
      return res;
    }
    if (next.origin !== origin) {
      if (!credentialed) return res;
      await res.body?.cancel().catch(() => undefined);
      throw new RedirectRefused(next.origin);
    }
    await res.body?.cancel().catch(() => undefined);
    if (hop >= MAX_REDIRECTS) throw new Error(`redirected more than ${MAX_REDIRECTS} times`);
    // fetch's own rule: a 303 (and a 301 or 302 of a POST) goes on as a GET, without the body
    const asGet =
      (res.status === 303 && current.method !== 'HEAD') ||
      ((res.status === 301 || res.status === 302) && current.method === 'POST');
    const headers = { ...current.headers };
    if (asGet) delete headers['content-type'];
    current = {
      url: next.href,
      method: asGet ? 'GET' : current.method,
      headers,
      body: asGet ? undefined : current.body,
    };
  }
}
