import { ApiError } from '../errors';
import { isPlainObject } from '../store/query';
import { command } from './command';

/**
 * `unreadMessages(firstUnreadMessage, room)` (REST's `subscriptions.unread` calls it). With a room
 * id: the room's newest visible message (none: refused), the caller's subscription unread from it
 * (a non-member: nothing changes). Else `firstUnreadMessage._id`: the message (unknown, or the
 * caller's own: `Not allowed`), the caller's subscription with an `ls` (else refused), unread from
 * the message unless it is at or after `ls`. The write opens and alerts the subscription and moves
 * its `ls` (src/store/room-reads.ts, `markUnread`).
 */
export interface UnreadMessagesArgs {
  readonly firstUnreadMessage: unknown;
  readonly room: unknown;
}

const NAME = 'unreadMessages';

export default command<UnreadMessagesArgs, undefined>({
  name: NAME,
  run({ store, user }, { firstUnreadMessage, room }) {
    if (typeof room === 'string' && room !== '') {
      const last = store.lastVisibleMessage(room);
      if (!last) throw new ApiError('unread-no-message', { method: NAME });
      store.markUnread(user, last.rid, last.ts);
      return undefined;
    }
    const id = isPlainObject(firstUnreadMessage) ? firstUnreadMessage._id : undefined;
    if (typeof id !== 'string') throw new ApiError('unread-not-allowed', { method: NAME });
    const message = store.messageById(id);
    if (!message || message.u._id === user._id) throw new ApiError('unread-not-allowed', { method: NAME });
    const found = store.anyRoom(message.rid);
    const ls = found && store.memberState(found, user)?.ls;
    if (ls === undefined) throw new ApiError('unread-subscription-not-found', { method: NAME });
    if (message.ts < ls) store.markUnread(user, message.rid, message.ts);
    return undefined;
  },
});
