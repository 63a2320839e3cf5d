import type { EraTable } from '../eras';
import { success } from './operation';
import { answer } from './responses';
import { GROUPS, route } from './route-groups';

/** Added in 1.x (profile 5 on); 0.49: 404. */
const EXISTS: EraTable<boolean> = { '0.49': false, '5': true };

/**
 * `GET /api/v1/webdav.getMyAccounts`: the caller's WebDAV accounts. The fake models no WebDAV
 * server, so every user has none: `{accounts: []}`. No parameters, no validator.
 */
export default route(GROUPS.webdav, {
  name: 'webdav.getMyAccounts',
  method: 'GET',
  response: answer({ accounts: { type: 'array', items: { type: 'object' } } }),
  read: () => ({}),
  run: () => success({ accounts: [] }),
  openApi: { servedIn: EXISTS },
});
