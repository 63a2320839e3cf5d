import { ApiError } from '../errors';
import type { Store } from '../store/store';
import type { ProviderStateChange, Room, RoomType, User, UserRole } from '../types';
import { USER_ROLES } from '../types';
import { parseOrThrow } from '../scenario/checks';
import { channelSchema, userSchema } from '../scenario/schema';
import { INJECTED } from './states';

/**
 * The fake as a Pact provider: sets a world up for one provider state of a contract it wrote
 * (src/pact/states.ts), from the state's `params`, and answers the values the verifier injects
 * into the request (`userId`, `authToken`, `password`, `roomId`). Each setup makes its state
 * whole, whatever earlier interactions left; a teardown puts the world back to its baseline
 * (FakeWorld.providerState), so no interaction sees another's changes.
 *
 * Layer: world (src/pact).
 */

/** What a provider state acts on: the world's store, and the world's checked way to add entities. */
export interface StateTarget {
  readonly store: Store;
  addUser(user: unknown, source: string): User;
  addChannel(channel: unknown, source: string): Room;
}

const SOURCE = 'POST /__admin/pact/provider-states';

function invalid(reason: string): ApiError {
  return new ApiError('control-invalid', { reason });
}

function text(params: Record<string, unknown>, key: string): string | undefined {
  const value = params[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The user, added when the world lacks it (its password is its username), with these roles. */
function ensureUser(target: StateTarget, username: string, roles: UserRole[] | undefined): User {
  let user = target.store.userNamed(username);
  if (!user) {
    target.addUser({ username, password: username, ...(roles ? { roles } : {}) }, SOURCE);
    user = target.store.userNamed(username);
  } else if (roles && roles.join() !== user.roles.join()) {
    target.store.putUserRoles(user._id, roles);
    user = target.store.userNamed(username);
  }
  if (!user) throw invalid(`cannot set up user "${username}"`);
  return user;
}

function rolesOf(params: Record<string, unknown>): UserRole[] | undefined {
  const roles = params.roles;
  if (roles === undefined) return undefined;
  const known: readonly string[] = USER_ROLES;
  if (!Array.isArray(roles) || !roles.every((r) => typeof r === 'string' && known.includes(r)))
    throw invalid(`params.roles: a list of ${USER_ROLES.join(', ')}`);
  return roles as UserRole[];
}

function room(target: StateTarget, params: Record<string, unknown>): Record<string, unknown> {
  const name = text(params, 'name');
  if (params.absent === true || name === undefined) return {};
  const t: RoomType = params.t === 'p' ? 'p' : 'c';
  const ro = typeof params.ro === 'boolean' ? params.ro : undefined;
  const archived = params.archived === true;
  const creator = text(params, 'creator');
  const exists = target.store.lookup().hasRoomName(name);
  const channel = { name, t, ...(ro !== undefined ? { ro } : {}), ...(archived ? { archived } : {}) };
  // checked whole before anything changes: a bad state leaves the world as it was
  if (!exists) parseOrThrow(channelSchema, channel, SOURCE);
  if (creator !== undefined && !target.store.userNamed(creator))
    parseOrThrow(userSchema, { username: creator, password: creator }, SOURCE);
  if (creator !== undefined) ensureUser(target, creator, undefined);
  const id = exists
    ? target.store.findRoomId(name)
    : target.addChannel(
        { ...channel, ...(creator !== undefined ? { u: { username: creator } } : {}) },
        SOURCE,
      )._id;
  if (id === undefined) throw invalid(`cannot set up room "${name}"`);
  target.store.putRoom(id, { t, ...(ro !== undefined ? { ro } : {}), archived });
  return { [INJECTED.roomId]: id };
}

/** Sets the world up for one state (a setup); the values the verifier injects. */
export function applyProviderState(
  change: ProviderStateChange,
  target: StateTarget,
): Record<string, unknown> {
  const params = change.params ?? {};
  switch (params.kind) {
    case 'anonymous':
      return {};
    case 'caller': {
      const username = text(params, 'username');
      if (username === undefined) throw invalid('params.username is required');
      const user = ensureUser(target, username, rolesOf(params));
      return { [INJECTED.userId]: user._id, [INJECTED.authToken]: target.store.issueToken(user) };
    }
    case 'login': {
      const username = text(params, 'username');
      if (params.absent === true) return {};
      if (username !== undefined)
        return { [INJECTED.password]: ensureUser(target, username, undefined).password };
      const email = text(params, 'email');
      const user = email === undefined ? undefined : target.store.userWithEmail(email);
      if (!user) throw invalid(`no user with the e-mail address "${email ?? ''}"`);
      return { [INJECTED.password]: user.password };
    }
    case 'room':
      return room(target, params);
    default:
      throw invalid(
        `unknown provider state "${change.state}": this fake sets up the states of the contracts it writes (params.kind anonymous, caller, login or room)`,
      );
  }
}
