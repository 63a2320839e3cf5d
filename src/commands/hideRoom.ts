import { command } from './command';
import type { RoomIdArgs } from './openRoom';

/**
 * `hideRoom(rid)` (REST's `channels.close`, `groups.close` and `im.close` call it after their own
 * checks): `Subscriptions.hideByRoomIdAndUserId`, the caller's subscription closed and its alert
 * off. Returns the modified count: 1, or 0 when there is none or it is so already.
 */
export default command<RoomIdArgs, number>({
  name: 'hideRoom',
  run({ store, user }, { rid }) {
    const room = store.anyRoom(rid);
    const sub = room && store.memberState(room, user);
    if (!sub || (!sub.open && !sub.alert)) return 0;
    store.setSubscriptionOpen(user, rid, false);
    return 1;
  },
});
