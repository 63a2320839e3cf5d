import { GRANTABLE_ROLES } from '../types';
import type { GrantableRole } from '../types';

/**
 * The roles the fake knows, as Rocket.Chat seeds them (`createOrUpdateProtectedRoleAsync`): the
 * global ones a user holds (`scope: "Users"`) and the room ones a member holds in a room
 * (`scope: "Subscriptions"`). Fixed: no route of the fake makes, edits or deletes a role.
 *
 * Layer: store. Plain values; nothing of HTTP.
 */

/** A role's document as `roles.list` answers it (no `_updatedAt`: the route projects it out). */
export interface RoleDoc {
  readonly _id: GrantableRole;
  readonly scope: 'Users' | 'Subscriptions';
  readonly description: string;
  readonly mandatory2fa: false;
  readonly name: GrantableRole;
  readonly protected: true;
}

const role = (id: GrantableRole, scope: RoleDoc['scope'], description: string): RoleDoc => ({
  _id: id,
  scope,
  description,
  mandatory2fa: false,
  name: id,
  protected: true,
});

/** The roles in the order a fresh server's collection holds them. */
export const ROLES: readonly RoleDoc[] = [
  role('admin', 'Users', 'Admin'),
  role('moderator', 'Subscriptions', 'Moderator'),
  role('owner', 'Subscriptions', 'Owner'),
  role('user', 'Users', ''),
  role('bot', 'Users', ''),
  role('guest', 'Users', ''),
];

/** Whether the fake knows a role by this id. */
export function isRoleId(id: string): id is GrantableRole {
  return (GRANTABLE_ROLES as readonly string[]).includes(id);
}

/** A role by id. */
export function roleById(id: string): RoleDoc | undefined {
  return ROLES.find((r) => r._id === id);
}
