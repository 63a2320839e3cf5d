/**
 * The types the package publishes, defined here and nowhere else: the world's entities in
 * Rocket.Chat's wire shape (a scenario document, the store's state and `fake.state()` all use
 * them, so a real server's response can be pasted into a scenario), what changed since the
 * baseline, the request journal's entries, faults, the rate limit, the clock and sessions.
 *
 * The entities' fields are declared once, in src/wire.ts; the interfaces here are made of them.
 *
 * Layer: base. Imports only src/wire.ts. Every other layer may import it; `src/index.ts` exports from it.
 */

import { USER_ROLES } from './wire';
import type {
  DIRECT_SHAPE,
  INCOMING_SHAPE,
  MESSAGE_SHAPE,
  OUTGOING_SHAPE,
  ROOM_SHAPE,
  SUBSCRIPTION_SHAPE,
  USER_SHAPE,
  WireType,
} from './wire';

export { USER_ROLES };
export type { Author, Email, UserRef, UserRole } from './wire';

/** The Rocket.Chat eras the fake can answer as (see src/profiles.ts and the README's "Server versions"). */
/** The release lines the fake answers as, oldest first. */
export const LINE_IDS = ['0.49', '5', '6', '7.0', '7.10', '8.5', '8.9'] as const;
export type LineId = (typeof LINE_IDS)[number];
/** Every accepted profile name: a release line, or `7` / `8` for the newest line of that major. */
export const PROFILE_IDS = [...LINE_IDS, '7', '8'] as const;
export type ProfileId = (typeof PROFILE_IDS)[number];

/** A user as the store holds it; `password` is the fake's own (the one `login` accepts), never sent. */
export interface User extends WireType<typeof USER_SHAPE> {
  [extra: string]: unknown;
}

export type RoomType = 'c' | 'p';

/** A room: `joinCode` is stored, never sent; a list page leaves out `joinCodeRequired` and `muted`. */
export interface Room extends WireType<typeof ROOM_SHAPE> {
  [extra: string]: unknown;
}

/** A direct-message room between two users (`t: "d"`); `lm` and `lastMessage` once it has messages. */
export interface DirectRoom extends WireType<typeof DIRECT_SHAPE> {
  [extra: string]: unknown;
}

/** Any room a message can be in: a channel, a private group, or a direct-message room. */
export type AnyRoom = Room | DirectRoom;

/** A member's subscription to a room, as `subscriptions.get` answers it. */
export interface Subscription extends WireType<typeof SUBSCRIPTION_SHAPE> {
  [extra: string]: unknown;
}

/** A team's type, as Rocket.Chat's `Team` collection stores it: 0 public, 1 private. */
export type TeamType = 0 | 1;

/**
 * A team (Rocket.Chat 5 on): its rooms name it in `teamId`, its main room (`roomId`, the room with
 * `teamMain: true`) has the team's type as its `t`; `members` are the usernames of its members.
 */
export interface Team {
  _id: string;
  name: string;
  type: TeamType;
  /** when it was made (a team made through the API: `teams.create`) */
  createdAt?: string;
  /** who made it (a team made through the API) */
  createdBy?: { _id: string; username: string };
  /** when it last changed (a team made through the API) */
  _updatedAt?: string;
  /** the main room's `_id`, when the team has one */
  roomId?: string;
  members: string[];
  /** the members with the team's `owner` role, by username (a team made through the API: its owner) */
  owners?: string[];
}

/** An outgoing webhook: Rocket.Chat posts a room's events to `urls`. */
export interface OutgoingIntegration extends WireType<typeof OUTGOING_SHAPE> {
  [extra: string]: unknown;
}

/**
 * An incoming webhook: a URL with `token` that posts into `channel` as `username`. No `event`,
 * `urls` or `triggerWords`; `avatarUrl` where the outgoing kind has `avatar`.
 */
export interface IncomingIntegration extends WireType<typeof INCOMING_SHAPE> {
  [extra: string]: unknown;
}

/** A message of a room (Rocket.Chat's `IMessage`): system messages have `t`, thread replies `tmid`. */
export interface Message extends WireType<typeof MESSAGE_SHAPE> {
  [extra: string]: unknown;
}

/** Either kind of integration `channels.getIntegrations` lists; `type` tells which. */
export type Integration = OutgoingIntegration | IncomingIntegration;

export interface TokenRecord {
  username: string;
  authToken: string;
}

/**
 * A role as the world holds it: the seeded ones (`protected: true`, in `createOrUpdateProtectedRoleAsync`'s
 * key order) and a world's custom ones (a scenario's `roles`, `roles.create`, `authorization:saveRole`:
 * `protected: false`, in `Roles.createWithRandomId`'s key order). `_updatedAt` once a change stamped
 * it (`roles.list` never shows it).
 */
export interface RoleDoc {
  _id: string;
  name: string;
  scope: 'Users' | 'Subscriptions';
  description: string;
  mandatory2fa: boolean;
  protected: boolean;
  _updatedAt?: string;
}

/** Permission name → the roles that hold it (seeded roles' ids, or a world's custom roles'). */
export type PermissionTable = Record<string, string[]>;

/**
 * The server settings the fake models, by Rocket.Chat's own ids: the brute-force protection of
 * logins (`Block_Multiple_Failed_Logins_*`). Minutes may be fractions, as the real server's API
 * accepts them.
 */
export interface ServerSettings {
  /** blocking is on (the fake's default: off) */
  Block_Multiple_Failed_Logins_Enabled: boolean;
  /** block a username after failed logins (default true) */
  Block_Multiple_Failed_Logins_By_User: boolean;
  /** failed logins of one username before it is blocked (default 10; 0: never) */
  Block_Multiple_Failed_Logins_Attempts_Until_Block_by_User: number;
  /** the window a username's failures count in, in fake-clock minutes (default 5) */
  Block_Multiple_Failed_Logins_Time_To_Unblock_By_User_In_Minutes: number;
  /** block a client address after failed logins (default true) */
  Block_Multiple_Failed_Logins_By_Ip: boolean;
  /** failed logins from one address before it is blocked (default 50; 0: never) */
  Block_Multiple_Failed_Logins_Attempts_Until_Block_By_Ip: number;
  /** the window an address's failures count in, in fake-clock minutes (default 5) */
  Block_Multiple_Failed_Logins_Time_To_Unblock_By_Ip_In_Minutes: number;
  /** addresses never blocked, comma-separated, each compared exactly (default "") */
  Block_Multiple_Failed_Logins_Ip_Whitelist: string;
  /** the longest message text, in characters (default 5000; a longer post is refused) */
  Message_MaxAllowedSize: number;
  /** authors may edit their own messages (default true) */
  Message_AllowEditing: boolean;
  /** minutes after which an author's edit is refused, 0 for never (default 0) */
  Message_AllowEditing_BlockEditInMinutes: number;
  /** authors may delete their own messages (default true) */
  Message_AllowDeleting: boolean;
  /** minutes after which an author's delete is refused, 0 for never (default 0) */
  Message_AllowDeleting_BlockDeleteInMinutes: number;
  /** members with `pin-message` may pin messages (default true) */
  Message_AllowPinning: boolean;
  /** members may star messages (default true) */
  Message_AllowStarring: boolean;
  /** chat.search reads its text as a regular expression (default false) */
  Message_AlwaysSearchRegExp: boolean;
  /** (listed, not modelled) seconds, default 300 */
  Message_GroupingPeriod: number;
  /** (listed, not modelled; enterprise) default false */
  Message_Read_Receipt_Enabled: boolean;
  /** the server's address; "" (the default): the address the client reached the fake at */
  Site_Url: string;
  /** the server's name (default "Rocket.Chat") */
  Site_Name: string;
  /** (listed, not modelled) default "" */
  Language: string;
  /** (listed, not modelled) default "completed" */
  Show_Setup_Wizard: string;
  /** (listed, not modelled) default true */
  API_Use_REST_For_DDP_Calls: boolean;
  /** (listed, not modelled) default true: the fake's limiter is the world's `rateLimit` */
  API_Enable_Rate_Limiter: boolean;
  /** (listed, not modelled) default true */
  API_Enable_Rate_Limiter_Dev: boolean;
  /** (listed, not modelled) default 10 */
  API_Enable_Rate_Limiter_Limit_Calls_Default: number;
  /** (listed, not modelled) milliseconds, default 60000 */
  API_Enable_Rate_Limiter_Limit_Time_Default: number;
  /** (listed, not modelled) default false */
  Accounts_AllowDeleteOwnAccount: boolean;
  /** (listed, not modelled) default true */
  Accounts_AllowUserAvatarChange: boolean;
  /** (listed, not modelled) default true */
  Accounts_AllowUserProfileChange: boolean;
  /** (listed, not modelled) default true */
  Accounts_ShowFormLogin: boolean;
  /** (listed, not modelled) default true */
  Discussion_enabled: boolean;
  /** (listed, not modelled) default true */
  Threads_enabled: boolean;
  /** (listed, not modelled) default false */
  E2E_Enable: boolean;
  /** (listed, not modelled) default true */
  Favorite_Rooms: boolean;
  /** uploads are taken (`rooms.upload`, `rooms.media`; default true) */
  FileUpload_Enabled: boolean;
  /** the largest file uploaded, bytes (default 104857600; -1: no limit) */
  FileUpload_MaxFileSize: number;
  /** the file types taken, `type/sub` or `type/*`, comma-separated (default "": every type) */
  FileUpload_MediaTypeWhiteList: string;
  /** the file types refused, over the whitelist (default `image/svg+xml`) */
  FileUpload_MediaTypeBlackList: string;
  /** uploads into direct rooms are taken (default true) */
  FileUpload_Enabled_Direct: boolean;
  /** `/file-upload/…` needs a login (default true) */
  FileUpload_ProtectFiles: boolean;
  /** `/file-upload/…` serves a room's files only to its members (default true) */
  FileUpload_Restrict_to_room_members: boolean;
  /** (listed, not modelled) default false */
  LDAP_Enable: boolean;
  /** (listed, not modelled) default true */
  Livechat_enabled: boolean;
  /** (listed, not modelled) default false */
  UI_Use_Real_Name: boolean;
  /** who may register (`users.register`, `registerUser`): `Public` (default), `Disabled` or `Secret URL` */
  Accounts_RegistrationForm: string;
  /** the secret a `Secret URL` registration must give (the real default is a random id; the fake's "") */
  Accounts_RegistrationForm_SecretURL: string;
  /** new users start deactivated until an admin activates them (default false) */
  Accounts_ManuallyApproveNewUsers: boolean;
  /** the roles a new user gets when none are given, comma-separated (default "user") */
  Accounts_Registration_Users_Default_Roles: string;
  /** `users.create` refuses a blank name (default true) */
  Accounts_RequireNameForSignUp: boolean;
  /** users may set their status message (`users.setStatus`; default true) */
  Accounts_AllowUserStatusMessageChange: boolean;
  /** users may set the status `offline` (invisible; default true) */
  Accounts_AllowInvisibleStatusOption: boolean;
  // users-rest: the server's environment variables the users.* routes read (no route lists them)
  /** the environment's `CREATE_TOKENS_FOR_USERS` (5.x to 7.x): `users.createToken` works (default false) */
  CREATE_TOKENS_FOR_USERS: boolean;
  /** the environment's `CREATE_TOKENS_FOR_USERS_SECRET` (8.x): the `secret` `users.createToken` needs ("" : none works) */
  CREATE_TOKENS_FOR_USERS_SECRET: string;
  /** the environment's `ALLOW_UNSAFE_QUERY_AND_FIELDS_API_PARAMS` (7.0 on): `users.list` reads `query` and `fields` (default false) */
  ALLOW_UNSAFE_QUERY_AND_FIELDS_API_PARAMS: boolean;
}

/** A whole world: what a scenario resolves to, what the store holds, what `state()` returns. */
export interface World {
  seed: number;
  clock: string;
  users: User[];
  channels: Room[];
  integrations: Integration[];
  /** present when the world has direct-message rooms */
  directs?: DirectRoom[];
  /** present when the world has messages */
  messages?: Message[];
  tokens: TokenRecord[];
  permissions: PermissionTable;
  /** present when the scenario has teams */
  teams?: Team[];
  /**
   * present when some member's subscription differs from the one the fake derives from the room
   * (a post's unread counts and alerts, a read, a join): by room `_id`, then username
   */
  subscriptions?: SubscriptionRecord[];
  /** present when the scenario turns rate limiting on */
  rateLimit?: RateLimitConfig;
  /** present when the scenario has stubs (answers for routes the fake does not model) */
  stubs?: StubInput[];
  /** the settings the scenario (or a change since) gives; the rest keep their defaults */
  settings?: Partial<ServerSettings>;
  /** the server version the world answers as (default `7`); `state()` shows the active one */
  profile?: ProfileId;
  /** present when the world has custom roles (a scenario's `roles`, or made since): those, in the order made */
  roles?: RoleDoc[];
  /** present when the scenario has custom emoji (`emojis`), in its order */
  emojis?: CustomEmoji[];
  /** present when the scenario has slash commands of its own (`commands`), in its order */
  commands?: SlashCommand[];
  /**
   * present when users hold push tokens (a scenario's `pushTokens`, or
   * `push.token` since), grouped by owner, each owner's in the order registered
   */
  pushTokens?: PushTokenRecord[];
}

/**
 * A push token (Rocket.Chat's `_raix_push_app_tokens` document) as `state()` and a scenario give
 * it: its owner by username instead of `userId`.
 */
export interface PushTokenRecord {
  _id: string;
  /** the owner */
  username: string;
  /** one entry: `apn` or `gcm`, the device's token */
  token: Record<string, string>;
  appName: string;
  /** the hashed login token that registered it (`Accounts._hashLoginToken`); a scenario's default "" */
  authToken: string;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
  metadata: Record<string, unknown>;
  voipToken?: string;
}

/** A custom emoji as `emoji-custom.list` answers it (startup helper). */
export interface CustomEmoji {
  _id: string;
  name: string;
  aliases: string[];
  extension: string;
  etag?: string;
  _updatedAt: string;
}

/**
 * A slash command of the world's own (a scenario's `commands`, startup helper): what `commands.list`
 * shows of it, and the text `commands.run` posts to the room as the caller (none: nothing posted).
 */
export interface SlashCommand {
  command: string;
  params: string;
  description: string;
  reply?: string;
}

/**
 * A member's subscription state as a scenario (and `state()`) gives it: the room by `_id`, the
 * member by username, and only the fields that differ from what the fake derives (in the room
 * since it was made, open, nothing unread; its creator has read it then). `ls: null`: never read.
 */
export interface SubscriptionRecord {
  rid: string;
  username: string;
  open?: boolean;
  alert?: boolean;
  unread?: number;
  userMentions?: number;
  groupMentions?: number;
  ts?: string;
  ls?: string | null;
  _updatedAt?: string;
  /** the member's roles in the room when not as it was made (its creator the owner) */
  roles?: ('owner' | 'moderator' | 'leader')[];
  /** the member's favourite mark (`rooms.favorite`), once set */
  f?: boolean;
  /** when a thread the member follows was last replied to */
  lr?: string;
  /** the roots of the threads with replies the member has not read */
  tunread?: string[];
  /** of those, the threads whose replies mention the member */
  tunreadUser?: string[];
  /** of those, the threads with a reply to `@all` or `@here` */
  tunreadGroup?: string[];
  /** the `_id`s of the users the member ignores in the room (`chat.ignoreUser`), once set */
  ignored?: string[];
}

/** One entity that differs from the baseline. */
export interface Change<T> {
  _id: string;
  fields: string[];
  before: T;
  after: T;
}

/** What differs from the baseline, per kind. */
export interface KindChanges<T> {
  added: T[];
  changed: Change<T>[];
  removed: T[];
}

export interface Changes {
  users: KindChanges<User>;
  channels: KindChanges<Room>;
  /** direct-message rooms made (`im.create`, a post to `@user`) or changed (a message) */
  directs: KindChanges<DirectRoom>;
  integrations: KindChanges<Integration>;
  messages: KindChanges<Message>;
  /** members' subscriptions whose state changed (a post, a read, a join), or made or ended with a room's members */
  subscriptions: KindChanges<Subscription>;
  /** settings whose value in force differs from the baseline's (`POST settings/:_id`, `saveSetting`, `setSettings`) */
  settings: KindChanges<SettingValue>;
  /** permissions whose roles changed since the baseline (`permissions.update`, the realtime methods), with their `_updatedAt` */
  permissions: KindChanges<PermissionValue>;
  /** roles made (`roles.create`, `authorization:saveRole`), changed (`roles.update`) or deleted since the baseline */
  roles: KindChanges<RoleDoc>;
  /** present when a push token was registered, updated or removed since the baseline (`push.token`) */
  pushTokens?: KindChanges<PushTokenRecord>;
}

/** A permission as `changes()` lists it: `permissions.listAll`'s document. */
export interface PermissionValue {
  _id: string;
  _updatedAt: string;
  roles: string[];
}

/** A setting as `changes()` lists it: its Rocket.Chat id and its value in force. */
export interface SettingValue {
  _id: string;
  value: unknown;
}

/** Rate limiting, `limit` calls per `windowMs` per client and route: e.g. `{ limit: 10, windowMs: 60000 }`, the real server's default. */
export interface RateLimitConfig {
  limit: number;
  windowMs: number;
}

/** The fake clock as tests drive it. */
export interface ClockControl {
  /** the current fake time, ISO 8601 */
  now(): string;
  /** sets the clock to an ISO time */
  set(iso: string): void;
  /** moves the clock by `ms` (negative moves it back) */
  advance(ms: number): void;
}

/** A session as the control API lists it. */
export interface SessionInfo {
  id: string;
  /** the path prefix of the session's routes, `/s/<id>` */
  path: string;
  /** how many requests its journal holds (in `listSessions()`) */
  requests?: number;
  /** when it was created, wall-clock ISO time (in `listSessions()`) */
  createdAt?: string;
}

/** One thing wrong with a scenario: where (a JSON path such as `$.channels[2].u`) and what. */
export interface Problem {
  path: string;
  message: string;
}

/**
 * A change a journaled request committed, as `GET /__admin/requests/:seq` and the inspector show
 * it: the entity's kind and id (a subscription's `<rid>/<uid>`, the settings' names) and how it
 * changed; past what a request's notes keep of a kind, the count of the rest (`omitted`).
 */
export type RequestChange =
  | { kind: ChangedKind; op: 'inserted' | 'updated' | 'removed'; id: string }
  | { kind: ChangedKind; op: 'inserted' | 'updated' | 'removed'; omitted: number };

/** The kinds of entity a change names. */
export type ChangedKind =
  | 'room'
  | 'subscription'
  | 'message'
  | 'user'
  | 'integration'
  | 'team'
  | 'settings'
  | 'permission'
  | 'role'
  | 'role-doc';

/** One recorded request with the answer it got and what it changed (`GET /__admin/requests/:seq`). */
export interface RequestExchange {
  entry: JournalEntry;
  /** the answer's JSON with tokens and passwords hidden, or its text when it is not JSON */
  response: unknown;
  /** the change events the request committed, in order (none for a refusal or a read) */
  changes: RequestChange[];
}

/** One recorded request. */
export interface JournalEntry {
  /** 1 for the first request after a reset or a clear, then 2, 3, … */
  seq: number;
  method: string;
  path: string;
  query: Record<string, unknown>;
  /** the parsed body, passwords redacted; `null` when there was none or it did not parse */
  body: unknown;
  status: number;
  /** the authenticated user's username, or `null` */
  user: string | null;
  /** the fake clock when the response was sent */
  time: string;
  /**
   * whether the fake models what was called: false for a route no operation serves (answered with
   * the real server's 404) and for a realtime method it does not know; true otherwise
   */
  modelled: boolean;
  /** the id of the stub that answered, when one did */
  stub?: string;
  /** true when the request was passed through to the real server (`proxyUnmodelled`) */
  proxied?: true;
  /** a realtime (DDP) frame's entry: what the frame is, read for people (the inspector's rows) */
  ddp?: DdpFrameNote;
}

/**
 * A realtime frame as the journal describes it beside its body: the socket, the direction, the
 * frame's type and names, and a one-line summary with secrets hidden.
 */
export interface DdpFrameNote {
  /** the socket's DDP session id, as its `connected` frame gives it (`session-1`, …) */
  connection: string;
  /** `in`: client → fake; `out`: fake → client */
  direction: 'in' | 'out';
  /**
   * the frame's `msg` (`connect`, `method`, `result`, `sub`, `ready`, `changed`, …); `(invalid)`
   * for a frame that is no JSON object with a string `msg`, `(refused)` for one refused by a bound
   */
  msg: string;
  /** the frame's `id` (a method call's, a sub's; a `ready`'s first sub) */
  id?: string;
  /** a `method` frame's method, and on its `result` the method it answers */
  method?: string;
  /** a `sub`'s name, on its `ready` / `nosub` the sub's, on `changed` / `added` / `removed` the stream (collection) */
  name?: string;
  /** a `changed`, `added` or `removed` frame's collection */
  collection?: string;
  /** a stream event's `eventName` (`changed` of a stream: the room id, `<uid>/message`, …) */
  event?: string;
  /** at most 120 characters: `sendMessage {rid: "GENERAL", msg: "hi"}`; passwords and tokens hidden */
  summary: string;
  /** a `result`'s, `nosub`'s or `error` frame's error text */
  error?: string;
  /** on an `out` `result`, `ready` or `nosub`: the `seq` of the `in` frame it answers */
  answers?: number;
}

/**
 * A route the fake does not model, as `GET /__admin/unmatched` tallies it: each method and path
 * called, how often, and the modelled route nearest to it (a typo's likely target).
 */
export interface UnmatchedRoute {
  method: string;
  path: string;
  count: number;
  /** the fake clock at the first and the last call */
  firstAt: string;
  lastAt: string;
  /** the modelled route nearest to this one (`GET /api/v1/channels.list`), or null when none is near */
  nearest: string | null;
}

/**
 * What `GET /__admin/events` streams (and `world.subscribe()` hands out): each journal entry as it
 * is recorded, each change of state with how many entities differ from the baseline, each webhook
 * attempt, and each change of the stubs or faults in force.
 */
export type WorldEvent =
  /** a request journaled, with the change events it committed (none for a read or a refusal) */
  | { type: 'request'; entry: JournalEntry; changes: RequestChange[] }
  /** an outgoing webhook's attempt, when it is sent and again when its outcome is known */
  | { type: 'delivery'; delivery: WebhookDelivery }
  /**
   * the world's stubs, faults or rate limit changed: one added (a stub replaced by id), removed, or
   * used up by its `times`, or the rate limit set or turned off (not by a reset or a load: their
   * `state` event says that)
   */
  | { type: 'rules'; changed: 'stubs' | 'faults' | 'rateLimit' }
  /** the journal (with the unmatched routes) or the webhook attempts kept were emptied */
  | { type: 'cleared'; what: 'requests' | 'deliveries' }
  /** the fake warned of something, once (`GET /__admin/clock`'s `warnings` lists it) */
  | { type: 'warning'; text: string }
  | {
      type: 'state';
      /** what changed it: a request, a reset, a load, an added entity, the clock */
      reason: 'request' | 'reset' | 'load' | 'added' | 'clock' | 'webhook';
      clock: string;
      /** entities added, changed or removed since the baseline, per kind */
      changed: {
        users: number;
        channels: number;
        directs: number;
        integrations: number;
        messages: number;
        subscriptions: number;
      };
    };

/**
 * What became of one attempt to deliver an outgoing webhook:
 * - `pending`: sent, no answer yet;
 * - `delivered`: answered 200, 201 or 202 with a body (nothing to post back);
 * - `replied`: as delivered, and the answer's `text` / `attachments` were posted back (`reply`);
 * - `retrying`: failed, tried again at `retryAt` on the fake clock (`retryFailedCalls`);
 * - `gave-up`: failed, and the retries are spent;
 * - `failed`: failed with no retry (a network error, no answer within `webhookTimeoutMs`, an
 *   answer over `webhookAnswerBytes`, a 500 with a body, retries off);
 * - `disabled`: answered 410 Gone with a body: the webhook is turned off, as the real server does;
 * - `loop-stopped`: not sent: a chain of webhook replies triggering webhooks ran 5 deep;
 * - `skipped`: not sent: not an http(s) URL, a host reserved for documentation (`example.com`,
 *   `*.example.org`, `.invalid`, …: RFC 2606), such as the default scenario's webhooks name, or
 *   past the `webhookDeliveries` calls one request may cause, its replies' included (`error` says which).
 */
export type DeliveryOutcome =
  | 'pending'
  | 'delivered'
  | 'replied'
  | 'retrying'
  | 'gave-up'
  | 'failed'
  | 'disabled'
  | 'loop-stopped'
  | 'skipped';

/** One attempt to deliver an outgoing webhook to one of its URLs. */
export interface WebhookDelivery {
  /** `delivery-1`, `delivery-2`, … in the order they were sent (a retry is an attempt of its own) */
  id: string;
  /** the outgoing webhook's `_id` and `name` */
  integrationId: string;
  integration: string;
  url: string;
  /** the message that triggered it */
  messageId: string;
  /** 1 for the first attempt, 2 for the first retry, … */
  attempt: number;
  /** the JSON body sent (`token`, `channel_id`, `text`, …) */
  payload: Record<string, unknown>;
  /** the HTTP status of the answer, or `null` while pending or when there was none */
  status: number | null;
  outcome: DeliveryOutcome;
  /**
   * why it failed, when there was no answer (a refused connection, the time-out) or one over
   * `webhookAnswerBytes`; why it was skipped
   */
  error?: string;
  /** the message the answer posted back */
  reply?: string;
  /** why the answer could not be posted back (the post's refusal: `error-message-size-exceeded` for a text over 5000) */
  replyError?: string;
  /** when the next attempt is due, on the fake clock */
  retryAt?: string;
  /** the fake clock when it was sent */
  time: string;
}

/** Which requests: `path` exact or with `*` wildcards, `method` in any case, `status` exact. */
export interface RequestFilter {
  path?: string;
  method?: string;
  status?: number;
  /** only the requests the fake modelled (true) or did not (false) */
  modelled?: boolean;
}

/**
 * How a stub compares one value of a request (a query parameter, a header, the body): a bare
 * string is `equals`; `contains` a substring (for the body, a JSON subset or a substring of its
 * JSON text); `matches` an RE2 regular expression (linear time, no backtracking).
 */
export type StubMatch = string | { equals: unknown } | { contains: unknown } | { matches: string };

/** Which requests a stub answers: every field given must match. */
export interface StubRequest {
  /**
   * any case; default any HTTP method. `DDP`: a realtime method call, `path` (or `pathPattern`) its
   * method's name, `body` matched against its params array (a DDP call is taken only by such a stub)
   */
  method?: string;
  /** the path inside the world, exactly (with method `DDP`, the method's name) */
  path?: string;
  /** or an RE2 regular expression the whole path must match */
  pathPattern?: string;
  query?: Record<string, StubMatch>;
  /** by header name, any case */
  headers?: Record<string, StubMatch>;
  body?: StubMatch;
}

/**
 * What a stub answers. Strings in `body` and `headers` may hold templates: `{{request.path}}`,
 * `{{request.method}}`, `{{request.query.NAME}}`, `{{request.headers.NAME}}`, `{{request.body.A.B}}`,
 * `{{user._id}}`, `{{user.username}}`, `{{user.name}}` (the caller its auth headers name), `{{now}}`
 * (the fake clock). A string that is one template alone takes the value's own JSON type.
 */
export interface StubResponse {
  /** default 200 */
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** a binary body: its bytes in base64, sent as they are (`application/octet-stream` unless a header says) */
  base64Body?: string;
}

/** A stub as given. */
export interface StubInput {
  /** default `stub-<n>` */
  id?: string;
  request: StubRequest;
  response: StubResponse;
  /** answers this many requests, then is gone; default until removed */
  times?: number;
  /** lower first (WireMock's order; default 5); among equals the newest first */
  priority?: number;
  /** may answer a route the fake models (otherwise it never shadows one) */
  override?: boolean;
}

/** A stub in force. */
export interface Stub extends StubInput {
  id: string;
  priority: number;
  /** requests it has answered */
  hits: number;
  /** requests it will still answer; `null` until removed */
  remaining: number | null;
}

/**
 * The HTTP methods a fault can be limited to, and `DDP`: a realtime method call, its `path` the
 * method's name or a glob of names (`sendMessage`, `create*`, `*`).
 */
export type FaultMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS' | 'DDP';

/** A fault's delay: a fixed number of milliseconds, or a range drawn from per hit. */
export type FaultDelay = number | { min: number; max: number };

/** What a fault does, as given and as checked. */
export interface FaultFields {
  /**
   * a path such as `/api/v1/channels.list`, `*` matching any run of characters; with method `DDP`,
   * a realtime method's name (`sendMessage`, `create*`, `*`)
   */
  path: string;
  /** default: until cleared */
  times?: number;
  status?: number;
  body?: unknown;
  delayMs?: FaultDelay;
  drop?: true;
  partial?: true;
  /** a realtime socket (`/websocket`) is accepted, then closed with this code (1000-1003, 1007-1014, 3000-4999) */
  closeCode?: number;
}

/** A fault as given: see the README's fault reference. */
export interface FaultInput extends FaultFields {
  /** any case */
  method?: string;
}

/** A fault as checked: the method in capitals. */
export interface FaultSpec extends FaultFields {
  method?: FaultMethod;
}

/** An active fault. */
export interface Fault extends FaultSpec {
  id: string;
  /** requests it has applied to */
  hits: number;
  /** requests it will still apply to; `null` until cleared */
  remaining: number | null;
}

/** What `verify()` and `rocketchat-fake verify` are told (see the README, "Prove it against your server"). */
export interface VerifyOptions {
  /** the server's base URL, e.g. `https://chat.example.com` (a path prefix is kept) */
  target: string;
  user: string;
  password: string;
  /** a second user without admin rights: the checks of refusals for lack of permission */
  user2?: string;
  password2?: string;
  /** a personal access token and its user's id: the check that authenticates with one (never printed) */
  pat?: { userId: string; token: string };
  /**
   * a public channel the run may change: the checks that change `ro` and `t`. The channel is put
   * back as it was at the end, also after a failure, a timeout or an abort.
   */
  channel?: string;
  /**
   * the run may create what the world-building checks need (users, a public and a private room,
   * a team, an incoming webhook), each named `fake-verify-…`, and removes them again at the end, also after
   * a failure, a timeout or an abort. Without it those checks are skipped.
   */
  create?: boolean;
  /** each request's time limit in ms (default 10000) */
  timeoutMs?: number;
  /** the release line the server is expected to answer as (default `7.10`; see "Server versions") */
  profile?: ProfileId;
  /** stops the run between requests; the channel is still put back */
  signal?: AbortSignal;
  /** called as each check ends, in order (the command line prints from it) */
  onResult?: (result: CheckResult) => void;
}

export type CheckStatus = 'passed' | 'failed' | 'skipped';

/** One request of a check, as the report shows it (passwords masked). */
export interface CheckRequest {
  method: string;
  path: string;
  /** whose credentials: `user`, `user2`, or `nobody` */
  as: string;
  body?: unknown;
}

/** One check of the conformance suite, run. */
export interface CheckResult {
  /** stable id, e.g. `channels.setReadOnly.same-value` */
  id: string;
  /** the section of the behaviour it belongs to, e.g. `POST /api/v1/channels.setReadOnly` */
  section: string;
  /** the rule, in one sentence */
  rule: string;
  status: CheckStatus;
  /** why it was skipped, or a remark on a pass */
  note?: string;
  failure?: {
    message: string;
    request: CheckRequest;
    expected: { status?: number; body?: unknown };
    actual: { status: number; body: unknown };
  };
}

/** What `verify()` returns, and `rocketchat-fake verify --json` prints. */
export interface VerifyReport {
  target: string;
  /** `version` from the server's `GET /api/info` */
  version?: string;
  /** the release line whose answers the checks expected (`--profile`, default the newest) */
  profile: string;
  results: CheckResult[];
  summary: { passed: number; failed: number; skipped: number };
  /** the waits a rate limit imposed, per request */
  waits: { path: string; ms: number }[];
  /** what the run changed and could not put back; empty when everything was restored */
  leftChanged: string[];
  /** the run was stopped (signal) before every check ran */
  interrupted: boolean;
  /** nothing failed, nothing was left changed and the run was not interrupted */
  ok: boolean;
}

/** What `fake.pact()` and `GET /__admin/pact` are asked for. */
export interface PactOptions {
  /** the consumer's name: your client, bot or integration */
  consumer: string;
  /** the provider's name (default `rocketchat`) */
  provider?: string;
  /** only the requests matching it */
  filter?: RequestFilter;
}

/** Where the CLI (`--pact-dir`, `--consumer`) and the Jest preset write the contract. */
export interface PactFileOptions {
  /** the directory; the file is `<consumer>-<provider>.json` */
  dir: string;
  consumer: string;
  provider?: string;
}

/** A provider state of an interaction: words for people, `params` for a state handler. */
export interface PactProviderState {
  name: string;
  params: Record<string, unknown>;
}

/** One matcher list of Pact's matching rules. */
export interface PactMatchers {
  combine: 'AND';
  matchers: { match: string; regex?: string; min?: number }[];
}

/** A value the verifier takes from the provider state's answer (`${name}`). */
export interface PactGenerator {
  type: 'ProviderState';
  expression: string;
  dataType: 'STRING';
}

/** A body of a request or response in a Pact v4 file. */
export interface PactBody {
  content: unknown;
  contentType: string;
  encoded: false;
}

/** One synchronous HTTP interaction of a Pact v4 file. */
export interface PactInteraction {
  type: 'Synchronous/HTTP';
  description: string;
  providerStates: PactProviderState[];
  request: {
    method: string;
    path: string;
    query?: Record<string, string[]>;
    headers?: Record<string, string[]>;
    body?: PactBody;
    matchingRules?: { header?: Record<string, PactMatchers>; body?: Record<string, PactMatchers> };
    generators?: {
      header?: Record<string, PactGenerator>;
      body?: Record<string, PactGenerator>;
      query?: Record<string, PactGenerator>;
      /** the whole path, for a path that holds a secret (an incoming webhook's token) */
      path?: PactGenerator;
    };
  };
  response: {
    status: number;
    headers: Record<string, string[]>;
    body?: PactBody;
    matchingRules: { header: Record<string, PactMatchers>; body?: Record<string, PactMatchers> };
  };
}

/** A Pact Specification v4 contract. */
export interface PactDocument {
  consumer: { name: string };
  provider: { name: string };
  interactions: PactInteraction[];
  metadata: Record<string, unknown>;
}

/** Pact's state-change request, as `POST /__admin/pact/provider-states` takes it. */
export interface ProviderStateChange {
  state: string;
  params?: Record<string, unknown>;
  /** default `setup` */
  action?: 'setup' | 'teardown';
}

/**
 * A room as the inspector lists it (`GET /__admin/inspect/rooms`): a channel, group, direct room
 * or discussion; with a user chosen, that user's subscription counts.
 */
export interface InspectRoom {
  _id: string;
  /** a channel's or group's name; a direct room's members (with a user chosen: the others) */
  name: string;
  fname?: string;
  t: 'c' | 'p' | 'd';
  /** a discussion's parent room */
  prid?: string;
  /** a team's main room */
  teamMain?: boolean;
  msgs: number;
  /** the time of the last message */
  lm?: string;
  unread?: number;
  /** the threads with unread replies */
  tunread?: number;
  alert?: boolean;
  userMentions?: number;
}

/** A message as a person reads it (`GET /__admin/inspect/rooms/:rid/messages`). */
export interface InspectMessage {
  _id: string;
  ts: string;
  u: { _id: string; username: string; name?: string };
  msg: string;
  /** a system message's type (`uj`, `room_changed_topic`, …) */
  t?: string;
  /** what a person reads: the text, or for a system message a sentence ("alice joined the room") */
  text: string;
  system: boolean;
  tmid?: string;
  /** a thread's newest replies (at most 50), oldest first */
  replies?: InspectMessage[];
  /** how many replies the thread has */
  repliesTotal?: number;
  reactions?: { emoji: string; usernames: string[] }[];
  pinned?: boolean;
  /** how many users starred it */
  starred?: number;
  editedAt?: string;
  editedBy?: string;
  /** deleted (from the trash, shown in place; or a thread's parent kept as deleted) */
  deleted?: { at: string; by?: string };
  attachments?: { title?: string; type?: string; size?: number }[];
  /** the discussion it started */
  drid?: string;
  /** the usernames it mentions */
  mentions?: string[];
}
