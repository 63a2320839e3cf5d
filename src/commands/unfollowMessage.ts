import { command } from './command';

/**
 * `unfollowMessage` (Rocket.Chat's, which `chat.unfollowMessage` and the method call): `Threads_enabled`, the
 * message, its room's access; then the thread's root loses the caller from its followers (`replies`),
 * and the caller's subscription the thread from its unread threads (`tunread`, followed or not).
 */
export interface FollowArgs {
  readonly mid: string;
}

const NAME = 'unfollowMessage';

export default command<FollowArgs, undefined>({
  name: NAME,
  run({ store, user }, args) {
    store.followMessage(user, args.mid, false, NAME);
    return undefined;
  },
});
