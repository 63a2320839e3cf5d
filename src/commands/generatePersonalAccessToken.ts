import { ApiError } from '../errors';
import { command } from './command';
import type { CommandContext } from './command';

/**
 * `personalAccessTokens:generateToken` (`users.generatePersonalAccessToken` and the realtime
 * method): `create-personal-access-tokens` first (its refusal names the method), then the name
 * free among the caller's live tokens and the fake's bound, then the domain's one write. The token
 * authenticates as `X-Auth-Token` with its user's id until it is removed, made again or logged
 * out; a reset takes it away.
 */

/** How many live personal access tokens a user may hold in the fake (its own bound). */
export const TOKENS_PER_USER = 100;

const NAME = 'personalAccessTokens:generateToken';

/** `create-personal-access-tokens`, else `Not Authorized` naming the method. */
export function mayHaveTokens({ store, user }: CommandContext, method: string): void {
  if (!store.can(user, 'create-personal-access-tokens'))
    throw new ApiError('token-not-authorized', { method });
}

export default command<{ tokenName: string; bypassTwoFactor: boolean }, string>({
  name: NAME,
  run(context, args) {
    mayHaveTokens(context, NAME);
    return context.store.addPersonalToken(
      context.user._id,
      { name: args.tokenName, bypassTwoFactor: args.bypassTwoFactor, method: NAME },
      TOKENS_PER_USER,
    );
  },
});
