import type { DirectRoom, Integration, RoleDoc, Room, Team, User, World } from '../types';
import { indexMessages } from './messages';
import type { MessageBaseline } from './messages';
import { BaselineLists } from './lists';
import { baselineRoles } from './role-seed';
import { SubscriptionStates, initialState, stateOfRecord } from './subscription-states';
import type { SubscriptionState } from './subscription-states';

/**
 * A world prepared once to be started from many times: deep-frozen, with its indexes built. A
 * store (the root's, each session's, each reset's) copies the index maps and shares the entity
 * objects, which are never mutated: a change replaces an entity. So starting a store costs a few
 * map copies, not a deep copy of the world, and "what changed" is a comparison of identities.
 */
export interface Baseline {
  readonly world: World;
  readonly users: ReadonlyMap<string, User>;
  /** `u:<lowercase username>` and `e:<lowercase e-mail>` → user id */
  readonly userKeys: ReadonlyMap<string, string>;
  readonly rooms: ReadonlyMap<string, Room>;
  readonly roomNames: ReadonlyMap<string, string>;
  /** direct-message rooms by `_id` */
  readonly directs: ReadonlyMap<string, DirectRoom>;
  readonly integrations: ReadonlyMap<string, Integration>;
  /** the roles by `_id`: the seeded ones, then the scenario's custom ones */
  readonly roles: ReadonlyMap<string, RoleDoc>;
  /** auth token → user id */
  readonly tokens: ReadonlyMap<string, string>;
  /** teams by `_id` (none unless the scenario has teams) */
  readonly teams: ReadonlyMap<string, Team>;
  /** whether some room belongs to a team (`teamId`): `channels.list` then filters per caller */
  readonly hasTeamRooms: boolean;
  /** sorted lists of rooms and of integrations, built on first use, shared by every store on this baseline */
  readonly roomLists: BaselineLists<Room>;
  readonly integrationLists: BaselineLists<Integration>;
  /** the messages by id and, per room, in history's order */
  readonly messages: MessageBaseline;
  /** the subscription states the scenario gives (`subscriptions`), by `<room _id>|<user _id>`; the rest are derived */
  readonly subscriptions: ReadonlyMap<string, SubscriptionState>;
}

/**
 * Freezes the world, its lists and each entity's own fields: a store (the root's after each reset,
 * every session's) shares these objects, so a write to one would show in all of them. Nested
 * values (a room's members, a creator ref) are left as they are: no code path writes one (a change
 * replaces the entity), and walking every nested value of a 100,000-room world costs 50 ms more
 * of start-up, a tenth of reading the world back from the cache.
 */
function freezeWorld(world: World): World {
  const lists = [
    world.users,
    world.channels,
    world.directs ?? [],
    world.integrations,
    world.messages ?? [],
    world.tokens,
    world.subscriptions ?? [],
    world.roles ?? [],
  ];
  for (const list of [...lists, world.teams ?? []]) {
    for (const entity of list) Object.freeze(entity);
    Object.freeze(list);
  }
  for (const roles of Object.values(world.permissions)) Object.freeze(roles);
  Object.freeze(world.permissions);
  if (world.rateLimit) Object.freeze(world.rateLimit);
  if (world.settings) Object.freeze(world.settings);
  return Object.freeze(world);
}

/** Indexes of users by lowercase username and e-mail. */
export function userKeysOf(user: User): string[] {
  return [`u:${user.username.toLowerCase()}`, ...user.emails.map((e) => `e:${e.address.toLowerCase()}`)];
}

/**
 * Freezes the world in place and indexes it. The world must be the caller's own fresh copy (as
 * `resolveScenario` returns), shared with nobody else.
 */
export function buildBaseline(source: World): Baseline {
  const world = freezeWorld(source);
  const users = new Map<string, User>();
  const userKeys = new Map<string, string>();
  for (const user of world.users) {
    users.set(user._id, user);
    for (const key of userKeysOf(user)) userKeys.set(key, user._id);
  }
  const rooms = new Map<string, Room>();
  const roomNames = new Map<string, string>();
  let hasTeamRooms = false;
  for (const room of world.channels) {
    rooms.set(room._id, room);
    roomNames.set(room.name, room._id);
    if (room.teamId !== undefined) hasTeamRooms = true;
  }
  const integrations = new Map(world.integrations.map((i) => [i._id, i] as const));
  const tokens = new Map<string, string>();
  for (const token of world.tokens) {
    const userId = userKeys.get(`u:${token.username.toLowerCase()}`);
    if (userId) tokens.set(token.authToken, userId);
  }
  // personal access tokens authenticate as a login's tokens do, and like the scenario's survive a reset
  for (const user of world.users) {
    for (const pat of user.personalAccessTokens ?? []) tokens.set(pat.token, user._id);
  }
  const directs = new Map((world.directs ?? []).map((room) => [room._id, room] as const));
  const subscriptions = new Map<string, SubscriptionState>();
  for (const record of world.subscriptions ?? []) {
    const room = rooms.get(record.rid) ?? directs.get(record.rid);
    const userId = userKeys.get(`u:${record.username.toLowerCase()}`);
    if (!room || userId === undefined) continue;
    subscriptions.set(
      SubscriptionStates.key(room._id, userId),
      Object.freeze(stateOfRecord(initialState(room, userId), record)),
    );
  }
  return {
    world,
    users,
    userKeys,
    rooms,
    roomNames,
    directs,
    integrations,
    roles: baselineRoles(world.roles ?? []),
    tokens,
    teams: new Map((world.teams ?? []).map((team) => [team._id, team] as const)),
    hasTeamRooms,
    roomLists: new BaselineLists(rooms),
    integrationLists: new BaselineLists(integrations),
    messages: indexMessages(world.messages ?? []),
    subscriptions,
  };
}
