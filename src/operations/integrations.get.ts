import { ApiError } from '../errors';
import { managePermissions } from '../commands/integrations';
import { success } from './operation';
import { callerOf } from './params';
import { API_INTEGRATION, GET_VALIDATOR, SINCE_5 } from './integrations-common';
import { GROUPS, route } from './route-groups';
import { answer } from './responses';
import { validated } from './schemas';

/**
 * `GET /api/v1/integrations.get`: one integration by `integrationId` (and `createdBy`, when
 * given), when the caller manages its kind, or manages its own and made it. No route-level
 * permission: the refusals are 400s. Not in 0.49 (404).
 */
export default route(GROUPS.integrations, {
  name: 'integrations.get',
  method: 'GET',
  permissions: [
    'manage-incoming-integrations',
    'manage-own-incoming-integrations',
    'manage-outgoing-integrations',
    'manage-own-outgoing-integrations',
  ],
  errors: ['not-found', 'integration-does-not-exist', 'integration-get-not-authorized'],
  response: answer({ integration: API_INTEGRATION }),
  reads: ['integration'],
  validator: GET_VALIDATOR,
  read: (context) => {
    const { store, profile, input } = context;
    const user = callerOf(context);
    const params = validated(profile, GET_VALIDATOR, input.query);
    const id = typeof params.integrationId === 'string' ? params.integrationId : '';
    const found = store.integration(id);
    const createdBy =
      typeof params.createdBy === 'string' && params.createdBy !== '' ? params.createdBy : undefined;
    if (!found || (createdBy !== undefined && found._createdBy._id !== createdBy))
      throw new ApiError('integration-does-not-exist');
    const perms = managePermissions(store, found.type === 'webhook-outgoing' ? 'outgoing' : 'incoming');
    const allowed =
      store.can(user, perms.all) || (found._createdBy._id === user._id && store.can(user, perms.own));
    if (!allowed) throw new ApiError('integration-get-not-authorized');
    return found;
  },
  run: (_context, integration) => success({ integration }),
  openApi: { servedIn: SINCE_5 },
});
