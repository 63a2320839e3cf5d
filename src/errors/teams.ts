import type { ErrorSpec } from './spec';

/**
 * The error rows of teams (`teams.*`), part of the one error table (src/errors.ts): each name once, over
 * all tables. The team service's refusals are plain `Error`s: the envelope carries the code as
 * `error`, without `errorType`.
 *
 * Layer: base.
 */
export const TEAM_ERRORS = {
  /** the world holds `teamsPerWorld` teams (src/limits.ts): the fake's own bound */
  'teams-limit': {
    status: 400,
    message: (p) =>
      `This world holds ${p.reason ?? ''} teams, its teamsPerWorld limit: delete one before creating another`,
    errorType: 'error-teams-limit',
  },
  /** teams.create: a team or a user has the name (`checkUsernameAvailability`), or it is a blocked name */
  'team-name-already-exists': { status: 400, message: () => 'team-name-already-exists' },
  /** teams.create: a room has the name */
  'team-room-name-already-exists': { status: 400, message: () => 'room-name-already-exists' },
  /** teams.create: anything the main room's creation refused (the name's rules, an unknown owner) */
  'team-creation-failed': { status: 400, message: () => 'error-team-creation' },
  /** teams.create (7.x): a `sidepanel` whose items are not `channels` / `discussions`, each once */
  'team-invalid-sidepanel': { status: 400, message: () => 'error-invalid-sidepanel' },
  /** the routes taking teamId or teamName (from 5.x): no such team */
  'team-does-not-exist': { status: 400, message: () => 'team-does-not-exist' },
  /** teams.info: no such team */
  'team-info-not-found': { status: 400, message: () => 'Team not found' },
  /** teams.info (6.x on): the team's main room is gone */
  'team-room-not-found': { status: 400, message: () => 'Room not found' },
  /** teams.listRooms: a private team the caller is not in, without `view-all-teams` */
  'team-user-not-on-private-team': { status: 400, message: () => 'user-not-on-private-team' },
  // the teams' rooms and members after their making (TeamService's plain Errors)
  /** teams.addRooms: no `add-team-channel` (to 6.x) / `move-room-to-team` (7.0 on) in the main room */
  'team-no-permission-team-channel': { status: 403, message: () => 'error-no-permission-team-channel' },
  /** teams.addRooms / removeRoom / updateRoom: no such room, or one the caller may not see */
  'team-invalid-room': { status: 400, message: () => 'invalid-room' },
  /** teams.addRooms: a room already in a team */
  'team-room-already-on-team': { status: 400, message: () => 'room-already-on-team' },
  /** teams.addRooms: the caller is not the room's owner */
  'team-no-owner-channel': { status: 400, message: () => 'error-no-owner-channel' },
  /** teams.removeRoom: the room is not in that team */
  'team-room-not-on-that-team': { status: 400, message: () => 'room-not-on-that-team' },
  /** teams.updateRoom: the room is in no team */
  'team-room-not-on-team': { status: 400, message: () => 'room-not-on-team' },
  /** teams.removeMember: no active user with that id */
  'team-invalid-user': { status: 400, message: () => 'invalid-user' },
  /** teams.removeMember / leave: neither a member of the team nor of its main room */
  'team-member-does-not-exist': { status: 400, message: () => 'member-does-not-exist' },
  /** teams.removeMember / leave: the team's only owner */
  'team-last-owner': { status: 400, message: () => 'last-owner-can-not-be-removed' },
  /** channels.convertToTeam: `channelId` and `channelName` both empty */
  'team-convert-channel-required': {
    status: 400,
    message: () => 'The parameter "channelId" or "channelName" is required',
  },
  // helper H (issue 46): groups.convertToTeam, teams.autocomplete
  /** groups.convertToTeam: 5.x neither `roomId` nor `roomName`; 6.x on one given empty */
  'team-convert-group-required': {
    status: 400,
    message: () => 'The parameter "roomId" or "roomName" is required',
  },
} satisfies Record<string, ErrorSpec>;
