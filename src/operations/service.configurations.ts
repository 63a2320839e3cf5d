import { success } from './operation';
import { GROUPS, route } from './route-groups';
import { answer, str } from './responses';

/**
 * `GET /api/v1/service.configurations`: the login services' configurations (less their secrets),
 * without a login (headers not looked at). The fake configures none, so it answers what a
 * community server with no OAuth service does: `{configurations: []}`. Served by every release
 * line (0.49's is UNVERIFIED: kept as 7.x's).
 */
export default route(GROUPS.settings, {
  name: 'service.configurations',
  method: 'GET',
  response: answer({
    configurations: {
      type: 'array',
      items: { type: 'object', required: ['_id', 'service'], properties: { _id: str, service: str } },
    },
  }),
  read: () => ({}),
  run: () => success({ configurations: [] }),
});
