/**
 * Pass-through: a route the fake does not model (and no stub answers) is forwarded to a real
 * server, and its answer sent back as it came. The caller's auth headers mean nothing there, so
 * with an account configured the fake logs in to the target once (`POST /api/v1/login`) and sends
 * that account's `X-User-Id` / `X-Auth-Token` instead (again after a 401). Without one, the
 * caller's headers go as they are. The journal keeps both sides: the request, and the target's
 * status and body. A target is not trusted: each call has its own timer (`timeoutMs`, headers and
 * body), an answer is read whole within `proxyAnswerBytes` before one byte is sent on (past it, a
 * 502), and no call with credentials follows a redirect to another origin (a 502; one within the
 * target's origin is followed here, with them). Every refusal is a row of src/errors.ts.
 *
 * Layer: world. Network I/O with fetch; nothing of the HTTP server.
 */

import { isUtf8 } from 'node:buffer';

import { binaryNote } from '../journal/journal';
import type { ExchangeDetail } from '../journal/journal';
import login from '../operations/login';
import { ERRORS, toEnvelope } from '../errors';
import type { ErrorCode } from '../errors';
import { DEFAULT_LIMITS } from '../limits';
import {
  AnswerTooLarge,
  CallEnd,
  CallEnded,
  RedirectRefused,
  fetchWithin,
  readBounded,
} from '../net/bounded-fetch';

/** Where unmodelled routes go, and as whom. */
export interface PassThroughOptions {
  /** the real server's base URL, e.g. `https://chat.example.com` */
  target: string;
  /** an account on the target: its username (or e-mail) and password */
  user?: string;
  password?: string;
  /** how long the target has to answer before a 504 (default 30000 ms; 1 to 600000) */
  timeoutMs?: number;
}

/** A request as it is forwarded. */
export interface ForwardCall {
  method: string;
  /** the path inside the world */
  path: string;
  /** the query string without `?` */
  rawQuery: string;
  headers: Record<string, string | string[] | undefined>;
  /** the parsed body, re-sent in the form its Content-Type names when its bytes were not kept */
  body: unknown;
  /** the body's bytes as they came: forwarded as they are (an upload, a text, a form's repeated key) */
  raw?: Buffer | undefined;
}

/** The target's answer. */
export interface ForwardAnswer {
  status: number;
  contentType: string;
  /** the body as the target sent it, byte for byte */
  bytes: Buffer;
  /** the body as text (UTF-8); '' when it is binary */
  text: string;
  /** the body is not text (an image, a file): sent as its bytes, journaled by its size */
  binary: boolean;
  /** the body as the journal keeps it: parsed JSON, the text, or a binary body's size and type */
  data: unknown;
  /** the target gave no answer: this is the fake's own 502 or 504 (never recorded as a stub) */
  unanswered?: boolean;
}

/** The largest binary answer whose bytes the journal keeps (for the recorded stubs). */
const MAX_KEPT_BYTES = 48 * 1024;

/**
 * What the journal keeps of a passed-through answer besides its body as data: its type, and a
 * binary one's bytes in base64 while small enough (the recorded stubs replay them).
 */
export function journalFacts(
  answer: ForwardAnswer,
): Pick<ExchangeDetail, 'proxied' | 'contentType' | 'binary' | 'base64' | 'jsonString' | 'unanswered'> {
  if (answer.unanswered) return { proxied: true, contentType: answer.contentType, unanswered: true };
  if (!answer.binary) {
    // text parsed as JSON into a string differs from the text (its quotes); unparsed text does not
    const jsonString = typeof answer.data === 'string' && answer.data !== answer.text;
    return { proxied: true, contentType: answer.contentType, ...(jsonString ? { jsonString } : {}) };
  }
  const kept = answer.bytes.length <= MAX_KEPT_BYTES;
  return {
    proxied: true,
    contentType: answer.contentType,
    binary: true,
    ...(kept ? { base64: answer.bytes.toString('base64') } : {}),
  };
}

/** Content types whose bodies are text. */
const TEXT_TYPE =
  /^(text\/|(application|image)\/([\w.+-]*\+)?(json|xml|javascript|x-www-form-urlencoded)\b)/i;

/** An answer of the target: text when its type says so, or when it names none and the bytes are UTF-8. */
function forwardAnswerOf(status: number, contentType: string, bytes: Buffer): ForwardAnswer {
  // text is what its type says is text and what decodes as UTF-8: a latin-1 page is kept as bytes
  const binary = (contentType !== '' && !TEXT_TYPE.test(contentType)) || (bytes.length > 0 && !isUtf8(bytes));
  if (binary)
    return { status, contentType, bytes, text: '', binary, data: binaryNote(bytes.length, contentType) };
  const text = bytes.toString('utf8');
  let data: unknown = text;
  if (contentType.includes('json')) {
    try {
      data = JSON.parse(text) as unknown;
    } catch {
      // not JSON after all: kept as text
    }
  }
  return { status, contentType, bytes, text, binary, data };
}

/** Headers passed on as they are (the rest are the connection's own, or auth handled below). */
const PASSED = ['accept', 'accept-language', 'content-type', 'user-agent', 'x-requested-with'];

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function bodyOf(call: ForwardCall): Uint8Array | string | undefined {
  if (call.method === 'GET' || call.method === 'HEAD') return undefined;
  if (call.raw !== undefined) return call.raw;
  if (call.body === undefined || call.body === null) return undefined;
  const type = header(call.headers['content-type']) ?? '';
  if (typeof call.body === 'string') return call.body;
  if (type.includes('application/x-www-form-urlencoded'))
    return new URLSearchParams(call.body as Record<string, string>).toString();
  return JSON.stringify(call.body);
}

const OPTION_KEYS = ['target', 'user', 'password', 'timeoutMs'];

/** The option as given in code: `target` an http(s) URL, an account's `user` with its `password`, nothing else. */
function checkOptions(options: PassThroughOptions): void {
  const fail = (problem: string): TypeError => new TypeError(`[rocketchat-fake] proxyUnmodelled: ${problem}`);
  if (typeof options !== 'object' || options === null)
    throw fail(`the real server's URL, or {target, user, password}, not ${JSON.stringify(options)}`);
  const unknown = Object.keys(options).filter((key) => !OPTION_KEYS.includes(key));
  if (unknown.length > 0)
    throw fail(
      `unknown option ${unknown.map((key) => `"${key}"`).join(', ')}; it takes target, user, password and timeoutMs`,
    );
  const { target, user, password } = options as { target: unknown; user?: unknown; password?: unknown };
  let protocol: string | undefined;
  try {
    protocol = typeof target === 'string' ? new URL(target).protocol : undefined;
  } catch {
    protocol = undefined;
  }
  if (protocol !== 'http:' && protocol !== 'https:')
    throw fail(`target is the real server's URL (http://… or https://…), not ${JSON.stringify(target)}`);
  if (user !== undefined && (typeof user !== 'string' || user === ''))
    throw fail('user is a username or an e-mail address');
  if (password !== undefined && (typeof password !== 'string' || password === ''))
    throw fail("password is the account's password, not empty");
  const { timeoutMs } = options as { timeoutMs?: unknown };
  if (
    timeoutMs !== undefined &&
    !(Number.isSafeInteger(timeoutMs) && (timeoutMs as number) >= 1 && (timeoutMs as number) <= 600_000)
  )
    throw fail(`timeoutMs is whole milliseconds from 1 to 600000, not ${JSON.stringify(timeoutMs)}`);
  if ((user === undefined) !== (password === undefined))
    throw fail('user and password go together: the account the forwarded calls use');
}

/** How long the target has to answer a forwarded call (or the account's login) before a 504, by default. */
export const PASS_THROUGH_TIMEOUT_MS = 30_000;

/** The configured account was refused by the target's login. */
class LoginRefused extends Error {}

/** Why a forwarded call got no answer: the error table's row, and the words after the target's URL. */
function failureOf(
  error: unknown,
  end: CallEnd,
  timeoutMs: number,
  bound: number,
): { code: ErrorCode; reason: string } {
  const ended = error instanceof CallEnded ? error.why : end.why;
  if (ended === 'timeout') return { code: 'proxy-timeout', reason: `gave no answer within ${timeoutMs} ms` };
  // the world closed (a stop, an ended session) with the call in flight
  if (ended === 'closed') return { code: 'proxy-unanswered', reason: 'was not waited for: the fake stopped' };
  if (error instanceof AnswerTooLarge) return { code: 'proxy-answer-too-large', reason: String(bound) };
  if (error instanceof RedirectRefused) return { code: 'proxy-redirect-refused', reason: error.to };
  if (error instanceof LoginRefused) return { code: 'proxy-unanswered', reason: error.message };
  const { message, cause } = error as { message?: string; cause?: unknown };
  const code = (cause as { code?: unknown } | undefined)?.code;
  const detail = (cause as { message?: unknown } | undefined)?.message;
  if (typeof code === 'string') return { code: 'proxy-unanswered', reason: `did not answer (${code})` };
  return {
    code: 'proxy-unanswered',
    reason: `did not answer: ${typeof detail === 'string' ? detail : (message ?? String(error))}`,
  };
}

/** What bounds a pass-through (src/limits.ts). */
export interface PassThroughBounds {
  /** the largest answer taken from the target; a larger one is a 502 (default 32 MiB) */
  answerBytes?: number;
}

export class PassThrough {
  readonly target: string;
  /** the calls (and logins) in flight: the world's close (a stop, an ended session) ends them at once */
  readonly #open = new Set<CallEnd>();
  readonly #origin: string;
  readonly #user: string | undefined;
  readonly #password: string | undefined;
  readonly #timeoutMs: number;
  readonly #answerBytes: number;
  #login: Promise<{ userId: string; authToken: string }> | undefined;
  /** the calls in flight, for {@link settled} */
  readonly #inFlight = new Set<Promise<ForwardAnswer>>();

  constructor(options: PassThroughOptions, bounds: PassThroughBounds = {}) {
    checkOptions(options);
    const url = new URL(options.target);
    this.target = url.origin + url.pathname.replace(/\/$/, '');
    this.#origin = url.origin;
    this.#user = options.user;
    this.#password = options.password;
    this.#timeoutMs = options.timeoutMs ?? PASS_THROUGH_TIMEOUT_MS;
    this.#answerBytes = bounds.answerBytes ?? DEFAULT_LIMITS.proxyAnswerBytes;
  }

  /**
   * Forwards a request. A target that does not answer is a 502 in the Rocket.Chat envelope, one
   * that does not answer within the timeout (default {@link PASS_THROUGH_TIMEOUT_MS}) a 504, one
   * whose answer is over `proxyAnswerBytes` or that redirects a call with credentials to another
   * origin a 502; a call in flight when the world closes ends at once with a 502.
   */
  forward(call: ForwardCall): Promise<ForwardAnswer> {
    const answer = this.#forward(call);
    this.#inFlight.add(answer);
    void answer.then(() => this.#inFlight.delete(answer));
    return answer;
  }

  async #forward(call: ForwardCall): Promise<ForwardAnswer> {
    const end = new CallEnd(this.#timeoutMs, this.#open);
    try {
      let answer = await this.#send(call, false, end);
      // the account's token expired or was logged out on the target: log in again, once
      if (answer.status === 401 && this.#user !== undefined) answer = await this.#send(call, true, end);
      return answer;
    } catch (error) {
      const { code, reason } = failureOf(error, end, this.#timeoutMs, this.#answerBytes);
      const text = JSON.stringify(toEnvelope(code, { name: this.target, reason }));
      return {
        ...forwardAnswerOf(ERRORS[code].status, 'application/json', Buffer.from(text)),
        unanswered: true,
      };
    } finally {
      end.finish();
    }
  }

  /** Ends every call in flight (the world is closing); later calls are forwarded again. */
  close(): void {
    for (const end of [...this.#open]) end.close();
  }

  /** Resolves once every call now in flight has its answer (after {@link close}: at once). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.#inFlight]);
  }

  async #send(call: ForwardCall, fresh: boolean, end: CallEnd): Promise<ForwardAnswer> {
    const headers: Record<string, string> = {};
    for (const name of PASSED) {
      const value = header(call.headers[name]);
      if (value !== undefined) headers[name] = value;
    }
    const asCaller = header(call.headers['x-auth-token']) !== undefined;
    if (this.#user !== undefined && this.#password !== undefined) {
      // the caller's identity means nothing on the target: the configured account stands in
      if (asCaller || fresh) {
        const { userId, authToken } = await end.race(this.#account(fresh));
        headers['x-user-id'] = userId;
        headers['x-auth-token'] = authToken;
      }
    } else {
      for (const name of ['x-user-id', 'x-auth-token']) {
        const value = header(call.headers[name]);
        if (value !== undefined) headers[name] = value;
      }
    }
    const url = `${this.target}${call.path}${call.rawQuery === '' ? '' : `?${call.rawQuery}`}`;
    const body = bodyOf(call);
    // what must not reach another origin: an account's or a caller's token, a body (a password in it)
    const credentialed =
      headers['x-auth-token'] !== undefined || headers['x-user-id'] !== undefined || body !== undefined;
    const res = await fetchWithin(
      url,
      { method: call.method, headers, body },
      this.#origin,
      credentialed,
      end.signal,
    );
    return forwardAnswerOf(
      res.status,
      res.headers.get('content-type') ?? '',
      await readBounded(res, this.#answerBytes, call.method),
    );
  }

  #account(fresh: boolean): Promise<{ userId: string; authToken: string }> {
    if (this.#login === undefined || fresh) {
      const login = this.#logIn();
      // a failed login is not kept: the next request tries again
      login.catch(() => {
        if (this.#login === login) this.#login = undefined;
      });
      this.#login = login;
    }
    return this.#login;
  }

  async #logIn(): Promise<{ userId: string; authToken: string }> {
    // the login has its own end: the calls waiting on it each race it with theirs
    const end = new CallEnd(this.#timeoutMs, this.#open);
    try {
      const res = await fetchWithin(
        `${this.target}${login.path}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ user: this.#user, password: this.#password }),
        },
        this.#origin,
        true,
        end.signal,
      );
      const bytes = await readBounded(res, this.#answerBytes);
      let body: { data?: { userId?: unknown; authToken?: unknown } } = {};
      try {
        body = JSON.parse(bytes.toString('utf8')) as typeof body;
      } catch {
        // not JSON: refused below
      }
      const { userId, authToken } = body.data ?? {};
      if (res.status !== 200 || typeof userId !== 'string' || typeof authToken !== 'string')
        throw new LoginRefused(
          `refused the account "${this.#user ?? ''}" (its login answered HTTP ${res.status})`,
        );
      return { userId, authToken };
    } finally {
      end.finish();
    }
  }
}
