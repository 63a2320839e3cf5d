import type { EraTable } from '../../eras';
import cleanRoomHistory from '../../commands/cleanRoomHistory';
import type { CleanRoomHistoryArgs } from '../../commands/cleanRoomHistory';
import ignoreUser from '../../commands/ignoreUser';
import type { IgnoreUserArgs } from '../../commands/ignoreUser';
import { dateOf } from '../ejson';
import { MeteorError, commandMethod } from '../method';
import type { Method } from '../method';

/**
 * The realtime twins of `chat.ignoreUser` and `rooms.cleanHistory`: `ignoreUser({rid, userId,
 * ignore = true})` and `cleanRoomHistory({roomId, latest, oldest, …})`, the same commands. Their
 * `check`s run before the login check.
 *
 * Layer: realtime.
 */

/** Meteor's `check` refusal. */
const matchFailed = (): MeteorError => new MeteorError(400, 'Match failed');

/** The method's one argument, checked: `userId` and `rid` strings, `ignore` a boolean or absent. */
function argsOf(params: readonly unknown[]): IgnoreUserArgs {
  const given = params[0];
  const { rid, userId, ignore } = (typeof given === 'object' && given !== null ? given : {}) as Record<
    string,
    unknown
  >;
  if (typeof userId !== 'string' || typeof rid !== 'string') throw matchFailed();
  if (ignore !== undefined && typeof ignore !== 'boolean') throw matchFailed();
  return { rid, userId, ignore: ignore ?? true };
}

const ignoreUserMethod = commandMethod(ignoreUser, {
  check: (params) => {
    argsOf(params);
  },
  args: (params) => argsOf(params),
  result: (done) => done,
});

/** Meteor's `Match.Maybe(T)`: absent or null, or a `T`. */
const maybe = (value: unknown, is: (v: unknown) => boolean): boolean =>
  value === undefined || value === null || is(value);
const isBoolean = (v: unknown): boolean => typeof v === 'boolean';

/**
 * `cleanRoomHistory`'s one argument, checked (`roomId` a string, `latest` and `oldest` dates,
 * `inclusive` a boolean (default true), `limit` a number, `excludePinned`, `filesOnly`,
 * `ignoreThreads` booleans, `fromUsers` strings, each of these maybe), with the method's defaults.
 */
function cleanArgsOf(params: readonly unknown[]): CleanRoomHistoryArgs {
  const given = params[0];
  const a = (typeof given === 'object' && given !== null ? given : {}) as Record<string, unknown>;
  const latest = dateOf(a.latest);
  const oldest = dateOf(a.oldest);
  const inclusive = a.inclusive ?? true;
  if (
    typeof a.roomId !== 'string' ||
    latest === undefined ||
    oldest === undefined ||
    typeof inclusive !== 'boolean' ||
    !maybe(a.limit, (v) => typeof v === 'number') ||
    !maybe(a.excludePinned, isBoolean) ||
    !maybe(a.filesOnly, isBoolean) ||
    !maybe(a.ignoreThreads, isBoolean) ||
    !maybe(a.fromUsers, (v) => Array.isArray(v) && v.every((u) => typeof u === 'string'))
  )
    throw matchFailed();
  return {
    roomId: a.roomId,
    latest: Date.parse(latest),
    oldest: Date.parse(oldest),
    inclusive,
    limit: typeof a.limit === 'number' ? Math.max(0, Math.trunc(a.limit)) : 0,
    excludePinned: a.excludePinned === true,
    filesOnly: a.filesOnly === true,
    // not checked; the method's default true, and the function's for `ignoreThreads`
    ignoreDiscussion: a.ignoreDiscussion === undefined ? true : Boolean(a.ignoreDiscussion),
    ignoreThreads: typeof a.ignoreThreads === 'boolean' ? a.ignoreThreads : true,
    fromUsers: Array.isArray(a.fromUsers) ? (a.fromUsers as string[]) : [],
  };
}

const cleanRoomHistoryMethod = commandMethod(cleanRoomHistory, {
  check: (params) => {
    cleanArgsOf(params);
  },
  args: (params) => cleanArgsOf(params),
  result: (count) => count,
});

/** The search helper's methods, by name (spread into METHODS, src/realtime/methods.ts). */
export const SEARCH_METHODS: Readonly<Record<string, Method>> = {
  [ignoreUser.name]: ignoreUserMethod,
  [cleanRoomHistory.name]: cleanRoomHistoryMethod,
};

/** Ignoring and `cleanRoomHistory` came after 0.49 (about 0.64): that line answers them as unknown methods. */
export const SEARCH_SERVED: Readonly<Record<string, EraTable<boolean>>> = {
  [ignoreUser.name]: { '0.49': false, '5': true },
  [cleanRoomHistory.name]: { '0.49': false, '5': true },
};
