import { ROOM_NAME_REFUSALS } from '../store/rooms';
import type { EraTable } from '../eras';
import { roomLayoutOf } from '../commands/createChannel';
import type { TeamType } from '../types';
import { success } from './operation';
import { callerOf, readBody } from './params';
import { DONE } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import type { Validator } from './validator';
import { SINCE_TEAMS, teamRefOf } from './teams-common';
import { requireTeamPermission, teamOrRefuse } from './teams-rooms-common';

/**
 * `POST /api/v1/teams.update`: the body (rest-typings' `isTeamsUpdateProps`, 5.x on), the team
 * (`team-does-not-exist`), `edit-team` in its main room (the bare 403), then `TeamService.update`:
 * the main room renamed (`saveRoomName`: the room name's rules, an `r` message) and retyped
 * (`saveRoomType`: a `room_changed_privacy` message), the team's `name` and `type`; one commit.
 * Answers `{success: true}`.
 */

const nullableString = { type: 'string', nullable: true } as const;
const SCHEMA = {
  type: 'object',
  properties: {
    updateRoom: { type: 'boolean', nullable: true },
    teamId: nullableString,
    teamName: nullableString,
    data: {
      type: 'object',
      properties: { name: nullableString, type: { type: 'number', enum: [0, 1] } },
      additionalProperties: false,
      anyOf: [{ required: ['name'] }, { required: ['type'] }],
    },
    name: nullableString,
  },
  oneOf: [{ required: ['teamId', 'data'] }, { required: ['teamName', 'data'] }],
  additionalProperties: false,
};

export const TEAMS_UPDATE_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '5': { schema: SCHEMA, coerce: false, form: 'legacy' },
  '8': { schema: SCHEMA, coerce: true, form: 'legacy' },
};

export default route(GROUPS.teams, {
  name: 'teams.update',
  method: 'POST',
  permissions: ['edit-team'],
  errors: ['not-found', 'team-does-not-exist', 'users-unauthorized', ...ROOM_NAME_REFUSALS],
  response: DONE,
  changes: ['room', 'subscription', 'message'],
  validator: TEAMS_UPDATE_VALIDATOR,
  read: (context) => {
    const { store, profile, input } = context;
    const user = callerOf(context);
    const body = validated(profile, TEAMS_UPDATE_VALIDATOR, readBody(input.body));
    const team = teamOrRefuse(store, teamRefOf(body));
    requireTeamPermission(store, user, team, 'edit-team');
    const { name, type } = body.data as { name?: string | null; type?: TeamType };
    // `data` holds no `updateRoom` (its schema refuses the key): the main room always follows
    const data = {
      ...(typeof name === 'string' && name !== '' ? { name } : {}),
      ...(type !== undefined ? { type } : {}),
    };
    return { team, user, data };
  },
  run: ({ store, profile }, { team, user, data }) => {
    store.updateTeam(team, user, data, roomLayoutOf(profile));
    return success({});
  },
  openApi: { servedIn: SINCE_TEAMS },
});
