import { createHash, randomBytes } from 'node:crypto';

import { ApiError } from '../errors';
import type { User, UserRole } from '../types';
import { can } from './access';
import { userKeysOf } from './baseline';
import { pageOf } from './lists';
import type { ListOptions, ListResult } from './lists';
import type { Block } from './login-guard';
import type { Json, JsonObject, Projection } from './query';
import { matches, sortBy } from './query';
import { settings } from './settings';
import { added, commit, userNamed } from './state';
import type { StoreState } from './state';
import { userRooms } from './subscriptions';
import { userInfoView, userListView } from './user-views';

/**
 * Users: logins and their tokens (with the brute-force protection), lookups by name and e-mail,
 * `users.info` and `users.list`, and the control changes (roles, a user added).
 *
 * Layer: store. Plain values; nothing of HTTP.
 */

/** Who logs in: exactly one of `username` or `email`, and the password. */
export interface Credentials {
  username?: string;
  email?: string;
  password: string;
  /** the password as a SHA-256 hex digest (Meteor's `{digest, algorithm: "sha-256"}`), instead of `password` */
  digest?: string;
}

/** One login attempt: the credentials, or the refusal of a body that names none, and where it came from. */
export interface LoginAttempt {
  /** undefined: the body names no usable credentials, and `refusal` is its answer */
  readonly credentials: Credentials | undefined;
  readonly refusal?: ApiError;
  /** the username typed in the request, if any (the user check of 6.4 on keys on it alone) */
  readonly typedUsername: string | undefined;
  /** the client's address */
  readonly ip: string;
}

/** The error of a blocked login, by what blocked it. */
const BLOCK_ERROR = { ip: 'login-blocked-for-ip', user: 'login-blocked-for-user' } as const satisfies Record<
  Block,
  string
>;

/**
 * A login: checks the credentials, then (as Rocket.Chat's `validateLoginAttempt` does, after the
 * password) whether the client's address, then the user, is blocked; a refusal is counted, a
 * success starts the counters again and issues a fresh random token. Every credential failure
 * is the same error. Tokens and the login ledger are sessions, not the world's state: no commit.
 */
export function login(state: StoreState, attempt: LoginAttempt): { user: User; authToken: string } {
  const now = state.clock.nowMs();
  const current = settings(state);
  const { credentials } = attempt;
  const user = credentials && userOf(state, credentials);
  const failure =
    credentials === undefined
      ? (attempt.refusal ?? new ApiError('login-failed'))
      : !user || !passwordMatches(user, credentials) || !user.active
        ? new ApiError('login-failed')
        : undefined;
  const seen = { ip: attempt.ip, typedUsername: attempt.typedUsername, username: user?.username };
  const block = state.loginGuard.check(current, seen, now);
  if (block !== undefined || failure !== undefined || !user) {
    state.loginGuard.failed(current, seen, block, now);
    throw block !== undefined ? new ApiError(BLOCK_ERROR[block]) : (failure ?? new ApiError('login-failed'));
  }
  state.loginGuard.succeeded(current, seen);
  return { user, authToken: issueToken(state, user) };
}

function userOf(state: StoreState, credentials: Credentials): User | undefined {
  const key = credentials.email !== undefined ? `e:${credentials.email}` : `u:${credentials.username ?? ''}`;
  return state.users.get(state.userKeys.get(key.toLowerCase()) ?? '');
}

/** Whether credentials carry the user's password, as text or as Meteor's SHA-256 digest. */
function passwordMatches(user: User, credentials: Credentials): boolean {
  if (credentials.digest !== undefined)
    return createHash('sha256').update(user.password).digest('hex') === credentials.digest.toLowerCase();
  return user.password === credentials.password;
}

/** A fresh login token for a user, as a login issues one. */
export function issueToken(state: StoreState, user: User): string {
  const authToken = randomBytes(32).toString('base64url');
  state.tokens.set(authToken, user._id);
  state.logins.set(authToken, user._id);
  return authToken;
}

/** Voids a token. */
export function logout(state: StoreState, authToken: string): void {
  state.tokens.delete(authToken);
  state.logins.delete(authToken);
}

/** The login tokens issued since the baseline that still log their user in, as `[token, userId]`. */
export function loginsIssued(state: StoreState): [string, string][] {
  return [...state.logins].filter(([token, userId]) => state.tokens.get(token) === userId);
}

/**
 * Gives back login tokens another state issued (a reset that keeps logins): each whose user is in
 * this state, as a login would have issued it here. Answers how many were kept.
 */
export function keepLogins(state: StoreState, logins: readonly (readonly [string, string])[]): number {
  let kept = 0;
  for (const [token, userId] of logins) {
    if (!state.users.has(userId) || state.tokens.has(token)) continue;
    state.tokens.set(token, userId);
    state.logins.set(token, userId);
    kept += 1;
  }
  return kept;
}

/** The user a token belongs to, if it belongs to `userId`. */
export function authenticate(state: StoreState, userId: string, authToken: string): User | undefined {
  const owner = state.tokens.get(authToken);
  return owner !== undefined && owner === userId ? state.users.get(userId) : undefined;
}

/** The user a login token belongs to (a realtime `resume`), if it is live. */
export function tokenOwner(state: StoreState, authToken: string): User | undefined {
  const owner = state.tokens.get(authToken);
  return owner === undefined ? undefined : state.users.get(owner);
}

/** A user by e-mail address (any case). */
export function userWithEmail(state: StoreState, email: string): User | undefined {
  return state.users.get(state.userKeys.get(`e:${email.toLowerCase()}`) ?? '');
}

/**
 * `users.info`: a user by `_id` or username (either key finds either), as the caller may see
 * them (see src/store/user-views.ts), or by e-mail (`byEmail`). An empty value is a refusal of its own; no such user is
 * `User not found.`. `includeUserRooms` adds `rooms` for oneself, or with `view-other-user-channels`.
 */
export function userInfo(state: StoreState, caller: User, ref: UserInfoRef): JsonObject {
  if (ref.byIdOnly === true) {
    const found = ref.value === undefined ? undefined : state.users.get(ref.value);
    if (!found) throw new ApiError('users-info-no-such-id', { user: ref.value ?? '' });
    return infoOf(state, caller, found, ref);
  }
  if (ref.value === '') throw new ApiError('users-invalid-search');
  const user =
    ref.value === undefined
      ? undefined
      : ref.byEmail === true
        ? emailLookup(state, caller, ref.value)
        : (state.users.get(ref.value) ?? userNamed(state, ref.value));
  if (!user) throw new ApiError('users-not-found');
  return infoOf(state, caller, user, ref);
}

/** Who `users.info` looks for, and how. */
export interface UserInfoRef {
  value: string | undefined;
  includeUserRooms?: boolean;
  /** 8.4's `email` lookup */
  byEmail?: boolean;
  /** the 0.49 era: by `_id` alone, its own "No user was found with the id of …" */
  byIdOnly?: boolean;
}

/** The user as the caller may see them, with their rooms when asked for and allowed. */
function infoOf(state: StoreState, caller: User, user: User, ref: UserInfoRef): JsonObject {
  const myself = user._id === caller._id;
  const level = myself ? 'self' : can(state, caller, 'view-full-other-user-info') ? 'full' : 'other';
  const view = userInfoView(user, level);
  if (!ref.includeUserRooms || !(myself || can(state, caller, 'view-other-user-channels'))) return view;
  return { ...view, rooms: userRooms(state, user) };
}

/**
 * `users.info?email=` (8.4 on): the user with that address (any case); another user's only with
 * `view-full-other-user-info` (else not found, as the server's `null`).
 */
function emailLookup(state: StoreState, caller: User, email: string): User | undefined {
  const user = userWithEmail(state, email);
  if (!user || user._id === caller._id || can(state, caller, 'view-full-other-user-info')) return user;
  return undefined;
}

/**
 * `users.list`: every user (deactivated ones and bots too) as the caller may see them, filtered
 * by `query`, sorted by `username` unless `sort` says otherwise, a page with the count of all.
 */
export function listUsers(state: StoreState, caller: User, options: ListOptions): ListResult {
  const full = can(state, caller, 'view-full-other-user-info');
  const views = Array.from(state.users.values(), (u) => userListView(u, full));
  const { query, fields } = options;
  const matching = query ? views.filter((v) => matches(v, query)) : views;
  const page = pageOf(sortBy([...matching], options.sort ?? [[['username'], 1]]), {
    ...options,
    fields: undefined,
  });
  return fields ? { ...page, items: page.items.map((item) => userFields(state, item, fields, full)) } : page;
}

/**
 * `fields` on users.list (`getNonEmptyFields`: the route's defaults merged with the caller's):
 * a field named 1 is added to the defaults (what the caller may see of the user), one named 0
 * taken out; `nameInsensitive` is added after the projection, so it stays.
 */
function userFields(state: StoreState, item: JsonObject, fields: Projection, full: boolean): JsonObject {
  const keys = fields.paths.map((path) => path[0] ?? '');
  if (fields.mode === 'exclude')
    return Object.fromEntries(
      Object.entries(item).filter(([key]) => key === 'nameInsensitive' || !keys.includes(key)),
    ) as JsonObject;
  const user = state.users.get(String(item._id));
  const visible = user ? userInfoView(user, full ? 'full' : 'other') : {};
  const { nameInsensitive, ...rest } = item;
  const out: JsonObject = { ...rest };
  for (const key of keys) if (!(key in out) && visible[key] !== undefined) out[key] = visible[key] as Json;
  if (fields.dropId) delete out._id;
  if (nameInsensitive !== undefined) out.nameInsensitive = nameInsensitive;
  return out;
}

/** Gives a user these roles (a provider state's caller). */
export function putUserRoles(state: StoreState, id: string, roles: UserRole[]): void {
  const user = state.users.get(id);
  if (!user) return;
  state.clock.tick();
  const next = { ...user, roles: [...roles] };
  state.users.set(id, next);
  commit(state, [{ kind: 'user', op: 'updated', user: next }]);
}

/** Adds one user, already resolved and checked (see src/scenario/entity.ts); a change of state. */
export function addUser(state: StoreState, user: User): User {
  return added(state, user, (u) => {
    state.users.set(u._id, u);
    for (const key of userKeysOf(u)) state.userKeys.set(key, u._id);
    return [{ kind: 'user', op: 'inserted', user: u }];
  });
}
