import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import type { Room, User } from '../types';
import type { OperationContext, Params } from './operation';
import { callerOf, readBody, readRoomRef } from './params';
import { answer } from './responses';
import { GROUPS, route } from './route-groups';
import { SINCE_TEAMS, TEAM, convertToTeamRun } from './teams-common';

/**
 * `POST /api/v1/groups.convertToTeam`: a private group becomes a team's main room (the private twin
 * of `channels.convertToTeam`). 5.x refuses a body with neither `roomId` nor `roomName` (a plain
 * failure); from 6.x only a key given empty is refused so, and a body with neither falls to the
 * group's lookup (`error-room-param-not-provided`). The group found as `groups.*` find one (the
 * caller must be in it), then `create-team` and `edit-room` both held in the group (the bare 403:
 * `unauthorized()` to 6.x, `forbidden()` in 7.x and 8.x, the same body). Then `Team.create` with the
 * group's id and type 1: the name free of teams and users (`team-name-already-exists`), the
 * group's members the team's, the caller its owner, a `user-converted-to-team` message. Answers
 * `{team}`.
 */

/** How the body's emptiness is checked: 5.x neither given, 6.x on a key given empty. */
const EMPTY_CHECK: EraTable<'neither' | 'given-empty'> = { '5': 'neither', '6': 'given-empty' };

function isEmptyRef(body: Params, check: 'neither' | 'given-empty'): boolean {
  if (check === 'neither') return !body.roomId && !body.roomName;
  return ('roomId' in body && !body.roomId) || ('roomName' in body && !body.roomName);
}

function readArgs(context: OperationContext): { room: Room; user: User } {
  const { store, profile, input } = context;
  const user = callerOf(context);
  const body = readBody(input.body);
  if (isEmptyRef(body, byEra(profile, EMPTY_CHECK))) throw new ApiError('team-convert-group-required');
  const room = store.findGroup(user, readRoomRef(body));
  if (!(store.can(user, 'create-team', room) && store.can(user, 'edit-room', room)))
    throw new ApiError('users-unauthorized');
  return { room, user };
}

export default route(GROUPS.groups, {
  name: 'groups.convertToTeam',
  method: 'POST',
  permissions: ['create-team', 'edit-room'],
  errors: [
    'not-found',
    'team-convert-group-required',
    'error-room-param-not-provided',
    'error-group-not-found',
    'users-unauthorized',
    'teams-limit',
    'team-name-already-exists',
  ],
  response: answer({ team: TEAM }),
  changes: ['room', 'message'],
  read: readArgs,
  run: convertToTeamRun,
  openApi: { servedIn: SINCE_TEAMS },
});
