import { createHash } from 'node:crypto';

import { ApiError } from '../errors';
import type { AnyRoom, CustomEmoji, Room, SlashCommand, User } from '../types';
import { can } from './access';
import type { JsonObject } from './query';
import { anyRoom, commit } from './state';
import type { StoreState } from './state';
import { meteorIdOf } from './subscription-states';
import type { PushToken } from './push-token';
import { memberRoomIds } from './subscriptions';

export type { PushToken } from './push-token';

/**
 * What a client reads when it starts: `spotlight` (users and rooms matching a text), `directory`
 * (the browsable channels, users and teams), the world's custom emoji and slash commands (a
 * scenario's `emojis` and `commands`, never changed through the API), and the push tokens a
 * client registers (`push.token`, per user, bounded).
 *
 * Layer: store. Plain values; nothing of HTTP.
 */

/** `new RegExp(escapeRegExp(text), 'i')`. */
function pattern(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
}

/** Some fields of a document, in the document's order. */
function pick(doc: Readonly<Record<string, unknown>>, fields: ReadonlySet<string>): JsonObject {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc))
    if (fields.has(key) && value !== undefined) out[key] = structuredClone(value);
  return out as JsonObject;
}

const compare = (a: unknown, b: unknown): number => {
  const x = typeof a === 'number' ? a : String(a ?? '');
  const y = typeof b === 'number' ? b : String(b ?? '');
  return x < y ? -1 : x > y ? 1 : 0;
};

function userByName(state: StoreState, username: string): User | undefined {
  const id = state.userKeys.get(`u:${username.toLowerCase()}`);
  return id === undefined ? undefined : state.users.get(id);
}

// --- spotlight ---------------------------------------------------------------------------------

/** How many users and rooms spotlight answers at most (`Number_of_users_autocomplete_suggestions`). */
export const SPOTLIGHT_LIMIT = 5;

/** What `spotlight` searches: the text (a leading `@` or `#` already read into `users`/`rooms`). */
export interface SpotlightQuery {
  readonly text: string;
  readonly users: boolean;
  readonly rooms: boolean;
  /** usernames left out of the users */
  readonly exclude: readonly string[];
}

/** A user as spotlight shows one: `{_id, username, status, name[, statusText, nickname, avatarETag]}`. */
function spotlightUser(user: User): JsonObject {
  const out: Record<string, unknown> = {
    _id: user._id,
    username: user.username,
    status: typeof user.status === 'string' ? user.status : 'offline',
    name: user.name,
  };
  for (const key of ['statusText', 'nickname', 'avatarETag'])
    if (user[key] !== undefined) out[key] = user[key];
  return out as JsonObject;
}

const SPOTLIGHT_ROOM_FIELDS = new Set([
  '_id',
  't',
  'name',
  'fname',
  'teamMain',
  'joinCodeRequired',
  'lastMessage',
  'federated',
  'prid',
]);

/**
 * `spotlight`: at most five users (with `view-outside-room` and `view-d-room`: the exact username
 * first, then active users whose username or name matches; without: those the caller has a direct
 * room with), by username; at most five public channels the caller is not in whose name or fname
 * matches (with `view-outside-room` and `view-c-room`), by name.
 */
export function spotlight(
  state: StoreState,
  caller: User,
  query: SpotlightQuery,
): { users: JsonObject[]; rooms: JsonObject[] } {
  const regex = pattern(query.text);
  const left = new Set(query.exclude);
  const users: User[] = [];
  if (query.users) {
    const fits = (u: User): boolean =>
      u.active && !left.has(u.username) && (regex.test(u.username) || regex.test(u.name ?? ''));
    if (can(state, caller, 'view-outside-room') && can(state, caller, 'view-d-room')) {
      const exact = query.text === '' ? undefined : userByName(state, query.text);
      if (exact && exact.active && !left.has(exact.username)) users.push(exact);
      const rest = Array.from(state.users.values())
        .filter((u) => u !== exact && fits(u))
        .sort((a, b) => compare(a.username, b.username));
      users.push(...rest.slice(0, SPOTLIGHT_LIMIT - users.length));
    } else {
      const found = new Map<string, User>();
      for (const rid of memberRoomIds(state, caller.username)) {
        const room = anyRoom(state, rid);
        if (room?.t !== 'd') continue;
        for (const name of room.usernames) {
          const u = name === caller.username ? undefined : userByName(state, name);
          if (u && fits(u)) found.set(u._id, u);
        }
      }
      users.push(
        ...[...found.values()].sort((a, b) => compare(a.username, b.username)).slice(0, SPOTLIGHT_LIMIT),
      );
    }
  }
  let rooms: JsonObject[] = [];
  if (query.rooms && can(state, caller, 'view-outside-room') && can(state, caller, 'view-c-room')) {
    const mine = new Set(memberRoomIds(state, caller.username));
    rooms = Array.from(state.rooms.values())
      .filter((r) => r.t === 'c' && !mine.has(r._id) && (regex.test(r.name) || regex.test(r.fname ?? '')))
      .sort((a, b) => compare(a.name, b.name))
      .slice(0, SPOTLIGHT_LIMIT)
      .map((r) => pick(r, SPOTLIGHT_ROOM_FIELDS));
  }
  return { users: users.map(spotlightUser), rooms };
}

// --- directory ---------------------------------------------------------------------------------

/** What `directory` asks (`browseChannels`), its parameters read. */
export interface DirectoryQuery {
  readonly type: string;
  readonly text: string;
  readonly workspace: string;
  readonly sortBy: string;
  readonly ascending: boolean;
  readonly offset: number;
  readonly count: number;
}

const ROOM_SORTS = new Set(['name', 'createdAt', 'usersCount', 'usernames', 'lastMessage']);
const USER_SORTS = new Set(['name', 'createdAt', 'usersCount', 'username', 'email', 'bio']);

const CHANNEL_FIELDS = new Set([
  '_id',
  'fname',
  'description',
  'topic',
  'name',
  't',
  'usersCount',
  'ts',
  'default',
  'featured',
  'archived',
  'lastMessage',
  'prid',
  'teamId',
  'federated',
]);
const TEAM_FIELDS = new Set([...CHANNEL_FIELDS, 'teamMain']);
const USER_FIELDS = new Set([
  '_id',
  'createdAt',
  'username',
  'name',
  'nickname',
  'bio',
  'avatarETag',
  'federation',
]);

/** A room's value for a sort key (`createdAt` is `ts`, `lastMessage` its `ts`). */
function roomKey(room: AnyRoom, sortBy: string): unknown {
  if (sortBy === 'createdAt') return room.ts;
  if (sortBy === 'lastMessage') return (room.lastMessage as { ts?: unknown } | undefined)?.ts;
  if (sortBy === 'usernames') return room.usernames[0];
  return room[sortBy];
}

function ordered<T>(
  items: T[],
  key: (item: T) => unknown,
  ascending: boolean,
  first?: (item: T) => number,
): T[] {
  return items.sort((a, b) => {
    const lead = first ? first(b) - first(a) : 0;
    if (lead !== 0) return lead;
    const c = compare(key(a), key(b));
    return ascending ? c : -c;
  });
}

/**
 * `browseChannels`: one page of the channels, users or teams the caller may browse, and their
 * number; undefined where the real method answers nothing (an unknown type or sort, a permission
 * missing).
 */
export function directory(
  state: StoreState,
  caller: User,
  q: DirectoryQuery,
): { result: JsonObject[]; total: number } | undefined {
  const regex = pattern(q.text.trim());
  const page = <T>(all: T[], view: (item: T) => JsonObject): { result: JsonObject[]; total: number } => ({
    result: all.slice(q.offset, q.offset + (q.count > 0 ? q.count : 10)).map(view),
    total: all.length,
  });
  if (q.type === 'users') {
    if (!USER_SORTS.has(q.sortBy)) return undefined;
    if (!can(state, caller, 'view-outside-room') || !can(state, caller, 'view-d-room')) return undefined;
    if (q.workspace === 'external') return { result: [], total: 0 };
    const full = can(state, caller, 'view-full-other-user-info');
    const start = state.baseline.world.clock;
    const users = Array.from(state.users.values()).filter(
      (u) => u.active && [u.username, u.name, u.bio].some((f) => typeof f === 'string' && regex.test(f)),
    );
    const key = (u: User): unknown =>
      q.sortBy === 'email'
        ? u.emails[0]?.address
        : q.sortBy === 'createdAt'
          ? (u.createdAt ?? start)
          : u[q.sortBy];
    return page(ordered(users, key, q.ascending), (u) => {
      const out: Record<string, unknown> = {
        _id: u._id,
        createdAt: u.createdAt ?? start,
        username: u.username,
      };
      if (full) out.emails = structuredClone(u.emails);
      return { ...out, ...pick(u, new Set([...USER_FIELDS].filter((f) => !(f in out)))) } as JsonObject;
    });
  }
  if (q.type !== 'channels' && q.type !== 'teams') return undefined;
  if (!ROOM_SORTS.has(q.sortBy)) return undefined;
  const mine = new Set(memberRoomIds(state, caller.username));
  const featured = (r: Room): number => (r.featured === true ? 1 : 0);
  if (q.type === 'teams') {
    const all = can(state, caller, 'view-all-p-room');
    const rooms = Array.from(state.rooms.values()).filter(
      (r) =>
        r.teamMain === true && (all || mine.has(r._id)) && (regex.test(r.name) || regex.test(r.fname ?? '')),
    );
    return page(
      ordered(rooms, (r) => roomKey(r, q.sortBy), q.ascending, featured),
      (r) => ({
        ...pick(r, TEAM_FIELDS),
        roomsCount: typeof r.teamId === 'string' ? teamRooms(state, r.teamId) : 0,
      }),
    );
  }
  if (!can(state, caller, 'view-c-room')) return undefined;
  const allPrivate = can(state, caller, 'view-all-p-room');
  const teams = new Map(Array.from(state.teams.values(), (t) => [t._id, t] as const));
  const visibleTeam = (teamId: string): boolean => {
    const team = teams.get(teamId);
    return team !== undefined && (team.type === 0 || team.members.includes(caller.username));
  };
  const rooms = Array.from(state.rooms.values()).filter(
    (r) =>
      r.prid === undefined &&
      (r.t === 'c' || mine.has(r._id) || allPrivate) &&
      (typeof r.teamId !== 'string' || mine.has(r._id) || visibleTeam(r.teamId)) &&
      (regex.test(r.name) || regex.test(r.fname ?? '')),
  );
  return page(
    ordered(rooms, (r) => roomKey(r, q.sortBy), q.ascending, featured),
    (r) => {
      const team = typeof r.teamId === 'string' && r.teamMain !== true ? teams.get(r.teamId) : undefined;
      return { ...pick(r, CHANNEL_FIELDS), ...(team ? { belongsTo: team.name } : {}) };
    },
  );
}

function teamRooms(state: StoreState, teamId: string): number {
  let n = 0;
  for (const room of state.rooms.values()) if (room.teamId === teamId && room.teamMain !== true) n += 1;
  return n;
}

// --- custom emoji and slash commands -------------------------------------------------------------

/** The world's custom emoji (a scenario's `emojis`), in the scenario's order. */
export function customEmojis(state: StoreState): readonly CustomEmoji[] {
  return state.baseline.world.emojis ?? [];
}

/** The world's own slash commands (a scenario's `commands`), in the scenario's order. */
export function slashCommands(state: StoreState): readonly SlashCommand[] {
  return state.baseline.world.commands ?? [];
}

// --- push tokens ---------------------------------------------------------------------------------

/** The most push tokens one user keeps (the fake's own bound: a world grown through the API stays bounded). */
export const PUSH_TOKENS_PER_USER = 50;

/** What `push.token` registers. */
export interface PushTokenInput {
  readonly id: string | undefined;
  readonly type: string;
  readonly value: string;
  readonly appName: string;
  readonly authToken: string;
  readonly voipToken?: string;
}

/** `Accounts._hashLoginToken`: sha256, base64. */
function hashLoginToken(token: string): string {
  return createHash('sha256').update(token).digest('base64');
}

/** A user's push tokens, oldest first. */
export function pushTokensOf(state: StoreState, userId: string): readonly PushToken[] {
  return state.pushTokens.get(userId) ?? [];
}

const sameToken = (doc: PushToken, type: string, value: string, appName: string): boolean =>
  doc.token[type] === value && doc.appName === appName;

/**
 * `raix:push-update`: the document of `id` (else the one of this token and app) updated, or a new
 * one; the other documents of this token and app removed. Answers the document before the update
 * (a new one as made) and after it. Past {@link PUSH_TOKENS_PER_USER} a new one is refused.
 */
export function registerPushToken(
  state: StoreState,
  userId: string,
  input: PushTokenInput,
): { before: PushToken; after: PushToken } {
  const now = state.clock.now();
  const mine = [...pushTokensOf(state, userId)];
  const found =
    (input.id === undefined ? undefined : mine.find((d) => d._id === input.id)) ??
    mine.find((d) => sameToken(d, input.type, input.value, input.appName));
  if (!found && mine.length >= PUSH_TOKENS_PER_USER)
    throw new ApiError('push-tokens-limit', { reason: String(PUSH_TOKENS_PER_USER) });
  state.pushTokensMade += 1;
  const after: PushToken = {
    _id: found?._id ?? input.id ?? meteorIdOf(`push:${state.seed}:${state.pushTokensMade}`),
    token: { [input.type]: input.value },
    authToken: hashLoginToken(input.authToken),
    appName: input.appName,
    userId,
    enabled: found?.enabled ?? true,
    createdAt: found?.createdAt ?? now,
    updatedAt: now,
    metadata: found?.metadata ?? {},
    ...(input.voipToken === undefined ? {} : { voipToken: input.voipToken }),
  };
  const kept = mine.filter((d) => d !== found && !sameToken(d, input.type, input.value, input.appName));
  const index = found ? mine.indexOf(found) : -1;
  if (index >= 0) kept.splice(Math.min(index, kept.length), 0, after);
  else kept.push(after);
  state.pushTokens.set(userId, kept);
  commit(state, []);
  return { before: found ?? after, after };
}

/** `DELETE push.token`: the user's documents of that token (apn or gcm) removed; how many. */
export function removePushToken(state: StoreState, userId: string, token: string): number {
  const mine = pushTokensOf(state, userId);
  const kept = mine.filter((d) => d.token.apn !== token && d.token.gcm !== token);
  if (kept.length === mine.length) return 0;
  if (kept.length > 0) state.pushTokens.set(userId, kept);
  else state.pushTokens.delete(userId);
  commit(state, []);
  return mine.length - kept.length;
}

// --- the built-in slash commands -----------------------------------------------------------------

/** A built-in command as `commands.list` shows it (the registry's entry less its functions). */
export interface BuiltInCommand {
  readonly command: string;
  readonly params?: string;
  readonly description: string;
  readonly permission?: string | readonly string[];
}

/**
 * The community server's built-in slash commands, in the order they register (descriptions are
 * i18n keys, as the real registry holds them). The list and its words are UNVERIFIED against a
 * running server (docs/routes-startup.md).
 */
export const BUILT_IN_COMMANDS: readonly BuiltInCommand[] = [
  { command: 'archive', params: '#channel', description: 'Archive', permission: 'archive-room' },
  {
    command: 'create',
    params: '#channel',
    description: 'Create_A_New_Channel',
    permission: ['create-c', 'create-p'],
  },
  { command: 'gimme', params: 'your_message_optional', description: 'Slash_Gimme_Description' },
  { command: 'help', description: 'Show_the_keyboard_shortcut_list' },
  { command: 'hide', params: '#room', description: 'Hide_room' },
  {
    command: 'invite',
    params: '@username',
    description: 'Invite_user_to_join_channel',
    permission: 'add-user-to-joined-room',
  },
  {
    command: 'invite-all-from',
    params: '#room',
    description: 'Invite_user_to_join_channel_all_from',
    permission: 'add-user-to-joined-room',
  },
  {
    command: 'invite-all-to',
    params: '#room',
    description: 'Invite_user_to_join_channel_all_to',
    permission: ['add-user-to-joined-room', 'add-user-to-any-c-room', 'add-user-to-any-p-room'],
  },
  { command: 'join', params: '#channel', description: 'Join_the_given_channel', permission: 'view-c-room' },
  {
    command: 'kick',
    params: '@username',
    description: 'Remove_someone_from_room',
    permission: 'remove-user',
  },
  {
    command: 'leave',
    description: 'Leave_the_current_channel',
    permission: ['leave-c', 'leave-p'],
  },
  {
    command: 'part',
    description: 'Leave_the_current_channel',
    permission: ['leave-c', 'leave-p'],
  },
  { command: 'lennyface', params: 'your_message_optional', description: 'Slash_LennyFace_Description' },
  { command: 'me', params: 'your_message', description: 'Displays_action_text' },
  {
    command: 'msg',
    params: '@username <message>',
    description: 'Direct_message_someone',
    permission: 'create-d',
  },
  { command: 'mute', params: '@username', description: 'Mute_someone_in_room', permission: 'mute-user' },
  { command: 'unmute', params: '@username', description: 'Unmute_someone_in_room', permission: 'mute-user' },
  { command: 'shrug', params: 'your_message_optional', description: 'Slash_Shrug_Description' },
  { command: 'status', params: 'Slash_Status_Params', description: 'Slash_Status_Description' },
  { command: 'tableflip', params: 'your_message_optional', description: 'Slash_Tableflip_Description' },
  {
    command: 'topic',
    params: 'Slash_Topic_Params',
    description: 'Slash_Topic_Description',
    permission: 'edit-room',
  },
  { command: 'unarchive', params: '#channel', description: 'Unarchive', permission: 'unarchive-room' },
  { command: 'unflip', params: 'your_message_optional', description: 'Slash_TableUnflip_Description' },
];
