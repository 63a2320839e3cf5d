import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import { matchCheck } from '../commands/integrations';
import { roomLayoutOf } from '../commands/createChannel';
import { isPlainObject } from '../store/query';
import type { JsonObject } from '../store/query';
import type { NewTeam } from '../store/team-writes';
import type { TeamType, User } from '../types';
import { success } from './operation';
import type { OperationContext } from './operation';
import { callerOf, readBody } from './params';
import { answer } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import type { Validator } from './validator';
import { SINCE_TEAMS, TEAM, teamView } from './teams-common';

/**
 * `POST /api/v1/teams.create`: `create-team` (global) first — the handler's own bare 403 to 6.x,
 * the framework's `permissionsRequired` from 7.0 — then the body (Meteor's `check()` to 8.5,
 * rest-typings' ajv schema from 8.6), 6.x–8.5's `sidepanel` rule, the members and the owner
 * found, then `TeamService.create` (src/store/team-writes.ts). Answers `{team}` as stored.
 */

/** The route's own permission check in the handler (`API.v1.unauthorized()`), until 7.0's `permissionsRequired`. */
const HANDLER_CHECK: EraTable<boolean> = { '5': true, '7': false };
/** `sidepanel` checked (`isValidSidepanel`) from late 6.x until 8.6's schema refuses the key. */
const SIDEPANEL: EraTable<boolean> = { '5': false, '6': true, '8.6': false };
/** Members by id or username (`findActiveByIdsOrUsernames`) from 6.x; by id only in 5.x. */
const BY_NAME_TOO: EraTable<boolean> = { '5': false, '6': true };

/** rest-typings' `isTeamsCreateProps` (8.6 on). */
const CREATE_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    type: { type: 'number', enum: [0, 1] },
    members: { type: 'array', items: { type: 'string' } },
    room: { type: 'object' },
    owner: { type: 'string' },
  },
  required: ['name', 'type'],
  additionalProperties: false,
};

export const TEAMS_CREATE_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '8.6': { schema: CREATE_SCHEMA, coerce: true, form: 'legacy' },
};

/**
 * `check(body, Match.ObjectIncluding({name: String, type: Match.OneOf(1, 0), members:
 * Match.Maybe([String]), room: Match.Maybe(Match.Any), owner: Match.Maybe(String)}))`: the body's
 * keys in its order, then the first missing one.
 */
function checkBody(body: JsonObject): void {
  for (const [key, value] of Object.entries(body)) {
    if (key === 'type') {
      if (value !== 0 && value !== 1)
        throw new ApiError('match-error', {
          reason: 'Failed Match.OneOf, Match.Maybe or Match.Optional validation in field type',
        });
    } else if (key === 'name') matchCheck({ name: value }, { name: { type: 'string' } });
    else if (key === 'members')
      matchCheck({ members: value }, { members: { type: 'strings', optional: true } });
    else if (key === 'owner') matchCheck({ owner: value }, { owner: { type: 'string', optional: true } });
  }
  for (const key of ['name', 'type'])
    if (!(key in body)) throw new ApiError('match-error', { reason: `Missing key '${key}'` });
}

/** `isValidSidepanel`: its items each `channels` or `discussions`, none twice. */
function validSidepanel(sidepanel: JsonObject): boolean {
  const { items } = sidepanel;
  return (
    Array.isArray(items) &&
    items.every((item) => item === 'channels' || item === 'discussions') &&
    new Set(items).size === items.length
  );
}

function readArgs(context: OperationContext): NewTeam {
  const { store, profile, input } = context;
  const user = callerOf(context);
  if (!store.can(user, 'create-team'))
    throw new ApiError(byEra(profile, HANDLER_CHECK) ? 'users-unauthorized' : 'error-unauthorized');
  const raw = readBody(input.body) as JsonObject;
  const body = byEra(profile, TEAMS_CREATE_VALIDATOR)
    ? (validated(profile, TEAMS_CREATE_VALIDATOR, raw) as JsonObject)
    : (checkBody(raw), raw);
  const { sidepanel } = body;
  if (
    byEra(profile, SIDEPANEL) &&
    isPlainObject(sidepanel) &&
    (sidepanel as JsonObject).items &&
    !validSidepanel(sidepanel as JsonObject)
  )
    throw new ApiError('team-invalid-sidepanel');
  const byName = byEra(profile, BY_NAME_TOO);
  const members: User[] = [];
  for (const ref of Array.isArray(body.members) ? (body.members as string[]) : []) {
    const found = store.userById(ref) ?? (byName ? store.userNamed(ref) : undefined);
    if (found && found.active !== false && !members.includes(found)) members.push(found);
  }
  const ownerId = typeof body.owner === 'string' && body.owner !== '' ? body.owner : undefined;
  const owner = ownerId === undefined ? user : store.userById(ownerId);
  // createRoom refuses an owner that is no user: the service answers error-team-creation
  if (!owner) throw new ApiError('team-creation-failed');
  return { name: body.name as string, type: body.type as TeamType, creator: user, owner, members };
}

export default route(GROUPS.teams, {
  name: 'teams.create',
  method: 'POST',
  permissions: ['create-team'],
  errors: [
    'not-found',
    'users-unauthorized',
    'error-unauthorized',
    'match-error',
    'team-invalid-sidepanel',
    'teams-limit',
    'team-name-already-exists',
    'team-room-name-already-exists',
    'team-creation-failed',
  ],
  response: answer({ team: TEAM }),
  changes: ['room', 'subscription'],
  validator: TEAMS_CREATE_VALIDATOR,
  read: readArgs,
  run: (context, args) => {
    const team = context.store.createTeam(args, roomLayoutOf(context.profile));
    return success({ team: teamView(team) });
  },
  openApi: { servedIn: SINCE_TEAMS },
});
