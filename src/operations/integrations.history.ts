import { byEra } from '../eras';
import { ApiError } from '../errors';
import type { Store } from '../store/store';
import type { Integration, User, WebhookDelivery } from '../types';
import { success } from './operation';
import { callerOf, readPagination } from './params';
import { HISTORY_VALIDATOR, PERMISSION_FIRST, SINCE_5 } from './integrations-common';
import { GROUPS, route } from './route-groups';
import { answer } from './responses';
import { validated } from './schemas';

/**
 * `GET /api/v1/integrations.history`: an outgoing webhook's history, here the fake's own delivery
 * attempts (src/webhooks/deliveries.ts) as `integration_history` rows, newest first. Either
 * outgoing permission (403); the own one reads only the caller's webhooks' rows. An unknown id is
 * an empty page. Not in 0.49 (404).
 */

const PERMISSIONS = ['manage-outgoing-integrations', 'manage-own-outgoing-integrations'];

/** What step a delivery's row stopped at (`triggerHandler`'s steps), and whether it finished. */
function stepOf(delivery: WebhookDelivery): { step: string; finished: boolean } {
  switch (delivery.outcome) {
    case 'pending':
      return { step: 'pre-http-call', finished: false };
    case 'retrying':
      return { step: 'after-http-call', finished: false };
    case 'skipped':
    case 'loop-stopped':
      return { step: 'start-execute-trigger-url', finished: true };
    default:
      return { step: 'finished', finished: true };
  }
}

/** One delivery attempt as an `IIntegrationHistory` row. */
function historyRow(
  delivery: WebhookDelivery,
  integration: Integration | undefined,
): Record<string, unknown> {
  const { step, finished } = stepOf(delivery);
  const row: Record<string, unknown> = {
    _id: delivery.id,
    type: 'outgoing-webhook',
    step,
    integration: integration ?? { _id: delivery.integrationId, name: delivery.integration },
    event: 'sendMessage',
    _createdAt: delivery.time,
    _updatedAt: delivery.time,
    ranPrepareScript: false,
    finished,
  };
  if (typeof delivery.payload.trigger_word === 'string') row.triggerWord = delivery.payload.trigger_word;
  row.data = delivery.payload;
  row.url = delivery.url;
  row.httpCallData = delivery.payload;
  if (delivery.status !== null) row.httpResult = { statusCode: delivery.status };
  if (delivery.error !== undefined) row.httpError = { message: delivery.error };
  if (delivery.replyError !== undefined) row.error = true;
  return row;
}

function requirePermission(store: Store, user: User): boolean {
  if (store.can(user, PERMISSIONS[0] as string)) return false;
  if (store.can(user, PERMISSIONS[1] as string)) return true;
  throw new ApiError('error-unauthorized');
}

const int = { type: 'integer', minimum: 0 } as const;

export default route(GROUPS.integrations, {
  name: 'integrations.history',
  method: 'GET',
  permissions: PERMISSIONS,
  errors: ['not-found', 'error-unauthorized'],
  response: answer({
    history: { type: 'array', items: { type: 'object', required: ['_id', 'type', 'step', 'integration'] } },
    offset: int,
    items: int,
    count: int,
    total: int,
  }),
  reads: ['integration'],
  validator: HISTORY_VALIDATOR,
  read: (context) => {
    const { store, profile, input } = context;
    const user = callerOf(context);
    const first = byEra(profile, PERMISSION_FIRST);
    const ownFirst = first ? requirePermission(store, user) : undefined;
    const params = validated(profile, HISTORY_VALIDATOR, input.query);
    const ownOnly = ownFirst ?? requirePermission(store, user);
    return { id: String(params.id), ownOnly, paging: readPagination(params) };
  },
  run: (context, { id, ownOnly, paging }) => {
    const { store } = context;
    const user = callerOf(context);
    const integration = store.integration(id);
    const mine = integration?._createdBy._id === user._id;
    const rows =
      ownOnly && !mine
        ? []
        : store
            .deliveries()
            .filter((d) => d.integrationId === id)
            .reverse()
            .map((d) => historyRow(d, integration));
    const end = paging.count === 0 ? undefined : paging.offset + paging.count;
    const page = rows.slice(paging.offset, end);
    return success({
      history: page,
      offset: paging.offset,
      items: page.length,
      count: page.length,
      total: rows.length,
    });
  },
  openApi: { servedIn: SINCE_5 },
});
