import type { Integration } from '../types';
import { command } from './command';
import { deleteIntegration } from './integrations';

/**
 * `deleteIncomingIntegration(integrationId)` (which `integrations.remove` calls for the
 * `webhook-incoming` type sent, whatever the integration's own kind): the incoming manage
 * permissions, then the one write.
 */
export default command<string, Integration>({
  name: 'deleteIncomingIntegration',
  run: (context, id) => deleteIntegration(context, 'incoming', 'deleteIncomingIntegration', id),
});
