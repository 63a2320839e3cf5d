import type { Integration } from '../types';
import { command } from './command';
import { deleteIntegration } from './integrations';

/**
 * `deleteOutgoingIntegration(integrationId)` (which `integrations.remove` calls for the
 * `webhook-outgoing` type sent, whatever the integration's own kind): the outgoing manage
 * permissions, then the one write.
 */
export default command<string, Integration>({
  name: 'deleteOutgoingIntegration',
  run: (context, id) => deleteIntegration(context, 'outgoing', 'deleteOutgoingIntegration', id),
});
