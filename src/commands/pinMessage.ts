import { byEra } from '../eras';
import type { Message } from '../types';
import { command } from './command';

/**
 * `pinMessage` (Rocket.Chat's, which `chat.pinMessage` and the method call): the release line's
 * order of checks (src/store/message-actions.ts, `PinRules`), then the message pinned and its
 * `message_pinned` system message posted. Answers the system message (7.x on: a message already
 * pinned, as it is).
 */
export interface PinMessageArgs {
  /** the message, as the REST route found it; or its id, for the method to look up */
  readonly message: Message | string;
  /** the method's second argument: when it was pinned (an ISO time), else now */
  readonly pinnedAt?: string;
}

const NAME = 'pinMessage';

/** 5.x/6.x check the setting first and pin a pinned message again; 7.x on, the message first. */
const LEGACY_ORDER = { '0.49': true, '7': false };

export default command<PinMessageArgs, Message>({
  name: NAME,
  run({ store, profile, user }, args) {
    const message = typeof args.message === 'string' ? store.messageById(args.message) : args.message;
    const rules = { legacy: byEra(profile, LEGACY_ORDER), method: NAME };
    return store.pinMessage(user, message, rules, args.pinnedAt);
  },
});
