import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import type { Message } from '../types';
import { command } from './command';

/**
 * `getThreadMessages({tmid, limit, skip})` (the realtime method): at most 100 replies (`max limit:
 * 100`), threads on, the root (none: an empty answer), its room's access; from 6.x a root without
 * replies answers nothing; then the thread is read for the caller (off its unread threads) and the
 * answer is the root and its replies, newest first.
 */
export interface ThreadMessagesArgs {
  readonly tmid: string;
  readonly limit: number;
  readonly skip: number;
}

/** From 6.x, a root without replies answers an empty list before the read. */
const EMPTY_WITHOUT_REPLIES: EraTable<boolean> = { '0.49': false, '6': true };

const MAX_LIMIT = 100;

const NAME = 'getThreadMessages';

export default command<ThreadMessagesArgs, Message[]>({
  name: NAME,
  run({ store, profile, user }, args) {
    if (args.limit > MAX_LIMIT) throw new ApiError('threads-method-max-limit', { method: NAME });
    return store.threadMessagesMethod(user, args, byEra(profile, EMPTY_WITHOUT_REPLIES), NAME);
  },
});
