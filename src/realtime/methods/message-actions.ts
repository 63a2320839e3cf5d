import setReaction from '../../commands/setReaction';
import { MeteorError, commandMethod } from '../method';
import type { Method } from '../method';

/**
 * The realtime methods of the message actions, each the second face of the command its REST
 * route runs: `setReaction`.
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

/** The message-actions methods, by name (spread into METHODS, src/realtime/methods.ts). */
export const MESSAGE_ACTION_METHODS: Readonly<Record<string, Method>> = {
  setReaction: setReactionMethod,
};
