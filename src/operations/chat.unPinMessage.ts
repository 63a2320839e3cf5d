import unpinMessage from '../commands/unpinMessage';
import { byEra } from '../eras';
import { MESSAGE_ACTIONS_SERVED, lookUpMessage, messageIdValidator } from './message-actions-common';
import { success } from './operation';
import { callerOf, readBody } from './params';
import { DONE } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';

/** rest-typings' `{messageId}` from 7.0 (no `minLength`); 8.x's typed body (`minLength` 1). */
const UNPIN_VALIDATOR = messageIdValidator('8', '8');

/**
 * `POST /api/v1/chat.unPinMessage`: the validator (7.0 on) or the hand check (5.x/6.x: "…param
 * is required."), the message looked up, then `unpinMessage`; answers `{success: true}`.
 */
export default route(GROUPS.chat, {
  name: 'chat.unPinMessage',
  method: 'POST',
  permissions: ['pin-message'],
  errors: [
    'messageid-required',
    'messageid-not-found',
    'pin-not-allowed',
    'unpin-not-found',
    'token-not-authorized',
  ],
  response: DONE,
  reads: ['message', 'room', 'setting'],
  changes: ['message', 'room'],
  validator: UNPIN_VALIDATOR,
  read: ({ input, profile, store }) => {
    const body = validated(profile, UNPIN_VALIDATOR, readBody(input.body));
    const byAjv = byEra(profile, UNPIN_VALIDATOR) !== undefined;
    return lookUpMessage(store, byAjv, body.messageId, 'messageid-required');
  },
  run: (context, message) => {
    unpinMessage.run({ ...context, user: callerOf(context) }, { message });
    return success({});
  },
  openApi: { servedIn: MESSAGE_ACTIONS_SERVED },
});
