import { ROLES, customRole } from '../store/role-seed';
import type { RoleDoc } from '../types';
import type { ResolveContext } from './resolve-context';

/**
 * A scenario's custom roles (`roles`: `{name, _id?, scope?, description?, mandatory2fa?}`), and
 * the checks of what names a role: each custom role's `_id` (its name unless given) and name new
 * (not a seeded role's, not another's); each user's roles global ones (a seeded one or a custom
 * one with `scope: "Users"`); each permission's roles known ones.
 */
export function buildRoles(ctx: ResolveContext): RoleDoc[] {
  const ids = new Set(ROLES.map((r) => r._id));
  const names = new Set(ROLES.map((r) => r.name));
  const out: RoleDoc[] = [];
  (ctx.scenario.roles ?? []).forEach((entry, i) => {
    if (!entry) return;
    const _id = entry._id ?? entry.name;
    if (entry.protected === true)
      ctx.problem(['roles', i, 'protected'], 'a custom role is not a protected one: false, or left out');
    else if (names.has(entry.name))
      ctx.problem(['roles', i, 'name'], `a role named "${entry.name}" exists already`);
    else if (ids.has(_id)) ctx.problem(['roles', i, '_id'], `a role of _id "${_id}" exists already`);
    else
      out.push(
        customRole({
          _id,
          name: entry.name,
          scope: entry.scope,
          description: entry.description,
          mandatory2fa: entry.mandatory2fa,
        }),
      );
    ids.add(_id);
    names.add(entry.name);
  });
  return out;
}

/** A user's role that is not a global role of the world. */
export function unknownRoleMessage(role: string, global: readonly string[]): string {
  return `unknown role "${role}": a global role (${global.join(', ')})`;
}

/** The users' roles and the permissions' roles, checked against the seeded roles and the custom ones. */
export function checkRoleRefs(ctx: ResolveContext, custom: readonly RoleDoc[]): void {
  const all = [...ROLES, ...custom];
  const global = new Set(all.filter((r) => r.scope === 'Users').map((r) => r._id));
  const known = new Set(all.map((r) => r._id));
  (ctx.scenario.users ?? []).forEach((user, i) => {
    user?.roles?.forEach((role, j) => {
      if (!global.has(role))
        ctx.problem(
          ['users', i, 'roles', j],
          known.has(role)
            ? `"${role}" is a room role (scope Subscriptions): a user holds a global one`
            : unknownRoleMessage(role, [...global]),
        );
    });
  });
  for (const [permission, roles] of Object.entries(ctx.scenario.permissions ?? {}))
    (roles ?? []).forEach((role, j) => {
      if (!known.has(role))
        ctx.problem(
          ['permissions', permission, j],
          `unknown role "${role}": a role of the server (${ROLES.map((r) => r._id).join(', ')}), or one of "roles"`,
        );
    });
}
