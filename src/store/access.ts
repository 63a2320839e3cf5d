import { ApiError } from '../errors';
import type { AnyRoom, User } from '../types';
import { hasPermission } from './permissions';
import type { StoreState } from './state';

/**
 * Roles and permissions: whether a user holds a permission (in a room), may see a room, which
 * public channels and integrations a caller may list. Reads only; refusals are `ApiError`s.
 *
 * Layer: store. Plain values; nothing of HTTP.
 */

/** The kinds of integration, as their `type` names them. */
export type IntegrationKind = 'webhook-outgoing' | 'webhook-incoming';

/** Which public channels a caller may list: all of them, or the ones the caller is a member of. */
export type ChannelScope = 'all' | 'joined';

/**
 * Which integrations a caller may read: the kinds it reads all of, and the kinds it reads only its
 * own of (`_createdBy`). `key` names the scope for list caches.
 */
export interface IntegrationScope {
  all: readonly IntegrationKind[];
  own: readonly IntegrationKind[];
  key: string;
}

/** Whether the user holds a permission (in a room, for room-scoped ones). */
export function can(state: StoreState, user: User, permission: string, room?: AnyRoom): boolean {
  // a direct room has no owners nor moderators: only the user's global roles count there
  if (room === undefined || room.t === 'd') return hasPermission(state.permissions, permission, user);
  // the member's roles in the room, as given or taken (src/store/membership.ts); else as it was made
  const given = state.subscriptions.roles(room._id, user._id);
  return hasPermission(state.permissions, permission, user, room, given);
}

/**
 * Whether a user may see a room's messages: a member always; anyone else only in a public
 * channel, with `permission` (`view-c-room`; `preview-c-room` to read its history unjoined).
 */
export function maySee(
  state: StoreState,
  user: User,
  room: AnyRoom,
  permission: 'view-c-room' | 'preview-c-room' = 'view-c-room',
): boolean {
  return room.usernames.includes(user.username) || (room.t === 'c' && can(state, user, permission, room));
}

/** Throws the 403 when the user lacks a (route-level) permission. */
export function requirePermission(state: StoreState, user: User, permission: string): void {
  if (!can(state, user, permission)) throw new ApiError('error-unauthorized');
}

/**
 * Which public channels `channels.list` shows the user: all of them with `view-c-room`, the ones
 * the user is a member of (in the room's `usernames`) with only `view-joined-room`; a 403 with
 * neither.
 */
export function channelScope(state: StoreState, user: User): ChannelScope {
  // the 0.49 era checked no permission: every logged-in user listed every public channel
  if (!state.rules.listPermission || can(state, user, 'view-c-room')) return 'all';
  if (can(state, user, 'view-joined-room')) return 'joined';
  throw new ApiError('error-unauthorized');
}

/**
 * Whether some room belongs to a team and the rules know teams (5.x on): then what a caller lists
 * or may see depends on the caller's memberships, not only on the caller's permissions.
 */
export function hasTeamRooms(state: StoreState): boolean {
  return state.teamRooms && state.rules.teams;
}

/**
 * The integrations a caller may read, by Rocket.Chat 7's rule (`mountIntegrationQueryBasedOnPermissions`):
 * `manage-outgoing-integrations` and `manage-incoming-integrations` together read everything;
 * else both `manage-own-*` read only the caller's own, of both kinds; else the union of what each
 * of the four grants. None of the four: the 403.
 */
export function integrationScope(state: StoreState, user: User): IntegrationScope {
  const both: IntegrationKind[] = ['webhook-outgoing', 'webhook-incoming'];
  const rule = state.rules.integrationRule;
  if (rule !== 'by-kind') {
    // the older eras: one permission (0.49's manage-integrations), or any of the four (5.x), reads all
    const names =
      rule === 'manage-integrations'
        ? ['manage-integrations']
        : [
            'manage-outgoing-integrations',
            'manage-own-outgoing-integrations',
            'manage-incoming-integrations',
            'manage-own-incoming-integrations',
          ];
    if (!names.some((name) => can(state, user, name))) throw new ApiError('error-unauthorized');
    return { all: both, own: [], key: 'all' };
  }
  const allOut = can(state, user, 'manage-outgoing-integrations');
  const allIn = can(state, user, 'manage-incoming-integrations');
  const ownOut = can(state, user, 'manage-own-outgoing-integrations');
  const ownIn = can(state, user, 'manage-own-incoming-integrations');
  if (!allOut && !allIn && !ownOut && !ownIn) throw new ApiError('error-unauthorized');
  const pick = (out: boolean, inc: boolean): IntegrationKind[] =>
    both.filter((kind) => (kind === 'webhook-outgoing' ? out : inc));
  const scope =
    allOut && allIn
      ? { all: both, own: [] }
      : ownOut && ownIn
        ? { all: [], own: both }
        : { all: pick(allOut, allIn), own: pick(ownOut, ownIn) };
  const key = `all:${scope.all.join(',')}|own:${scope.own.length > 0 ? `${scope.own.join(',')}|${user._id}` : ''}`;
  return { ...scope, key };
}
