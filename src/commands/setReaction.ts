import { ApiError } from '../errors';
import type { Message } from '../types';
import { command } from './command';

/**
 * `executeSetReaction` (Rocket.Chat's, which `chat.react` and the `setReaction` method call): the
 * emoji made `:name:` (every colon stripped, then one pair around it) and checked, the message
 * found (the method's own look-up: `Not allowed`; the REST route looked it up before), then the
 * domain's write (src/store/message-actions.ts): a no-op when the reaction already is as asked,
 * else the room's rules and the reaction toggled. Answers whether anything changed.
 *
 * The fake knows no emoji list: a name of letters, digits, `_`, `+` and `-` is an emoji (the
 * standard set and a server's custom ones are all named so); any other is `Invalid emoji provided.`
 */
export interface SetReactionArgs {
  readonly emoji: string;
  /** the message, as the REST route found it; or its id, for the method to look up */
  readonly message: Message | string;
  /** true: react, false: take the reaction back, none: toggle */
  readonly shouldReact?: boolean;
}

const NAME = 'setReaction';

/** An emoji's name as a reaction's key (`smile`, `:smile:`, `::smile::` → `:smile:`), if it is one. */
export function reactionKey(emoji: string): string | undefined {
  const name = emoji.replace(/:/g, '');
  return /^[\w+-]+$/.test(name) ? `:${name}:` : undefined;
}

export default command<SetReactionArgs, boolean>({
  name: NAME,
  run({ store, user }, args) {
    const key = reactionKey(args.emoji);
    if (key === undefined) throw new ApiError('reaction-invalid-emoji', { method: NAME });
    const message = typeof args.message === 'string' ? store.messageById(args.message) : args.message;
    if (!message) throw new ApiError('room-not-allowed', { method: NAME });
    return store.setReaction(user, message, key, args.shouldReact, NAME);
  },
});
