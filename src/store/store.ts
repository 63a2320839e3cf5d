import { createHash, randomBytes } from 'node:crypto';

import { ApiError } from '../errors';
import type { Profile } from '../profiles';
import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { profileOf } from '../profiles';
import type {
  AnyRoom,
  Changes,
  Author,
  DirectRoom,
  Integration,
  KindChanges,
  Message,
  PermissionTable,
  Room,
  RoomType,
  ServerSettings,
  Subscription,
  SubscriptionRecord,
  Team,
  TokenRecord,
  User,
  UserRef,
  UserRole,
  World,
} from '../types';
import type { Baseline } from './baseline';
import { userKeysOf } from './baseline';
import { FakeClock } from './clock';
import type { ClockMode } from './clock';
import { LayeredMap } from './layered';
import { DEFAULT_SETTINGS, LoginGuard } from './login-guard';
import type { Block, BlockAlgorithm } from './login-guard';
import { hasPermission } from './permissions';
import { repliesAfter } from './threads';
import type { Json, JsonObject, Projection, Query, SortSpec } from './query';
import { isPlainObject, jsonEqual, matches, project, sortBy } from './query';
import { KindLists } from './lists';
import type { ListSpec } from './lists';
import { Teams, teamTypeOf } from './teams';
import { listView, meView, roomView } from './views';
import { Messages } from './messages';
import { userInfoView, userListView } from './user-views';
import type { HistoryWindow } from './messages';
import {
  mentionedNames,
  mentionedRooms,
  objectId,
  objectIdMiddle,
  plainMarkdown,
  urlsOf,
} from './message-text';
import type { MeForm, MeView } from './views';
import { OutgoingIndex, overMaxText, webhookPost } from './webhooks';
import type { Trigger } from './webhooks';
import {
  SubscriptionStates,
  directState,
  initialState,
  joinedState,
  readState,
  recordOfState,
  subscriptionView,
} from './subscriptions';

/** The most members a direct room may have, the caller included (`DirectMesssage_maxUsers`). */
const DIRECT_MAX_USERS = 8;

/** Rooms are found by `roomName` too from 5.x; the 0.49 era knew `roomId` only. */
const ROOMS_BY_NAME = { '0.49': false, '5': true };
/** `channels.list` checks view-c-room / view-joined-room from 5.x; the 0.49 era checked nothing. */
const LIST_PERMISSION = { '0.49': false, '5': true };
/** Who reads integrations: 0.49's manage-integrations, 5.x's any of the four, 6.x on by kind. */
const INTEGRATION_RULE: EraTable<'manage-integrations' | 'any-of-four' | 'by-kind'> = {
  '0.49': 'manage-integrations',
  '5': 'any-of-four',
  '6': 'by-kind',
};
/** How `me` is built (src/store/views.ts, MeForm): 0.49's pick, 5.x's getUserInfo, isOAuthUser from 6.10, calendar in 8. */
const ME_FORM: EraTable<MeForm> = { '0.49': 'picked', '5': 'info', '6.10': 'oauth', '8': 'calendar' };
/** A message's `urls` carry an empty `meta` (filled when a preview is fetched) from 6.x on. */
const URL_META: EraTable<boolean> = { '0.49': false, '6': true };
/** Brute-force protection of logins: none in 0.49, counted since the last login to 6.3, a sliding window from 6.4. */
const LOGIN_BLOCKING: EraTable<BlockAlgorithm> = { '0.49': 'none', '5': 'since-login', '6.4': 'window' };
/** The error of a blocked login, by what blocked it. */
const BLOCK_ERROR = { ip: 'login-blocked-for-ip', user: 'login-blocked-for-user' } as const satisfies Record<
  Block,
  string
>;
/** setReadOnly posts a system message (`msgs` + 1): from 6.x. */
const READ_ONLY_MESSAGE = { '0.49': false, '6': true };
/** Read-only mutes the members who may not post in it (not admins, not its owner): the 0.49 era. */
const READ_ONLY_MUTES = { '0.49': true, '5': false };
/**
 * Teams (5.x on): `channels.list` shows a team's rooms only to their members, and a main room's
 * change of type (`saveRoomSettings`) changes its team's type.
 */
const TEAMS = { '0.49': false, '5': true };

/** What happened to a message, for those who follow the world live (the realtime API). */
export interface MessageEvent {
  readonly kind: 'inserted' | 'updated' | 'removed';
  readonly message: Message;
  /** the room as the change left it */
  readonly room: AnyRoom;
}

/** Options that change the rules, not the data. */
export interface StoreOptions {
  /** told of every message stored, changed or removed, after the change (the realtime streams) */
  observer?: (event: MessageEvent) => void;
  /** told when a user read a room (its subscription changed alone: `subscriptions.read`, `readMessages`) */
  onRead?: (user: User, rid: string) => void;
  /** the API document's "from any state" transitions: same values succeed, `channels.*` finds `p` rooms */
  lenient?: boolean;
  /** how the clock moves (src/store/clock.ts): `fixed` (default), `running` or `now` */
  clock?: ClockMode;
  /** the server version whose rules apply (the era tables here and in src/operations); default profile 8.9 */
  profile?: Profile;
}

/** How a list is cut and shaped; every part already parsed and checked. */
export interface ListOptions {
  offset: number;
  /** 0 means all */
  count: number;
  /** identifies `sort` and `query` as given, so the ordered matches can be reused until a change */
  cacheKey?: string;
  query?: Query;
  sort?: SortSpec;
  fields?: Projection;
}

export interface ListResult {
  items: JsonObject[];
  count: number;
  offset: number;
  total: number;
}

/** A room named by id or by name, as the `channels.*` routes take it. */
export interface RoomRef {
  roomId?: string;
  roomName?: string;
}

/** Which of a room's messages a `*.messages` route lists, and how. */
export interface MessageFilter {
  options: ListOptions;
  /** messages mentioning one of these user ids */
  mentionIds?: string[];
  /** messages starred by one of these user ids */
  starredIds?: string[];
  pinned?: boolean;
}

/** A post (`chat.postMessage`), its parameters checked: where to, and what. */
export interface PostInput {
  /** `#name`, `@username`, a room's id or name, or a user's id, each as sent */
  readonly targets: readonly string[];
  readonly text: string;
  readonly alias?: string;
  readonly emoji?: string;
  readonly avatar?: string;
  readonly attachments?: readonly unknown[];
  readonly parseUrls?: boolean;
  readonly tmid?: string;
  /** the URLs the client wants previewed (`chat.sendMessage`): the others are `ignoreParse` */
  readonly previewUrls?: readonly string[];
  /** a webhook's post: the integration that posts it (`bot: {i}`) */
  readonly bot?: { readonly i: string };
}

/** A message sent as a client sends one (`chat.sendMessage`): the room by id, the client's own fields. */
export interface SendInput {
  readonly rid: string;
  readonly _id?: string;
  readonly text: string;
  readonly alias?: string;
  readonly emoji?: string;
  readonly avatar?: string;
  readonly attachments?: readonly unknown[];
  readonly tmid?: string;
  readonly tshow?: boolean;
  readonly previewUrls?: readonly string[];
}

/** A message's new text (`chat.update`), and what else the edit names. */
export interface UpdateInput {
  readonly roomId: string;
  readonly msgId: string;
  readonly text: string;
  /** the URLs to preview: given (even empty), the edit happens though the text is the same */
  readonly previewUrls?: readonly string[];
  /** custom fields: given, the edit happens, and is refused (the real server's default settings disable them) */
  readonly customFields?: Readonly<Record<string, unknown>>;
}

/**
 * The empty lists a posted message carries (`attachments`, `urls`, `mentions`, `channels`), one
 * frozen array shared by all: stored messages are never changed in place (a change replaces the
 * message), and at 100,000 posts the fewer objects a message holds, the less the collector copies.
 */
const NONE: unknown[] = Object.freeze([]) as unknown as unknown[];

/**
 * A deleted message kept in place as deleted (`setAsDeletedByIdAndUser`): empty text, `t: "rm"`,
 * no links, mentions, attachments or reactions, edited by the deleter; no `md`, `blocks`, `tshow`.
 */
function deletedShown(message: Message, by: User, ts: string): Message {
  const { md: _md, blocks: _blocks, tshow: _tshow, ...rest } = message;
  return {
    ...rest,
    msg: '',
    t: 'rm',
    urls: NONE,
    mentions: NONE,
    attachments: NONE,
    reactions: {},
    editedAt: ts,
    editedBy: { _id: by._id, username: by.username },
    _updatedAt: ts,
  } as Message;
}

/** Who logs in: exactly one of `username` or `email`, and the password. */
export interface Credentials {
  username?: string;
  email?: string;
  password: string;
  /** the password as a SHA-256 hex digest (Meteor's `{digest, algorithm: "sha-256"}`), instead of `password` */
  digest?: string;
}

/** One login attempt: the credentials, or the refusal of a body that names none, and where it came from. */
export interface LoginAttempt {
  /** undefined: the body names no usable credentials, and `refusal` is its answer */
  readonly credentials: Credentials | undefined;
  readonly refusal?: ApiError;
  /** the username typed in the request, if any (the user check of 6.4 on keys on it alone) */
  readonly typedUsername: string | undefined;
  /** the client's address */
  readonly ip: string;
}

/** The kinds of integration, as their `type` names them. */
type IntegrationKind = 'webhook-outgoing' | 'webhook-incoming';

/**
 * What the world answers about itself while an entity to be added is checked (by the input layer,
 * src/scenario/entity.ts, before the store is asked to add it).
 */
export interface EntityLookup {
  readonly seed: number;
  user(ref: { _id?: string; username?: string }): UserRef | undefined;
  hasUserId(id: string): boolean;
  hasRoomId(id: string): boolean;
  hasRoomName(name: string): boolean;
  hasIntegrationId(id: string): boolean;
  /** a team by `_id`, else by name */
  team(ref: string): Team | undefined;
  defaultCreator(): UserRef | undefined;
  count(kind: 'users' | 'channels' | 'integrations'): number;
}

/** An integration as lists show it: all of it. */
const integrationView = (integration: Integration): JsonObject => integration as unknown as JsonObject;

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

/**
 * The in-memory world and its transitions. It knows nothing of HTTP: methods take plain values and
 * return wire objects or throw {@link ApiError}. Entities are replaced, never mutated, and every
 * check of a transition runs before its single write, so a refused request changes nothing.
 */
export class Store {
  readonly clock: FakeClock;
  readonly #seed: number;
  readonly #lenient: boolean;
  /** whether the profile's `urls` carry `meta: {}` ({@link URL_META}) */
  readonly #urlMeta: boolean;
  readonly #observer: ((event: MessageEvent) => void) | undefined;
  readonly #onRead: ((user: User, rid: string) => void) | undefined;
  readonly #profile: Profile;
  readonly #permissions: PermissionTable;
  readonly #baseline: Baseline;
  readonly #users: LayeredMap<string, User>;
  readonly #userKeys: LayeredMap<string, string>;
  readonly #rooms: LayeredMap<string, Room>;
  /** direct-message rooms, by `_id` */
  readonly #directs: LayeredMap<string, DirectRoom>;
  /** the subscription states the baseline gives and those changed since (the rest are derived from the rooms) */
  readonly #subscriptions: SubscriptionStates;
  /** username → the ids of the rooms the user is in; rebuilt after a change of membership */
  #memberIndex: Map<string, string[]> | undefined;
  readonly #roomNames: LayeredMap<string, string>;
  readonly #integrations: LayeredMap<string, Integration>;
  readonly #tokens: LayeredMap<string, string>;
  /** the settings the world gives (the rest are {@link DEFAULT_SETTINGS}) */
  #settings: Partial<ServerSettings>;
  /** failed and successful logins, for the brute-force protection */
  readonly #loginGuard: LoginGuard;
  readonly #teams: Teams;
  /** some room belongs to a team: `channels.list` then filters per caller (see {@link listChannels}) */
  #teamRooms: boolean;
  /** the messages: the baseline's, and what was posted, edited or deleted since */
  readonly #messages: Messages;
  /** each user's author object, shared by the messages they post */
  readonly #authors = new WeakMap<User, Author>();
  /** the middle of this world's message ids (see {@link objectId}) */
  readonly #idMiddle: string;
  /** the outgoing webhooks that may fire, by channel key; rebuilt after a change of integrations */
  #outgoing: OutgoingIndex | undefined;
  /** the messages that triggered outgoing webhooks, not yet taken for delivery */
  #triggers: Trigger[] = [];
  /** counts changes of state; cached orderings are valid for one version */
  #version = 0;
  /** rooms and integrations in the orders lists ask for, kept current change by change */
  readonly #roomLists: KindLists<Room>;
  readonly #integrationLists: KindLists<Integration>;

  /** Starts from a baseline: layers over its indexes and shares its (frozen) entities, copying nothing. */
  constructor(baseline: Baseline, options: StoreOptions = {}) {
    this.#baseline = baseline;
    this.clock = new FakeClock(baseline.world.clock, options.clock);
    this.#seed = baseline.world.seed;
    this.#lenient = options.lenient ?? false;
    this.#observer = options.observer;
    this.#onRead = options.onRead;
    this.#profile = options.profile ?? profileOf(undefined);
    this.#permissions = baseline.world.permissions;
    this.#users = new LayeredMap(baseline.users);
    this.#userKeys = new LayeredMap(baseline.userKeys);
    this.#rooms = new LayeredMap(baseline.rooms);
    this.#directs = new LayeredMap(baseline.directs);
    this.#roomNames = new LayeredMap(baseline.roomNames);
    this.#integrations = new LayeredMap(baseline.integrations);
    this.#tokens = new LayeredMap(baseline.tokens);
    this.#messages = new Messages(baseline.messages);
    this.#subscriptions = new SubscriptionStates(baseline.subscriptions);
    this.#idMiddle = objectIdMiddle(baseline.world.seed);
    this.#settings = { ...baseline.world.settings };
    this.#loginGuard = new LoginGuard(byEra(this.#profile, LOGIN_BLOCKING));
    this.#urlMeta = byEra(this.#profile, URL_META);
    this.#teams = new Teams(baseline.teams);
    this.#teamRooms = baseline.hasTeamRooms;
    this.#roomLists = new KindLists({
      current: () => this.#rooms.values(),
      baseline: baseline.roomLists,
      id: (room) => room._id,
      view: listView,
    });
    this.#integrationLists = new KindLists({
      current: () => this.#integrations.values(),
      baseline: baseline.integrationLists,
      id: (integration) => integration._id,
      view: integrationView,
    });
  }

  /** Counts changes of state: anything derived from the state is valid for one version. */
  /** The server version's rules this store follows. */
  get profile(): Profile {
    return this.#profile;
  }

  get version(): number {
    return this.#version;
  }

  /**
   * A login: checks the credentials, then (as Rocket.Chat's `validateLoginAttempt` does, after the
   * password) whether the client's address, then the user, is blocked; a refusal is counted, a
   * success starts the counters again and issues a fresh random token. Every credential failure
   * is the same error.
   */
  login(attempt: LoginAttempt): { user: User; authToken: string } {
    const now = this.clock.nowMs();
    const settings = this.settings();
    const { credentials } = attempt;
    const user = credentials && this.#userOf(credentials);
    const failure =
      credentials === undefined
        ? (attempt.refusal ?? new ApiError('login-failed'))
        : !user || !passwordMatches(user, credentials) || !user.active
          ? new ApiError('login-failed')
          : undefined;
    const seen = { ip: attempt.ip, typedUsername: attempt.typedUsername, username: user?.username };
    const block = this.#loginGuard.check(settings, seen, now);
    if (block !== undefined || failure !== undefined || !user) {
      this.#loginGuard.failed(settings, seen, block, now);
      throw block !== undefined
        ? new ApiError(BLOCK_ERROR[block])
        : (failure ?? new ApiError('login-failed'));
    }
    this.#loginGuard.succeeded(settings, seen);
    const authToken = randomBytes(32).toString('base64url');
    this.#tokens.set(authToken, user._id);
    return { user, authToken };
  }

  #userOf(credentials: Credentials): User | undefined {
    const key =
      credentials.email !== undefined ? `e:${credentials.email}` : `u:${credentials.username ?? ''}`;
    return this.#users.get(this.#userKeys.get(key.toLowerCase()) ?? '');
  }

  /** The settings in force: the world's, over the defaults. */
  settings(): ServerSettings {
    return { ...DEFAULT_SETTINGS, ...this.#settings };
  }

  /** Changes some settings (already checked) until the next reset; a change of state. */
  changeSettings(settings: Partial<ServerSettings>): ServerSettings {
    this.#settings = { ...this.#settings, ...settings };
    this.#version += 1;
    return this.settings();
  }

  /** The user a token belongs to, if it belongs to `userId`. */
  authenticate(userId: string, authToken: string): User | undefined {
    const owner = this.#tokens.get(authToken);
    return owner !== undefined && owner === userId ? this.#users.get(userId) : undefined;
  }

  /** The user a login token belongs to (a realtime `resume`), if it is live. */
  tokenOwner(authToken: string): User | undefined {
    const owner = this.#tokens.get(authToken);
    return owner === undefined ? undefined : this.#users.get(owner);
  }

  /**
   * A user joins a public channel (`joinRoom`): in `usernames`, with a `uj` message and a
   * subscription, as a post joins one; a member already is a no-op. A group or a direct room
   * cannot be joined.
   */
  joinChannel(user: User, rid: string): void {
    const room = this.#rooms.get(rid);
    if (!room || room.t !== 'c') throw new ApiError('error-room-not-found', { raw: rid });
    if (room.archived) throw new ApiError('post-archived');
    if (!room.usernames.includes(user.username)) this.#join(user, room);
  }

  /** A room's id by `_id` or by name (`getRoomIdByNameOrId`), a direct room's too. */
  roomIdOf(nameOrId: string): string | undefined {
    return this.#anyRoom(nameOrId)?._id ?? this.#roomNames.get(nameOrId);
  }

  /** A room of any kind by `_id`. */
  anyRoom(id: string): AnyRoom | undefined {
    return this.#anyRoom(id);
  }

  /**
   * `loadHistory`: a room's messages newest first, before `end` (or now), `limit` of them, for a
   * member (a public channel's for anyone with `preview-c-room`).
   */
  loadHistory(user: User, rid: string, end: string | undefined, limit: number): Message[] {
    const room = this.#anyRoom(rid);
    if (!room || !this.maySee(user, room, 'preview-c-room')) throw new ApiError('room-forbidden');
    return this.#messages.history(rid, {
      offset: 0,
      count: limit,
      ...(end !== undefined ? { latest: end } : {}),
      skip: (m) => m.tmid !== undefined && m.tshow !== true,
    }).messages;
  }

  /** Every user with a role besides `user` (`getUserRoles`): `{_id, roles, username}`. */
  userRoles(): { _id: string; roles: string[]; username: string }[] {
    const out: { _id: string; roles: string[]; username: string }[] = [];
    for (const user of this.#users.values()) {
      const roles = user.roles.filter((role) => role !== 'user');
      if (roles.length > 0) out.push({ _id: user._id, roles, username: user.username });
    }
    return out;
  }

  /** Voids a token. */
  logout(authToken: string): void {
    this.#tokens.delete(authToken);
  }

  /** The `me` object of login and `/api/v1/me`. */
  me(user: User, baseUrl: string): MeView {
    return meView(user, baseUrl, byEra(this.#profile, ME_FORM));
  }

  /** Whether the user holds a permission (in a room, for room-scoped ones). */
  can(user: User, permission: string, room?: AnyRoom): boolean {
    // a direct room has no owners nor moderators: only the user's global roles count there
    return hasPermission(this.#permissions, permission, user, room?.t === 'd' ? undefined : room);
  }

  /**
   * Whether a user may see a room's messages: a member always; anyone else only in a public
   * channel, with `permission` (`view-c-room`; `preview-c-room` to read its history unjoined).
   */
  maySee(user: User, room: AnyRoom, permission: 'view-c-room' | 'preview-c-room' = 'view-c-room'): boolean {
    return room.usernames.includes(user.username) || (room.t === 'c' && this.can(user, permission, room));
  }

  /** Throws the 403 when the user lacks a (route-level) permission. */
  requirePermission(user: User, permission: string): void {
    if (!this.can(user, permission)) throw new ApiError('error-unauthorized');
  }

  /**
   * Which public channels `channels.list` shows the user: all of them with `view-c-room`, the ones
   * the user is a member of (in the room's `usernames`) with only `view-joined-room`; a 403 with
   * neither.
   */
  channelScope(user: User): ChannelScope {
    // the 0.49 era checked no permission: every logged-in user listed every public channel
    if (!byEra(this.#profile, LIST_PERMISSION) || this.can(user, 'view-c-room')) return 'all';
    if (this.can(user, 'view-joined-room')) return 'joined';
    throw new ApiError('error-unauthorized');
  }

  /**
   * Whether some room belongs to a team and the profile knows teams (5.x on): then what a caller
   * lists or may see depends on the caller's memberships, not only on the caller's permissions (a
   * world without team rooms keeps the one `channels.list` every caller shares).
   */
  get hasTeamRooms(): boolean {
    return this.#teamRooms && byEra(this.#profile, TEAMS);
  }

  /**
   * `channels.list`: public rooms only, all of them or the joined ones (see {@link channelScope};
   * a caller that has already worked the scope out passes it). From 5.x a team's room is listed
   * only to the users in its `usernames`, whatever the team's type.
   */
  listChannels(user: User, options: ListOptions, scope: ChannelScope = this.channelScope(user)): ListResult {
    const name = user.username;
    const joined = (doc: JsonObject): boolean => Array.isArray(doc.usernames) && doc.usernames.includes(name);
    const [list, belongs]: [string, (doc: JsonObject) => boolean] =
      scope === 'joined'
        ? [`channels|joined|${name}`, (doc) => doc.t === 'c' && joined(doc)]
        : this.hasTeamRooms
          ? [`channels|teams|${name}`, (doc) => doc.t === 'c' && (doc.teamId === undefined || joined(doc))]
          : ['channels', (doc) => doc.t === 'c'];
    return this.#paginate(this.#roomLists, listView, list, options, [[['name'], 1]], belongs);
  }

  /** A team by `_id`, as it is now. */
  team(id: string): Team | undefined {
    return this.#teams.get(id);
  }

  /**
   * The integrations a caller may read, by Rocket.Chat 7's rule (`mountIntegrationQueryBasedOnPermissions`):
   * `manage-outgoing-integrations` and `manage-incoming-integrations` together read everything;
   * else both `manage-own-*` read only the caller's own, of both kinds; else the union of what each
   * of the four grants. None of the four: the 403.
   */
  integrationScope(user: User): IntegrationScope {
    const both: IntegrationKind[] = ['webhook-outgoing', 'webhook-incoming'];
    const rule = byEra(this.#profile, INTEGRATION_RULE);
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
      if (!names.some((name) => this.can(user, name))) throw new ApiError('error-unauthorized');
      return { all: both, own: [], key: 'all' };
    }
    const allOut = this.can(user, 'manage-outgoing-integrations');
    const allIn = this.can(user, 'manage-incoming-integrations');
    const ownOut = this.can(user, 'manage-own-outgoing-integrations');
    const ownIn = this.can(user, 'manage-own-incoming-integrations');
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

  /** Finds a channel the `channels.*` routes may act on (`t:"c"`, or any room when lenient). */
  findChannel(given: RoomRef, { checkArchived }: { checkArchived: boolean }): Room {
    // the 0.49 era found rooms by roomId alone
    const ref = byEra(this.#profile, ROOMS_BY_NAME)
      ? given
      : { ...(given.roomId !== undefined ? { roomId: given.roomId } : {}) };
    if (ref.roomId === undefined && ref.roomName === undefined)
      throw new ApiError('error-roomid-param-not-provided');
    const room = this.#roomOf(ref);
    if (!room || (room.t !== 'c' && !this.#lenient))
      throw new ApiError('error-room-not-found', { raw: ref.roomId ?? ref.roomName ?? '' });
    if (checkArchived && room.archived) throw new ApiError('error-room-archived', { name: room.name });
    return room;
  }

  /** `channels.getIntegrations` for a room already found. */
  listIntegrations(
    user: User,
    scope: IntegrationScope,
    room: Room,
    includeAllPublicChannels: boolean,
    options: ListOptions,
  ): ListResult {
    const target = `#${room.name}`;
    const key = `integrations|${room._id}|${scope.key}|${String(includeAllPublicChannels)}`;
    return this.#paginate(
      this.#integrationLists,
      integrationView,
      key,
      options,
      [[['_createdAt'], 1]],
      (doc) => {
        const i = doc as unknown as Integration;
        const kind = i.type as IntegrationKind;
        return (
          (scope.all.includes(kind) || (scope.own.includes(kind) && i._createdBy._id === user._id)) &&
          (i.channel.includes(target) ||
            (includeAllPublicChannels && i.channel.includes('all_public_channels')))
        );
      },
    );
  }

  /**
   * Filters, sorts, pages and projects a list. The ordered matches are kept per (list, sort,
   * query) and follow each change (src/store/lists.ts), so a page after a change neither filters
   * nor sorts the world again.
   */
  #paginate<E>(
    lists: KindLists<E>,
    view: (entity: E) => JsonObject,
    list: string,
    options: ListOptions,
    defaultSort: SortSpec,
    belongs: (doc: JsonObject) => boolean,
  ): ListResult {
    const { query, fields, offset, count } = options;
    const spec: ListSpec = {
      key: `${list}|${options.cacheKey ?? ''}`,
      sort: options.sort && options.sort.length > 0 ? options.sort : defaultSort,
      include: query ? (doc) => belongs(doc) && matches(doc, query) : belongs,
    };
    const ordered = options.cacheKey === undefined ? lists.uncached(spec) : lists.list(spec, this.#version);
    const shaped = ordered.page(offset, count).map((entity) => project(view(entity), fields));
    return { items: shaped, count: shaped.length, offset, total: ordered.size };
  }

  /**
   * `channels.setReadOnly`, checks in the real server's order. Besides `ro`, the change posts the
   * system message (`msgs` + 1, from 6.x) and, in the 0.49 era, mutes the members who may not post.
   */
  setReadOnly(user: User, ref: RoomRef, readOnly: boolean): JsonObject {
    const room = this.findChannel(ref, { checkArchived: true });
    if (room.ro === readOnly && !this.#lenient) throw new ApiError('readonly-unchanged');
    if (!this.can(user, 'edit-room', room)) throw new ApiError('error-action-not-allowed');
    const message = byEra(this.#profile, READ_ONLY_MESSAGE)
      ? { user, t: readOnly ? 'room-set-read-only' : 'room-removed-read-only', msg: '' }
      : undefined;
    if (!byEra(this.#profile, READ_ONLY_MUTES)) return this.#commitRoom(room, { ro: readOnly }, message);
    // the 0.49 era: read-only mutes the members who may not post in it (not admins, not its owner)
    const muted = readOnly
      ? room.usernames.filter((name) => {
          const member = this.userNamed(name);
          return member !== undefined && !this.can(member, 'post-readonly', room);
        })
      : [];
    return this.#commitRoom(room, { ro: readOnly, muted }, message);
  }

  /**
   * `chat.postMessage` (`processWebhookMessage`): each target found (`#name` or an id or name; a
   * public channel joins the poster first, with its `uj` message), then the room's rules
   * (`validateRoomMessagePermissions`) and the message's (`message-impersonate` for an alias or an
   * avatar), then the message stored: the room's `msgs`, `lm` and `lastMessage` move. Answers the
   * first target's message. A refusal after a join leaves the join, as on the real server.
   */
  postMessage(user: User, post: PostInput): { channel: string; message: Message } {
    // every target found before anything is posted (an unknown one refuses the whole post)
    const rooms = post.targets.map((target) => this.#postTarget(user, target));
    let message: Message | undefined;
    for (const room of rooms) {
      const posted = this.#post(user, room, post);
      message ??= posted;
    }
    const channel = post.targets[0];
    if (channel === undefined || message === undefined) throw new ApiError('invalid-channel');
    return { channel, message };
  }

  /** The room of a message by id (a thread reply's parent names it when a sent message does not). */
  messageRoom(id: string): string | undefined {
    return this.#messages.get(id)?.rid;
  }

  /**
   * The room a post's target names (`getRoomByNameOrIdWithOptionToJoin`): `#name` or a bare id or
   * name a room (a bare one also a direct room's id); `@user` (by username or id) or a bare user id
   * the direct room with that user, made when there is none (`create-d` needed then).
   */
  #postTarget(user: User, target: string): AnyRoom {
    const prefix = target.charAt(0);
    const name = prefix === '#' || prefix === '@' ? target.slice(1) : target;
    if (prefix !== '@') {
      const room =
        this.#rooms.get(name) ??
        this.#rooms.get(this.#roomNames.get(name) ?? '') ??
        (prefix !== '#' ? this.#directs.get(name) : undefined);
      if (room) return room;
    }
    const other = prefix === '@' ? (this.#users.get(name) ?? this.userNamed(name)) : this.#users.get(name);
    if (prefix === '#' || !other) throw new ApiError('invalid-channel');
    return this.#openDirect(user, [other], false);
  }

  #post(user: User, found: AnyRoom, post: PostInput): Message {
    if (found.t === 'd') {
      this.#mayPost(user, found, post);
      const ts = this.clock.tick();
      return this.#store(user, found, this.#compose(user, found, post, ts, true), ts);
    }
    if (found.archived) throw new ApiError('post-archived');
    const member = found.usernames.includes(user.username);
    const room = found.t === 'c' && !member ? this.#join(user, found) : found;
    this.#mayPost(user, room, post);
    const ts = this.clock.tick();
    const message = this.#compose(user, room, post, ts, true);
    return this.#store(user, room, message, ts);
  }

  /**
   * `chat.sendMessage`: the message as the client built it, to a room by id; no join (a public
   * channel takes a non-member's message as it is), then the same rules as a post. A thread
   * reply goes to its parent's room, and a reply to a reply to the parent's thread
   * (`executeSendMessage`: "do not allow nested threads"); an unknown `tmid` is kept as sent.
   */
  sendMessage(user: User, input: SendInput): Message {
    if (input.tshow !== undefined && input.tmid === undefined) throw new ApiError('tshow-without-tmid');
    // no nested threads: a reply to a reply joins its parent's thread, in the parent's room
    const parent = input.tmid === undefined ? undefined : this.#messages.get(input.tmid);
    const tmid = parent?.tmid ?? input.tmid;
    const rid = parent?.rid ?? input.rid;
    if (rid === '') throw new ApiError('send-without-rid');
    const room = this.#anyRoom(rid);
    if (!room) throw new ApiError('send-invalid-room');
    if (room.t !== 'd' && room.archived) throw new ApiError('post-archived');
    this.#mayPost(user, room, input);
    if (input._id !== undefined && this.#messages.has(input._id)) throw new ApiError('send-duplicate-id');
    const ts = this.clock.tick();
    const message = this.#compose(user, room, { targets: [], ...input, tmid }, ts, false);
    if (input._id !== undefined) message._id = input._id;
    if (input.tshow !== undefined) message.tshow = input.tshow;
    return this.#store(user, room, message, ts);
  }

  /** `validateRoomMessagePermissions`, then `message-impersonate` for an alias or an avatar. */
  #mayPost(user: User, found: AnyRoom, post: { alias?: string; avatar?: string }): void {
    if (!found.usernames.includes(user.username) && found.t !== 'c') throw new ApiError('post-not-allowed');
    if (found.t === 'd') {
      // a direct room is never read-only nor muted; an alias needs the permission globally
      if ((post.alias || post.avatar) && !this.can(user, 'message-impersonate'))
        throw new ApiError('post-impersonate');
      return;
    }
    const room = found;
    if (room.ro === true && !this.can(user, 'post-readonly', room)) {
      const unmuted = Array.isArray(room.unmuted) ? (room.unmuted as unknown[]) : [];
      if (!unmuted.includes(user.username)) throw new ApiError('post-read-only');
    }
    if (room.muted.includes(user.username)) throw new ApiError('post-muted');
    if ((post.alias || post.avatar) && !this.can(user, 'message-impersonate', room))
      throw new ApiError('post-impersonate');
  }

  /**
   * The one write of a message: stored, the room's `msgs`, `lm` and `lastMessage` move, and the
   * members' subscriptions follow (see {@link #notify}).
   */
  #store(poster: User, room: AnyRoom, message: Message, ts: string): Message {
    this.#messages.add(message);
    this.#version += 1;
    // a thread reply not shown in the room counts, but is not the room's last message
    const inRoom = message.tmid === undefined || message.tshow === true;
    // copied, then set in this order (the keys' order as `{...room, msgs, lm, lastMessage,
    // _updatedAt}` gives it): V8 clones a spread with overrides on its slow path, about three
    // times the cost of a plain clone and four stores
    const next: AnyRoom = { ...room };
    next.msgs = room.msgs + 1;
    if (inRoom) {
      next.lm = ts;
      next.lastMessage = message;
    }
    next._updatedAt = ts;
    this.#putRoom(room, next);
    if (inRoom) this.#notify(poster, next, message, ts);
    this.#trigger(poster, next, message, false);
    this.#observer?.({ kind: 'inserted', message, room: next });
    if (message.tmid !== undefined) this.#replied(message, ts);
    return message;
  }

  /**
   * A thread reply's parent follows it (`processThreads` → `reply` → `updateRepliesByThreadId`):
   * `tcount` + 1, `tlm` the reply's time, `replies` the thread's followers (src/store/threads.ts);
   * the parent's new version reaches its own room's stream as an update.
   */
  #replied(reply: Message, ts: string): void {
    const parent = this.#messages.get(reply.tmid ?? '');
    // its own room: a post may name a parent in another room, whose readers alone hear of it
    const room = parent && this.#anyRoom(parent.rid);
    if (!parent || !room) return;
    const uids = room.t === 'd' ? (room as DirectRoom).uids : undefined;
    const replies = repliesAfter(parent, reply, uids);
    const tcount = typeof parent.tcount === 'number' ? parent.tcount + 1 : 1;
    const next: Message = { ...parent, replies, tlm: ts, tcount, _updatedAt: ts };
    this.#messages.replace(next);
    this.#observer?.({ kind: 'updated', message: next, room });
  }

  /** Queues the outgoing webhooks a message triggers (`afterSaveMessage`), for the world to deliver. */
  #trigger(sender: User, room: AnyRoom, message: Message, edited: boolean): void {
    this.#outgoing ??= new OutgoingIndex(this.#integrations.values());
    if (this.#outgoing.any) this.#triggers.push(...this.#outgoing.triggers(room, message, sender, edited));
  }

  /** Whether a change queued webhook triggers not yet taken. */
  hasTriggers(): boolean {
    return this.#triggers.length > 0;
  }

  /** The webhook triggers queued since the last call (the world delivers them). */
  takeTriggers(): Trigger[] {
    if (this.#triggers.length === 0) return [];
    const taken = this.#triggers;
    this.#triggers = [];
    return taken;
  }

  /** An integration by `_id`, as it is now. */
  integration(id: string): Integration | undefined {
    return this.#integrations.get(id);
  }

  /** Turns an outgoing webhook off (its URL answered 410 Gone, as the real server does then). */
  disableIntegration(id: string): void {
    const integration = this.#integrations.get(id);
    if (!integration || integration.enabled === false) return;
    const next = { ...integration, enabled: false, _updatedAt: this.clock.tick() } as Integration;
    this.#version += 1;
    this.#integrations.set(id, next);
    this.#integrationLists.record(this.#version, integration, next);
    this.#outgoing = undefined;
  }

  /**
   * An outgoing webhook's reply posted back (`triggerHandler.sendMessage`): as the webhook's user,
   * or the message's sender with `impersonateUser`, to the room that triggered it unless the reply
   * names another; `bot: {i}` names the webhook. Throws the post's refusal.
   */
  postReply(trigger: Trigger, reply: JsonObject): Message {
    const integration = this.#integrations.get(trigger.integrationId);
    if (!integration || integration.type !== 'webhook-outgoing') throw new ApiError('hook-failed');
    const sender = this.#users.get(trigger.message.u._id);
    const user = (integration.impersonateUser === true && sender) || this.#webhookUser(integration);
    const defaults = {
      channel: [trigger.room._id],
      alias: integration.alias,
      avatar: integration.avatar,
      emoji: typeof integration.emoji === 'string' ? integration.emoji : '',
    };
    const post = webhookPost(reply, defaults, integration._id);
    // the message size rule holds for a reply as for a client's post: a longer one is not posted
    if (overMaxText(post)) throw new ApiError('message-too-long');
    return this.postMessage(user, post).message;
  }

  /** The user a webhook posts as: its `username` (any case), else its `userId`; none is the route's 400. */
  #webhookUser(integration: Integration): User {
    const user = this.userNamed(integration.username) ?? this.#users.get(integration.userId);
    if (!user) throw new ApiError('hook-failed', { reason: 'error-invalid-user' });
    return user;
  }

  /**
   * An incoming webhook's call (`/hooks/:id/:token`): the webhook found by id and token, enabled,
   * its channel overridden only where allowed; an empty body posts nothing (undefined). The post
   * is the webhook user's, with the webhook's defaults; a refusal is the route's own 400.
   */
  incomingHook(id: string, token: string, body: JsonObject | undefined): Message | undefined {
    const integration = this.#integrations.get(id);
    if (!integration || integration.type !== 'webhook-incoming' || integration.token !== token)
      throw new ApiError('hook-invalid');
    if (integration.enabled !== true) throw new ApiError('hook-disabled');
    if (!body || Object.keys(body).length === 0) return undefined;
    if (
      (body.channel !== undefined || body.roomId !== undefined) &&
      integration.overrideDestinationChannelEnabled !== true
    )
      throw new ApiError('hook-override');
    const user = this.#webhookUser(integration);
    const avatar = typeof integration.avatar === 'string' ? integration.avatar : integration.avatarUrl;
    const defaults = {
      channel: integration.channel,
      alias: integration.alias,
      avatar,
      emoji: integration.emoji,
    };
    try {
      return this.postMessage(user, webhookPost(body, defaults, integration._id)).message;
    } catch (error) {
      if (error instanceof ApiError) throw new ApiError('hook-failed', { reason: error.webhookText });
      throw error;
    }
  }

  /**
   * What a message does to the room's subscriptions (`notifyUsersOnMessage`, the default
   * settings): every other member's is opened and alerted; unread counts go up by one in a direct
   * room, in a channel or group only for the users it mentions, or for everyone on `@all` /
   * `@here` (`userMentions`, `groupMentions` with them); the poster's own is read now.
   */
  #notify(poster: User, room: AnyRoom, message: Message, ts: string): void {
    // made only for a post that mentions someone (most mention no one)
    let mentioned: Set<string> | undefined;
    let group = false;
    for (const mention of (message.mentions ?? []) as { _id?: unknown }[]) {
      if (mention._id === 'all' || mention._id === 'here') group = true;
      else if (typeof mention._id === 'string' && mention._id !== poster._id)
        (mentioned ??= new Set()).add(mention._id);
    }
    for (const username of room.usernames) {
      // the poster first, without a lookup (most posts are to rooms of few members)
      const member = username === poster.username ? poster : this.userNamed(username);
      if (!member) continue;
      const state = this.#subscriptions.get(room, member._id);
      if (member === poster) {
        this.#subscriptions.set(room._id, member._id, readState(state, ts));
        continue;
      }
      const byName = mentioned?.has(member._id) === true;
      const byGroup = !byName && mentioned === undefined && group;
      const unread = room.t === 'd' || byName || byGroup ? 1 : 0;
      // as `{...state, open, alert, unread, userMentions, groupMentions, _updatedAt}`, copied
      // then set in that order (see #store)
      const next = { ...state };
      next.open = true;
      next.alert = true;
      next.unread = state.unread + unread;
      next.userMentions = state.userMentions + (byName ? 1 : 0);
      next.groupMentions = state.groupMentions + (byGroup ? 1 : 0);
      next._updatedAt = ts;
      this.#subscriptions.set(room._id, member._id, next);
    }
  }

  /** A room of any kind by `_id`: a channel, a group or a direct room. */
  #anyRoom(id: string): AnyRoom | undefined {
    return this.#rooms.get(id) ?? this.#directs.get(id);
  }

  /** Replaces a room of any kind by its new version (channels' lists follow). */
  #putRoom(room: AnyRoom, next: AnyRoom): void {
    if (next.t === 'd') this.#directs.set(next._id, next);
    else {
      this.#rooms.set(next._id, next);
      this.#roomLists.record(this.#version, room as Room, next);
    }
  }

  /** A public channel's new member, as `addUserToRoom` adds one: in `usernames`, with a `uj` message. */
  #join(user: User, room: Room): Room {
    const ts = this.clock.tick();
    const joined = this.#systemMessage(user, room, 'uj', user.username, ts);
    this.#messages.add(joined);
    this.#version += 1;
    const next: Room = {
      ...room,
      usernames: [...room.usernames, user.username],
      usersCount: room.usersCount + 1,
      msgs: room.msgs + 1,
      _updatedAt: ts,
    };
    this.#rooms.set(room._id, next);
    this.#roomLists.record(this.#version, room, next);
    this.#subscriptions.set(room._id, user._id, joinedState(ts));
    this.#memberIndex = undefined;
    this.#observer?.({ kind: 'inserted', message: joined, room: next });
    return next;
  }

  /**
   * A message as `sendMessage` stores it, its fields in the real server's order: a post (`defaults`)
   * gets `processWebhookMessage`'s `alias`, `attachments`, `parseUrls` and `groupable`; a sent
   * message only the fields its client gave.
   */
  #compose(user: User, room: AnyRoom, post: PostInput, ts: string, defaults: boolean): Message {
    const text = post.text.trim();
    const doc: Record<string, unknown> = {
      _id: this.#newMessageId(),
    };
    // each field set in its order, no object made to be copied from (a post's hot path)
    if (defaults) {
      doc.alias = post.alias ?? '';
      doc.msg = text;
      doc.attachments = post.attachments ? structuredClone(post.attachments) : NONE;
      doc.parseUrls = post.parseUrls ?? post.attachments === undefined;
      if (post.bot) doc.bot = { i: post.bot.i };
      doc.groupable = false;
    } else {
      if (post.alias !== undefined) doc.alias = post.alias;
      doc.msg = text;
      if (post.attachments) doc.attachments = structuredClone(post.attachments);
    }
    if (post.tmid !== undefined) doc.tmid = post.tmid;
    if (post.avatar) doc.avatar = post.avatar;
    else if (post.emoji) doc.emoji = post.emoji;
    doc.ts = ts;
    doc.u = this.#author(user);
    doc.rid = room._id;
    // the text scanned only for what it can hold: most messages mention nothing and link nowhere
    if (doc.parseUrls !== false)
      doc.urls = text.includes('http') ? urlsOf(text, this.#urlMeta, post.previewUrls) : NONE;
    doc.mentions = text.includes('@') ? this.#mentions(text) : NONE;
    doc.channels = text.includes('#')
      ? mentionedRooms(text).flatMap((name) => {
          const id = this.#roomNames.get(name);
          return id === undefined ? [] : [{ _id: id, name }];
        })
      : NONE;
    const md = plainMarkdown(text);
    if (md) doc.md = md;
    doc._updatedAt = ts;
    return doc as Message;
  }

  #mentions(text: string): Author[] {
    return mentionedNames(text).flatMap((name) => {
      if (name === 'all' || name === 'here') return [{ _id: name, username: name }];
      const user = this.userNamed(name);
      return user ? [{ ...this.#author(user), type: 'user' }] : [];
    });
  }

  /** A message's author, one frozen object per user (a changed user is a new object, so a new author). */
  #author(user: User): Author {
    let author = this.#authors.get(user);
    if (!author) {
      author = Object.freeze({ _id: user._id, username: user.username, name: user.name });
      this.#authors.set(user, author);
    }
    return author;
  }

  /** A new message's id: the clock's second, the world's middle, how many messages there have been. */
  #newMessageId(): string {
    return objectId(this.clock.nowMs(), this.#idMiddle, this.#messages.count);
  }

  /** A system message (`t`) as `Message.saveSystemMessage` stores one. */
  #systemMessage(user: User, room: Room, t: string, msg: string, ts: string): Message {
    return {
      _id: this.#newMessageId(),
      t,
      rid: room._id,
      ts,
      msg,
      u: this.#author(user),
      groupable: false,
      _updatedAt: ts,
    } as Message;
  }

  /**
   * `unreads=true` (`getChannelHistory`): with `oldest`, the messages after it and before the
   * page's oldest (both ends left out, the window's own skips applied): the first of them and how
   * many. Nothing without `oldest`, or when the page is empty or reaches back to it.
   */
  unreadsBefore(
    window: HistoryWindow,
    page: readonly Message[],
  ): { firstUnread?: Message; unreadNotLoaded: number } {
    const first = page[page.length - 1];
    if (window.oldest === undefined || first === undefined || !(first.ts > window.oldest))
      return { unreadNotLoaded: 0 };
    const range = { oldest: window.oldest, latest: first.ts, skip: window.skip };
    // counted, then the oldest read alone: no array of the whole range (100,000 messages, say)
    const { total } = this.#messages.history(first.rid, { ...range, offset: 0, count: 1, total: true });
    if (total === 0) return { unreadNotLoaded: 0 };
    const oldest = this.#messages.history(first.rid, { ...range, offset: total - 1, count: 1 }).messages[0];
    return { firstUnread: oldest, unreadNotLoaded: total };
  }

  /**
   * `channels.history`: a public channel's messages, newest first. A member reads it, and so does
   * a caller with `preview-c-room`; anyone else gets the bare 403.
   */
  history(user: User, ref: RoomRef, window: HistoryWindow): Message[] {
    const room = this.findChannel(ref, { checkArchived: false });
    // a group (found only in lenient mode) is its members' alone
    if (!this.maySee(user, room, 'preview-c-room')) throw new ApiError('room-forbidden');
    return this.#messages.history(room._id, window).messages;
  }

  /**
   * `channels.messages`: a channel's messages (threads and system messages included) filtered by
   * `query` (the fake's safe subset, as for channels.list) and by mentioned or starred users or
   * pinning, sorted (newest first by default), a page of them with the count of all. A caller who
   * sees only joined rooms (`view-joined-room`) must be in this one, else the bare 403.
   */
  roomMessages(user: User, roomId: string, filter: MessageFilter): ListResult {
    const room = this.findChannel({ roomId }, { checkArchived: false });
    const member = room.usernames.includes(user.username);
    if (!member && (room.t !== 'c' || this.can(user, 'view-joined-room', room)))
      throw new ApiError('room-forbidden');
    return this.#filteredMessages(room._id, filter);
  }

  /** A room's messages filtered, sorted and paged (`channels.messages`, `im.messages`). */
  #filteredMessages(rid: string, filter: MessageFilter): ListResult {
    const { options } = filter;
    const has = (list: unknown, ids: string[]): boolean =>
      Array.isArray(list) &&
      list.some((entry) => isPlainObject(entry) && typeof entry._id === 'string' && ids.includes(entry._id));
    const all = this.#messages
      .history(rid, { offset: 0, count: 0, total: true })
      .messages.filter(
        (m) =>
          (!options.query || matches(m, options.query)) &&
          (!filter.mentionIds || has(m.mentions, filter.mentionIds)) &&
          (!filter.starredIds || has(m.starred, filter.starredIds)) &&
          (!filter.pinned || m.pinned === true),
      );
    return pageOf(options.sort ? sortBy([...all], options.sort) : all, options);
  }

  /** `im.messages`: a direct room's messages (by `roomId`, or the room with `username`), filtered as `channels.messages` does. */
  directMessages(user: User, ref: { roomId?: string; username?: string }, filter: MessageFilter): ListResult {
    return this.#filteredMessages(this.findDirect(user, ref)._id, filter);
  }

  /**
   * `chat.getMessage`: a message by id, as stored, when the caller may see its room (a public
   * channel, with `view-c-room`; a group only to its members).
   */
  getMessage(user: User, id: string): Message {
    const message = this.#messages.get(id);
    if (!message) throw new ApiError('message-unknown');
    const room = this.#anyRoom(message.rid);
    if (!room || !this.maySee(user, room)) throw new ApiError('message-not-allowed');
    return message;
  }

  /** A message by id that must be in `roomId` (chat.update and chat.delete). */
  #ownMessage(roomId: string, id: string): { message: Message; room: AnyRoom } {
    const message = this.#messages.get(id);
    if (!message) throw new ApiError('message-not-found', { reason: id });
    const room = this.#anyRoom(message.rid);
    if (!room || message.rid !== roomId) throw new ApiError('message-room-mismatch');
    return { message, room };
  }

  /**
   * `chat.update`: the same text changes nothing (and is not checked further) unless `previewUrls`
   * or `customFields` is given; else `edit-message`, or the author's own message; then the room's
   * posting rules; custom fields are refused (off by default); then `msg`, `editedAt`,
   * `editedBy`, `_updatedAt`, `urls` and `md` change. `msgs` stays.
   */
  updateMessage(user: User, input: UpdateInput): Message {
    const { message, room } = this.#ownMessage(input.roomId, input.msgId);
    const also = input.previewUrls !== undefined || input.customFields !== undefined;
    if (message.msg === input.text && !also) return message;
    if (!this.can(user, 'edit-message', room) && message.u._id !== user._id)
      throw new ApiError('message-edit-not-allowed');
    this.#mayPost(user, room, {});
    // `validateCustomMessageFields`: Message_CustomFields_Enabled is off by default
    if (input.customFields !== undefined) throw new ApiError('custom-fields-disabled');
    const ts = this.clock.tick();
    const next: Message = {
      ...message,
      msg: input.text,
      _updatedAt: ts,
      editedAt: ts,
      editedBy: { _id: user._id, username: user.username },
    };
    // `parseUrlsInMessage` on every edit (a message sent with `parseUrls: false` keeps its urls)
    if (next.parseUrls !== false)
      next.urls = input.text.includes('http') ? urlsOf(input.text, this.#urlMeta, input.previewUrls) : NONE;
    const md = plainMarkdown(input.text);
    if (md) next.md = md;
    else delete next.md;
    this.#messages.replace(next);
    this.#version += 1;
    const last = room.lastMessage as { _id?: unknown } | undefined;
    if (last?._id === next._id) this.#putRoom(room, { ...room, lastMessage: next, _updatedAt: ts });
    const author = this.#users.get(next.u._id);
    const now = this.#anyRoom(room._id) ?? room;
    if (author) this.#trigger(author, now, next, true);
    this.#observer?.({ kind: 'updated', message: next, room: now });
    return next;
  }

  /**
   * `chat.delete` (`canDeleteMessage`): `force-delete-message`, else `delete-message` or the
   * author's own with `delete-own-message`; not in a read-only room without `post-readonly` (or
   * the room's `unmuted`). With `asUser` (a caller with `force-delete-message`, or the author) the
   * author's permissions decide, as `deleteMessageValidatingPermission(msg, author)` does. The
   * message is removed (the real server's defaults keep no history; a thread's parent stays as a
   * deleted `rm` message), a reply's parent counts one reply less, `msgs` goes down, and the
   * room's last message becomes its newest remaining user message.
   */
  deleteMessage(caller: User, input: { roomId: string; msgId: string; asUser: boolean }): Message {
    const { message, room } = this.#ownMessage(input.roomId, input.msgId);
    if (input.asUser && message.u._id !== caller._id && !this.can(caller, 'force-delete-message', room))
      throw new ApiError('message-delete-as-other');
    // `asUser`: the author deletes it, with the author's own permissions (the caller's only let it ask)
    const user = input.asUser ? this.#users.get(message.u._id) : caller;
    if (!user) throw new ApiError('message-delete-no-user');
    const own = message.u._id === user._id;
    if (!this.can(user, 'force-delete-message', room)) {
      if (!this.can(user, 'delete-message', room) && !(own && this.can(user, 'delete-own-message', room)))
        throw new ApiError('message-delete-not-allowed');
      // unless the room unmuted the user by name
      const unmuted = Array.isArray(room.unmuted) ? (room.unmuted as unknown[]) : [];
      if (
        room.t !== 'd' &&
        room.ro === true &&
        !this.can(user, 'post-readonly', room) &&
        !unmuted.includes(user.username)
      )
        throw new ApiError('message-delete-read-only');
    }
    const ts = this.clock.tick();
    // a thread's parent (`tcount` > 0) is kept as deleted (`Message_ShowDeletedStatus` forced for threads)
    const kept =
      typeof message.tcount === 'number' && message.tcount > 0 ? deletedShown(message, user, ts) : undefined;
    if (kept) this.#messages.replace(kept);
    else this.#messages.remove(message._id);
    this.#version += 1;
    const next: AnyRoom = { ...room, msgs: Math.max(0, room.msgs - 1), _updatedAt: ts };
    const last = room.lastMessage as { _id?: unknown } | undefined;
    if (last?._id === message._id) {
      // the newest user message shown in the room: no system message, no thread reply kept in its thread
      const skip = (m: Message): boolean => m.t !== undefined || (m.tmid !== undefined && m.tshow !== true);
      const newest = this.#messages.history(room._id, { offset: 0, count: 1, skip }).messages[0];
      if (newest) next.lastMessage = newest;
      else delete next.lastMessage;
    }
    this.#putRoom(room, next);
    this.#observer?.(
      kept ? { kind: 'updated', message: kept, room: next } : { kind: 'removed', message, room: next },
    );
    // the parent counts one reply less once the room is as the deletion left it
    if (message.tmid !== undefined) this.#unreplied(message, ts);
    return message;
  }

  /** A deleted thread reply's parent (`decreaseReplyCountById`): `tcount` − 1, told in its own room. */
  #unreplied(reply: Message, ts: string): void {
    const parent = this.#messages.get(reply.tmid ?? '');
    const room = parent && this.#anyRoom(parent.rid);
    if (!parent || !room || typeof parent.tcount !== 'number') return;
    const next: Message = { ...parent, tcount: parent.tcount - 1, _updatedAt: ts };
    this.#messages.replace(next);
    this.#observer?.({ kind: 'updated', message: next, room });
  }

  /**
   * `users.info`: a user by `_id` or username (either key finds either), as the caller may see
   * them (see src/store/user-views.ts). An empty value is a refusal of its own; no such user is
   * `User not found.`. `includeUserRooms` adds `rooms` for oneself, or with `view-other-user-channels`.
   */
  userInfo(caller: User, ref: { value: string | undefined; includeUserRooms?: boolean }): JsonObject {
    if (ref.value === '') throw new ApiError('users-invalid-search');
    const user =
      ref.value === undefined ? undefined : (this.#users.get(ref.value) ?? this.userNamed(ref.value));
    if (!user) throw new ApiError('users-not-found');
    const myself = user._id === caller._id;
    const level = myself ? 'self' : this.can(caller, 'view-full-other-user-info') ? 'full' : 'other';
    const view = userInfoView(user, level);
    if (!ref.includeUserRooms || !(myself || this.can(caller, 'view-other-user-channels'))) return view;
    return { ...view, rooms: this.#userRooms(user) };
  }

  /**
   * `includeUserRooms`: the user's subscriptions projected to `_id`, `rid`, `name`, `t`, `roles`,
   * `unread` (and `federated`, which no fake room has), sorted by `t` then `name`.
   */
  #userRooms(user: User): JsonObject[] {
    const kept = new Set(['_id', 'rid', 'name', 't', 'roles', 'unread', 'federated']);
    const rooms = this.#subscriptionsOf(user).map(
      (sub) => Object.fromEntries(Object.entries(sub).filter(([key]) => kept.has(key))) as JsonObject,
    );
    const order = (a: JsonObject, b: JsonObject): number => {
      const [at, bt, an, bn] = [String(a.t), String(b.t), String(a.name), String(b.name)];
      if (at !== bt) return at < bt ? -1 : 1;
      return an < bn ? -1 : an > bn ? 1 : 0;
    };
    return rooms.sort(order);
  }

  /**
   * `users.list`: every user (deactivated ones and bots too) as the caller may see them, filtered
   * by `query`, sorted by `username` unless `sort` says otherwise, a page with the count of all.
   */
  listUsers(caller: User, options: ListOptions): ListResult {
    const full = this.can(caller, 'view-full-other-user-info');
    const views = Array.from(this.#users.values(), (u) => userListView(u, full));
    const { query, fields } = options;
    const matching = query ? views.filter((v) => matches(v, query)) : views;
    const page = pageOf(sortBy([...matching], options.sort ?? [[['username'], 1]]), {
      ...options,
      fields: undefined,
    });
    return fields ? { ...page, items: page.items.map((item) => this.#userFields(item, fields, full)) } : page;
  }

  /**
   * `fields` on users.list (`getNonEmptyFields`: the route's defaults merged with the caller's):
   * a field named 1 is added to the defaults (what the caller may see of the user), one named 0
   * taken out; `nameInsensitive` is added after the projection, so it stays.
   */
  #userFields(item: JsonObject, fields: Projection, full: boolean): JsonObject {
    const keys = fields.paths.map((path) => path[0] ?? '');
    if (fields.mode === 'exclude')
      return Object.fromEntries(
        Object.entries(item).filter(([key]) => key === 'nameInsensitive' || !keys.includes(key)),
      ) as JsonObject;
    const user = this.#users.get(String(item._id));
    const visible = user ? userInfoView(user, full ? 'full' : 'other') : {};
    const { nameInsensitive, ...rest } = item;
    const out: JsonObject = { ...rest };
    for (const key of keys) if (!(key in out) && visible[key] !== undefined) out[key] = visible[key] as Json;
    if (fields.dropId) delete out._id;
    if (nameInsensitive !== undefined) out.nameInsensitive = nameInsensitive;
    return out;
  }

  /** `channels.setType`, checks in the real server's order. */
  setType(user: User, ref: RoomRef, type: string): JsonObject {
    const room = this.findChannel(ref, { checkArchived: true });
    if (room.t === type && !this.#lenient) throw new ApiError('type-unchanged');
    return this.#changeType(user, room, type);
  }

  /** `saveRoomSettings(roomType)`: the permissions, the type's validity, then the change. */
  #changeType(user: User, room: Room, type: string): JsonObject {
    if (!this.can(user, 'edit-room', room)) throw new ApiError('error-action-not-allowed');
    if (type === 'p' && !this.can(user, 'create-p', room))
      throw new ApiError('error-action-not-allowed-private');
    if (type === 'c' && !this.can(user, 'create-c', room))
      throw new ApiError('error-action-not-allowed-public');
    if (type !== 'c' && type !== 'p') throw new ApiError('error-invalid-room-type', { type });
    this.#followMainRoom(room, type);
    return this.#commitRoom(
      room,
      { t: type },
      { user, t: 'room_changed_privacy', msg: type === 'c' ? 'public' : 'private' },
    );
  }

  /** A team's main room changing type changes the team's (`saveRoomSettings`). */
  #followMainRoom(room: Room, t: RoomType): void {
    // in every profile (0.49 knew no teams, so nothing reads it there): the state stays consistent
    if (room.teamMain === true && room.teamId !== undefined)
      this.#teams.change(room.teamId, { type: teamTypeOf(t) });
  }

  /** The room a reference names (by `_id` first, else by name), if there is one. */
  #roomOf(ref: RoomRef): Room | undefined {
    const id = ref.roomId !== undefined ? ref.roomId : this.#roomNames.get(ref.roomName ?? '');
    return id === undefined ? undefined : this.#rooms.get(id);
  }

  /**
   * `groups.setType`, the route that turns a private group back into a channel: the group must be
   * `t:"p"` and the caller a member (Rocket.Chat's `canAccessRoom`), then the checks of
   * {@link setType} in the same order.
   */
  setGroupType(user: User, ref: RoomRef, type: string): JsonObject {
    const room = this.findGroup(user, ref);
    if (room.archived) throw new ApiError('error-group-archived', { name: room.name });
    if (room.t === type) throw new ApiError('group-type-unchanged');
    return this.#changeType(user, room, type);
  }

  /** A private group the caller is in, by id or name (`findPrivateGroupByIdOrName`). */
  findGroup(user: User, ref: RoomRef): Room {
    if (ref.roomId === undefined && ref.roomName === undefined)
      throw new ApiError('error-room-param-not-provided');
    const room = this.#roomOf(ref);
    if (!room || room.t !== 'p' || !room.usernames.includes(user.username))
      throw new ApiError('error-group-not-found');
    return room;
  }

  /** `groups.history`: a group's messages, newest first (the caller is a member: see {@link findGroup}). */
  groupHistory(user: User, ref: RoomRef, window: HistoryWindow): Message[] {
    return this.#messages.history(this.findGroup(user, ref)._id, window).messages;
  }

  /**
   * The direct room of `user` and `others` (`createDirectMessage`): `create-d` needed, even when
   * it exists; found by its members, else made: `_id` the two user ids sorted and joined (an
   * ObjectId-shaped id for oneself alone or three and more), `usernames` by display name, one
   * subscription each (the caller's open; the others' only in a room of three or more). An
   * existing room opens the caller's subscription again.
   */
  #openDirect(user: User, others: readonly User[], excludeSelf: boolean, checked = true): DirectRoom {
    if (checked && !this.can(user, 'create-d')) throw new ApiError('direct-not-allowed');
    const distinct = [...new Map(others.filter((o) => o._id !== user._id).map((o) => [o._id, o])).values()];
    const members = excludeSelf && distinct.length > 0 ? distinct : [user, ...distinct];
    if (members.length > DIRECT_MAX_USERS) throw new ApiError('direct-too-many');
    const uids = members.map((m) => m._id).sort();
    const existing = this.#directWithMembers(uids);
    if (existing) {
      const state = this.#subscriptions.get(existing, user._id);
      if (existing.usernames.includes(user.username) && !state.open) {
        this.#subscriptions.set(existing._id, user._id, {
          ...state,
          open: true,
          _updatedAt: this.clock.tick(),
        });
        this.#version += 1;
      }
      return existing;
    }
    const ts = this.clock.tick();
    const _id =
      uids.length === 2
        ? uids.join('')
        : objectId(this.clock.nowMs(), this.#idMiddle, this.#messages.count + 0x800000);
    const display = (m: User): string => m.name || m.username;
    const usernames = [...members]
      .sort((a, b) => display(a).localeCompare(display(b)))
      .map((m) => m.username);
    const room: DirectRoom = {
      _id,
      t: 'd',
      usernames,
      usersCount: members.length,
      msgs: 0,
      ts,
      uids,
      _updatedAt: ts,
    };
    this.#version += 1;
    this.#directs.set(_id, room);
    for (const member of members)
      this.#subscriptions.set(
        _id,
        member._id,
        directState(ts, member._id === user._id || members.length > 2),
      );
    this.#memberIndex = undefined;
    return room;
  }

  /** The direct room whose members are exactly these user ids (sorted), if there is one. */
  #directWithMembers(uids: readonly string[]): DirectRoom | undefined {
    if (uids.length === 2) return this.#directs.get(uids.join(''));
    for (const room of this.#directs.values())
      if (room.uids.length === uids.length && room.uids.every((id, i) => id === uids[i])) return room;
    return undefined;
  }

  /**
   * `im.create`: the direct room with the users named (usernames, any case; the caller's own left
   * out unless alone), made if there is none, as `{t, rid, usernames, _id}`.
   */
  createDirect(user: User, usernames: readonly string[], excludeSelf: boolean): JsonObject {
    const others = usernames
      .filter((name) => name.toLowerCase() !== user.username.toLowerCase())
      .map((name) => {
        const other = this.userNamed(name);
        if (!other) throw new ApiError('direct-invalid-user');
        return other;
      });
    const room = this.#openDirect(user, others, excludeSelf);
    return { t: 'd', rid: room._id, usernames: [...room.usernames], _id: room._id };
  }

  /**
   * The direct room `im.history` and `im.messages` read: by `_id`, else (as the real lookup does)
   * the caller's direct room with the user of that id or username, made if there is none; anything
   * else is `invalid-channel`. A room the caller is not in is the bare 403.
   */
  findDirect(user: User, ref: { roomId?: string; username?: string }): DirectRoom {
    const key = ref.roomId ?? ref.username ?? '';
    const room =
      (ref.roomId !== undefined ? this.#directs.get(key) : undefined) ??
      (() => {
        const other = this.#users.get(key) ?? this.userNamed(key);
        if (!other || (ref.roomId !== undefined && this.#anyRoom(key))) throw new ApiError('invalid-channel');
        return this.#openDirect(user, [other], false);
      })();
    if (!room.usernames.includes(user.username)) throw new ApiError('room-forbidden');
    return room;
  }

  /** `im.history`: a direct room's messages, newest first. */
  directHistory(user: User, roomId: string, window: HistoryWindow): Message[] {
    return this.#messages.history(this.findDirect(user, { roomId })._id, window).messages;
  }

  /** `im.list`: the direct rooms the caller is in, in the order they were made unless `sort` says otherwise. */
  listDirects(user: User, options: ListOptions): ListResult {
    const rooms = this.#memberRoomIds(user.username)
      .map((id) => this.#directs.get(id))
      .filter((room): room is DirectRoom => room !== undefined) as unknown as JsonObject[];
    const matching = options.query ? rooms.filter((room) => matches(room, options.query as Query)) : rooms;
    return pageOf(
      options.sort && options.sort.length > 0 ? sortBy([...matching], options.sort) : matching,
      options,
    );
  }

  /** The ids of the rooms a user is in (channels and groups by the world's order, then direct rooms). */
  #memberRoomIds(username: string): string[] {
    if (!this.#memberIndex) {
      const index = new Map<string, string[]>();
      const add = (room: AnyRoom): void => {
        for (const name of room.usernames) {
          const list = index.get(name);
          if (list) list.push(room._id);
          else index.set(name, [room._id]);
        }
      };
      for (const room of this.#rooms.values()) add(room);
      for (const room of this.#directs.values()) add(room);
      this.#memberIndex = index;
    }
    return this.#memberIndex.get(username) ?? [];
  }

  /** The caller's subscriptions, each as `subscriptionView` builds it. */
  #subscriptionsOf(user: User): Subscription[] {
    return this.#memberRoomIds(user.username).flatMap((id) => {
      const room = this.#anyRoom(id);
      return room ? [this.#subscriptionOf(room, user)] : [];
    });
  }

  #subscriptionOf(room: AnyRoom, user: User): Subscription {
    const others = peersOf(room, user.username, (name) => this.userNamed(name));
    return subscriptionView(room, user, this.#subscriptions.get(room, user._id), this.#idMiddle, others);
  }

  /**
   * `subscriptions.get`: the caller's subscriptions (every room the caller is in, direct rooms
   * too), those changed after `updatedSince` when given; nothing is ever removed in the fake.
   */
  subscriptionsFor(user: User, updatedSince?: string): { update: Subscription[]; remove: JsonObject[] } {
    const all = this.#subscriptionsOf(user);
    return {
      update: updatedSince === undefined ? all : all.filter((sub) => sub._updatedAt > updatedSince),
      remove: [],
    };
  }

  /** `subscriptions.getOne`: the caller's subscription to a room, or null. */
  subscriptionFor(user: User, rid: string): Subscription | null {
    const room = this.#anyRoom(rid);
    return room && room.usernames.includes(user.username) ? this.#subscriptionOf(room, user) : null;
  }

  /** `subscriptions.read`: the caller has read the room now (`unread`, the alert and mentions cleared, `ls` moved). */
  markRead(user: User, rid: string): void {
    const room = this.#anyRoom(rid);
    if (!room || !room.usernames.includes(user.username)) throw new ApiError('subscription-invalid');
    const ts = this.clock.tick();
    this.#subscriptions.set(room._id, user._id, readState(this.#subscriptions.get(room, user._id), ts));
    this.#version += 1;
    this.#onRead?.(user, room._id);
  }

  /** `rooms.get`: the rooms the caller is in, those changed after `updatedSince` when given. */
  roomsFor(user: User, updatedSince?: string): { update: JsonObject[]; remove: JsonObject[] } {
    const rooms = this.#memberRoomIds(user.username).flatMap((id) => {
      const room = this.#anyRoom(id);
      return room && (updatedSince === undefined || room._updatedAt > updatedSince) ? [room] : [];
    });
    return {
      update: rooms.map((room) => (room.t === 'd' ? (room as JsonObject) : roomView(room))),
      remove: [],
    };
  }

  /** `channels.list.joined`: the public channels the caller is in, by name unless `sort` says otherwise. */
  listJoinedChannels(user: User, options: ListOptions): ListResult {
    return this.listChannels(user, options, 'joined');
  }

  /** A user by username (any case), for the provider states of a contract. */
  userNamed(username: string): User | undefined {
    return this.#users.get(this.#userKeys.get(`u:${username.toLowerCase()}`) ?? '');
  }

  /** A user by e-mail address (any case). */
  userWithEmail(email: string): User | undefined {
    return this.#users.get(this.#userKeys.get(`e:${email.toLowerCase()}`) ?? '');
  }

  /** A room's `_id` by name. */
  findRoomId(name: string): string | undefined {
    return this.#roomNames.get(name);
  }

  /** A fresh login token for a user, as a login would issue (a provider state logs a user in). */
  issueToken(user: User): string {
    const authToken = randomBytes(32).toString('base64url');
    this.#tokens.set(authToken, user._id);
    return authToken;
  }

  /**
   * Sets a room's type, read-only flag and archived flag as a provider state says (a control
   * change: no system message). The clock ticks and lists follow, as for every change.
   */
  putRoom(
    id: string,
    fields: { t?: RoomType; ro?: boolean; archived?: boolean; usernames?: string[] },
  ): void {
    const room = this.#rooms.get(id);
    if (!room) return;
    const next: Room = { ...room, ...fields, _updatedAt: this.clock.tick() };
    if (fields.archived === false) delete next.archived;
    if (fields.t !== undefined) this.#followMainRoom(room, fields.t);
    if (fields.usernames !== undefined) {
      next.usernames = [...new Set([...room.usernames, ...fields.usernames])];
      next.usersCount = next.usernames.length;
      this.#memberIndex = undefined;
    }
    this.#version += 1;
    this.#rooms.set(id, next);
    this.#roomLists.record(this.#version, room, next);
  }

  /** The direct room of these users, made if there is none, whatever their permissions (a provider state). */
  putDirect(users: readonly User[]): DirectRoom {
    const [first, ...others] = users;
    if (!first) throw new ApiError('invalid-channel');
    return this.#openDirect(first, others, false, false);
  }

  /**
   * A message with this `_id` in a room (by `_id`), by `author`, as a provider state says: with a
   * post's fields (`posted`) or as a client sends one, whatever the room's rules; an existing one
   * keeps its place and takes the text.
   */
  putMessage(author: User, rid: string, _id: string, text: string, posted = false): void {
    const existing = this.#messages.get(_id);
    if (existing) {
      if (existing.msg !== text)
        this.#messages.replace({ ...existing, msg: text, _updatedAt: this.clock.tick() });
      this.#version += 1;
      return;
    }
    const room = this.#anyRoom(rid);
    if (!room) return;
    const ts = this.clock.tick();
    const message = this.#compose(author, room, { targets: [], text }, ts, posted);
    message._id = _id;
    this.#store(author, room, message, ts);
  }

  /** Gives a user these roles (a provider state's caller). */
  putUserRoles(id: string, roles: UserRole[]): void {
    const user = this.#users.get(id);
    if (!user) return;
    this.clock.tick();
    this.#version += 1;
    this.#users.set(id, { ...user, roles: [...roles] });
  }

  /** The one write of a room transition: new object, clock tick, system message counted. */
  #commitRoom(
    room: Room,
    change: Partial<Room>,
    message?: { user: User; t: string; msg: string },
  ): JsonObject {
    const ts = this.clock.tick();
    // as `{...room, ...change, _updatedAt, msgs}`, copied then set (see #store)
    const next: Room = Object.assign({ ...room }, change);
    next._updatedAt = ts;
    next.msgs = room.msgs + (message ? 1 : 0);
    const system = message && this.#systemMessage(message.user, next, message.t, message.msg, ts);
    if (system) this.#messages.add(system);
    this.#version += 1;
    this.#rooms.set(room._id, next);
    this.#roomLists.record(this.#version, room, next);
    if (system) this.#observer?.({ kind: 'inserted', message: system, room: next });
    return roomView(next);
  }

  /**
   * The one write of an added entity, already checked against {@link lookup} and stamped with
   * `clock.next()`: the clock ticks, the state's version moves, and `index` stores it. Returns the
   * caller's copy.
   */
  #add<T>(entity: T, index: (entity: T) => void): T {
    this.clock.tick();
    this.#version += 1;
    index(entity);
    return structuredClone(entity);
  }

  /** Adds one user, already resolved and checked (see src/scenario/entity.ts); a change of state. */
  addUser(user: User): User {
    return this.#add(user, (u) => this.#indexUser(u));
  }

  /**
   * Adds one room, already resolved and checked (its `teamId` names a team; a main room's team has
   * none yet, and its type is the room's); a change of state.
   */
  addChannel(room: Room): Room {
    return this.#add(room, (r) => {
      this.#rooms.set(r._id, r);
      this.#roomNames.set(r.name, r._id);
      this.#roomLists.record(this.#version, undefined, r);
      if (r.teamId === undefined) return;
      this.#teamRooms = true;
      if (r.teamMain === true) this.#teams.change(r.teamId, { roomId: r._id });
    });
  }

  /** Adds one integration, already resolved and checked; a change of state. */
  addIntegration(integration: Integration): Integration {
    this.#outgoing = undefined;
    return this.#add(integration, (i) => {
      this.#integrations.set(i._id, i);
      this.#integrationLists.record(this.#version, undefined, i);
    });
  }

  #indexUser(user: User): void {
    this.#users.set(user._id, user);
    for (const key of userKeysOf(user)) this.#userKeys.set(key, user._id);
  }

  #ref(user: User | undefined): UserRef | undefined {
    return user && { _id: user._id, username: user.username };
  }

  /** The world as an entity to be added is checked against: ids, names, users, counts. */
  lookup(): EntityLookup {
    return {
      seed: this.#seed,
      user: (ref) =>
        this.#ref(
          ref._id !== undefined
            ? this.#users.get(ref._id)
            : this.#users.get(this.#userKeys.get(`u:${(ref.username ?? '').toLowerCase()}`) ?? ''),
        ),
      hasUserId: (id) => this.#users.has(id),
      hasRoomId: (id) => this.#rooms.has(id),
      hasRoomName: (name) => this.#roomNames.has(name),
      hasIntegrationId: (id) => this.#integrations.has(id),
      team: (ref) => this.#teams.find(ref),
      defaultCreator: () => {
        const users = [...this.#users.values()];
        return this.#ref(users.find((u) => u.roles.includes('admin')) ?? users[0]);
      },
      count: (kind) =>
        kind === 'users'
          ? this.#users.size
          : kind === 'channels'
            ? this.#rooms.size
            : this.#integrations.size,
    };
  }

  /**
   * What changed since the baseline, per kind: entities added, changed (with the names of the
   * fields that differ) and removed. Unchanged entities are the baseline's own objects, so this
   * compares identities, not contents.
   */
  changes(): Changes {
    return {
      users: diff(this.#baseline.users, this.#users),
      channels: diff(this.#baseline.rooms, this.#rooms),
      directs: diff(this.#baseline.directs, this.#directs),
      integrations: diff(this.#baseline.integrations, this.#integrations),
      messages: this.#messages.changes(),
      subscriptions: this.#subscriptionChanges(),
    };
  }

  /**
   * The subscriptions that differ from the baseline's, by room `_id` then username: those whose
   * state changed, and those of the members of rooms made or changed (a join adds one). Each as
   * `subscriptions.get` answers it, before (the baseline's room, user and state) and after.
   */
  #subscriptionChanges(): KindChanges<Subscription> {
    const base = this.#baseline;
    const candidates = new Map<string, { rid: string; username: string }>();
    const baseUserById = (id: string): User | undefined => base.users.get(id);
    const baseUserNamed = (name: string): User | undefined =>
      base.users.get(base.userKeys.get(`u:${name.toLowerCase()}`) ?? '');
    for (const key of this.#subscriptions.changedKeys()) {
      const { rid, userId } = SubscriptionStates.parts(key);
      const user = this.#users.get(userId) ?? baseUserById(userId);
      if (user) candidates.set(key, { rid, username: user.username });
    }
    const membersOf = <T extends AnyRoom>(
      before: ReadonlyMap<string, T>,
      after: LayeredMap<string, T>,
    ): void => {
      // only what this store wrote: every other room is the baseline's own, unchanged
      for (const [id, room] of after.written()) {
        const old = before.get(id);
        if (old === room) continue;
        for (const username of new Set([...(old?.usernames ?? []), ...room.usernames])) {
          const user = this.userNamed(username) ?? baseUserNamed(username);
          if (user)
            candidates.set(SubscriptionStates.key(id, user._id), { rid: id, username: user.username });
        }
      }
    };
    membersOf(base.rooms, this.#rooms);
    membersOf(base.directs, this.#directs);
    const out: KindChanges<Subscription> = { added: [], changed: [], removed: [] };
    const ordered = [...candidates.values()].sort(byRoomThenUser);
    for (const { rid, username } of ordered) {
      const oldRoom = base.rooms.get(rid) ?? base.directs.get(rid);
      const oldUser = baseUserNamed(username);
      const before =
        oldRoom && oldUser && oldRoom.usernames.includes(username)
          ? subscriptionView(
              oldRoom,
              oldUser,
              this.#subscriptions.baseline(oldRoom, oldUser._id),
              this.#idMiddle,
              peersOf(oldRoom, username, baseUserNamed),
            )
          : undefined;
      const room = this.#anyRoom(rid);
      const user = this.userNamed(username);
      const after =
        room && user && room.usernames.includes(username) ? this.#subscriptionOf(room, user) : undefined;
      if (!before && after) out.added.push(after);
      else if (before && !after) out.removed.push(before);
      else if (before && after) {
        const fields = changedFields(before, after);
        if (fields.length > 0) out.changed.push({ _id: after._id, fields, before, after });
      }
    }
    return out;
  }

  /**
   * The subscription states that differ from those derived from the rooms, as a scenario gives
   * them (see {@link recordOfState}), by room `_id` then username.
   */
  #subscriptionRecords(): SubscriptionRecord[] {
    const out: SubscriptionRecord[] = [];
    for (const key of this.#subscriptions.keys()) {
      const { rid, userId } = SubscriptionStates.parts(key);
      const room = this.#anyRoom(rid);
      const user = this.#users.get(userId);
      if (!room || !user || !room.usernames.includes(user.username)) continue;
      const record = recordOfState(
        room._id,
        user.username,
        initialState(room, user._id),
        this.#subscriptions.get(room, user._id),
      );
      if (record) out.push(record);
    }
    return out.sort(byRoomThenUser);
  }

  /** A deep copy of the whole world, in scenario shape. */
  state(): World {
    // a user's personal access tokens stay on the user (those still live: a logout ends one too)
    const personal = new Set<string>();
    const users = Array.from(this.#users.values(), (user) => {
      const copy = structuredClone(user);
      if (!copy.personalAccessTokens) return copy;
      for (const pat of copy.personalAccessTokens) personal.add(pat.token);
      copy.personalAccessTokens = copy.personalAccessTokens.filter(
        (pat) => this.#tokens.get(pat.token) === user._id,
      );
      return copy;
    });
    const tokens: TokenRecord[] = [];
    for (const [authToken, userId] of this.#tokens) {
      const user = this.#users.get(userId);
      if (user && !personal.has(authToken)) tokens.push({ username: user.username, authToken });
    }
    // each entity copied on its own: entities of a baseline may share nested values (a creator
    // ref, a members list), and a caller's copy must not (one push would show in every room)
    const copy = <T>(entities: Iterable<T>): T[] => Array.from(entities, (e) => structuredClone(e));
    const subscriptions = this.#subscriptionRecords();
    return {
      seed: this.#seed,
      clock: this.clock.now(),
      users,
      channels: copy(this.#rooms.values()),
      ...(this.#directs.size > 0 ? { directs: copy(this.#directs.values()) } : {}),
      integrations: copy(this.#integrations.values()),
      ...(this.#messages.any ? { messages: copy(this.#messages.values()) } : {}),
      tokens,
      permissions: structuredClone(this.#permissions),
      ...(Object.keys(this.#settings).length > 0 ? { settings: { ...this.#settings } } : {}),
      ...(this.#teams.any ? { teams: copy(this.#teams.values()) } : {}),
      ...(subscriptions.length > 0 ? { subscriptions } : {}),
    };
  }
}

/** Whether credentials carry the user's password, as text or as Meteor's SHA-256 digest. */
function passwordMatches(user: User, credentials: Credentials): boolean {
  if (credentials.digest !== undefined)
    return createHash('sha256').update(user.password).digest('hex') === credentials.digest.toLowerCase();
  return user.password === credentials.password;
}

/** One page of documents already filtered and sorted: `offset`, `count` (0: all), `fields`. */
function pageOf(sorted: readonly object[], options: ListOptions): ListResult {
  const end = options.count === 0 ? undefined : options.offset + options.count;
  const items = sorted.slice(options.offset, end).map((doc) => project(doc as JsonObject, options.fields));
  return { items, count: items.length, offset: options.offset, total: sorted.length };
}

/** The keys whose values differ between two versions of an entity (either may lack some). */
function changedFields(before: object, after: object): string[] {
  const was = before as Record<string, unknown>;
  const is = after as Record<string, unknown>;
  const keys = new Set([...Object.keys(was), ...Object.keys(is)]);
  return [...keys].filter((k) => !jsonEqual(was[k], is[k]));
}

/** Subscriptions in a stable order: by room `_id`, then username. */
function byRoomThenUser(a: { rid: string; username: string }, b: { rid: string; username: string }): number {
  if (a.rid !== b.rid) return a.rid < b.rid ? -1 : 1;
  return a.username < b.username ? -1 : a.username > b.username ? 1 : 0;
}

/** A direct room's other members (its subscription is named after them); none for a channel or group. */
function peersOf(room: AnyRoom, username: string, find: (name: string) => User | undefined): User[] {
  if (room.t !== 'd') return [];
  return room.usernames.flatMap((name) => {
    const other = name === username ? undefined : find(name);
    return other ? [other] : [];
  });
}

function diff<T extends { _id: string }>(
  before: ReadonlyMap<string, T>,
  after: LayeredMap<string, T>,
): KindChanges<T> {
  const out: KindChanges<T> = { added: [], changed: [], removed: [] };
  for (const [id, entity] of after) {
    const old = before.get(id);
    if (!old) out.added.push(structuredClone(entity));
    else if (old !== entity) {
      const fields = changedFields(old, entity);
      if (fields.length > 0)
        out.changed.push({ _id: id, fields, before: structuredClone(old), after: structuredClone(entity) });
    }
  }
  for (const [id, entity] of before) if (!after.has(id)) out.removed.push(structuredClone(entity));
  return out;
}
