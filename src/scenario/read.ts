import type { z } from 'zod';

import type { Problem } from '../types';
import { findForbiddenKeys } from './checks';
import { ScenarioError } from './problems';
import { problemsOf } from './issues';
import type {
  ParsedChannel,
  ParsedCommand,
  ParsedDirect,
  ParsedEmoji,
  ParsedPushToken,
  ParsedIntegration,
  ParsedMessage,
  ParsedRole,
  ParsedScenario,
  ParsedSubscription,
  ParsedTeam,
  ParsedUser,
} from './schema';
import {
  channelSchema,
  commandSchema,
  directSchema,
  pushTokenSchema,
  emojiSchema,
  integrationSchema,
  messageSchema,
  roleSchema,
  scenarioSchema,
  subscriptionSchema,
  teamSchema,
  tokenSchema,
  userSchema,
} from './schema';

/**
 * Reads a scenario document for resolution, so that one report names every problem: when the
 * document has problems of shape, the parts that are well-formed are still read, and the world is
 * built from them to find the problems of reference (unknown users and rooms, duplicates) too.
 */

/**
 * An entity that failed its shape check. When the fields at fault are all it got wrong, it is read
 * without them (a stand-in: it counts for references, and its other fields are checked), and
 * `dropped` names them; else only what it claims to be is kept, so references to it are not reported.
 */
export interface BrokenEntity {
  _id?: string;
  /** a user's username, a room's name */
  name?: string;
  /** the fields a stand-in was read without; undefined when the entity could not be read at all */
  dropped?: ReadonlySet<string>;
}

type Listed<T> = (T | undefined)[];

/** The well-formed parts of a scenario: a list keeps an entity's index, with a hole where it failed. */
export interface ReadableScenario extends Omit<
  ParsedScenario,
  | 'users'
  | 'channels'
  | 'directs'
  | 'integrations'
  | 'messages'
  | 'teams'
  | 'tokens'
  | 'subscriptions'
  | 'roles'
  | 'emojis'
  | 'commands'
  | 'pushTokens'
> {
  users?: Listed<ParsedUser>;
  channels?: Listed<ParsedChannel>;
  directs?: Listed<ParsedDirect>;
  integrations?: Listed<ParsedIntegration>;
  messages?: Listed<ParsedMessage>;
  teams?: Listed<ParsedTeam>;
  tokens?: Listed<z.output<typeof tokenSchema>>;
  subscriptions?: Listed<ParsedSubscription>;
  roles?: Listed<ParsedRole>;
  emojis?: Listed<ParsedEmoji>;
  commands?: Listed<ParsedCommand>;
  pushTokens?: Listed<ParsedPushToken>;
}

/** What could be read, with the shape problems found. */
export interface ReadScenario {
  scenario: ReadableScenario;
  /** the problems of shape and type, in the schema's order; none when the document is well-formed */
  problems: Problem[];
  /** per kind, the entities that failed, by index (holes in the lists) */
  broken: {
    users: Map<number, BrokenEntity>;
    channels: Map<number, BrokenEntity>;
    teams: Map<number, BrokenEntity>;
    directs: Map<number, BrokenEntity>;
    messages: Map<number, BrokenEntity>;
  };
  /**
   * kinds whose entities cannot all be known (the list is not a list, or `generate` is broken;
   * rooms: `channels` or `directs`): a reference to such an entity that is not found is not reported
   */
  unknown: { users: boolean; channels: boolean; teams: boolean; messages: boolean };
}

function issuesOf(error: z.ZodError, at: PropertyKey[] = []): Problem[] {
  return problemsOf(error.issues, at);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function claimOf(value: unknown, nameKey: 'username' | 'name' | undefined): BrokenEntity {
  const out: BrokenEntity = {};
  if (!isObject(value)) return out;
  if (typeof value._id === 'string') out._id = value._id;
  if (nameKey !== undefined && typeof value[nameKey] === 'string') out.name = value[nameKey];
  return out;
}

/**
 * The top-level fields of an entity that a failed parse's issues blame (a field's value, an
 * unknown key); undefined when an issue is the entity's own (it is not an object, a rule across
 * its fields).
 */
function faultyFields(issues: readonly z.core.$ZodIssue[]): Set<string> | undefined {
  const fields = new Set<string>();
  for (const issue of issues) {
    const [first] = issue.path;
    if (typeof first === 'string') fields.add(first);
    else if (issue.code === 'unrecognized_keys' && issue.path.length === 0)
      for (const key of issue.keys) fields.add(key);
    else return undefined;
  }
  return fields;
}

/** An entity that failed its shape check read without the fields at fault, when the rest parses. */
function standIn<S extends z.ZodType>(
  schema: S,
  item: unknown,
  error: z.ZodError,
): { value: z.output<S>; dropped: Set<string> } | undefined {
  if (!isObject(item)) return undefined;
  const dropped = faultyFields(error.issues);
  if (!dropped) return undefined;
  const rest = Object.fromEntries(Object.entries(item).filter(([key]) => !dropped.has(key)));
  const parsed = schema.safeParse(rest);
  return parsed.success ? { value: parsed.data, dropped } : undefined;
}

/**
 * The elements of a list that parse, at their indexes, an element that does not parse read
 * without its fields at fault when it can be (see {@link BrokenEntity}), else a hole; undefined
 * when the list itself is unreadable.
 */
function readList<S extends z.ZodType>(
  schema: S,
  value: unknown,
  /** where the elements that failed their shape check are noted, for the lists whose references are checked */
  broken?: Map<number, BrokenEntity>,
  nameKey?: 'username' | 'name',
): Listed<z.output<S>> | undefined {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return undefined;
  return value.map((item: unknown, i) => {
    const parsed = schema.safeParse(item);
    if (parsed.success) return parsed.data;
    const stand = standIn(schema, item, parsed.error);
    broken?.set(i, { ...claimOf(item, nameKey), ...(stand ? { dropped: stand.dropped } : {}) });
    return stand?.value;
  });
}

/** One top-level field, or undefined (its default) when it is malformed. */
function readField(key: keyof typeof scenarioSchema.shape, value: unknown): unknown {
  const parsed = scenarioSchema.shape[key].safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/**
 * Refuses prototype keys and nesting (nothing more is read then), then checks the shape. A
 * well-formed document comes back whole; otherwise its problems, and the parts that parse.
 * Throws {@link ScenarioError} when nothing can be read (prototype keys, or not an object).
 */
export function readScenario(input: unknown, source: string): ReadScenario {
  const forbidden: Problem[] = [];
  findForbiddenKeys(input, [], forbidden);
  if (forbidden.length > 0) throw new ScenarioError(source, forbidden);
  const broken = {
    users: new Map<number, BrokenEntity>(),
    channels: new Map<number, BrokenEntity>(),
    teams: new Map<number, BrokenEntity>(),
    directs: new Map<number, BrokenEntity>(),
    messages: new Map<number, BrokenEntity>(),
  };
  const whole = scenarioSchema.safeParse(input);
  if (whole.success) {
    const unknown = { users: false, channels: false, teams: false, messages: false };
    return { scenario: whole.data, problems: [], broken, unknown };
  }
  const problems = issuesOf(whole.error);
  if (!isObject(input)) throw new ScenarioError(source, problems);
  const users = readList(userSchema, input.users, broken.users, 'username');
  const channels = readList(channelSchema, input.channels, broken.channels, 'name');
  const teams = readList(teamSchema, input.teams, broken.teams, 'name');
  const directs = readList(directSchema, input.directs, broken.directs);
  const messages = readList(messageSchema, input.messages, broken.messages);
  const generate = readField('generate', input.generate) as ParsedScenario['generate'];
  const generateBroken = input.generate !== undefined && generate === undefined;
  const scenario: ReadableScenario = {
    seed: readField('seed', input.seed) as number | undefined,
    clock: readField('clock', input.clock) as string | undefined,
    generate,
    users: users ?? [],
    channels: channels ?? [],
    directs: directs ?? [],
    integrations: readList(integrationSchema, input.integrations) ?? [],
    messages: messages ?? [],
    teams: teams ?? [],
    tokens: readList(tokenSchema, input.tokens) ?? [],
    subscriptions: readList(subscriptionSchema, input.subscriptions) ?? [],
    roles: readList(roleSchema, input.roles) ?? [],
    emojis: readList(emojiSchema, input.emojis) ?? [],
    commands: readList(commandSchema, input.commands) ?? [],
    pushTokens: readList(pushTokenSchema, input.pushTokens) ?? [],
    permissions: readField('permissions', input.permissions) as ParsedScenario['permissions'],
    profile: readField('profile', input.profile) as ParsedScenario['profile'],
  };
  return {
    scenario,
    problems,
    broken,
    unknown: {
      users: users === undefined || generateBroken,
      channels: channels === undefined || directs === undefined || generateBroken,
      teams: teams === undefined,
      messages: messages === undefined,
    },
  };
}
