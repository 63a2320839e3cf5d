import createChannel from '../commands/createChannel';
import { ApiError } from '../errors';
import type { Profile } from '../profiles';
import type { Store } from '../store/store';
import type { Integration, ProviderStateChange, RoleDoc, Room, RoomType, User, UserRole } from '../types';
import { parseOrThrow } from '../scenario/checks';
import { channelSchema, integrationSchema, userSchema } from '../scenario/schema';
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
  /** the release line the world answers as (a room made as a request makes it is laid out by it) */
  readonly profile: Profile;
  addUser(user: unknown, source: string): User;
  addChannel(channel: unknown, source: string): Room;
  addIntegration(integration: unknown, source: string): Integration;
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

/**
 * The roles a provider state names (`params.roles`): each a role of the world, seeded or custom,
 * by `_id` or name; a user holds them by `_id`.
 */
function rolesOf(target: StateTarget, params: Record<string, unknown>): UserRole[] | undefined {
  const roles = params.roles;
  if (roles === undefined) return undefined;
  const found = Array.isArray(roles)
    ? roles.map((r) => (typeof r === 'string' ? target.store.roleByIdOrName(r) : undefined))
    : [];
  if (!Array.isArray(roles) || found.some((r) => r === undefined))
    throw invalid(
      `params.roles: a list of the world's roles, by _id or name (${target.store
        .roles()
        .map((r) => r.name)
        .join(', ')})`,
    );
  return found.map((r) => (r as RoleDoc)._id);
}

/**
 * A state that something is not there (`absent`): true already, or refused. The fake removes no
 * entity to make one true; its world starts from its baseline for each interaction, as the
 * contract's own run did, so a world that has the entity is another world than the contract's.
 */
function absent(there: boolean, what: string): Record<string, unknown> {
  if (there)
    throw invalid(
      `the state says there is no ${what}, but this world has one, and a provider state removes nothing: verify against a world without it (the scenario the contract was recorded on)`,
    );
  return {};
}

function room(target: StateTarget, params: Record<string, unknown>): Record<string, unknown> {
  const name = text(params, 'name');
  if (params.absent === true) {
    // "no room named X", or "no room with _id X"
    const id = text(params, '_id');
    if (name === undefined && id !== undefined)
      return absent(target.store.lookup().hasRoomId(id), `room ${id}`);
    return absent(
      name !== undefined && target.store.lookup().hasRoomName(name),
      `room named "${name ?? ''}"`,
    );
  }
  if (name === undefined) return {};
  const t: RoomType = params.t === 'p' ? 'p' : 'c';
  // the params' types are checked on the way in (PARAM_TYPES)
  const ro = params.ro as boolean | undefined;
  const archived = params.archived === true;
  const creator = text(params, 'creator');
  const exists = target.store.lookup().hasRoomName(name);
  const channel = { name, t, ...(ro !== undefined ? { ro } : {}), ...(archived ? { archived } : {}) };
  // checked whole before anything changes: a bad state leaves the world as it was
  if (!exists) parseOrThrow(channelSchema, channel, SOURCE);
  if (creator !== undefined && !target.store.userNamed(creator)) checkNewUser(creator);
  if (creator !== undefined) ensureUser(target, creator, undefined);
  // a public channel a request made (`created`) is made as `channels.create` makes it (its
  // `fname`, `customFields`, its owner's `name`): a read of it answers the same fields
  const id = exists
    ? target.store.findRoomId(name)
    : params.created === true && creator !== undefined && t === 'c'
      ? createdChannel(target, name, creator)
      : target.addChannel(
          { ...channel, ...(creator !== undefined ? { u: { username: creator } } : {}) },
          SOURCE,
        )._id;
  if (id === undefined) throw invalid(`cannot set up room "${name}"`);
  const members = params.members as string[] | undefined;
  for (const member of members ?? []) ensureUser(target, member, undefined);
  target.store.putRoom(id, {
    t,
    ...(ro !== undefined ? { ro } : {}),
    archived,
    ...(members ? { usernames: members } : {}),
  });
  return { [INJECTED.roomId]: id };
}

/** A public channel made by its creator as a request makes it (the command behind `channels.create`). */
function createdChannel(target: StateTarget, name: string, creator: string): string {
  const user = ensureUser(target, creator, undefined);
  const args = { name, members: [], readOnly: false, customFields: {}, extraData: {}, excludeSelf: false };
  try {
    return createChannel.run({ store: target.store, profile: target.profile, user }, args)._id;
  } catch (error) {
    if (error instanceof ApiError)
      throw invalid(`cannot set up room "${name}" as ${creator} made it: ${error.message}`);
    throw error;
  }
}

/** The users of a list parameter, each added when the world lacks them. */
function usersOf(target: StateTarget, params: Record<string, unknown>, key: string): User[] {
  const names = params[key];
  if (!Array.isArray(names) || names.length === 0 || !names.every((n) => typeof n === 'string' && n !== ''))
    throw invalid(`params.${key}: a list of usernames`);
  return (names as string[]).map((name) => ensureUser(target, name, undefined));
}

/** A direct room of these users, made when missing; its (new) `_id` injected. */
function direct(target: StateTarget, params: Record<string, unknown>): Record<string, unknown> {
  return { [INJECTED.roomId]: target.store.putDirect(usersOf(target, params, 'usernames'))._id };
}

/** A message with this `_id`, in its room (a channel by name, or a direct room of its members). */
function message(target: StateTarget, params: Record<string, unknown>): Record<string, unknown> {
  const id = text(params, '_id');
  if (id === undefined) throw invalid('params._id is required');
  if (params.absent === true) return absent(target.store.messageRoom(id) !== undefined, `message ${id}`);
  const author = ensureUser(target, text(params, 'author') ?? '', undefined);
  const msg = typeof params.msg === 'string' ? params.msg : '';
  const name = text(params, 'room');
  const rid =
    params.direct !== undefined
      ? target.store.putDirect(usersOf(target, params, 'direct'))._id
      : name !== undefined
        ? target.store.findRoomId(name)
        : undefined;
  if (rid === undefined)
    throw invalid(`no room "${name ?? ''}" for message ${id}: name it in a room state first`);
  target.store.putMessage(author, rid, id, msg, params.posted === true);
  return {};
}

/** An incoming webhook with this `_id`, made when missing (its token injected). */
function hook(target: StateTarget, params: Record<string, unknown>): Record<string, unknown> {
  const id = text(params, '_id');
  if (id === undefined) throw invalid('params._id is required');
  if (params.absent === true) return absent(target.store.integration(id) !== undefined, `integration ${id}`);
  let found = target.store.integration(id);
  if (!found) {
    const username = text(params, 'username');
    const incoming = {
      _id: id,
      type: 'webhook-incoming',
      name: text(params, 'name') ?? id,
      channel: params.channel,
      ...(username !== undefined ? { username } : {}),
      enabled: params.enabled !== false,
      overrideDestinationChannelEnabled: params.overrideDestinationChannelEnabled === true,
    };
    // checked whole before anything changes: a bad state leaves the world as it was
    parseOrThrow(integrationSchema, incoming, SOURCE);
    const lookup = target.store.lookup();
    const targets = incoming.channel as string[];
    // the rooms and users it posts to are part of its state: a world without them gets them (each once)
    const missing = (prefix: '#' | '@', exists: (name: string) => boolean): string[] => [
      ...new Set(
        targets.filter((to) => to.startsWith(prefix) && !exists(to.slice(1))).map((to) => to.slice(1)),
      ),
    ];
    const rooms = missing('#', (name) => lookup.hasRoomName(name) || lookup.hasRoomId(name));
    const users = missing(
      '@',
      (name) => target.store.userNamed(name) !== undefined || lookup.hasUserId(name),
    );
    for (const name of rooms) parseOrThrow(channelSchema, { name }, SOURCE);
    for (const name of [...users, ...(username !== undefined ? [username] : [])]) checkNewUser(name);
    if (username !== undefined) ensureUser(target, username, ['bot']);
    for (const name of rooms) target.addChannel({ name }, SOURCE);
    for (const name of users) ensureUser(target, name, undefined);
    found = target.addIntegration(incoming, SOURCE);
  }
  if (found.type !== 'webhook-incoming') throw invalid(`integration ${id} is not an incoming webhook`);
  return { [INJECTED.hookToken]: found.token };
}

/** A param's type: a string, a boolean, a list of strings, or one of some strings. */
type ParamType = 'string' | 'boolean' | 'strings' | readonly string[];
/** What each kind's params may hold: a key of another type is refused, not read as absent. */
/** A user a state makes, checked as a scenario's would be before anything changes (its password its name). */
function checkNewUser(username: string): void {
  parseOrThrow(userSchema, { username, password: username }, SOURCE);
}

const PARAM_TYPES: Readonly<Record<string, Readonly<Record<string, ParamType>>>> = {
  caller: { username: 'string', roles: 'strings' },
  login: { username: 'string', email: 'string', absent: 'boolean' },
  room: {
    created: 'boolean',
    name: 'string',
    _id: 'string',
    t: ['c', 'p'],
    ro: 'boolean',
    archived: 'boolean',
    creator: 'string',
    members: 'strings',
    absent: 'boolean',
  },
  user: { username: 'string' },
  direct: { usernames: 'strings' },
  message: {
    _id: 'string',
    author: 'string',
    msg: 'string',
    room: 'string',
    direct: 'strings',
    posted: 'boolean',
    absent: 'boolean',
  },
  'incoming-webhook': {
    _id: 'string',
    name: 'string',
    channel: 'strings',
    username: 'string',
    enabled: 'boolean',
    overrideDestinationChannelEnabled: 'boolean',
    absent: 'boolean',
  },
};

/** Whether a param's value is of its type. */
function fits(value: unknown, type: ParamType): boolean {
  if (type === 'string') return typeof value === 'string';
  if (type === 'boolean') return typeof value === 'boolean';
  if (type === 'strings') return Array.isArray(value) && value.every((v) => typeof v === 'string');
  return typeof value === 'string' && type.includes(value);
}

/** A param type in words, for the refusal. */
function typeName(type: ParamType): string {
  if (type === 'strings') return 'a list of strings';
  if (typeof type === 'string') return `a ${type}`;
  return `one of ${type.map((v) => JSON.stringify(v)).join(', ')}`;
}

/** Refuses a param of the wrong type before anything changes (a bad state leaves the world as it was). */
function checkParams(params: Record<string, unknown>): void {
  const kind = typeof params.kind === 'string' ? params.kind : '';
  const types = PARAM_TYPES[kind];
  if (!types) return;
  for (const [key, type] of Object.entries(types)) {
    const value = params[key];
    if (value !== undefined && !fits(value, type))
      throw invalid(`params.${key} must be ${typeName(type)}, not ${JSON.stringify(value)}`);
  }
}

/** Sets the world up for one state (a setup); the values the verifier injects. */
export function applyProviderState(
  change: ProviderStateChange,
  target: StateTarget,
): Record<string, unknown> {
  const params = change.params ?? {};
  checkParams(params);
  switch (params.kind) {
    case 'anonymous':
      return {};
    case 'caller': {
      const username = text(params, 'username');
      if (username === undefined) throw invalid('params.username is required');
      const user = ensureUser(target, username, rolesOf(target, params));
      return { [INJECTED.userId]: user._id, [INJECTED.authToken]: target.store.issueToken(user) };
    }
    case 'login': {
      const username = text(params, 'username');
      if (params.absent === true) {
        const email = text(params, 'email');
        const there =
          (username !== undefined && target.store.userNamed(username) !== undefined) ||
          (email !== undefined && target.store.userWithEmail(email) !== undefined);
        return absent(there, `user ${username ?? email ?? ''}`);
      }
      if (username !== undefined)
        return { [INJECTED.password]: ensureUser(target, username, undefined).password };
      const email = text(params, 'email');
      const user = email === undefined ? undefined : target.store.userWithEmail(email);
      if (!user) throw invalid(`no user with the e-mail address "${email ?? ''}"`);
      return { [INJECTED.password]: user.password };
    }
    case 'room':
      return room(target, params);
    case 'user':
      ensureUser(target, text(params, 'username') ?? '', undefined);
      return {};
    case 'direct':
      return direct(target, params);
    case 'message':
      return message(target, params);
    case 'incoming-webhook':
      return hook(target, params);
    default:
      throw invalid(
        `unknown provider state "${change.state}": this fake sets up the states of the contracts it writes (params.kind anonymous, caller, login, room, user, direct, message or incoming-webhook)`,
      );
  }
}
