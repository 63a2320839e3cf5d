import type { EraTable } from '../eras';
import { success } from './operation';
import { GROUPS, route } from './route-groups';
import { answer, str } from './responses';

/** Added in 0.63 (profile 5 on); 0.49: 404. */
const EXISTS: EraTable<boolean> = { '0.49': false, '5': true };

/**
 * `GET /api/v1/settings.oauth`: the login services a client may offer, without a login (headers
 * not looked at). The fake configures no OAuth service (its settings have no `Accounts_OAuth_*`),
 * so it answers what a community server with none configured does: `{services: []}`.
 */
export default route(GROUPS.settings, {
  name: 'settings.oauth',
  method: 'GET',
  response: answer({
    services: {
      type: 'array',
      items: { type: 'object', required: ['_id', 'name'], properties: { _id: str, name: str } },
    },
  }),
  read: () => ({}),
  run: () => success({ services: [] }),
  openApi: { servedIn: EXISTS },
});
