import type { EraTable } from '../../eras';
import ignoreUser from '../../commands/ignoreUser';
import type { IgnoreUserArgs } from '../../commands/ignoreUser';
import { MeteorError, commandMethod } from '../method';
import type { Method } from '../method';

/**
 * The realtime twin of `chat.ignoreUser`: `ignoreUser({rid, userId, ignore = true})`, the same
 * command. Its `check`s (`userId`, `rid` strings, `ignore` a boolean) run before the login check;
 * it answers `true`.
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

/** The search helper's methods, by name (spread into METHODS, src/realtime/methods.ts). */
export const SEARCH_METHODS: Readonly<Record<string, Method>> = {
  [ignoreUser.name]: ignoreUserMethod,
};

/** Ignoring came after 0.49 (about 0.64): that line answers it as an unknown method. */
export const SEARCH_SERVED: Readonly<Record<string, EraTable<boolean>>> = {
  [ignoreUser.name]: { '0.49': false, '5': true },
};
