import { isDeepStrictEqual } from 'node:util';

import type { CheckRequest, CheckResult } from '../types';
import type { VerifyProfile } from './eras';
import { verifyProfileOf } from './eras';
import type { Client, Credentials, Outgoing, Reply } from './client';
import { forEra } from './expected';

/**
 * What a check of the conformance suite works with: the facts found on the server before the
 * checks ran, requests as one of the users, and assertions that stop the check with a failure
 * naming the request, what was expected and what came back.
 */

/** A room as `channels.list` shows it (the fields the checks read). */
export interface ListedRoom {
  _id: string;
  name: string;
  t?: string;
  ro?: boolean;
  archived?: boolean;
  [field: string]: unknown;
}

export interface Session {
  username: string;
  credentials: Credentials;
  /** `data.me` of the login */
  me: Record<string, unknown>;
  /** the login's answer, for the check of its shape */
  login: Reply;
}

/** What the run learnt of the server before the checks. */
export interface Facts {
  user: Session;
  user2?: Session;
  /** the first page (up to 100) of `channels.list` as the user, in the server's order */
  channels: ListedRoom[];
  /** `total` of that list */
  total: number;
  /** a public, unarchived channel with a boolean `ro`: the same-value refusals change nothing there */
  probe?: ListedRoom;
  archived?: ListedRoom;
  /** a channel whose `channels.getIntegrations` lists something */
  withIntegrations?: ListedRoom;
  /** the channel of `--channel`, as it was found (what the end of the run puts back) */
  dedicated?: ListedRoom;
  /** a personal access token to authenticate with (ROCKETCHAT_PAT and --pat-user-id) */
  pat?: Credentials;
  /** `--create`: the world-building checks may create (and remove) users, rooms and a webhook */
  create: boolean;
  /** this run's mark in the names of what it creates (`fake-verify-<run>-…`) */
  run: string;
}

/** Something a check created, and the request that removes it (the end of the run sends it). */
export interface Created {
  what: string;
  removal: { path: string; json: unknown };
}

/** Whose credentials a request carries. */
export type Who = 'user' | 'user2' | 'nobody' | Credentials;

/** A check that did not hold. */
export class CheckFailure extends Error {
  override name = 'CheckFailure';
  constructor(
    message: string,
    readonly detail: NonNullable<CheckResult['failure']>,
  ) {
    super(message);
  }
}

/** A check that cannot run on this server (what it needs is missing). */
export class CheckSkipped extends Error {
  override name = 'CheckSkipped';
}

/** Masks every `password` field of a body for the report. */
function masked(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(masked);
  if (typeof body !== 'object' || body === null) return body;
  return Object.fromEntries(
    Object.entries(body).map(([k, v]) => [k, /password/i.test(k) ? '••••' : masked(v)]),
  );
}

export class CheckContext {
  /** the last request sent, for failure reports */
  #last: CheckRequest = { method: '', path: '', as: '' };
  /** what the checks created and have not removed yet, by what it is */
  readonly #created = new Map<string, Created>();

  /** the bodies of the era the server is verified as */
  readonly era: ReturnType<typeof forEra>;

  constructor(
    readonly facts: Facts,
    private readonly client: Client,
    /** the passwords, by `Who`, for the login checks; never reported */
    private readonly passwords: { user: string; user2?: string },
    /** the era the server is verified as (default 8.9) */
    readonly profile: VerifyProfile = verifyProfileOf(undefined),
  ) {
    this.era = forEra(profile);
  }

  /** How a request names a room: by name, or by `roomId` in the 0.49 era (which knew no names). */
  ref(room: { _id: string; name: string }): { roomId: string } | { roomName: string } {
    return this.profile.roomName ? { roomName: room.name } : { roomId: room._id };
  }

  /** The same as a query string. */
  refQuery(room: { _id: string; name: string }): string {
    return this.profile.roomName
      ? `roomName=${encodeURIComponent(room.name)}`
      : `roomId=${encodeURIComponent(room._id)}`;
  }

  /** A name for something this run creates: `fake-verify-<run>-<what>`, no server has it. */
  nameFor(what: string): string {
    return `fake-verify-${this.facts.run}-${what}`;
  }

  /** Skips the check unless the run may create (`--create`). */
  mayCreate(): void {
    if (!this.facts.create)
      this.skip('needs --create (it creates a user, rooms or a webhook, and removes them)');
  }

  /** Notes what a check created and how to remove it: removed at the end unless {@link removed} first. */
  created(what: string, path: string, json: unknown): void {
    this.#created.set(what, { what, removal: { path, json } });
  }

  /** What a check created is gone (the check removed it). */
  removed(what: string): void {
    this.#created.delete(what);
  }

  /** What is still to be removed, newest first. */
  leftovers(): Created[] {
    return [...this.#created.values()].reverse();
  }

  password(who: 'user' | 'user2' = 'user'): string {
    const password = who === 'user' ? this.passwords.user : this.passwords.user2;
    if (password === undefined) this.skip('needs --user2 and --password2');
    return password;
  }

  #credentials(who: Who): Credentials | undefined {
    if (who === 'nobody') return undefined;
    if (who === 'user') return this.facts.user.credentials;
    if (who === 'user2') {
      if (!this.facts.user2) this.skip('needs a second user without admin rights (--user2)');
      return this.facts.user2.credentials;
    }
    return who;
  }

  async send(out: Omit<Outgoing, 'credentials'>, as: Who = 'user'): Promise<Reply> {
    const credentials = this.#credentials(as);
    const body = out.json ?? out.form ?? out.raw;
    this.#last = {
      method: out.method,
      path: out.path,
      as: typeof as === 'string' ? as : 'other',
      ...(body !== undefined ? { body: masked(body) } : {}),
    };
    return this.client.send({ ...out, credentials });
  }

  /** A reply the run already has (the login), as the check's last request. */
  recall(reply: Reply, request: CheckRequest): Reply {
    this.#last = request;
    return reply;
  }

  /** A fresh login of the user, as a client would make it (a new token each time). */
  logIn(): Promise<Reply> {
    return this.post(
      '/api/v1/login',
      { username: this.facts.user.username, password: this.password() },
      'nobody',
    );
  }

  get(path: string, as: Who = 'user'): Promise<Reply> {
    return this.send({ method: 'GET', path }, as);
  }

  post(path: string, json: unknown, as: Who = 'user'): Promise<Reply> {
    return this.send({ method: 'POST', path, json }, as);
  }

  /** Fails unless the reply is exactly this status and this body. */
  exact(reply: Reply, status: number, body: unknown): void {
    if (reply.status === status && isDeepStrictEqual(reply.body, body)) return;
    this.fail(
      reply.status === status ? 'the body differs' : `expected status ${status}, got ${reply.status}`,
      reply,
      { status, body },
    );
  }

  /** Fails unless the reply has this status. */
  status(reply: Reply, status: number): void {
    if (reply.status !== status)
      this.fail(`expected status ${status}, got ${reply.status}`, reply, { status });
  }

  /** Fails with `message` unless `ok`. */
  that(ok: boolean, reply: Reply, message: string, expected: { status?: number; body?: unknown } = {}): void {
    if (!ok) this.fail(message, reply, expected);
  }

  fail(message: string, reply: Reply, expected: { status?: number; body?: unknown }): never {
    throw new CheckFailure(message, {
      message,
      request: this.#last,
      expected,
      actual: { status: reply.status, body: reply.body },
    });
  }

  skip(note: string): never {
    throw new CheckSkipped(note);
  }
}

/** The body as an object (an empty one when it is not). */
export function objectOf(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

/** The list under `key` of a body (empty when there is none). */
export function listOf(body: unknown, key: string): Record<string, unknown>[] {
  const value = objectOf(body)[key];
  return Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
}

/** The names of `keys` the object lacks. */
export function lacking(object: Record<string, unknown>, keys: readonly string[]): string[] {
  return keys.filter((key) => !(key in object));
}
