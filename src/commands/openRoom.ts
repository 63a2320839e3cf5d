import { command } from './command';

/**
 * `openRoom(rid)` (REST's `channels.open`, `groups.open` and `im.open` call it after their own
 * checks): `Subscriptions.openByRoomIdAndUserId`, the caller's subscription opened. Returns the
 * modified count: 1, or 0 when there is none or it is open already.
 */
export interface RoomIdArgs {
  readonly rid: string;
}

export default command<RoomIdArgs, number>({
  name: 'openRoom',
  run({ store, user }, { rid }) {
    const room = store.anyRoom(rid);
    const sub = room && store.memberState(room, user);
    if (!sub || sub.open) return 0;
    store.setSubscriptionOpen(user, rid, true);
    return 1;
  },
});
