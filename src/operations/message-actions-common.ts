import { ApiError } from '../errors';
import type { EraTable } from '../eras';
import type { Store } from '../store/store';
import type { Message } from '../types';
import type { Schema, Validator } from './validator';

/**
 * What the message-action routes share (`chat.react`, `chat.pinMessage`, `chat.unPinMessage`,
 * `chat.starMessage`, `chat.unStarMessage`): they came after 0.49, their validators per release
 * line, the `messageId` hand check of 5.x/6.x and the message's look-up.
 *
 * Layer: operations.
 */

/** None of them is served by 0.49 (its chat.js has only delete, postMessage and update). */
export const MESSAGE_ACTIONS_SERVED: EraTable<boolean> = { '0.49': false, '5': true };

const str = { type: 'string' } as const;
const nonEmpty = { type: 'string', minLength: 1 } as const;
const bool = { type: 'boolean' } as const;

/** `{messageId}` alone; `minLength` 1 from where the release line says. */
function messageIdOnly(messageId: Schema): Schema {
  return { type: 'object', properties: { messageId }, required: ['messageId'], additionalProperties: false };
}

/**
 * A `{messageId}` body's validator: none before 7.0 (hand checks), rest-typings' from 7.0 (no
 * `minLength`), `minLength` 1 from `strictSince`, and the typed route's body envelope (no suffix)
 * from `typedSince`.
 */
export function messageIdValidator(strictSince: string, typedSince: string): EraTable<Validator | undefined> {
  return {
    '0.49': undefined,
    '7': { schema: messageIdOnly(str), coerce: true, form: 'legacy' },
    [strictSince]: { schema: messageIdOnly(nonEmpty), coerce: true, form: 'legacy' },
    [typedSince]: { schema: messageIdOnly(nonEmpty), coerce: true, form: 'body' },
  };
}

/** chat.react's body: `emoji` or its alias `reaction`, exactly one, with `messageId`. */
function reactBody(messageId: Schema): Schema {
  const branch = (emoji: 'emoji' | 'reaction'): Schema => ({
    type: 'object',
    properties: { [emoji]: str, messageId, shouldReact: bool },
    required: [emoji, 'messageId'],
    additionalProperties: false,
  });
  return { oneOf: [branch('emoji'), branch('reaction')] };
}

/** chat.react: hand checks to 6.x; rest-typings' oneOf from 7.0, `minLength` from 7.10, typed from 8.6. */
export const REACT_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '7': { schema: reactBody(str), coerce: true, form: 'legacy' },
  '7.10': { schema: reactBody(nonEmpty), coerce: true, form: 'legacy' },
  '8.6': { schema: reactBody(nonEmpty), coerce: true, form: 'body' },
};

/**
 * The hand check of 5.x/6.x (`!messageId?.trim()`), when the line has no validator, then the
 * route's look-up of the message (any room, no access check yet).
 */
export function lookUpMessage(
  store: Store,
  validatedByAjv: boolean,
  messageId: unknown,
  missing: 'messageid-missing' | 'messageid-required',
): Message {
  const id = typeof messageId === 'string' ? messageId : '';
  if (!validatedByAjv && id.trim() === '') throw new ApiError(missing);
  const message = store.messageById(id);
  if (!message) throw new ApiError('messageid-not-found');
  return message;
}
