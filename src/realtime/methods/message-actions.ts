import type { EraTable } from '../../eras';
import followMessage from '../../commands/followMessage';
import pinMessage from '../../commands/pinMessage';
import unfollowMessage from '../../commands/unfollowMessage';
import setReaction from '../../commands/setReaction';
import starMessage from '../../commands/starMessage';
import unpinMessage from '../../commands/unpinMessage';
import { dateOf, documentEjson } from '../ejson';
import { MeteorError, commandMethod } from '../method';
import type { Method } from '../method';

/**
 * The realtime methods of the message actions, each the second face of the command its REST
 * route runs: `setReaction`, `pinMessage`, `unpinMessage`, `starMessage`, `followMessage`,
 * `unfollowMessage`.
 *
 * Layer: realtime.
 */

/** Meteor's `check` refusal. */
const matchFailed = (): MeteorError => new MeteorError(400, 'Match failed');

/**
 * `setReaction(reaction, messageId, shouldReact?)`: the command, the message looked up by the
 * method (`Not allowed` when there is none). A muted user's reaction is answered `false` (the
 * method catches its own refusal); otherwise the result is empty.
 */
const setReactionMethod = commandMethod(setReaction, {
  args: (params) => {
    const [reaction, messageId, shouldReact] = params;
    if (typeof reaction !== 'string' || typeof messageId !== 'string') throw matchFailed();
    return {
      emoji: reaction,
      message: messageId,
      ...(typeof shouldReact === 'boolean' ? { shouldReact } : {}),
    };
  },
  result: () => undefined,
  refused: (error) => {
    if (error.code === 'reaction-muted') return false;
    throw error;
  },
});

/** The message's `_id` (`check(message._id, String)`), else `Match failed`. */
function messageIdOf(value: unknown): string {
  const id = typeof value === 'object' && value !== null ? (value as { _id?: unknown })._id : undefined;
  if (typeof id !== 'string') throw matchFailed();
  return id;
}

/**
 * `pinMessage(message, pinnedAt?)`: only `message._id` is read; answers the `message_pinned`
 * system message (7.x on, a message already pinned: itself), as EJSON.
 */
const pinMessageMethod = commandMethod(pinMessage, {
  args: (params) => {
    const at = dateOf(params[1]);
    return { message: messageIdOf(params[0]), ...(at === undefined ? {} : { pinnedAt: at }) };
  },
  result: (message) => documentEjson(message),
});

/** `unpinMessage(message)`: only `message._id` is read; answers `true`. */
const unpinMessageMethod = commandMethod(unpinMessage, {
  args: (params) => ({ message: messageIdOf(params[0]) }),
  result: () => true,
});

/**
 * `starMessage({_id, rid, starred})`: the room is the argument's (a wrong one answers `false`);
 * answers `true` once done.
 */
const starMessageMethod = commandMethod(starMessage, {
  args: (params) => {
    const given = params[0];
    const star = typeof given === 'object' && given !== null ? (given as Record<string, unknown>) : {};
    const { _id, rid, starred } = star;
    if (typeof _id !== 'string' || typeof rid !== 'string' || typeof starred !== 'boolean')
      throw matchFailed();
    return { _id, rid, starred };
  },
  result: (done) => done,
});

/** `followMessage({mid})` / `unfollowMessage({mid})`: `check(mid, String)`; an empty result. */
function followMethod(run: typeof followMessage): Method {
  return commandMethod(run, {
    args: (params) => {
      const given = params[0];
      const mid = typeof given === 'object' && given !== null ? (given as { mid?: unknown }).mid : undefined;
      if (typeof mid !== 'string') throw matchFailed();
      return { mid };
    },
    result: () => undefined,
  });
}

/** The message-actions methods, by name (spread into METHODS, src/realtime/methods.ts). */
export const MESSAGE_ACTION_METHODS: Readonly<Record<string, Method>> = {
  setReaction: setReactionMethod,
  [pinMessage.name]: pinMessageMethod,
  [unpinMessage.name]: unpinMessageMethod,
  [starMessage.name]: starMessageMethod,
  [followMessage.name]: followMethod(followMessage),
  [unfollowMessage.name]: followMethod(unfollowMessage),
};

/** The release lines that serve each method where not all do: following a message came with threads (1.0). */
export const MESSAGE_ACTIONS_SERVED: Readonly<Record<string, EraTable<boolean>>> = {
  followMessage: { '0.49': false, '5': true },
  unfollowMessage: { '0.49': false, '5': true },
};
