import { randomBytes } from 'node:crypto';

import { ApiError } from '../errors';
import type { User } from '../types';
import { commit } from './state';
import type { StoreState } from './state';

/**
 * Personal access tokens (`personalAccessTokens:generateToken`, `regenerateToken`, `removeToken`):
 * named login tokens kept on the user (`personalAccessTokens`, the fake's own field, never sent),
 * each live while the token map names it (a logout ends it, as `unsetLoginTokens` does), each
 * authenticating as `X-Auth-Token` with its user's `X-User-Id`. A token made through the API is
 * state: a reset takes it away, as it brings back the scenario's.
 *
 * Layer: store. Plain values; nothing of HTTP.
 */

/** One personal access token as the user keeps it. */
type NamedToken = NonNullable<User['personalAccessTokens']>[number];

/** A user's personal access tokens still live (a logout ended the others). */
export function liveTokens(state: StoreState, user: User): NamedToken[] {
  return (user.personalAccessTokens ?? []).filter((pat) => state.tokens.get(pat.token) === user._id);
}

/** A personal access token as `users.getPersonalAccessTokens` lists it. */
export interface TokenListing {
  readonly name: string;
  readonly createdAt: string;
  readonly lastTokenPart: string;
  readonly bypassTwoFactor: boolean;
}

/** The user's live tokens as listed (a scenario's token without `createdAt`: the world's start). */
export function listTokens(state: StoreState, user: User): TokenListing[] {
  return liveTokens(state, user).map((pat) => ({
    name: pat.name,
    createdAt: pat.createdAt ?? state.baseline.world.clock,
    lastTokenPart: pat.token.slice(-6),
    bypassTwoFactor: pat.bypassTwoFactor === true,
  }));
}

/** `Random.secret()`: 43 characters of base64url. */
function secret(): string {
  return randomBytes(32).toString('base64url');
}

/** The user with these live tokens, stamped; the token map follows; one commit. */
function writeTokens(state: StoreState, user: User, tokens: NamedToken[], ts: string): void {
  const next = { ...user, personalAccessTokens: tokens, _updatedAt: ts } as User;
  state.users.set(user._id, next);
  commit(state, [{ kind: 'user', op: 'updated', user: next }]);
}

/**
 * Adds a named token (already checked: the name is free, the bound not reached); returns the
 * token, which nothing shows again. `max`: how many live tokens a user may hold.
 */
export function addToken(
  state: StoreState,
  userId: string,
  input: { name: string; bypassTwoFactor: boolean; method: string },
  max: number,
): string {
  const user = state.users.get(userId);
  if (!user) throw new ApiError('users-user-not-found');
  const live = liveTokens(state, user);
  if (live.some((pat) => pat.name === input.name))
    throw new ApiError('token-exists', { method: input.method });
  if (live.length >= max) throw new ApiError('tokens-per-user-limit', { reason: String(max) });
  const ts = state.clock.tick();
  const token = secret();
  state.tokens.set(token, userId);
  writeTokens(
    state,
    user,
    [...live, { name: input.name, token, createdAt: ts, bypassTwoFactor: input.bypassTwoFactor }],
    ts,
  );
  return token;
}

/**
 * Makes a named token again (`regenerateToken`: removed, then made with its name and
 * `bypassTwoFactor`, a new `createdAt`); the old token stops working. `method` (here and below):
 * the method the refusals name.
 */
export function regenerateToken(state: StoreState, userId: string, name: string, method: string): string {
  const user = state.users.get(userId);
  if (!user) throw new ApiError('users-user-not-found');
  const live = liveTokens(state, user);
  const old = live.find((pat) => pat.name === name);
  if (!old) throw new ApiError('token-not-found', { method });
  const ts = state.clock.tick();
  const token = secret();
  state.tokens.delete(old.token);
  state.tokens.set(token, userId);
  const made: NamedToken = { name, token, createdAt: ts, bypassTwoFactor: old.bypassTwoFactor === true };
  writeTokens(state, user, [...live.filter((pat) => pat !== old), made], ts);
  return token;
}

/** Removes a named token (`removeToken`): it stops working at once. */
export function removeToken(state: StoreState, userId: string, name: string, method: string): void {
  const user = state.users.get(userId);
  if (!user) throw new ApiError('users-user-not-found');
  const live = liveTokens(state, user);
  const old = live.find((pat) => pat.name === name);
  if (!old) throw new ApiError('token-not-found', { method });
  state.tokens.delete(old.token);
  writeTokens(
    state,
    user,
    live.filter((pat) => pat !== old),
    state.clock.tick(),
  );
}

/**
 * Ends a user's login tokens but `keep` and the live personal access tokens (a new password logs
 * the user's other sessions out). Tokens are sessions, not the world's state: no commit.
 */
export function dropLoginTokensExcept(state: StoreState, userId: string, keep: string | undefined): void {
  const user = state.users.get(userId);
  const personal = new Set((user?.personalAccessTokens ?? []).map((pat) => pat.token));
  const ended: string[] = [];
  for (const [token, owner] of state.tokens)
    if (owner === userId && token !== keep && !personal.has(token)) ended.push(token);
  for (const token of ended) state.tokens.delete(token);
}
