import type { EraTable } from '../eras';
import { success } from './operation';
import { callerOf } from './params';
import { GROUPS, route } from './route-groups';
import { answer, str } from './responses';

/** Added in a 7.x minor (which one is UNVERIFIED: kept as 7.x's, so from 7.0); 0.49 to 6.x: 404. */
const EXISTS: EraTable<boolean> = { '0.49': false, '7': true };

/**
 * `GET /api/v1/roles.getUsersInPublicRoles`: the holders of the public roles (global ones with a
 * description: `admin` among the roles the fake knows), each `{_id, username, roles}` with only
 * those roles, by username. Any logged-in user; no permission, no parameters. The real server
 * keeps both lists for 10 s; the fake answers the state as it is.
 */
export default route(GROUPS.roles, {
  name: 'roles.getUsersInPublicRoles',
  method: 'GET',
  errors: ['not-found'],
  response: answer({
    users: {
      type: 'array',
      items: {
        type: 'object',
        required: ['_id', 'username', 'roles'],
        properties: { _id: str, username: str, roles: { type: 'array', items: str } },
      },
    },
  }),
  reads: ['user', 'role'],
  read: ({ input, profile, ...context }) => {
    callerOf(context);
    return {};
  },
  run: ({ store }) => success({ users: store.usersInPublicRoles() }),
  openApi: { servedIn: EXISTS },
});
