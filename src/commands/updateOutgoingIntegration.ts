import type { Integration } from '../types';
import { command } from './command';
import { updateOutgoing } from './integration-updates';
import type { UpdateArgs } from './integration-updates';

/** `updateOutgoingIntegration(integrationId, integration)` (which `integrations.update` calls). */
export default command<UpdateArgs, Integration>({
  name: 'updateOutgoingIntegration',
  run: (context, args) => updateOutgoing(context, 'updateOutgoingIntegration', args),
});
