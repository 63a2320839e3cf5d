/**
 * Pass-through: a route the fake does not model (and no stub answers) is forwarded to a real
 * server, and its answer sent back as it came. The caller's auth headers mean nothing there, so
 * with an account configured the fake logs in to the target once (`POST /api/v1/login`) and sends
 * that account's `X-User-Id` / `X-Auth-Token` instead (again after a 401). Without one, the
 * caller's headers go as they are. The journal keeps both sides: the request, and the target's
 * status and body.
 *
 * Layer: world. Network I/O with fetch; nothing of the HTTP server.
 */

import { isUtf8 } from 'node:buffer';

import { binaryNote } from '../journal/journal';
import type { ExchangeDetail } from '../journal/journal';
import login from '../operations/login';

/** Where unmodelled routes go, and as whom. */
export interface PassThroughOptions {
  /** the real server's base URL, e.g. `https://chat.example.com` */
  target: string;
  /** an account on the target: its username (or e-mail) and password */
  user?: string;
  password?: string;
}

/** A request as it is forwarded. */
export interface ForwardCall {
  method: string;
  /** the path inside the world */
  path: string;
  /** the query string without `?` */
  rawQuery: string;
  headers: Record<string, string | string[] | undefined>;
  /** the parsed body, re-sent in the form its Content-Type names */
  body: unknown;
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
}

/** The largest binary answer whose bytes the journal keeps (for the recorded stubs). */
const MAX_KEPT_BYTES = 48 * 1024;

/**
 * What the journal keeps of a passed-through answer besides its body as data: its type, and a
 * binary one's bytes in base64 while small enough (the recorded stubs replay them).
 */
export function journalFacts(
  answer: ForwardAnswer,
): Pick<ExchangeDetail, 'proxied' | 'contentType' | 'binary' | 'base64' | 'jsonString'> {
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

function bodyOf(call: ForwardCall): string | undefined {
  if (call.body === undefined || call.body === null || call.method === 'GET' || call.method === 'HEAD')
    return undefined;
  const type = header(call.headers['content-type']) ?? '';
  if (typeof call.body === 'string') return call.body;
  if (type.includes('application/x-www-form-urlencoded'))
    return new URLSearchParams(call.body as Record<string, string>).toString();
  return JSON.stringify(call.body);
}

const OPTION_KEYS = ['target', 'user', 'password'];

/** The option as given in code: `target` an http(s) URL, an account's `user` with its `password`, nothing else. */
function checkOptions(options: PassThroughOptions): void {
  const fail = (problem: string): TypeError => new TypeError(`[rocketchat-fake] proxyUnmodelled: ${problem}`);
  if (typeof options !== 'object' || options === null)
    throw fail(`the real server's URL, or {target, user, password}, not ${JSON.stringify(options)}`);
  const unknown = Object.keys(options).filter((key) => !OPTION_KEYS.includes(key));
  if (unknown.length > 0)
    throw fail(
      `unknown option ${unknown.map((key) => `"${key}"`).join(', ')}; it takes target, user and password`,
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
  if ((user === undefined) !== (password === undefined))
    throw fail('user and password go together: the account the forwarded calls use');
}

export class PassThrough {
  readonly target: string;
  readonly #user: string | undefined;
  readonly #password: string | undefined;
  #login: Promise<{ userId: string; authToken: string }> | undefined;

  constructor(options: PassThroughOptions) {
    checkOptions(options);
    const url = new URL(options.target);
    this.target = url.origin + url.pathname.replace(/\/$/, '');
    this.#user = options.user;
    this.#password = options.password;
  }

  /** Forwards a request; a target that does not answer is a 502 in the Rocket.Chat envelope. */
  async forward(call: ForwardCall): Promise<ForwardAnswer> {
    try {
      let answer = await this.#send(call, false);
      // the account's token expired or was logged out on the target: log in again, once
      if (answer.status === 401 && this.#user !== undefined) answer = await this.#send(call, true);
      return answer;
    } catch (error) {
      const text = JSON.stringify({
        success: false,
        error: `The pass-through target ${this.target} did not answer: ${(error as Error).message}`,
      });
      return forwardAnswerOf(502, 'application/json', Buffer.from(text));
    }
  }

  async #send(call: ForwardCall, fresh: boolean): Promise<ForwardAnswer> {
    const headers: Record<string, string> = {};
    for (const name of PASSED) {
      const value = header(call.headers[name]);
      if (value !== undefined) headers[name] = value;
    }
    const asCaller = header(call.headers['x-auth-token']) !== undefined;
    if (this.#user !== undefined && this.#password !== undefined) {
      // the caller's identity means nothing on the target: the configured account stands in
      if (asCaller || fresh) {
        const { userId, authToken } = await this.#account(fresh);
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
    const res = await fetch(url, { method: call.method, headers, body: bodyOf(call), redirect: 'manual' });
    return forwardAnswerOf(
      res.status,
      res.headers.get('content-type') ?? '',
      Buffer.from(await res.arrayBuffer()),
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
    const res = await fetch(`${this.target}${login.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: this.#user, password: this.#password }),
    });
    const body = (await res.json().catch(() => ({}))) as { data?: { userId?: unknown; authToken?: unknown } };
    const { userId, authToken } = body.data ?? {};
    if (res.status !== 200 || typeof userId !== 'string' || typeof authToken !== 'string')
      throw new Error(`the account "${this.#user ?? ''}" could not log in there (HTTP ${res.status})`);
    return { userId, authToken };
  }
}
