import starMessage from '../commands/starMessage';
import { byEra } from '../eras';
import { MESSAGE_ACTIONS_SERVED, lookUpMessage, messageIdValidator } from './message-actions-common';
import { success } from './operation';
import { callerOf, readBody } from './params';
import { DONE } from './responses';
import type { RouteSpec } from './route-groups';
import { validated } from './schemas';
import type { Message } from '../types';

/** rest-typings' `{messageId}` from 7.0 to 8.5 (no `minLength`); 8.6's typed body (`minLength` 1). */
const STAR_VALIDATOR = messageIdValidator('8.6', '8.6');

/**
 * The declaration of `chat.starMessage` (`starred`) or `chat.unStarMessage`: the validator (7.0 on) or the hand check
 * (5.x/6.x: "…param is required."), the message looked up, then `starMessage` with the message's
 * own room. A caller not in that room gets `{success: true}` and nothing changes.
 */
export function starRoute(name: string, starred: boolean): RouteSpec<Message> {
  return {
    name,
    method: 'POST',
    errors: [
      'messageid-required',
      'messageid-not-found',
      'star-not-allowed',
      'room-not-allowed',
      'token-not-authorized',
    ],
    response: DONE,
    reads: ['message', 'room', 'setting'],
    changes: ['message', 'room'],
    validator: STAR_VALIDATOR,
    read: ({ input, profile, store }) => {
      const body = validated(profile, STAR_VALIDATOR, readBody(input.body));
      const byAjv = byEra(profile, STAR_VALIDATOR) !== undefined;
      return lookUpMessage(store, byAjv, body.messageId, 'messageid-required');
    },
    run: (context, message) => {
      starMessage.run(
        { ...context, user: callerOf(context) },
        { _id: message._id, rid: message.rid, starred },
      );
      return success({});
    },
    openApi: { servedIn: MESSAGE_ACTIONS_SERVED },
  };
}
