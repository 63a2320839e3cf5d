/**
 * The conformance suite's HTTP client: one request at a time to any Rocket.Chat (or the fake),
 * with a time limit, the credentials of whom it acts as, and patience for rate limits: a 429 is
 * waited out as `X-RateLimit-Reset` (or the body's "wait N seconds") says, and the wait reported.
 *
 * Layer: verify. It talks HTTP to a server and knows nothing of the fake's internals.
 */

/** A server's answer, its body parsed when it is JSON. */
export interface Reply {
  status: number;
  headers: Headers;
  /** the parsed JSON body, or the text when it is not JSON */
  body: unknown;
}

/** Whose credentials a request carries. */
export interface Credentials {
  userId: string;
  authToken: string;
}

export interface Outgoing {
  method: 'GET' | 'POST';
  path: string;
  credentials?: Credentials;
  /** a JSON body */
  json?: unknown;
  /** a form-encoded body */
  form?: Record<string, string>;
  /** a body sent as is, with `contentType` */
  raw?: string;
  contentType?: string;
}

/** The target cannot be reached at all (refused, unknown host, TLS, no answer in time). */
export class Unreachable extends Error {
  override name = 'Unreachable';
}

/** The run was stopped through its signal. */
export class Interrupted extends Error {
  override name = 'Interrupted';
}

/** The most a rate limit is waited out at once, and how many times per request. */
const MAX_WAIT_MS = 65_000;
const MAX_RETRIES = 3;

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new Interrupted('interrupted'));
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new Interrupted('interrupted'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** How long a 429 asks to wait, in ms: `X-RateLimit-Reset` (epoch ms), else the body's seconds. */
function waitOf(reply: Reply): number {
  const reset = Number(reply.headers.get('x-ratelimit-reset'));
  if (Number.isFinite(reset) && reset > 0) return Math.max(0, reset - Date.now()) + 100;
  const text = JSON.stringify(reply.body);
  const seconds = /wait (\d+) seconds?/.exec(text);
  return seconds ? Number(seconds[1]) * 1000 + 100 : 5_000;
}

export class Client {
  /** the waits rate limits imposed, in order */
  readonly waits: { path: string; ms: number }[] = [];
  readonly #base: string;

  constructor(
    target: string,
    private readonly timeoutMs: number,
    private readonly signal?: AbortSignal,
  ) {
    this.#base = target.replace(/\/+$/, '');
  }

  /** Sends one request; waits out a 429 and sends it again. */
  async send(out: Outgoing): Promise<Reply> {
    for (let attempt = 0; ; attempt += 1) {
      const reply = await this.#once(out);
      if (reply.status !== 429 || attempt >= MAX_RETRIES) return reply;
      const ms = Math.min(waitOf(reply), MAX_WAIT_MS);
      this.waits.push({ path: out.path.split('?')[0] ?? out.path, ms });
      await sleep(ms, this.signal);
    }
  }

  async #once(out: Outgoing): Promise<Reply> {
    if (this.signal?.aborted) throw new Interrupted('interrupted');
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (out.credentials) {
      headers['X-User-Id'] = out.credentials.userId;
      headers['X-Auth-Token'] = out.credentials.authToken;
    }
    let body: string | undefined;
    if (out.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(out.json);
    } else if (out.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(out.form).toString();
    } else if (out.raw !== undefined) {
      headers['Content-Type'] = out.contentType ?? 'application/json';
      body = out.raw;
    }
    const limits = [AbortSignal.timeout(this.timeoutMs), ...(this.signal ? [this.signal] : [])];
    let response: Response;
    try {
      response = await fetch(`${this.#base}${out.path}`, {
        method: out.method,
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.any(limits),
      });
    } catch (error) {
      if (this.signal?.aborted) throw new Interrupted('interrupted');
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      const why =
        (error as Error).name === 'TimeoutError'
          ? `no answer within ${this.timeoutMs} ms`
          : (cause?.code ?? cause?.message ?? (error as Error).message);
      throw new Unreachable(`${out.method} ${this.#base}${out.path}: ${why}`);
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text === '' ? '' : (JSON.parse(text) as unknown);
    } catch {
      // not JSON: the text stands
    }
    return { status: response.status, headers: response.headers, body: parsed };
  }
}
