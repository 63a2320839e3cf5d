import pinMessage from '../commands/pinMessage';
import { byEra } from '../eras';
import { MESSAGE_ACTIONS_SERVED, lookUpMessage, messageIdValidator } from './message-actions-common';
import { success } from './operation';
import { callerOf, readBody } from './params';
import { answer, MESSAGE } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';

/** rest-typings' `{messageId}` from 7.0; 7.10's typed route (`minLength` 1, legacy envelope kept); 8.x's body envelope. */
const PIN_VALIDATOR = messageIdValidator('7.10', '8');

/**
 * `POST /api/v1/chat.pinMessage`: the validator (7.0 on) or the hand check (5.x/6.x), the message
 * looked up, then `pinMessage`; answers `{message}`: the `message_pinned` system message (7.x on,
 * a message already pinned: itself), `starred` cut to the caller's own.
 */
export default route(GROUPS.chat, {
  name: 'chat.pinMessage',
  method: 'POST',
  permissions: ['pin-message'],
  errors: [
    'messageid-missing',
    'messageid-not-found',
    'pin-not-allowed',
    'pin-not-found',
    'token-not-authorized',
    'pins-limit',
  ],
  response: answer({ message: MESSAGE }),
  reads: ['message', 'room', 'setting'],
  changes: ['message', 'room', 'subscription'],
  validator: PIN_VALIDATOR,
  read: ({ input, profile, store }) => {
    const body = validated(profile, PIN_VALIDATOR, readBody(input.body));
    const byAjv = byEra(profile, PIN_VALIDATOR) !== undefined;
    return lookUpMessage(store, byAjv, body.messageId, 'messageid-missing');
  },
  run: (context, message) => {
    const user = callerOf(context);
    const pinned = pinMessage.run({ ...context, user }, { message });
    return success({ message: context.store.messageForUser(pinned, user) });
  },
  openApi: { servedIn: MESSAGE_ACTIONS_SERVED },
});
