import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import { checkErasable as checkRoomErasable } from '../commands/eraseRoom';
import type { Store } from '../store/store';
import type { AnyRoom, Room, Team, User } from '../types';
import type { Profile } from '../profiles';
import type { OperationContext } from './operation';
import { callerOf, mayAccessRoom, readBody } from './params';
import { validated } from './schemas';
import { teamRefOf } from './teams-common';
import { ROOM_SHAPE, jsonSchemaOf } from '../wire';
import { str } from './responses';
import type { Validator } from './validator';

/**
 * What the `teams.*` routes that change a team after its making share (teams.addRooms,
 * teams.removeRoom, teams.updateRoom, teams.removeMember, teams.leave, teams.delete, …): the team
 * found or `team-does-not-exist`, its main room (the scope of the team permissions), the access
 * rule, a list of room ids the schemas take.
 *
 * Layer: operations.
 */

/** `getTeamByIdOrName`, else the route's `failure('team-does-not-exist')`. */
export function teamOrRefuse(store: Store, ref: { teamId?: string; teamName?: string }): Team {
  const team = store.teamByIdOrName(ref);
  if (!team) throw new ApiError('team-does-not-exist');
  return team;
}

/** The team's main room (the scope its permissions are checked in), if it has one. */
export function mainRoomOf(store: Store, team: Team): AnyRoom | undefined {
  return team.roomId === undefined ? undefined : store.anyRoom(team.roomId);
}

/** `hasPermission(uid, permission, team.roomId)`, else the route's bare 403. */
export function requireTeamPermission(store: Store, user: User, team: Team, permission: string): void {
  if (!store.can(user, permission, mainRoomOf(store, team))) throw new ApiError('users-unauthorized');
}

/** `canAccessRoom` of any room: a direct room to its members, a channel or group by its rule. */
export function mayAccess(store: Store, profile: Profile, user: User, room: AnyRoom): boolean {
  if (room.t === 'd') return room.usernames.includes(user.username);
  return mayAccessRoom(store, profile, user, room as Room);
}

/** rest-typings' list of room ids: `string[]`, at least one, each once, `null` allowed. */
export const ROOM_IDS = { type: 'array', items: str, minItems: 1, uniqueItems: true, nullable: true };

/**
 * rest-typings' `oneOf` of a `teamId` branch and a `teamName` branch, each with `properties` (and
 * `required` besides its reference), nothing else: from 5.x (`validateParams`; a local `new Ajv()`,
 * no coercion, to 7.x; 8.x's shared instance coerces).
 */
export function teamBodyValidator(
  properties: Readonly<Record<string, unknown>>,
  required: readonly string[] = [],
): EraTable<Validator | undefined> {
  const schema = {
    oneOf: (['teamId', 'teamName'] as const).map((key) => ({
      type: 'object',
      properties: { [key]: str, ...properties },
      required: [key, ...required],
      additionalProperties: false,
    })),
  };
  return {
    '0.49': undefined,
    '5': { schema, coerce: false, form: 'legacy' },
    '8': { schema, coerce: true, form: 'legacy' },
  };
}

/** The team's rooms among `ids` (`getMatchingTeamRooms`), in the world's order. */
export function matchingTeamRooms(
  store: Store,
  team: Team,
  ids: readonly unknown[] | undefined | null,
): Room[] {
  if (!ids || ids.length === 0) return [];
  return store.teamRoomsOf(team._id).filter((room) => ids.includes(room._id));
}

/** `removeMembers`' checks of one member: in the team or its main room, and not its only owner. */
export function checkRemovable(store: Store, team: Team, member: User): void {
  const inTeam = store.isTeamMember(team, member);
  const main = mainRoomOf(store, team);
  if (!inTeam && !main?.usernames.includes(member.username)) throw new ApiError('team-member-does-not-exist');
  const owners = team.owners ?? [];
  if (inTeam && owners.includes(member.username) && owners.length === 1)
    throw new ApiError('team-last-owner');
}

/** A room as the teams' routes answer it: any room document (an owner's `u` may carry the owner's `name`, 6.3 on). */
export const TEAM_ROOM = jsonSchemaOf(ROOM_SHAPE, 'full', {
  u: { type: 'object', required: ['_id', 'username'] },
});

/** 7.0's `eraseRoom` also asks `delete-team-channel` / `delete-team-group` in the team's main room for a team's room. */
const TEAM_ROOM_DELETE: EraTable<boolean> = { '5': false, '7': true };

/**
 * `eraseRoom`'s permission checks of each room a team's end erases (the real server checks each
 * as it erases it; the fake checks all before its one write): `delete-c` / `delete-p` in the room,
 * and from 7.0 for a room still in the team `delete-team-channel` / `delete-team-group` in the
 * main room; else Meteor's `error-not-allowed`.
 */
export function checkErasable(
  store: Store,
  profile: Profile,
  user: User,
  team: Team,
  rooms: readonly { room: Room; inTeam: boolean }[],
): void {
  const teamRule = byEra(profile, TEAM_ROOM_DELETE);
  for (const { room, inTeam } of rooms)
    checkRoomErasable(store, user, { ...room, teamId: inTeam ? team._id : undefined }, teamRule);
}

/**
 * What ending a team (`teams.delete`, `teams.convertToChannel`) reads first, in that order: the
 * body, the team (`team-does-not-exist`), `permission` in its main room (the bare 403); then the
 * team's rooms named in `roomsToRemove`, its main room aside.
 */
export function readTeamEnding(
  context: OperationContext,
  validator: EraTable<Validator | undefined>,
  permission: 'delete-team' | 'convert-team',
): { team: Team; user: User; erase: Room[] } {
  const { store, profile, input } = context;
  const user = callerOf(context);
  const body = validated(profile, validator, readBody(input.body));
  const team = teamOrRefuse(store, teamRefOf(body));
  requireTeamPermission(store, user, team, permission);
  const erase = matchingTeamRooms(store, team, body.roomsToRemove as string[] | null | undefined).filter(
    (room) => room._id !== team.roomId,
  );
  return { team, user, erase };
}
