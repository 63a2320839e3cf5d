import { buildPermissions } from '../store/permissions';
import type { Integration, PermissionTable, Room, TokenRecord, User, UserRef, World } from '../store/types';
import type { BuildContext } from './build';
import { buildIntegration, buildRoom, buildUser } from './build';
import { generateModule } from '../lazy';
import { parseOrThrow, targetProblem } from './checks';
import type { Problem } from './problems';
import { ScenarioError, jsonPath } from './problems';
import type { ParsedScenario } from './schema';
import { scenarioSchema } from './schema';

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
 * problem (types, enums, duplicate ids or names, unresolved references) and builds nothing then.
 */
export function resolveScenario(input: unknown, options: ResolveOptions = {}): World {
  const source = options.source ?? 'scenario';
  const parsed = parseOrThrow(scenarioSchema, input, source);
  const problems: Problem[] = [];
  const world = new WorldBuilder(parsed, options.seed, problems).build();
  if (problems.length > 0) throw new ScenarioError(source, problems);
  return world;
}

class WorldBuilder {
  readonly #ctx: BuildContext;
  readonly #clockMs: number;
  readonly #users: User[] = [];
  readonly #userIndex = new Map<string, User>();
  readonly #roomNames = new Set<string>();

  constructor(
    private readonly scenario: ParsedScenario,
    seed: number | undefined,
    private readonly problems: Problem[],
  ) {
    this.#ctx = { seed: seed ?? scenario.seed ?? DEFAULT_SEED, clock: scenario.clock ?? DEFAULT_CLOCK };
    this.#clockMs = Date.parse(this.#ctx.clock);
  }

  build(): World {
    this.#buildUsers();
    const channels = this.#buildChannels();
    return {
      seed: this.#ctx.seed,
      clock: this.#ctx.clock,
      users: this.#users,
      channels,
      integrations: this.#buildIntegrations(),
      tokens: this.#buildTokens(),
      permissions: buildPermissions(this.scenario.permissions as PermissionTable | undefined),
      ...(this.scenario.rateLimit ? { rateLimit: { ...this.scenario.rateLimit } } : {}),
    };
  }

  #problem(path: PropertyKey[], message: string): void {
    this.problems.push({ path: jsonPath(path), message });
  }

  #buildUsers(): void {
    const ids = new Set<string>();
    const add = (user: User, path: PropertyKey[]): void => {
      if (ids.has(user._id)) this.#problem([...path, '_id'], `duplicate user _id "${user._id}"`);
      const key = user.username.toLowerCase();
      if (this.#userIndex.has(`u:${key}`))
        this.#problem([...path, 'username'], `duplicate username "${user.username}"`);
      ids.add(user._id);
      this.#userIndex.set(`u:${key}`, user);
      this.#userIndex.set(`i:${user._id}`, user);
      this.#users.push(user);
    };
    (this.scenario.users ?? []).forEach((u, i) => add(buildUser(u, 'user', i, this.#ctx), ['users', i]));
    for (let i = 0; i < (this.scenario.generate?.users ?? 0); i += 1) {
      add(buildUser(generateModule().generateUser(this.#ctx.seed, i), 'generated-user', i, this.#ctx), [
        'generate',
        'users',
      ]);
    }
  }

  /** A user reference (`{_id}` or `{username}`) resolved, or a problem at `path`. */
  #ref(ref: { _id?: string; username?: string }, path: PropertyKey[]): UserRef | undefined {
    const user =
      ref._id !== undefined
        ? this.#userIndex.get(`i:${ref._id}`)
        : this.#userIndex.get(`u:${(ref.username ?? '').toLowerCase()}`);
    if (!user) {
      this.#problem(
        path,
        `no user ${ref._id !== undefined ? `with _id "${ref._id}"` : `"${ref.username ?? ''}"`} in users`,
      );
      return undefined;
    }
    if (ref._id !== undefined && ref.username !== undefined && ref.username !== user.username) {
      this.#problem(path, `_id "${ref._id}" is user "${user.username}", not "${ref.username}"`);
    }
    return { _id: user._id, username: user.username };
  }

  /** The creator of entities that name none: the first admin, else the first user. */
  #defaultCreator(): UserRef | undefined {
    const user = this.#users.find((u) => u.roles.includes('admin')) ?? this.#users[0];
    return user && { _id: user._id, username: user.username };
  }

  #buildChannels(): Room[] {
    const rooms: Room[] = [];
    const ids = new Set<string>();
    const add = (room: Room, path: PropertyKey[]): void => {
      if (ids.has(room._id)) this.#problem([...path, '_id'], `duplicate channel _id "${room._id}"`);
      if (this.#roomNames.has(room.name))
        this.#problem([...path, 'name'], `duplicate channel name "${room.name}"`);
      room.usernames.forEach((name, k) => {
        if (!this.#userIndex.has(`u:${name.toLowerCase()}`))
          this.#problem([...path, 'usernames', k], `no user "${name}" in users`);
      });
      ids.add(room._id);
      this.#roomNames.add(room.name);
      rooms.push(room);
    };
    (this.scenario.channels ?? []).forEach((c, i) => {
      const owner = c.u ? this.#ref(c.u, ['channels', i, 'u']) : this.#defaultCreator();
      add(buildRoom(c, 'channel', i, owner, this.#ctx), ['channels', i]);
    });
    const owner = this.#defaultCreator();
    for (let i = 0; i < (this.scenario.generate?.channels ?? 0); i += 1) {
      const room = buildRoom(
        generateModule().generateChannel(this.#ctx.seed, i, this.#clockMs),
        'generated-channel',
        i,
        owner,
        this.#ctx,
      );
      add(room, ['generate', 'channels']);
    }
    return rooms;
  }

  #checkTargets(channel: string[], path: PropertyKey[]): void {
    const world = {
      hasRoomName: (name: string) => this.#roomNames.has(name),
      hasUsername: (name: string) => this.#userIndex.has(`u:${name.toLowerCase()}`),
    };
    channel.forEach((target, k) => {
      const problem = targetProblem(target, world);
      if (problem) this.#problem([...path, k], problem);
    });
  }

  #buildIntegrations(): Integration[] {
    const out: Integration[] = [];
    const ids = new Set<string>();
    const add = (integration: Integration, path: PropertyKey[]): void => {
      if (ids.has(integration._id))
        this.#problem([...path, '_id'], `duplicate integration _id "${integration._id}"`);
      ids.add(integration._id);
      out.push(integration);
    };
    const fallback = this.#defaultCreator();
    (this.scenario.integrations ?? []).forEach((input, i) => {
      const path = ['integrations', i];
      const creator = input._createdBy ? this.#ref(input._createdBy, [...path, '_createdBy']) : fallback;
      if (!creator) {
        if (!input._createdBy)
          this.#problem([...path, '_createdBy'], 'required: the scenario has no users to default to');
        return;
      }
      this.#checkTargets(input.channel ?? [], [...path, 'channel']);
      add(buildIntegration(input, 'integration', i, creator, this.#ctx), path);
    });
    const generated = this.scenario.generate?.integrations ?? 0;
    if (generated > 0 && !fallback) this.#problem(['generate', 'integrations'], 'needs at least one user');
    if (!fallback) return out;
    const targets = (this.scenario.channels ?? []).filter((c) => (c.t ?? 'c') === 'c').map((c) => c.name);
    for (let i = 0; i < generated; i += 1) {
      const input = generateModule().generateIntegration(this.#ctx.seed, i, this.#clockMs, targets);
      add(buildIntegration(input, 'generated-integration', i, fallback, this.#ctx), [
        'generate',
        'integrations',
      ]);
    }
    return out;
  }

  #buildTokens(): TokenRecord[] {
    const seen = new Set<string>();
    const out: TokenRecord[] = [];
    (this.scenario.tokens ?? []).forEach((t, i) => {
      const ref = this.#ref({ _id: t.userId, username: t.username }, ['tokens', i]);
      if (seen.has(t.authToken)) this.#problem(['tokens', i, 'authToken'], 'duplicate authToken');
      seen.add(t.authToken);
      if (ref) out.push({ username: ref.username, authToken: t.authToken });
    });
    return out;
  }
}
