import { ApiError } from '../errors';
import type { Message } from '../types';
import { command } from './command';

/**
 * `getThreadsList({rid, limit = 50, skip = 0})` (the realtime method): at most 100 (`max limit:
 * 100`), then threads on (`Threads Disabled`, also the answer to a caller not logged in, checked by
 * the method's row), then the room seen (`Not Allowed`); the answer is a page of the room's thread
 * roots, newest reply first (`findThreadsByRoomId`: every message with a `tcount`, as stored). The
 * read is `chat.getThreadsList`'s own (the store's `threadsList`, `everyRoot`); its refusals are
 * renamed to the method's (the same texts, with `details.method`).
 */
export interface ThreadsListArgs {
  readonly rid: string;
  readonly limit: number;
  readonly skip: number;
}

const MAX_LIMIT = 100;

const NAME = 'getThreadsList';

/** The method's refusal of a limit over 100 (before anything else, logged in or not). */
export function checkThreadsListLimit(limit: number): void {
  if (limit > MAX_LIMIT) throw new ApiError('threads-method-max-limit', { method: NAME });
}

export default command<ThreadsListArgs, Message[]>({
  name: NAME,
  run({ store, user }, args) {
    checkThreadsListLimit(args.limit);
    try {
      return store.threadsList(user, args.rid, { everyRoot: true }, { offset: args.skip, count: args.limit })
        .threads;
    } catch (error) {
      if (error instanceof ApiError && error.code === 'threads-disabled')
        throw new ApiError('threads-method-disabled', { method: NAME });
      if (error instanceof ApiError && error.code === 'threads-not-allowed')
        throw new ApiError('threads-list-method-not-allowed', { method: NAME });
      throw error;
    }
  },
});
