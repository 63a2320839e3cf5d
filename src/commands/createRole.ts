import { ApiError } from '../errors';
import type { RoleDoc } from '../types';
import { command } from './command';

/** What making a role takes: its fields (already checked against the body's schema) and how to refuse. */
export interface CreateRoleArgs {
  readonly name: string;
  readonly scope?: RoleDoc['scope'] | undefined;
  readonly description?: string | undefined;
  readonly mandatory2fa?: boolean | undefined;
  /** `rest`: the route's refusal (no details); `method`: `authorization:saveRole`'s (with details) */
  readonly via: 'rest' | 'method';
  /** the role's `_id` is its name (0.x's `Roles.createOrUpdate`), else a fresh id (`createWithRandomId`) */
  readonly idIsName: boolean;
}

/** The realtime method's name (its refusals' `details.method`). */
export const SAVE_ROLE = 'authorization:saveRole';

/** `access-permissions`, refused as the route (no details) or as `authorization:saveRole` does. */
export function checkAccessPermissions(
  can: (permission: string) => boolean,
  via: CreateRoleArgs['via'],
  method: string,
): void {
  if (can('access-permissions')) return;
  throw via === 'rest'
    ? new ApiError('role-delete-not-allowed')
    : new ApiError('role-add-not-allowed', { method });
}

/**
 * Makes a custom role (`roles.create` until 5.x, `insertRole`): `access-permissions`, then no role
 * of that id or name (`Role name already exists`), then the world's bound; the role `{_id, name,
 * scope ('Users' by default), description ('' by default), protected: false, mandatory2fa (false by
 * default)}`, stamped; the `roles-change` notice `{type: 'changed', _id}`.
 */
export default command<CreateRoleArgs, RoleDoc>({
  name: 'insertRole',
  run({ store, user }, args) {
    checkAccessPermissions((p) => store.can(user, p), args.via, SAVE_ROLE);
    if (store.roleByIdOrName(args.name)) throw new ApiError('role-duplicate-name');
    return store.insertRole(
      {
        name: args.name,
        scope: args.scope ?? 'Users',
        description: args.description ?? '',
        mandatory2fa: args.mandatory2fa ?? false,
      },
      args.idIsName,
    );
  },
});
