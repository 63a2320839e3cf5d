import { ApiError } from '../errors';
import { command } from './command';
import type { CommandContext } from './command';

/**
 * The personal access token methods (`personalAccessTokens:generateToken`, `:regenerateToken`,
 * `:removeToken`), which the users.* token routes call: `create-personal-access-tokens` first (its
 * refusal names the method), then the token by name, then the domain's one write. A token made
 * authenticates as `X-Auth-Token` with its user's id until it is removed, made again, or logged
 * out; a reset takes it away.
 */

/** How many live personal access tokens a user may hold in the fake (its own bound). */
export const TOKENS_PER_USER = 100;

const GENERATE = 'personalAccessTokens:generateToken';
const REGENERATE = 'personalAccessTokens:regenerateToken';
const REMOVE = 'personalAccessTokens:removeToken';

function mayHaveTokens({ store, user }: CommandContext, method: string): void {
  if (!store.can(user, 'create-personal-access-tokens'))
    throw new ApiError('token-not-authorized', { method });
}

export const generateToken = command<{ tokenName: string; bypassTwoFactor: boolean }, string>({
  name: GENERATE,
  run(context, args) {
    mayHaveTokens(context, GENERATE);
    return context.store.addPersonalToken(
      context.user._id,
      { name: args.tokenName, bypassTwoFactor: args.bypassTwoFactor },
      TOKENS_PER_USER,
    );
  },
});

export const regenerateToken = command<{ tokenName: string }, string>({
  name: REGENERATE,
  run(context, args) {
    mayHaveTokens(context, REGENERATE);
    return context.store.regeneratePersonalToken(context.user._id, args.tokenName);
  },
});

export const removeToken = command<{ tokenName: string }, true>({
  name: REMOVE,
  run(context, args) {
    mayHaveTokens(context, REMOVE);
    context.store.removePersonalToken(context.user._id, args.tokenName);
    return true;
  },
});
