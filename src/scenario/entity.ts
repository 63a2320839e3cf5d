import type { EntityLookup } from '../store/store';
import type { Integration, Room, User, UserRef } from '../types';
import type { BuildContext } from './build';
import { buildIntegration, buildRoom, buildUser } from './build';
import type { Problem } from './problems';
import { ScenarioError, jsonPath } from './problems';
import { parseOrThrow, targetProblem } from './checks';
import { channelSchema, integrationSchema, userSchema } from './schema';
import { unknownRoleMessage } from './roles';
import { resolveTeamFields } from './teams';
import type { TeamTarget } from './teams';

/**
 * One entity added to a running world (the control API's `POST /__admin/users|channels|
 * integrations`): validated like a scenario entity, checked against the world it joins, and
 * filled deterministically: its id from the seed and how many of its kind exist, its timestamps
 * from the change's clock stamp.
 */

function refOrProblem(
  lookup: EntityLookup,
  ref: { _id?: string; username?: string },
  path: PropertyKey[],
  problems: Problem[],
): UserRef | undefined {
  const user = lookup.user(ref);
  if (!user) {
    const what = ref._id !== undefined ? `with _id "${ref._id}"` : `"${ref.username ?? ''}"`;
    problems.push({ path: jsonPath(path), message: `no user ${what} in users` });
  }
  return user;
}

/** A team of the running world as a room's `teamId` finds it. */
function teamTarget(lookup: EntityLookup, ref: string): TeamTarget | undefined {
  const team = lookup.team(ref);
  return team && { _id: team._id, name: team.name, type: team.type, main: team.roomId };
}

function done(source: string, problems: Problem[], what: string): void {
  if (problems.length > 0) throw new ScenarioError(source, problems, what);
}

export function resolveUser(input: unknown, lookup: EntityLookup, ctx: BuildContext, source: string): User {
  const parsed = parseOrThrow(userSchema, input, source, 'user');
  const user = buildUser(parsed, 'added-user', lookup.count('users'), ctx);
  const problems: Problem[] = [];
  if (lookup.hasUserId(user._id))
    problems.push({ path: '$._id', message: `duplicate user _id "${user._id}"` });
  const global = lookup.globalRoles();
  (parsed.roles ?? []).forEach((role, j) => {
    if (!global.includes(role))
      problems.push({ path: `$.roles[${j}]`, message: unknownRoleMessage(role, global) });
  });
  if (lookup.user({ username: user.username })) {
    problems.push({ path: '$.username', message: `duplicate username "${user.username}"` });
  }
  done(source, problems, 'user');
  return user;
}

export function resolveChannel(
  input: unknown,
  lookup: EntityLookup,
  ctx: BuildContext,
  source: string,
): Room {
  const parsed = parseOrThrow(channelSchema, input, source, 'channel');
  const problems: Problem[] = [];
  const owner = parsed.u ? refOrProblem(lookup, parsed.u, ['u'], problems) : lookup.defaultCreator();
  const problem = (key: string, message: string): void => {
    problems.push({ path: jsonPath([key]), message });
  };
  const team = resolveTeamFields(parsed, (ref) => teamTarget(lookup, ref), problem);
  const teamId = team?._id ?? parsed.teamId;
  const room = buildRoom(
    { ro: false, ...parsed, teamId },
    'added-channel',
    lookup.count('channels'),
    owner,
    ctx,
  );
  if (lookup.hasRoomId(room._id))
    problems.push({ path: '$._id', message: `duplicate channel _id "${room._id}"` });
  if (lookup.hasRoomName(room.name))
    problems.push({ path: '$.name', message: `duplicate channel name "${room.name}"` });
  room.usernames.forEach((name, k) => {
    if (!lookup.user({ username: name }))
      problems.push({ path: `$.usernames[${k}]`, message: `no user "${name}" in users` });
  });
  done(source, problems, 'channel');
  return room;
}

export function resolveIntegration(
  input: unknown,
  lookup: EntityLookup,
  ctx: BuildContext,
  source: string,
): Integration {
  const parsed = parseOrThrow(integrationSchema, input, source, 'integration');
  const problems: Problem[] = [];
  const creator = parsed._createdBy
    ? refOrProblem(lookup, parsed._createdBy, ['_createdBy'], problems)
    : lookup.defaultCreator();
  if (!creator && !parsed._createdBy) {
    problems.push({ path: '$._createdBy', message: 'required: the world has no users to default to' });
  }
  (parsed.channel ?? []).forEach((target, k) => {
    const problem = targetProblem(target, {
      hasRoomName: (name) => lookup.hasRoomName(name),
      hasUsername: (name) => lookup.user({ username: name }) !== undefined,
      hasRoomId: (id) => lookup.hasRoomId(id),
      hasUserId: (id) => lookup.hasUserId(id),
    });
    if (problem) problems.push({ path: `$.channel[${k}]`, message: problem });
  });
  // the user the webhook posts as must be one (the server refuses the integration otherwise)
  if (parsed.username !== undefined)
    refOrProblem(lookup, { username: parsed.username }, ['username'], problems);
  done(source, problems, 'integration');
  const integration = buildIntegration(
    parsed,
    'added-integration',
    lookup.count('integrations'),
    creator as UserRef,
    ctx,
  );
  if (lookup.hasIntegrationId(integration._id)) {
    done(
      source,
      [{ path: '$._id', message: `duplicate integration _id "${integration._id}"` }],
      'integration',
    );
  }
  return integration;
}
