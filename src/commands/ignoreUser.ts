import { command } from './command';

/**
 * `ignoreUser({rid, userId, ignore})` (Rocket.Chat's, which `chat.ignoreUser` and the method
 * call): the caller's subscription and the ignored user's to the room, then the caller's
 * `ignored` list gains or loses the user; the checks and the write in src/store/message-search.ts.
 */
export interface IgnoreUserArgs {
  readonly rid: string;
  readonly userId: string;
  readonly ignore: boolean;
}

const NAME = 'ignoreUser';

export default command<IgnoreUserArgs, true>({
  name: NAME,
  run({ store, user }, args) {
    store.ignoreUser(user, args, NAME);
    return true;
  },
});
