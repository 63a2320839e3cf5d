import type { RoleDoc } from '../types';

/**
 * The roles a world starts with: the ones Rocket.Chat seeds, and how a custom role's document is
 * made (a scenario's `roles`, `roles.create`). A leaf: the baseline and the scenario read it.
 *
 * Layer: store. Plain values; nothing of HTTP.
 */

const role = (id: string, scope: RoleDoc['scope'], description: string): RoleDoc =>
  Object.freeze({
    _id: id,
    scope,
    description,
    mandatory2fa: false,
    name: id,
    protected: true,
  }) as RoleDoc;

/**
 * The seeded roles in the order a fresh server's collection holds them (6.x on:
 * `createOrUpdateProtectedRoleAsync` in `server/startup/initialData`), each in that function's key
 * order (`name` after `mandatory2fa`: new in the spread).
 */
export const ROLES: readonly RoleDoc[] = Object.freeze([
  role('admin', 'Users', 'Admin'),
  role('moderator', 'Subscriptions', 'Moderator'),
  role('leader', 'Subscriptions', 'Leader'),
  role('owner', 'Subscriptions', 'Owner'),
  role('user', 'Users', ''),
  role('bot', 'Users', ''),
  role('app', 'Users', ''),
  role('guest', 'Users', ''),
  role('anonymous', 'Users', ''),
  role('livechat-agent', 'Users', 'Livechat Agent'),
  role('livechat-manager', 'Users', 'Livechat Manager'),
]);

/** The most roles a world holds, seeded ones included: past it `roles.create` is refused (a world stays bounded). */
export const ROLES_PER_WORLD = 1_000;

/**
 * A custom role's document as `Roles.createWithRandomId` writes it (`{_id, name, scope,
 * description, protected: false, mandatory2fa}`), `_updatedAt` when given.
 */
export function customRole(fields: {
  _id: string;
  name: string;
  scope?: RoleDoc['scope'] | undefined;
  description?: string | undefined;
  mandatory2fa?: boolean | undefined;
  _updatedAt?: string | undefined;
}): RoleDoc {
  return {
    _id: fields._id,
    name: fields.name,
    scope: fields.scope ?? 'Users',
    description: fields.description ?? '',
    protected: false,
    mandatory2fa: fields.mandatory2fa ?? false,
    ...(fields._updatedAt !== undefined ? { _updatedAt: fields._updatedAt } : {}),
  };
}

/** The baseline's roles by `_id`: the seeded ones, then a scenario's custom ones. */
export function baselineRoles(custom: readonly RoleDoc[]): Map<string, RoleDoc> {
  return new Map([...ROLES, ...custom].map((r) => [r._id, r] as const));
}
