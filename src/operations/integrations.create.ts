import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import addIncomingIntegration from '../commands/addIncomingIntegration';
import addOutgoingIntegration, { OUTGOING_PATTERN } from '../commands/addOutgoingIntegration';
import { createdView, matchCheck } from '../commands/integrations';
import type { JsonObject } from '../store/query';
import { CREATE_VALIDATOR, API_INTEGRATION } from './integrations-common';
import { success } from './operation';
import { callerOf, readBody } from './params';
import { answer } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';

/**
 * `POST /api/v1/integrations.create`: no permission of the route's own (the methods refuse with
 * 400s); the body validated (5.x on), then by its `type` the `addIncomingIntegration` or
 * `addOutgoingIntegration` command. 0.49 knew only outgoing webhooks, and `check()`ed the body.
 */

/** 0.49's route: `check()` with `urls: [String]` required, outgoing only. */
const CHECKED: EraTable<boolean> = { '0.49': true, '5': false };

export default route(GROUPS.integrations, {
  name: 'integrations.create',
  method: 'POST',
  permissions: [
    'manage-incoming-integrations',
    'manage-own-incoming-integrations',
    'manage-outgoing-integrations',
    'manage-own-outgoing-integrations',
  ],
  errors: [
    'integration-invalid-type',
    'integration-not-authorized',
    'integration-not-authorized-bare',
    'integration-invalid-channel',
    'integration-invalid-channel-chars',
    'integration-invalid-username',
    'integration-invalid-user',
    'integration-invalid-room',
    'integration-channel-forbidden',
    'integration-invalid-event',
    'integration-invalid-target-room',
    'integration-invalid-urls',
    'integration-invalid-permissions',
    'integration-invalid-trigger-words',
    'integrations-limit',
    'match-error',
  ],
  response: answer({ integration: API_INTEGRATION }),
  changes: ['integration', 'user'],
  validator: CREATE_VALIDATOR,
  read: (context) => {
    const { profile, input } = context;
    callerOf(context);
    const raw = readBody(input.body) as JsonObject;
    if (byEra(profile, CHECKED)) {
      matchCheck(raw, {
        ...OUTGOING_PATTERN,
        urls: { type: 'strings' },
        channel: { type: 'string', optional: true },
      });
      if (raw.type !== 'webhook-outgoing') throw new ApiError('integration-invalid-type');
      return raw;
    }
    return validated(profile, CREATE_VALIDATOR, raw) as JsonObject;
  },
  run: (context, body) => {
    const ctx = { ...context, user: callerOf(context) };
    const created =
      body.type === 'webhook-incoming'
        ? addIncomingIntegration.run(ctx, body)
        : body.type === 'webhook-outgoing'
          ? addOutgoingIntegration.run(ctx, body)
          : undefined;
    if (!created) throw new ApiError('integration-invalid-type');
    return success({ integration: createdView(created, context.profile) });
  },
});
