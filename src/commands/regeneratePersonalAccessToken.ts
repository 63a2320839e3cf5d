import { command } from './command';
import { mayHaveTokens } from './generatePersonalAccessToken';

/**
 * `personalAccessTokens:regenerateToken` (`users.regeneratePersonalAccessToken` and the realtime
 * method): the permission, then the named token (made again: its `bypassTwoFactor` kept, a new
 * `createdAt`; the old token stops working).
 */
const NAME = 'personalAccessTokens:regenerateToken';

export default command<{ tokenName: string }, string>({
  name: NAME,
  run(context, args) {
    mayHaveTokens(context, NAME);
    return context.store.regeneratePersonalToken(context.user._id, args.tokenName, NAME);
  },
});
