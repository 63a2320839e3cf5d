import { copyJson } from '../json-copy';
import type {
  Author,
  IncomingIntegration,
  Integration,
  Message,
  OutgoingIntegration,
  Room,
  User,
  UserRef,
} from '../types';
import { INCOMING_KEYS, MESSAGE_KEYS, OUTGOING_KEYS, ROOM_KEYS, USER_KEYS } from './fields';
import { derivedSecret, meteorId, webhookToken } from './ids';
import type {
  ParsedChannel,
  ParsedIncomingIntegration,
  ParsedIntegration,
  ParsedMessage,
  ParsedOutgoingIntegration,
  ParsedUser,
} from './schema';

/**
 * Builders that turn one parsed scenario entity into the full wire entity, filling every field the
 * scenario left out from the seed, the clock and the entity's index alone. Known fields come in
 * Rocket.Chat's order; fields the scenario adds (a pasted response's extras) follow unchanged.
 */

export interface BuildContext {
  seed: number;
  clock: string;
}

/** A deep copy of a scenario value (src/json-copy.ts: member by member, not serialised). */
const copyValue = copyJson;

/**
 * Fields the scenario adds beyond the modelled ones (Rocket.Chat fields carried as given, then the
 * entries of `extra`), deep-copied (the world never shares the caller's objects).
 */
function extras(input: Record<string, unknown>, known: ReadonlySet<string>): Record<string, unknown> {
  let out: Record<string, unknown> | undefined;
  for (const key of Object.keys(input)) {
    if (known.has(key) || key === 'extra') continue;
    out ??= {};
    out[key] = copyValue(input[key]);
  }
  const extra = input.extra;
  if (typeof extra === 'object' && extra !== null) {
    for (const [key, value] of Object.entries(extra)) {
      out ??= {};
      out[key] = copyValue(value);
    }
  }
  return out ?? {};
}

/** Sets `key` only when the value is defined (a scenario that leaves a field out gets none). */
function optional<T extends object, K extends keyof T>(target: T, key: K, value: T[K] | undefined): void {
  if (value !== undefined) target[key] = value;
}

export function buildUser(input: ParsedUser, kind: string, index: number, ctx: BuildContext): User {
  return {
    _id: input._id ?? meteorId(ctx.seed, kind, index),
    username: input.username,
    password: input.password,
    ...(input.personalAccessTokens
      ? {
          personalAccessTokens: input.personalAccessTokens.map((t) => ({
            name: t.name,
            token: t.token,
            ...(t.createdAt === undefined ? {} : { createdAt: t.createdAt }),
            ...(t.bypassTwoFactor === undefined ? {} : { bypassTwoFactor: t.bypassTwoFactor }),
          })),
        }
      : {}),
    name: input.name ?? input.username,
    emails: (input.emails ?? [{ address: `${input.username}@example.com` }]).map((e) => ({
      ...e,
      address: e.address,
      verified: e.verified ?? true,
    })),
    roles: input.roles ?? ['user'],
    active: input.active ?? true,
    ...extras(input, USER_KEYS),
  };
}

/** `owner`: the resolved `u` (or the default creator), `undefined` when the world has no users. */
export function buildRoom(
  input: ParsedChannel,
  kind: string,
  index: number,
  owner: UserRef | undefined,
  ctx: BuildContext,
): Room {
  const usernames = input.usernames ?? (owner ? [owner.username] : []);
  const ts = input.ts ?? ctx.clock;
  const room = { _id: input._id ?? meteorId(ctx.seed, kind, index) } as Room;
  optional(room, 'fname', input.fname);
  room.name = input.name;
  room.t = input.t ?? 'c';
  room.usernames = [...usernames];
  room.usersCount = input.usersCount ?? usernames.length;
  room.msgs = input.msgs ?? 0;
  optional(room, 'u', owner && { _id: owner._id, username: owner.username });
  room.ts = ts;
  optional(room, 'ro', input.ro);
  room.sysMes = input.sysMes ?? true;
  optional(room, 'default', input.default);
  optional(room, 'topic', input.topic);
  optional(room, 'description', input.description);
  optional(room, 'archived', input.archived);
  optional(room, 'teamId', input.teamId);
  optional(room, 'teamMain', input.teamMain);
  room._updatedAt = input._updatedAt ?? ts;
  room.joinCodeRequired = input.joinCodeRequired ?? Boolean(input.joinCode);
  optional(room, 'joinCode', input.joinCode);
  room.muted = [...(input.muted ?? [])];
  return Object.assign(room, extras(input, ROOM_KEYS));
}

/** Either kind, by `type` (outgoing when left out). */
export function buildIntegration(
  input: ParsedIntegration,
  kind: string,
  index: number,
  creator: UserRef,
  ctx: BuildContext,
): Integration {
  return input.type === 'webhook-incoming'
    ? buildIncoming(input, kind, index, creator, ctx)
    : buildOutgoing(input, kind, index, creator, ctx);
}

function buildOutgoing(
  input: ParsedOutgoingIntegration,
  kind: string,
  index: number,
  creator: UserRef,
  ctx: BuildContext,
): OutgoingIntegration {
  const username = input.username ?? creator.username;
  const createdAt = input._createdAt ?? ctx.clock;
  return {
    _id: input._id ?? meteorId(ctx.seed, kind, index),
    type: 'webhook-outgoing',
    event: input.event ?? 'sendMessage',
    enabled: input.enabled ?? true,
    name: input.name ?? `integration-${index + 1}`,
    username,
    userId: input.userId ?? username,
    alias: input.alias ?? '',
    avatar: input.avatar ?? '',
    channel: input.channel ?? [],
    triggerWords: input.triggerWords ?? [],
    urls: input.urls ?? [],
    token: input.token ?? derivedSecret(ctx.seed, kind, index),
    script: input.script ?? '',
    scriptEnabled: input.scriptEnabled ?? false,
    scriptCompiled: input.scriptCompiled ?? '',
    scriptError: null,
    impersonateUser: input.impersonateUser ?? false,
    _createdAt: createdAt,
    _createdBy: creator,
    _updatedAt: input._updatedAt ?? createdAt,
    ...extras(input, OUTGOING_KEYS),
  };
}

/**
 * An incoming webhook as Rocket.Chat stores one its admin form created: the form's fields, then
 * what the server adds (`overrideDestinationChannelEnabled`, the 48-character `token`, `userId`,
 * the creation stamps). `scriptCompiled` and `scriptError` only when the scenario gives them: the
 * server writes them only when it compiles a script.
 */
function buildIncoming(
  input: ParsedIncomingIntegration,
  kind: string,
  index: number,
  creator: UserRef,
  ctx: BuildContext,
): IncomingIntegration {
  const username = input.username ?? creator.username;
  const createdAt = input._createdAt ?? ctx.clock;
  const integration: IncomingIntegration = {
    _id: input._id ?? meteorId(ctx.seed, kind, index),
    type: 'webhook-incoming',
    enabled: input.enabled ?? true,
    name: input.name ?? `integration-${index + 1}`,
    username,
    userId: input.userId ?? username,
    alias: input.alias ?? '',
    avatarUrl: input.avatarUrl ?? '',
    emoji: input.emoji ?? '',
    channel: [...input.channel],
    token: input.token ?? webhookToken(ctx.seed, kind, index),
    script: input.script ?? '',
    scriptEnabled: input.scriptEnabled ?? false,
    overrideDestinationChannelEnabled: input.overrideDestinationChannelEnabled ?? false,
    _createdAt: createdAt,
    _createdBy: creator,
    _updatedAt: input._updatedAt ?? createdAt,
  };
  optional(integration, 'scriptCompiled', input.scriptCompiled);
  optional(integration, 'scriptError', input.scriptError);
  return Object.assign(integration, extras(input, INCOMING_KEYS));
}

/**
 * A message of a scenario: `rid` and `u` already resolved (the room's `_id`, the author with its
 * name); the timestamps from the clock unless given; the rest as given, in the shape's order.
 */
export function buildMessage(
  input: ParsedMessage,
  kind: string,
  index: number,
  rid: string,
  author: Author,
  ctx: BuildContext,
): Message {
  const ts = input.ts ?? ctx.clock;
  const message = { _id: input._id ?? meteorId(ctx.seed, kind, index) } as Message;
  optional(message, 't', input.t);
  message.rid = rid;
  message.msg = input.msg;
  message.ts = ts;
  message.u = author;
  message._updatedAt = input._updatedAt ?? ts;
  optional(message, 'alias', input.alias);
  optional(message, 'emoji', input.emoji);
  optional(message, 'avatar', input.avatar);
  optional(message, 'attachments', input.attachments && copyValue(input.attachments));
  optional(message, 'parseUrls', input.parseUrls);
  optional(message, 'groupable', input.groupable);
  optional(message, 'tmid', input.tmid);
  optional(message, 'urls', input.urls && copyValue(input.urls));
  optional(message, 'mentions', input.mentions && copyValue(input.mentions));
  optional(message, 'channels', input.channels && copyValue(input.channels));
  return Object.assign(message, extras(input, MESSAGE_KEYS));
}
