import { unknownKeyMessage } from '../suggest';
import { buildPermissions } from '../store/permissions';
import type { PermissionTable, StubInput, World } from '../types';
import type { Problem } from './problems';
import { ScenarioError, jsonPath } from './problems';
import type { ReadScenario } from './read';
import { readScenario } from './read';
import type { ResolveContext } from './resolve-context';
import { buildIntegrations } from './resolve-integrations';
import { ScenarioMessages } from './resolve-messages';
import { ScenarioRooms } from './resolve-rooms';
import { buildSubscriptions } from './resolve-subscriptions';
import { ScenarioUsers } from './resolve-users';
import { buildRoles, checkRoleRefs } from './roles';
import { buildCommands, buildPushTokens, buildEmojis } from './startup';
import { ScenarioTeams } from './teams';

/**
 * A scenario document resolved to the world it describes: read (./read.ts), then built part by
 * part, each part checked against those built before it: the users (./resolve-users.ts), the
 * teams (./teams.ts), the rooms (./resolve-rooms.ts), the messages and their threads
 * (./resolve-messages.ts, ./resolve-threads.ts), the subscriptions, the integrations and the
 * tokens. The parts share the scenario, the seed and clock, and the problem list
 * (./resolve-context.ts).
 */

/** The fake clock's start when a scenario gives none. */
export const DEFAULT_CLOCK = '2026-01-01T00:00:00.000Z';
/** The faker seed when a scenario gives none. */
export const DEFAULT_SEED = 1;

export interface ResolveOptions {
  /** names the scenario in every problem: a file path, or e.g. `PUT /__admin/scenario` */
  source?: string;
  /** overrides the scenario's `seed` */
  seed?: number;
}

/**
 * Validates a scenario document whole and builds the world it describes: the listed entities with
 * every missing field filled, then the generated ones. Throws {@link ScenarioError} with every
 * problem in one report (types, enums, duplicate ids or names, unresolved references: the problems
 * of shape first, then those found building the well-formed rest) and builds nothing then.
 */
export function resolveScenario(input: unknown, options: ResolveOptions = {}): World {
  checkResolveOptions(options);
  const source = options.source ?? 'scenario';
  const read = readScenario(input, source);
  const problems: Problem[] = [...read.problems];
  const world = buildWorld(read, options.seed, problems);
  if (problems.length > 0) throw new ScenarioError(source, problems);
  return world;
}

/** The options as `createFakeServer` checks its own: known names, a seed it can take. */
function checkResolveOptions(options: unknown): void {
  const fail = (problem: string): TypeError =>
    new TypeError(`[rocketchat-fake] resolveScenario(): ${problem}`);
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw fail('the options are an object: {source?, seed?}');
  const { source, seed, ...rest } = options as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0)
    throw fail(unknown.map((key) => unknownKeyMessage('option', key, ['source', 'seed'])).join('; '));
  if (source !== undefined && typeof source !== 'string') throw fail('source is a string');
  if (
    seed !== undefined &&
    !(Number.isSafeInteger(seed) && (seed as number) >= 0 && (seed as number) <= 2 ** 32 - 1)
  )
    throw fail(`seed is a whole number from 0 to ${2 ** 32 - 1}, not ${JSON.stringify(seed)}`);
}

/**
 * The world a read scenario describes, its problems added to `problems`. The parts are built in
 * this order (each checks its references against those before it, and the problems come in it).
 */
function buildWorld(read: ReadScenario, seed: number | undefined, problems: Problem[]): World {
  const { scenario } = read;
  const build = { seed: seed ?? scenario.seed ?? DEFAULT_SEED, clock: scenario.clock ?? DEFAULT_CLOCK };
  const ctx: ResolveContext = {
    read,
    scenario,
    build,
    clockMs: Date.parse(build.clock),
    problem: (path, message) => {
      problems.push({ path: jsonPath(path), message });
    },
  };
  const roles = buildRoles(ctx);
  checkRoleRefs(ctx, roles);
  const emojis = buildEmojis(ctx);
  const commands = buildCommands(ctx);
  const users = new ScenarioUsers(ctx);
  users.build();
  const teams = indexTeams(ctx, users);
  const rooms = new ScenarioRooms(ctx, users);
  const channels = rooms.buildChannels(teams);
  const built = teams.build(read.broken.channels.size === 0 && !read.unknown.channels);
  const directs = rooms.buildDirects();
  const messages = new ScenarioMessages(ctx, users, rooms).build();
  const subscriptions = buildSubscriptions(ctx, users, rooms);
  const pushTokens = buildPushTokens(ctx, users);
  return {
    seed: build.seed,
    clock: build.clock,
    users: users.list,
    channels,
    ...(directs.length > 0 ? { directs } : {}),
    integrations: buildIntegrations(ctx, users, rooms),
    ...(messages.length > 0 ? { messages } : {}),
    tokens: users.buildTokens(),
    permissions: buildPermissions(scenario.permissions as PermissionTable | undefined),
    ...(built ? { teams: built } : {}),
    ...(subscriptions.length > 0 ? { subscriptions } : {}),
    ...(scenario.rateLimit ? { rateLimit: { ...scenario.rateLimit } } : {}),
    ...(scenario.stubs ? { stubs: structuredClone(scenario.stubs) as StubInput[] } : {}),
    ...(scenario.settings ? { settings: { ...scenario.settings } } : {}),
    ...(scenario.profile ? { profile: scenario.profile } : {}),
    ...(roles.length > 0 ? { roles } : {}),
    ...(emojis.length > 0 ? { emojis } : {}),
    ...(commands.length > 0 ? { commands } : {}),
    ...(pushTokens.length > 0 ? { pushTokens } : {}),
  };
}

/** The scenario's teams, indexed for the rooms' `teamId` (members are users of the scenario). */
function indexTeams(ctx: ResolveContext, users: ScenarioUsers): ScenarioTeams {
  return new ScenarioTeams({
    seed: ctx.build.seed,
    teams: ctx.scenario.teams ?? [],
    broken: ctx.read.broken.teams,
    unknown: ctx.read.unknown.teams,
    username: (name) => {
      const key = `u:${name.toLowerCase()}`;
      return users.get(key)?.username ?? (users.maybeBroken(key) ? null : undefined);
    },
    problem: (path, message) => ctx.problem(path, message),
  });
}
