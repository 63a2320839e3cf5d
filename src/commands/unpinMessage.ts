import type { Message } from '../types';
import { command } from './command';

/**
 * `unpinMessage` (Rocket.Chat's, which `chat.unPinMessage` and the method call): the setting,
 * the message, the caller's subscription, `pin-message`, the room (the same order in every line),
 * then `pinned: false` with `pinnedAt` and `pinnedBy` the caller's. No system message.
 */
export interface UnpinMessageArgs {
  /** the message, as the REST route found it; or its id, for the method to look up */
  readonly message: Message | string;
}

const NAME = 'unpinMessage';

export default command<UnpinMessageArgs, true>({
  name: NAME,
  run({ store, user }, args) {
    const message = typeof args.message === 'string' ? store.messageById(args.message) : args.message;
    store.unpinMessage(user, message, NAME);
    return true;
  },
});
