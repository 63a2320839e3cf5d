import { command } from './command';

/**
 * `starMessage` (Rocket.Chat's, which `chat.starMessage`, `chat.unStarMessage` and the method
 * call): the room is the one the caller names (`rid`; the REST routes name the message's own), the
 * checks and the write in src/store/message-actions.ts. Answers `false` when the caller is not in
 * that room or the message is not in it (nothing written), else `true`.
 */
export interface StarMessageArgs {
  readonly _id: string;
  readonly rid: string;
  readonly starred: boolean;
}

const NAME = 'starMessage';

export default command<StarMessageArgs, boolean>({
  name: NAME,
  run({ store, user }, args) {
    return store.starMessage(user, args, NAME);
  },
});
