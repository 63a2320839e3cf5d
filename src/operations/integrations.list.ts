import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { success } from './operation';
import { callerOf, readListOptions, LIST_QUERY_ERRORS } from './params';
import { API_INTEGRATION, LIST_VALIDATOR, MANAGE_ANY, PERMISSION_FIRST } from './integrations-common';
import { GROUPS, route } from './route-groups';
import { answer } from './responses';
import { validated } from './schemas';

/**
 * `GET /api/v1/integrations.list`: the integrations the caller's permissions read
 * (`mountIntegrationQueryBasedOnPermissions`; none of the four: 403), in the order they were
 * added, `name` (contained, any case) and `type` filters from 7.x, paged.
 */

/** `name` and `type` filter from 7.x. */
const FILTERS: EraTable<boolean> = { '0.49': false, '7': true };
/** `count` in the answer from 5.x; 0.49 answered `{integrations, offset, items, total}`. */
const COUNT: EraTable<boolean> = { '0.49': false, '5': true };

const int = { type: 'integer', minimum: 0 } as const;

export default route(GROUPS.integrations, {
  name: 'integrations.list',
  method: 'GET',
  permissions: ['manage-integrations', ...MANAGE_ANY],
  errors: ['error-unauthorized', ...LIST_QUERY_ERRORS],
  response: answer({
    integrations: { type: 'array', items: API_INTEGRATION },
    offset: int,
    items: int,
    count: int,
    total: int,
  }),
  reads: ['integration'],
  validator: LIST_VALIDATOR,
  read: (context) => {
    const { store, profile, input } = context;
    const user = callerOf(context);
    const first = byEra(profile, PERMISSION_FIRST);
    const scope = first ? store.integrationScope(user) : undefined;
    const params = validated(profile, LIST_VALIDATOR, input.query);
    const filters = byEra(profile, FILTERS);
    const filter = {
      ...(filters && typeof params.name === 'string' ? { name: params.name } : {}),
      ...(filters && typeof params.type === 'string' ? { type: params.type } : {}),
    };
    return { scope: scope ?? store.integrationScope(user), filter, options: readListOptions(params) };
  },
  run: (context, { scope, filter, options }) => {
    const result = context.store.listAllIntegrations(callerOf(context), scope, filter, options);
    const items = result.items.length;
    return success(
      byEra(context.profile, COUNT)
        ? { integrations: result.items, offset: result.offset, items, count: items, total: result.total }
        : { integrations: result.items, offset: result.offset, items, total: result.total },
    );
  },
});
