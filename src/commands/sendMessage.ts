import { ApiError } from '../errors';
import type { SendInput, Store } from '../store/store';
import type { Message } from '../types';
import { command } from './command';

/**
 * `executeSendMessage` (Rocket.Chat's, which `chat.sendMessage` and the `sendMessage` method
 * call): its checks in the real server's order, `tshow` without `tmid`, the text's size, the room
 * (a thread reply's is its parent's, and a reply to a reply joins the parent's thread: "do not
 * allow nested threads"), the room required; then the domain's write (src/store/posting.ts), whose
 * refusals are the room's rules (`canSendMessageAsync`) and a client's `_id` already taken.
 *
 * What stays with each face: a system message's refusal (the REST route refuses one before it
 * calls `executeSendMessage`; the method only from 7.x, with a plain Error), and how a refusal is
 * answered (the REST envelope; the method's ephemeral notices, silent refusals and era rules).
 */
export interface SendMessageArgs extends Omit<SendInput, 'rid'> {
  /** the room the client named; a thread reply's parent's room is taken before it */
  readonly rid: string | undefined;
  /**
   * An empty `rid` refused even for a thread reply whose parent is known: the fake's REST answer
   * (its `chat.sendMessage` has always checked the room it was sent before the parent's), kept as
   * it was. The method (and the real server: `parentMessage?.rid || rid`) takes the parent's.
   */
  readonly emptyRidRefused?: boolean;
}

/** The method's name. */
const NAME = 'sendMessage';

/** `Message_MaxAllowedSize` (5000 by default): a text over it is refused (`error-message-size-exceeded`). */
export function checkSize(store: Store, text: string): void {
  if (store.overMaxSize(text)) throw new ApiError('send-too-long');
}

export default command<SendMessageArgs, Message>({
  name: NAME,
  run({ store, user }, args) {
    const { rid: given, emptyRidRefused, ...message } = args;
    if (message.tshow !== undefined && message.tmid === undefined) throw new ApiError('tshow-without-tmid');
    checkSize(store, message.text);
    const thread = message.tmid === undefined ? undefined : store.threadOf(message.tmid);
    const rid = emptyRidRefused === true && given === '' ? '' : (thread?.rid ?? given ?? '');
    if (rid === '') throw new ApiError('send-without-rid');
    return store.sendMessage(user, thread ? { rid, ...message, tmid: thread.tmid } : { rid, ...message });
  },
});
