import { ApiError } from '../errors';
import { command } from './command';

/**
 * `toggleFavorite(rid, favorite = true)` (REST's `rooms.favorite` calls it): the caller's
 * subscription to the room must exist; its `f` is set. Answers the number of subscriptions
 * changed (1: the update stamps `_updatedAt`, so it always changes one).
 */
export interface ToggleFavoriteArgs {
  readonly rid: string;
  /** absent: true */
  readonly favorite?: boolean;
}

const NAME = 'toggleFavorite';

export default command<ToggleFavoriteArgs, number>({
  name: NAME,
  run({ store, user }, { rid, favorite }) {
    if (!store.subscriptionFor(user, rid)) throw new ApiError('favorite-not-subscribed', { method: NAME });
    store.setFavorite(user, rid, favorite ?? true);
    return 1;
  },
});
