import { copyJson } from '../json-copy';
import type { Team, User } from '../types';
import type { JsonObject } from './query';
import { userNamed } from './state';
import type { StoreState } from './state';

/**
 * The teams read: a team's rooms counted, whether a user is a member, and its members as
 * `teams.members` lists them (`TeamService.members`). Reads only.
 *
 * Layer: store. Plain values; nothing of HTTP.
 */

/** How many rooms name the team in `teamId` (its main room too: `Rooms.countByTeamId`). */
export function teamRoomCount(state: StoreState, teamId: string): number {
  let n = 0;
  for (const room of state.rooms.values()) if (room.teamId === teamId) n += 1;
  return n;
}

/** Whether a user is one of the team's members. */
export function isTeamMember(team: Team, user: User): boolean {
  return team.members.includes(user.username);
}

/** `teams.members`' filters: `username` and `name` contain (any case), `status` one of. */
export interface MemberFilter {
  readonly username?: string;
  readonly name?: string;
  readonly status?: readonly string[];
}

/**
 * The team's members that are active users and pass the filter, in the order they joined, each
 * as `{user: {_id, username, name, status, settings?}, roles?, createdBy, createdAt}`.
 */
export function teamMembers(state: StoreState, team: Team, filter: MemberFilter): JsonObject[] {
  // an escaped, case-insensitive regex: a plain "contains", any case
  const contains = (pattern: string | undefined): ((text: string) => boolean) | undefined => {
    if (pattern === undefined || pattern === '') return undefined;
    const lower = pattern.toLowerCase();
    return (text) => text.toLowerCase().includes(lower);
  };
  const byUsername = contains(filter.username);
  const byName = contains(filter.name);
  const out: JsonObject[] = [];
  for (const username of team.members) {
    const user = userNamed(state, username);
    if (!user || user.active === false) continue;
    if (byUsername && !byUsername(user.username)) continue;
    if (byName && !byName(typeof user.name === 'string' ? user.name : '')) continue;
    const status = typeof user.status === 'string' ? user.status : 'offline';
    if (filter.status && !filter.status.includes(status)) continue;
    const record: Record<string, unknown> = {
      user: {
        _id: user._id,
        username: user.username,
        name: user.name,
        status,
        ...(user.settings !== undefined ? { settings: copyJson(user.settings) } : {}),
      },
    };
    if (team.owners?.includes(username) === true) record.roles = ['owner'];
    if (team.createdBy !== undefined) record.createdBy = { ...team.createdBy };
    if (team.createdAt !== undefined) record.createdAt = team.createdAt;
    out.push(record as JsonObject);
  }
  return out;
}
