import { z } from 'zod';

import { rateLimitSchema } from './ratelimit';
import { stubsSchema } from './stubs';
import { settingsSchema } from './settings';
import {
  INCOMING_CARRIED,
  INTEGRATION_CARRIED,
  OUTGOING_CARRIED,
  MESSAGE_CARRIED,
  DIRECT_CARRIED,
  ROOM_CARRIED,
  USER_CARRIED,
} from './fields';
import { entitySchema, strictObject } from './strict';
import { PERMISSION_NAMES } from '../store/permissions';
import { PROFILE_IDS } from '../types';
import type {
  DIRECT_SHAPE,
  INCOMING_SHAPE,
  MESSAGE_SHAPE,
  OUTGOING_SHAPE,
  ROOM_SHAPE,
  USER_SHAPE,
} from '../wire';

/**
 * A scenario entity's fields: one for each field of its wire shape (src/wire.ts), and no other,
 * so a field added to or dropped from the one declaration does not compile until the scenario
 * says how it is given.
 */
type FieldsOf<S> = { readonly [K in keyof S]: z.ZodType };

/**
 * The scenario file, defined once. Validation, the TypeScript input type and the published JSON
 * Schema (`fixtures/scenario.schema.json`) all come from this definition.
 *
 * Entities are strict: an unknown key is refused with the nearest known one suggested, so a typo
 * (`role` for `roles`, `readOnly` for `ro`) never passes silently. Rocket.Chat's own fields that
 * the fake does not model are listed as carried (a real server's response pasted in keeps them),
 * and anything else of Rocket.Chat's shape goes in an entity's `extra` object.
 */

/** Likely confusions, suggested when a key is unknown. */
const USER_HINTS = {
  role: 'roles',
  email: 'emails',
  pass: 'password',
  pwd: 'password',
  enabled: 'active',
  id: '_id',
  displayName: 'name',
  login: 'username',
  user: 'username',
};
const ROOM_HINTS = {
  readOnly: 'ro',
  read_only: 'ro',
  readonly: 'ro',
  type: 't',
  members: 'usernames',
  users: 'usernames',
  owner: 'u',
  creator: 'u',
  id: '_id',
  private: 't',
  messages: 'msgs',
  team: 'teamId',
  teamName: 'teamId',
  main: 'teamMain',
  isMain: 'teamMain',
};
const TEAM_HINTS = {
  member: 'members',
  usernames: 'members',
  users: 'members',
  t: 'type',
  private: 'type',
  public: 'type',
  id: '_id',
  mainRoom: 'roomId',
  main: 'roomId',
};
const INTEGRATION_HINTS = {
  room: 'channel',
  rooms: 'channel',
  channels: 'channel',
  url: 'urls',
  trigger: 'triggerWords',
  triggers: 'triggerWords',
  id: '_id',
  active: 'enabled',
};
const SCENARIO_HINTS = {
  user: 'users',
  channel: 'channels',
  rooms: 'channels',
  room: 'channels',
  integration: 'integrations',
  webhooks: 'integrations',
  hooks: 'integrations',
  token: 'tokens',
  permission: 'permissions',
  version: 'profile',
  team: 'teams',
  subscription: 'subscriptions',
  subs: 'subscriptions',
  members: 'subscriptions',
};

/** The most entities `generate` may ask for, per kind. */
export const MAX_GENERATED = 200_000;

const nonEmpty = z.string().min(1);
const timestamp = z.iso.datetime({ precision: 3 }).describe('ISO 8601 UTC with milliseconds');
const count = z.number().int().min(0);

const userRef = strictObject({
  _id: nonEmpty.optional(),
  username: nonEmpty.optional(),
  name: z.string().optional(),
})
  .refine((ref) => ref._id !== undefined || ref.username !== undefined, 'needs "_id" or "username"')
  .describe('a user, by username or _id');

const userShape = {
  _id: nonEmpty.optional(),
  username: z
    .string()
    .regex(/^[\w.-]+$/, 'letters, digits, ".", "_" and "-" only')
    .describe('required; login name'),
  password: z.string().describe('required; the password login accepts'),
  personalAccessTokens: z
    .array(
      strictObject({
        name: nonEmpty,
        token: nonEmpty,
        createdAt: timestamp.optional(),
        bypassTwoFactor: z.boolean().optional(),
      }),
    )
    .optional()
    .describe(
      'named tokens the user authenticates with (X-Auth-Token with its X-User-Id) without logging in; a reset keeps them',
    ),
  name: z.string().optional(),
  emails: z.array(strictObject({ address: nonEmpty, verified: z.boolean().optional() })).optional(),
  roles: z
    .array(nonEmpty)
    .optional()
    .describe(
      'default ["user"]; global roles: admin, user, bot, app, guest, anonymous, livechat-agent, livechat-manager, or a custom one of "roles" with scope Users',
    ),
  active: z.boolean().optional().describe('inactive users cannot log in; default true'),
} satisfies FieldsOf<typeof USER_SHAPE>;

export const userSchema = entitySchema(userShape, USER_CARRIED, USER_HINTS);

const channelShape = {
  _id: nonEmpty.optional(),
  name: z
    .string()
    .regex(/^[^\s#@]+$/, 'no spaces, "#" or "@"')
    .describe('required; unique'),
  fname: z.string().optional(),
  t: z.enum(['c', 'p']).optional().describe('c: public channel (default), p: private group'),
  usernames: z.array(nonEmpty).optional(),
  usersCount: count.optional(),
  msgs: count.optional(),
  u: userRef.optional(),
  ts: timestamp.optional(),
  ro: z.boolean().optional().describe('left out: the room has no "ro" field, like a real "general"'),
  sysMes: z.boolean().optional(),
  default: z.boolean().optional(),
  topic: z.string().optional(),
  description: z.string().optional(),
  archived: z.boolean().optional(),
  teamId: nonEmpty.optional().describe('the team the room belongs to: its _id or name in "teams"'),
  teamMain: z
    .boolean()
    .optional()
    .describe("the team's main room (needs teamId; one per team; its t is the team's type)"),
  _updatedAt: timestamp.optional(),
  joinCodeRequired: z.boolean().optional(),
  joinCode: z.string().optional().describe('stored, never returned'),
  muted: z.array(z.string()).optional(),
} satisfies FieldsOf<typeof ROOM_SHAPE>;

export const channelSchema = entitySchema(channelShape, ROOM_CARRIED, ROOM_HINTS);

/** A team: `type` public (0) or private (1); its rooms name it in their `teamId`. */
export const teamSchema = strictObject(
  {
    _id: nonEmpty.optional(),
    name: nonEmpty.describe('required; unique'),
    type: z
      .union([z.enum(['public', 'private']), z.literal(0), z.literal(1)], {
        error: 'Invalid option: expected one of "public"|"private"|0|1',
      })
      .optional()
      .describe('"public" (0) or "private" (1); default: its main room\'s t, else public'),
    createdAt: timestamp
      .optional()
      .describe('when it was made, as state() gives a team made through the API'),
    createdBy: strictObject({ _id: nonEmpty, username: nonEmpty })
      .optional()
      .describe('who made it, as state() gives a team made through the API'),
    _updatedAt: timestamp
      .optional()
      .describe('when it last changed, as state() gives a team made through the API'),
    roomId: nonEmpty.optional().describe("the main room's _id (the room with teamMain), as state() gives it"),
    members: z.array(nonEmpty).optional().describe('usernames of the members'),
    owners: z.array(nonEmpty).optional().describe("usernames of the members with the team's owner role"),
  },
  TEAM_HINTS,
);

const common = {
  _id: nonEmpty.optional(),
  enabled: z.boolean().optional(),
  name: nonEmpty.optional(),
  username: nonEmpty.optional().describe('the user it acts as; default the creator'),
  userId: nonEmpty.optional(),
  alias: z.string().optional(),
  token: z.string().optional(),
  script: z.string().optional(),
  scriptEnabled: z.boolean().optional(),
  _createdAt: timestamp.optional(),
  _createdBy: userRef.optional(),
  _updatedAt: timestamp.optional(),
};

const outgoingShape = {
  ...common,
  type: z.literal('webhook-outgoing').optional().describe('the default'),
  event: nonEmpty.optional(),
  avatar: z.string().optional(),
  channel: z.array(nonEmpty).optional().describe('"#room-name", "@username" or "all_public_channels"'),
  triggerWords: z.array(z.string()).optional(),
  urls: z.array(z.string()).optional(),
  scriptCompiled: z.string().optional(),
  scriptError: z.null().optional(),
  impersonateUser: z.boolean().optional(),
} satisfies FieldsOf<typeof OUTGOING_SHAPE>;

export const outgoingIntegrationSchema = entitySchema(
  outgoingShape,
  [...INTEGRATION_CARRIED, ...OUTGOING_CARRIED],
  INTEGRATION_HINTS,
).describe('an outgoing webhook');

/** A field an incoming webhook does not have (Rocket.Chat's outgoing kind has it). */
const outgoingOnly = (field: string) =>
  z.never({ error: `"${field}" is a field of outgoing webhooks; an incoming one has none` }).optional();

const incomingShape = {
  ...common,
  type: z.literal('webhook-incoming'),
  avatarUrl: z.string().optional(),
  emoji: z.string().optional(),
  channel: z
    .array(z.string().regex(/^[#@]./, 'starts with "#" (a room) or "@" (a user)'))
    .min(1, 'an incoming webhook posts somewhere: at least one "#room-name" or "@username"')
    .describe('required; "#room-name" or "@username"'),
  overrideDestinationChannelEnabled: z.boolean().optional(),
  scriptCompiled: z.string().optional(),
  scriptError: z.null().optional(),
  event: outgoingOnly('event'),
  urls: outgoingOnly('urls'),
  triggerWords: outgoingOnly('triggerWords'),
} satisfies FieldsOf<typeof INCOMING_SHAPE> & Record<'event' | 'urls' | 'triggerWords', z.ZodType>;

export const incomingIntegrationSchema = entitySchema(
  incomingShape,
  [...INTEGRATION_CARRIED, ...INCOMING_CARRIED],
  INTEGRATION_HINTS,
).describe('an incoming webhook');

const TYPE_PROBLEM = '"type" is "webhook-outgoing" (the default) or "webhook-incoming"';

export const integrationSchema = z.discriminatedUnion(
  'type',
  [outgoingIntegrationSchema, incomingIntegrationSchema],
  { error: (issue) => (issue.code === 'invalid_union' ? TYPE_PROBLEM : undefined) },
);

const MESSAGE_HINTS = {
  text: 'msg',
  message: 'msg',
  room: 'rid',
  roomId: 'rid',
  channel: 'rid',
  user: 'u',
  author: 'u',
  type: 't',
  threadId: 'tmid',
  id: '_id',
};

const messageShape = {
  _id: nonEmpty.optional(),
  t: nonEmpty
    .optional()
    .describe('a system message type (room-set-read-only, uj, …); none for a user message'),
  rid: nonEmpty.describe('required; the room: its _id or its name'),
  msg: z.string().describe('required; the text'),
  ts: timestamp.optional().describe('default: the clock'),
  u: userRef.optional().describe("the author; default the room's creator, else the first admin"),
  _updatedAt: timestamp.optional().describe('default: ts'),
  alias: z.string().optional(),
  emoji: z.string().optional(),
  avatar: z.string().optional(),
  attachments: z.array(z.unknown()).optional(),
  parseUrls: z.boolean().optional(),
  groupable: z.boolean().optional(),
  tmid: nonEmpty.optional().describe('a thread reply: the _id of a message of the same room'),
  urls: z.array(z.unknown()).optional(),
  mentions: z.array(z.unknown()).optional(),
  channels: z.array(z.unknown()).optional(),
} satisfies FieldsOf<typeof MESSAGE_SHAPE>;

export const messageSchema = entitySchema(messageShape, MESSAGE_CARRIED, MESSAGE_HINTS);

const DIRECT_HINTS = { members: 'usernames', users: 'usernames', id: '_id', type: 't', messages: 'msgs' };

const directShape = {
  _id: nonEmpty
    .optional()
    .describe("default: the two members' user ids, sorted and joined (another id for one or three and more)"),
  t: z.literal('d').optional().describe('"d", the default'),
  usernames: z
    .array(nonEmpty)
    .min(1)
    .max(8)
    .describe('required; the members by username (one: a user with themself; at most 8)'),
  usersCount: count.optional().describe('default: the members'),
  msgs: count.optional().describe('default: its messages counted'),
  ts: timestamp.optional().describe('default: the clock'),
  uids: z.array(nonEmpty).optional().describe("default: the members' user ids, sorted"),
  _updatedAt: timestamp.optional().describe('default: ts'),
} satisfies FieldsOf<typeof DIRECT_SHAPE>;

export const directSchema = entitySchema(directShape, DIRECT_CARRIED, DIRECT_HINTS);

const SUBSCRIPTION_HINTS = {
  room: 'rid',
  roomId: 'rid',
  roomName: 'rid',
  channel: 'rid',
  user: 'username',
  u: 'username',
  userId: 'username',
  member: 'username',
  mentions: 'userMentions',
  lastSeen: 'ls',
  lastRead: 'ls',
  read: 'ls',
  joined: 'ts',
};

/**
 * A member's subscription state where it differs from what the fake derives (in the room since it
 * was made, open, nothing unread, its creator having read it then): what `state()` exports after
 * posts and reads, so the state loads back with them.
 */
export const subscriptionSchema = strictObject(
  {
    rid: nonEmpty.describe("required; the room: a channel's or group's _id or name, a direct room's _id"),
    username: nonEmpty.describe('required; a member of the room'),
    open: z.boolean().optional().describe('default true'),
    alert: z.boolean().optional().describe('default false'),
    unread: count.optional().describe('default 0'),
    userMentions: count.optional().describe('default 0'),
    groupMentions: count.optional().describe('default 0'),
    ts: timestamp.optional().describe("when the member joined; default the room's ts"),
    ls: timestamp
      .nullable()
      .optional()
      .describe(
        "when the member last read the room; null: never; default the room's ts for its creator, else none",
      ),
    _updatedAt: timestamp.optional().describe("default the room's ts"),
    roles: z
      .array(z.enum(['owner', 'moderator', 'leader']))
      .optional()
      .describe("the member's roles in the room; default owner for its creator, none for the others"),
    f: z.boolean().optional().describe('whether the member marked the room a favourite; default none'),
    lr: timestamp.optional().describe('when a thread the member follows was last replied to; default none'),
    tunread: z
      .array(nonEmpty)
      .optional()
      .describe('the roots of the threads with replies the member has not read; default none'),
    tunreadUser: z
      .array(nonEmpty)
      .optional()
      .describe('of those, the threads whose replies mention the member; default none'),
    tunreadGroup: z
      .array(nonEmpty)
      .optional()
      .describe('of those, the threads with a reply to @all or @here; default none'),
    ignored: z
      .array(nonEmpty)
      .optional()
      .describe('the _ids of the users the member ignores in the room; default none'),
  },
  SUBSCRIPTION_HINTS,
);

export const tokenSchema = strictObject(
  {
    username: nonEmpty.optional(),
    userId: nonEmpty.optional(),
    authToken: nonEmpty,
  },
  { token: 'authToken', user: 'username', id: 'userId' },
).refine((t) => t.username !== undefined || t.userId !== undefined, 'needs "username" or "userId"');

/** A custom role (`roles.create`'s fields): its `_id` is its name unless given. */
export const roleSchema = strictObject({
  _id: nonEmpty.optional().describe('default: the name'),
  name: nonEmpty.describe("required; unique, not a seeded role's"),
  scope: z.enum(['Users', 'Subscriptions']).optional().describe('default Users'),
  description: z.string().optional().describe('default ""; a global role with one is public'),
  mandatory2fa: z.boolean().optional().describe('default false'),
  _updatedAt: timestamp.optional().describe('when it last changed (state() shows it)'),
  protected: z
    .boolean()
    .optional()
    .describe('false: a custom role is never a protected one (state() shows it so)'),
}).describe('a custom role');

/** a custom emoji (`emoji-custom.list` / `.all` answer it); its `_id` is made from its name unless given. */
export const emojiSchema = strictObject({
  _id: nonEmpty.optional().describe('default: made from the name'),
  name: z
    .string()
    .regex(/^[\w.+-]+$/, 'letters, digits, "_", ".", "+" and "-" only (written between colons: :name:)')
    .describe('required; unique'),
  aliases: z.array(nonEmpty).optional().describe('other names of it; default none'),
  extension: z
    .string()
    .regex(/^[a-z0-9]+$/, 'a file extension, e.g. png')
    .optional()
    .describe('default png'),
  etag: nonEmpty.optional(),
  _updatedAt: timestamp.optional().describe("default the world's clock"),
}).describe('a custom emoji');

/** a push token a user holds (`push.token`'s document; `state()` gives them so). */
export const pushTokenSchema = strictObject({
  _id: nonEmpty.optional().describe('default: made from the seed and its place in the list'),
  username: nonEmpty.describe('required: the owner, a user of the scenario'),
  token: z
    .partialRecord(z.enum(['apn', 'gcm']), nonEmpty)
    .refine((t) => Object.keys(t).length === 1, 'one device token: {"apn": …} or {"gcm": …}')
    .describe('required: the device token, {"apn": …} or {"gcm": …}'),
  appName: nonEmpty.describe('required: the app that registered it'),
  authToken: z
    .string()
    .optional()
    .describe('the hashed login token that registered it (as the real document keeps it); default ""'),
  enabled: z.boolean().optional().describe('default true'),
  createdAt: timestamp.optional().describe("default the world's clock"),
  updatedAt: timestamp.optional().describe('default its createdAt'),
  metadata: z.record(z.string(), z.unknown()).optional().describe('default {}'),
  voipToken: nonEmpty.optional(),
}).describe('a push token');

/** a slash command of the world's own (`commands.list` lists it after the built-in ones). */
export const commandSchema = strictObject({
  command: z
    .string()
    .regex(/^[a-z0-9_-]+$/, 'lower-case letters, digits, "_" and "-" only, without the "/"')
    .describe('required; unique; not a built-in command'),
  description: z.string().optional().describe('default ""'),
  params: z.string().optional().describe('what it takes, as the list of commands shows it; default ""'),
  reply: nonEmpty
    .optional()
    .describe('the message that running it posts to the room as the caller; left out: nothing is posted'),
}).describe('a slash command');

export const scenarioSchema = strictObject(
  {
    $schema: z.string().optional(),
    seed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 32 - 1)
      .optional()
      .describe('faker seed, default 1'),
    clock: timestamp.optional().describe('the fake clock at start, default 2026-01-01T00:00:00.000Z'),
    generate: strictObject({
      users: count.max(MAX_GENERATED).optional(),
      channels: count.max(MAX_GENERATED).optional(),
      integrations: count.max(MAX_GENERATED).optional(),
      messages: count.max(MAX_GENERATED).optional(),
    })
      .optional()
      .describe('extra faker entities, after the listed ones'),
    users: z.array(userSchema).optional(),
    channels: z.array(channelSchema).optional(),
    integrations: z.array(integrationSchema).optional(),
    messages: z
      .array(messageSchema)
      .optional()
      .describe("messages: each in a room (rid: the room's _id or name), by a user (u)"),
    directs: z
      .array(directSchema)
      .optional()
      .describe('direct-message rooms between users; a message names one by its _id in rid'),
    teams: z
      .array(teamSchema)
      .optional()
      .describe('teams (Rocket.Chat 5 on); a channel joins one with teamId'),
    subscriptions: z
      .array(subscriptionSchema)
      .optional()
      .describe(
        "members' subscription states (unread counts, alerts, last read) that differ from the derived ones, one per room and member",
      ),
    tokens: z.array(tokenSchema).optional().describe('pre-issued login tokens'),
    profile: z
      .enum(PROFILE_IDS)
      .optional()
      .describe(
        'the Rocket.Chat version to answer as (0.49, 5, 6, 7, 8); default 8.9; the option --profile wins',
      ),
    rateLimit: rateLimitSchema
      .optional()
      .describe('turns rate limiting on: limit calls per windowMs per client and route'),
    stubs: stubsSchema
      .optional()
      .describe(
        'answers for routes the fake does not model: {request: {method, path | pathPattern, query, headers, body}, response: {status, headers, body}, times, priority, override}',
      ),
    settings: settingsSchema
      .optional()
      .describe(
        'server settings by Rocket.Chat id (src/store/setting-registry.ts): the login blocking (Block_Multiple_Failed_Logins_*, off by default), Message_MaxAllowedSize, Message_AllowEditing, Message_AllowDeleting and their minutes, Site_Url, Site_Name, …',
      ),
    permissions: z
      .partialRecord(z.enum(PERMISSION_NAMES as [string, ...string[]]), z.array(nonEmpty))
      .optional()
      .describe('permission → roles (seeded ones, or custom ones of "roles"), replacing the default row'),
    roles: z
      .array(roleSchema)
      .optional()
      .describe('custom roles besides the seeded ones (listed after those), in this order'),
    emojis: z.array(emojiSchema).optional().describe('custom emoji, in this order'),
    commands: z
      .array(commandSchema)
      .optional()
      .describe("slash commands of the world's own, listed after the built-in ones, in this order"),
    pushTokens: z
      .array(pushTokenSchema)
      .optional()
      .describe(
        'push tokens users hold (as the push token route keeps them; state() lists them so), in this order',
      ),
  },
  SCENARIO_HINTS,
).describe('A rocketchat-fake scenario: the world one test starts from');

/** A scenario document as written (every field optional but the required ones). */
export type ScenarioInput = z.input<typeof scenarioSchema>;
export type ParsedScenario = z.output<typeof scenarioSchema>;
export type ParsedUser = z.output<typeof userSchema>;
export type ParsedChannel = z.output<typeof channelSchema>;
export type ParsedMessage = z.output<typeof messageSchema>;
export type ParsedIntegration = z.output<typeof integrationSchema>;
export type ParsedTeam = z.output<typeof teamSchema>;
export type ParsedDirect = z.output<typeof directSchema>;
export type ParsedSubscription = z.output<typeof subscriptionSchema>;
export type ParsedRole = z.output<typeof roleSchema>;
export type ParsedEmoji = z.output<typeof emojiSchema>;
export type ParsedCommand = z.output<typeof commandSchema>;
export type ParsedPushToken = z.output<typeof pushTokenSchema>;
export type ParsedOutgoingIntegration = z.output<typeof outgoingIntegrationSchema>;
export type ParsedIncomingIntegration = z.output<typeof incomingIntegrationSchema>;

/** The JSON Schema published as `fixtures/scenario.schema.json`. */
export function scenarioJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(scenarioSchema, { io: 'input', target: 'draft-2020-12' }),
    title: 'rocketchat-fake scenario',
  };
}
