import type { z } from 'zod';

import type { Problem } from '../types';
import { findForbiddenKeys } from './checks';
import { ScenarioError } from './problems';
import { problemsOf } from './issues';
import type {
  ParsedChannel,
  ParsedDirect,
  ParsedIntegration,
  ParsedMessage,
  ParsedScenario,
  ParsedTeam,
  ParsedUser,
} from './schema';
import {
  channelSchema,
  directSchema,
  integrationSchema,
  messageSchema,
  scenarioSchema,
  teamSchema,
  tokenSchema,
  userSchema,
} from './schema';

/**
 * Reads a scenario document for resolution, so that one report names every problem: when the
 * document has problems of shape, the parts that are well-formed are still read, and the world is
 * built from them to find the problems of reference (unknown users and rooms, duplicates) too.
 */

/** An entity that failed its shape check: what it claims to be, so references to it are not reported. */
export interface BrokenEntity {
  _id?: string;
  /** a user's username, a room's name */
  name?: string;
}

type Listed<T> = (T | undefined)[];

/** The well-formed parts of a scenario: a list keeps an entity's index, with a hole where it failed. */
export interface ReadableScenario extends Omit<
  ParsedScenario,
  'users' | 'channels' | 'directs' | 'integrations' | 'messages' | 'teams' | 'tokens'
> {
  users?: Listed<ParsedUser>;
  channels?: Listed<ParsedChannel>;
  directs?: Listed<ParsedDirect>;
  integrations?: Listed<ParsedIntegration>;
  messages?: Listed<ParsedMessage>;
  teams?: Listed<ParsedTeam>;
  tokens?: Listed<z.output<typeof tokenSchema>>;
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
  };
  /**
   * kinds whose entities cannot all be known (the list is not a list, or `generate` is broken):
   * a reference to such an entity that is not found is not reported
   */
  unknown: { users: boolean; channels: boolean; teams: boolean };
}

function issuesOf(error: z.ZodError, at: PropertyKey[] = []): Problem[] {
  return problemsOf(error.issues, at);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function claimOf(value: unknown, nameKey: 'username' | 'name'): BrokenEntity {
  const out: BrokenEntity = {};
  if (!isObject(value)) return out;
  if (typeof value._id === 'string') out._id = value._id;
  if (typeof value[nameKey] === 'string') out.name = value[nameKey];
  return out;
}

/** The elements of a list that parse, at their indexes; undefined when the list itself is unreadable. */
function readList<S extends z.ZodType>(
  schema: S,
  value: unknown,
  broken?: { map: Map<number, BrokenEntity>; nameKey: 'username' | 'name' },
): Listed<z.output<S>> | undefined {
  if (value === undefined) return [];
  if (!Array.isArray(value)) return undefined;
  return value.map((item: unknown, i) => {
    const parsed = schema.safeParse(item);
    if (parsed.success) return parsed.data;
    broken?.map.set(i, claimOf(item, broken.nameKey));
    return undefined;
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
  };
  const whole = scenarioSchema.safeParse(input);
  if (whole.success) {
    const unknown = { users: false, channels: false, teams: false };
    return { scenario: whole.data, problems: [], broken, unknown };
  }
  const problems = issuesOf(whole.error);
  if (!isObject(input)) throw new ScenarioError(source, problems);
  const users = readList(userSchema, input.users, { map: broken.users, nameKey: 'username' });
  const channels = readList(channelSchema, input.channels, { map: broken.channels, nameKey: 'name' });
  const teams = readList(teamSchema, input.teams, { map: broken.teams, nameKey: 'name' });
  const generate = readField('generate', input.generate) as ParsedScenario['generate'];
  const generateBroken = input.generate !== undefined && generate === undefined;
  const scenario: ReadableScenario = {
    seed: readField('seed', input.seed) as number | undefined,
    clock: readField('clock', input.clock) as string | undefined,
    generate,
    users: users ?? [],
    channels: channels ?? [],
    directs: readList(directSchema, input.directs) ?? [],
    integrations: readList(integrationSchema, input.integrations) ?? [],
    messages: readList(messageSchema, input.messages) ?? [],
    teams: teams ?? [],
    tokens: readList(tokenSchema, input.tokens) ?? [],
    permissions: readField('permissions', input.permissions) as ParsedScenario['permissions'],
    profile: readField('profile', input.profile) as ParsedScenario['profile'],
  };
  return {
    scenario,
    problems,
    broken,
    unknown: {
      users: users === undefined || generateBroken,
      channels: channels === undefined || generateBroken,
      teams: teams === undefined,
    },
  };
}
