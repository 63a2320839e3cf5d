import type { Integration } from '../types';
import { command } from './command';
import { updateIncoming } from './integration-updates';
import type { UpdateArgs } from './integration-updates';

/** `updateIncomingIntegration(integrationId, integration)` (which `integrations.update` calls). */
export default command<UpdateArgs, Integration>({
  name: 'updateIncomingIntegration',
  run: (context, args) => updateIncoming(context, 'updateIncomingIntegration', args),
});
