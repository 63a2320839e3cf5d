import type { EraTable } from '../eras';
import { success } from './operation';
import { callerOf } from './params';
import { GROUPS, route } from './route-groups';
import { answer, str } from './responses';

/** `roles.list` came in 0.6x (profile 5); 0.49 had no roles routes. */
export const ROLES_EXIST: EraTable<boolean> = { '0.49': false, '5': true };

/** A role as `roles.list` answers it (no `_updatedAt`). */
export const ROLE = {
  type: 'object',
  required: ['_id', 'scope', 'name'],
  properties: { _id: str, scope: str, description: str, mandatory2fa: { type: 'boolean' }, name: str },
};

/**
 * `GET /api/v1/roles.list`: the world's roles, the seeded ones as a fresh server's collection holds
 * them, then its custom ones in the order made (`_updatedAt` projected out). Any logged-in user;
 * no parameters.
 */
export default route(GROUPS.roles, {
  name: 'roles.list',
  method: 'GET',
  errors: ['not-found'],
  response: answer({ roles: { type: 'array', items: ROLE } }),
  reads: ['role'],
  read: ({ input, profile, ...context }) => {
    callerOf(context);
    return {};
  },
  run: ({ store }) => success({ roles: store.roles().map(({ _updatedAt: _stamp, ...role }) => role) }),
  openApi: { servedIn: ROLES_EXIST },
});
