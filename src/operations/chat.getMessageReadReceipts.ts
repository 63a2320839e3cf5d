import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import { answer } from './responses';
import { GROUPS, route } from './route-groups';

/** Added in 0.63 (profile 5 on); 0.49: 404. */
const EXISTS: EraTable<boolean> = { '0.49': false, '5': true };

/**
 * `GET /api/v1/chat.getMessageReadReceipts`: an Enterprise route from 4.x. A community server (the
 * fake is one) refuses it first, whatever the parameters: `This is an enterprise feature`.
 */
export default route(GROUPS.chat, {
  name: 'chat.getMessageReadReceipts',
  method: 'GET',
  errors: ['role-enterprise-feature'],
  response: answer({ receipts: { type: 'array', items: { type: 'object' } } }),
  openApi: {
    servedIn: EXISTS,
    query: { messageId: 'the message (never read: a community server refuses first)' },
  },
  read: () => {
    throw new ApiError('role-enterprise-feature');
  },
  run: () => {
    throw new ApiError('role-enterprise-feature');
  },
});
