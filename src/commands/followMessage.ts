import { command } from './command';

/**
 * `followMessage` (Rocket.Chat's, which `chat.followMessage` and the method call): `Threads_enabled`, the
 * message, its room's access; then the thread's root gains the caller in its followers (`replies`).
 */
export interface FollowArgs {
  readonly mid: string;
}

const NAME = 'followMessage';

export default command<FollowArgs, undefined>({
  name: NAME,
  run({ store, user }, args) {
    store.followMessage(user, args.mid, true, NAME);
    return undefined;
  },
});
