import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import deleteIncomingIntegration from '../commands/deleteIncomingIntegration';
import deleteOutgoingIntegration from '../commands/deleteOutgoingIntegration';
import { matchCheck } from '../commands/integrations';
import type { JsonObject } from '../store/query';
import type { Integration } from '../types';
import { success } from './operation';
import type { OperationContext } from './operation';
import { callerOf, readBody } from './params';
import { API_INTEGRATION, MANAGE_ANY, PERMISSION_FIRST, REMOVE_VALIDATOR } from './integrations-common';
import { GROUPS, route } from './route-groups';
import { answer } from './responses';
import { validated } from './schemas';

/**
 * `POST /api/v1/integrations.remove`: one of the four permissions (403), the body, the
 * integration found (an outgoing one by `target_url` or by id, an incoming one by id), then the
 * delete method the `type` sent names (whatever the integration's own kind). Answers the
 * integration as it was. 0.49 removed only outgoing webhooks and answered `{_id, name}`.
 */

/** 0.49: `check()`s, outgoing only, the answer `{integration: {_id, name}}`. */
const OLD: EraTable<boolean> = { '0.49': true, '5': false };

function requirePermission(context: OperationContext): void {
  const user = callerOf(context);
  const names =
    context.store.rules.integrationRule === 'manage-integrations' ? ['manage-integrations'] : MANAGE_ANY;
  if (!names.some((name) => context.store.can(user, name))) throw new ApiError('error-unauthorized');
}

function readArgs(context: OperationContext): { type: string; found: Integration } {
  const { store, profile, input } = context;
  const first = byEra(profile, PERMISSION_FIRST);
  if (first) requirePermission(context);
  const raw = readBody(input.body) as JsonObject;
  let body: JsonObject;
  if (byEra(profile, OLD)) {
    matchCheck(raw, {
      type: { type: 'string' },
      target_url: { type: 'string', optional: true },
      integrationId: { type: 'string', optional: true },
    });
    if (!raw.target_url && !raw.integrationId) throw new ApiError('integration-remove-needs-id');
    body = raw;
  } else body = validated(profile, REMOVE_VALIDATOR, raw) as JsonObject;
  if (!first) requirePermission(context);
  const type = body.type as string;
  let found: Integration | undefined;
  if (type === 'webhook-outgoing') {
    const url = body.target_url;
    found =
      typeof url === 'string' && url !== ''
        ? store.allIntegrations().find((i) => Array.isArray(i.urls) && i.urls.includes(url))
        : store.integration(String(body.integrationId));
  } else if (type === 'webhook-incoming' && !byEra(profile, OLD)) {
    found = store.integration(String(body.integrationId));
  } else throw new ApiError('integration-invalid-type');
  if (!found) throw new ApiError('integration-none-found');
  return { type, found };
}

export default route(GROUPS.integrations, {
  name: 'integrations.remove',
  method: 'POST',
  permissions: ['manage-integrations', ...MANAGE_ANY],
  errors: [
    'error-unauthorized',
    'match-error',
    'integration-remove-needs-id',
    'integration-invalid-type',
    'integration-none-found',
    'integration-not-authorized',
    'integration-invalid',
  ],
  response: answer({ integration: API_INTEGRATION }),
  changes: ['integration'],
  validator: REMOVE_VALIDATOR,
  read: readArgs,
  run: (context, { type, found }) => {
    const ctx = { ...context, user: callerOf(context) };
    const command = type === 'webhook-incoming' ? deleteIncomingIntegration : deleteOutgoingIntegration;
    const removed = command.run(ctx, found._id);
    if (byEra(context.profile, OLD))
      return success({ integration: { _id: removed._id, name: removed.name } });
    return success({ integration: removed });
  },
});
