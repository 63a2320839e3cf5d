import reportMessage from '../commands/reportMessage';
import { ApiError } from '../errors';
import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { MESSAGE_ACTIONS_SERVED } from './message-actions-common';
import { success } from './operation';
import { callerOf, readBody } from './params';
import { DONE } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import type { Validator } from './validator';

const REPORT_SCHEMA = {
  type: 'object',
  properties: { messageId: { type: 'string' }, description: { type: 'string' } },
  required: ['messageId', 'description'],
  additionalProperties: false,
};

/** rest-typings' `{messageId, description}` from 6.x (legacy envelope); 8.6's typed body. */
const REPORT_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '6': { schema: REPORT_SCHEMA, coerce: true, form: 'legacy' },
  '8.6': { schema: REPORT_SCHEMA, coerce: true, form: 'body' },
};

/** The route's own checks of an empty `messageId` or `description`: 5.x to 7.0 (7.10 on: the validator alone). */
const HAND_CHECKS = { '0.49': true, '7.10': false };

/**
 * `POST /api/v1/chat.reportMessage`: the validator (6.x on), the hand checks (to 7.0), then
 * `reportMessage`; answers `{success: true}`. The report is not kept (no moderation in the fake).
 */
export default route(GROUPS.chat, {
  name: 'chat.reportMessage',
  method: 'POST',
  errors: [
    'report-messageid-missing',
    'report-description-missing',
    'report-invalid-description',
    'report-invalid-message',
  ],
  response: DONE,
  reads: ['message', 'room'],
  validator: REPORT_VALIDATOR,
  read: ({ input, profile }) => {
    const body = validated(profile, REPORT_VALIDATOR, readBody(input.body));
    const messageId = typeof body.messageId === 'string' ? body.messageId : '';
    const description = typeof body.description === 'string' ? body.description : '';
    if (byEra(profile, HAND_CHECKS)) {
      if (messageId === '') throw new ApiError('report-messageid-missing');
      if (description === '') throw new ApiError('report-description-missing');
    }
    return { messageId, description };
  },
  run: (context, args) => {
    reportMessage.run({ ...context, user: callerOf(context) }, args);
    return success({});
  },
  openApi: { servedIn: MESSAGE_ACTIONS_SERVED },
});
