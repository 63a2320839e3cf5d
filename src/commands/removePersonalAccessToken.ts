import { command } from './command';
import { mayHaveTokens } from './generatePersonalAccessToken';

/**
 * `personalAccessTokens:removeToken` (`users.removePersonalAccessToken` and the realtime method):
 * the permission before the token's existence, then the token removed (it stops working at once).
 */
const NAME = 'personalAccessTokens:removeToken';

export default command<{ tokenName: string }, true>({
  name: NAME,
  run(context, args) {
    mayHaveTokens(context, NAME);
    context.store.removePersonalToken(context.user._id, args.tokenName, NAME);
    return true;
  },
});
