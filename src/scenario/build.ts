import type { Integration, Room, User, UserRef } from '../store/types';
import { derivedSecret, meteorId } from './ids';
import type { ParsedChannel, ParsedIntegration, ParsedUser } from './schema';

/**
 * Builders that turn one parsed scenario entity into the full wire entity, filling every field the
 * scenario left out from the seed, the clock and the entity's index alone. Known fields come in
 * Rocket.Chat's order; fields the scenario adds (a pasted response's extras) follow unchanged.
 */

export interface BuildContext {
  seed: number;
  clock: string;
}

function extras(input: Record<string, unknown>, known: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(input)) if (!known.includes(key)) out[key] = input[key];
  return out;
}

function defined<T extends Record<string, unknown>>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as T;
}

const USER_KEYS = ['_id', 'username', 'password', 'name', 'emails', 'roles', 'active'];

export function buildUser(input: ParsedUser, kind: string, index: number, ctx: BuildContext): User {
  return {
    _id: input._id ?? meteorId(ctx.seed, kind, index),
    username: input.username,
    password: input.password,
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

const ROOM_KEYS = [
  '_id',
  'fname',
  'name',
  't',
  'usernames',
  'usersCount',
  'msgs',
  'u',
  'ts',
  'ro',
  'sysMes',
  'default',
  'topic',
  'description',
  'archived',
  '_updatedAt',
  'joinCodeRequired',
  'joinCode',
  'muted',
];

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
  return defined({
    _id: input._id ?? meteorId(ctx.seed, kind, index),
    fname: input.fname,
    name: input.name,
    t: input.t ?? 'c',
    usernames,
    usersCount: input.usersCount ?? usernames.length,
    msgs: input.msgs ?? 0,
    u: owner,
    ts,
    ro: input.ro,
    sysMes: input.sysMes ?? true,
    default: input.default,
    topic: input.topic,
    description: input.description,
    archived: input.archived,
    _updatedAt: input._updatedAt ?? ts,
    joinCodeRequired: input.joinCodeRequired ?? Boolean(input.joinCode),
    joinCode: input.joinCode,
    muted: input.muted ?? [],
    ...extras(input, ROOM_KEYS),
  });
}

const INTEGRATION_KEYS = [
  '_id',
  'type',
  'event',
  'enabled',
  'name',
  'username',
  'userId',
  'alias',
  'avatar',
  'channel',
  'triggerWords',
  'urls',
  'token',
  'script',
  'scriptEnabled',
  'scriptCompiled',
  'scriptError',
  'impersonateUser',
  '_createdAt',
  '_createdBy',
  '_updatedAt',
];

export function buildIntegration(
  input: ParsedIntegration,
  kind: string,
  index: number,
  creator: UserRef,
  ctx: BuildContext,
): Integration {
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
    ...extras(input, INTEGRATION_KEYS),
  };
}
