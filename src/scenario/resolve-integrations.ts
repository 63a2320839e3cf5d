import type { Integration } from '../types';
import { buildIntegration } from './build';
import { targetProblem } from './checks';
import type { ResolveContext } from './resolve-context';
import { generateModule } from './resolve-context';
import type { ScenarioRooms } from './resolve-rooms';
import type { ScenarioUsers } from './resolve-users';

/**
 * A scenario's integrations, listed then generated: each by a user of the scenario (default: the
 * first admin, else the first user), its `channel` targets rooms and users that exist, its `_id`
 * unique.
 */
export function buildIntegrations(
  ctx: ResolveContext,
  users: ScenarioUsers,
  rooms: ScenarioRooms,
): Integration[] {
  const { scenario, build, clockMs } = ctx;
  const out: Integration[] = [];
  const ids = new Set<string>();
  const add = (integration: Integration, path: PropertyKey[]): void => {
    if (ids.has(integration._id))
      ctx.problem([...path, '_id'], `duplicate integration _id "${integration._id}"`);
    ids.add(integration._id);
    out.push(integration);
  };
  const fallback = users.defaultCreator();
  (scenario.integrations ?? []).forEach((input, i) => {
    if (!input) return;
    const path = ['integrations', i];
    const creator = input._createdBy ? users.ref(input._createdBy, [...path, '_createdBy']) : fallback;
    if (!creator) {
      if (!input._createdBy && !users.incomplete())
        ctx.problem([...path, '_createdBy'], 'required: the scenario has no users to default to');
      return;
    }
    checkTargets(ctx, users, rooms, input.channel ?? [], [...path, 'channel']);
    // the user the webhook posts as must be one (the server refuses the integration otherwise)
    if (input.username !== undefined) users.ref({ username: input.username }, [...path, 'username']);
    add(buildIntegration(input, 'integration', i, creator, build), path);
  });
  const generated = scenario.generate?.integrations ?? 0;
  if (generated > 0 && !fallback && !users.incomplete())
    ctx.problem(['generate', 'integrations'], 'needs at least one user');
  if (!fallback) return out;
  const targets = (scenario.channels ?? [])
    .filter((c) => c !== undefined && (c.t ?? 'c') === 'c')
    .map((c) => (c as NonNullable<typeof c>).name);
  for (let i = 0; i < generated; i += 1) {
    const input = generateModule().generateIntegration(build.seed, i, clockMs, targets);
    add(buildIntegration(input, 'generated-integration', i, fallback, build), ['generate', 'integrations']);
  }
  return out;
}

/** An integration's `channel` targets, each a room (`#<name or _id>`) or user (`@<username or _id>`) of this world, or every room of a kind. */
function checkTargets(
  ctx: ResolveContext,
  users: ScenarioUsers,
  rooms: ScenarioRooms,
  channel: string[],
  path: PropertyKey[],
): void {
  const world = {
    hasRoomName: (name: string) => rooms.hasChannelName(name) || ctx.read.unknown.channels,
    hasUsername: (name: string) => {
      const key = `u:${name.toLowerCase()}`;
      return users.has(key) || users.maybeBroken(key);
    },
    hasRoomId: (id: string) => rooms.hasChannelId(id) || ctx.read.unknown.channels,
    hasUserId: (id: string) => users.has(`i:${id}`) || users.maybeBroken(`i:${id}`),
  };
  channel.forEach((target, k) => {
    const problem = targetProblem(target, world);
    if (problem) ctx.problem([...path, k], problem);
  });
}
