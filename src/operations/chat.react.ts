import setReaction from '../commands/setReaction';
import { ApiError } from '../errors';
import { byEra } from '../eras';
import { MESSAGE_ACTIONS_SERVED, REACT_VALIDATOR, lookUpMessage } from './message-actions-common';
import { success } from './operation';
import { callerOf, readBody } from './params';
import { DONE } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';

/** 5.x takes `emoji || reaction`; 6.x on `'emoji' in body ? emoji : reaction` (an empty `emoji` stays). */
const EMOJI_OR_ALIAS = { '0.49': true, '6': false };

/**
 * `POST /api/v1/chat.react`: the validator (7.0 on) or the `messageId` hand check (5.x/6.x), the
 * message looked up in any room, the emoji required; then `setReaction`: a reaction already as
 * `shouldReact` asks is a success that changes nothing, before any access check.
 */
export default route(GROUPS.chat, {
  name: 'chat.react',
  method: 'POST',
  permissions: ['post-readonly'],
  errors: [
    'messageid-missing',
    'messageid-not-found',
    'emoji-missing',
    'reaction-invalid-emoji',
    'room-not-allowed',
    'token-not-authorized',
    'reaction-muted',
    'post-read-only',
    'reactions-limit',
  ],
  response: DONE,
  reads: ['message', 'room'],
  changes: ['message', 'room'],
  validator: REACT_VALIDATOR,
  read: ({ input, profile, store }) => {
    const body = validated(profile, REACT_VALIDATOR, readBody(input.body));
    const byAjv = byEra(profile, REACT_VALIDATOR) !== undefined;
    const message = lookUpMessage(store, byAjv, body.messageId, 'messageid-missing');
    const given = byEra(profile, EMOJI_OR_ALIAS)
      ? body.emoji || body.reaction
      : 'emoji' in body
        ? body.emoji
        : body.reaction;
    if (typeof given !== 'string' || given === '') throw new ApiError('emoji-missing');
    const shouldReact = typeof body.shouldReact === 'boolean' ? body.shouldReact : undefined;
    return { message, emoji: given, ...(shouldReact === undefined ? {} : { shouldReact }) };
  },
  run: (context, args) => {
    setReaction.run({ ...context, user: callerOf(context) }, args);
    return success({});
  },
  openApi: { servedIn: MESSAGE_ACTIONS_SERVED },
});
