import type { Room, RoomType, Team, TeamType } from '../types';
import { teamTypeOf } from '../store/teams';
import { meteorId } from './ids';
import type { BrokenEntity } from './read';
import type { ParsedTeam } from './schema';

/**
 * Teams in a scenario, and the team fields of its rooms (`teamId`, `teamMain`), checked the same
 * way in a whole scenario (./resolve.ts) and in a channel added to a running world (./entity.ts).
 */

/**
 * A team as a room's `teamId` finds it: `main`, the `_id` of its main room when it has one;
 * `type`, when it is fixed (a scenario's team that gives none takes its main room's).
 */
export interface TeamTarget {
  _id: string;
  name: string;
  type?: TeamType;
  main?: string;
}

/**
 * The team a room's `teamId` names, by `_id`, else by name: `undefined` when there is none, `null`
 * when it may be one that failed its shape check (then no problem is reported).
 */
export type FindTeam = (ref: string) => TeamTarget | null | undefined;

/** A problem with one of a room's fields. */
export type RoomProblem = (key: 'teamId' | 'teamMain' | 't', message: string) => void;

const TYPE_NAMES: Record<TeamType, string> = { 0: 'public', 1: 'private' };

/**
 * A room's team fields checked: `teamMain` needs `teamId`, `teamId` names a team, a team has one
 * main room, and a main room's `t` is its team's type (`c` public, `p` private) when that is
 * fixed. Returns the team (its `_id` is what the room stores as `teamId`) when it names one.
 */
export function resolveTeamFields(
  room: { teamId?: string; teamMain?: boolean; t?: RoomType },
  find: FindTeam,
  problem: RoomProblem,
): TeamTarget | undefined {
  if (room.teamMain !== undefined && room.teamId === undefined)
    problem('teamMain', '"teamMain" needs "teamId"');
  if (room.teamId === undefined) return undefined;
  const team = find(room.teamId);
  if (team === undefined) problem('teamId', `no team "${room.teamId}" in teams`);
  if (!team || room.teamMain !== true) return team ?? undefined;
  if (team.main !== undefined)
    problem('teamMain', `team "${team.name}" already has a main room (_id "${team.main}")`);
  const t = room.t ?? 'c';
  if (team.type !== undefined && teamTypeOf(t) !== team.type)
    problem(
      't',
      `team "${team.name}" is ${TYPE_NAMES[team.type]}: its main room's t must be "${t === 'c' ? 'p' : 'c'}", not "${t}"`,
    );
  return team;
}

/** A scenario's team while the world is built: its type and `roomId` as given, its main room once found. */
interface Draft {
  _id: string;
  name: string;
  members: string[];
  /** what a team made through the API carries besides (as state() gives it), kept as given */
  made: Pick<Team, 'createdAt' | 'createdBy' | '_updatedAt'>;
  owners?: string[];
  index: number;
  type?: TeamType;
  roomId?: string;
  main?: Room;
}

/** A team's type as a scenario gives it. */
function typeOf(given: ParsedTeam['type']): TeamType | undefined {
  if (given === undefined || typeof given === 'number') return given;
  return given === 'private' ? 1 : 0;
}

/** What the teams of a scenario are built with. */
export interface TeamsSource {
  seed: number;
  teams: readonly (ParsedTeam | undefined)[];
  /** teams that failed their shape check, by index */
  broken: ReadonlyMap<number, BrokenEntity>;
  /** the `teams` list itself could not be read */
  unknown: boolean;
  /** a member's username as the user has it; `null` when it may be a user that failed its shape check */
  username(name: string): string | null | undefined;
  problem(path: PropertyKey[], message: string): void;
}

/**
 * A scenario's teams: indexed before its rooms (a room's `teamId` finds one by `_id` or name), and
 * finished after them (the main room's `_id`, and the type, which follows the main room's `t` when
 * the scenario gives none, and is public when there is no main room).
 */
export class ScenarioTeams {
  readonly #source: TeamsSource;
  readonly #drafts: Draft[] = [];
  readonly #byId = new Map<string, Draft>();
  readonly #byName = new Map<string, Draft>();
  /** `_id`s and names of teams that failed their shape check */
  readonly #claimed = new Set<string>();

  constructor(source: TeamsSource) {
    this.#source = source;
    source.teams.forEach((input, i) => {
      if (input) this.#add(input, i);
      else this.#claim(i);
    });
  }

  #add(input: ParsedTeam, index: number): void {
    const { problem, username } = this.#source;
    const path = ['teams', index];
    const _id = input._id ?? meteorId(this.#source.seed, 'team', index);
    if (this.#byId.has(_id) || this.#claimed.has(`i:${_id}`))
      problem([...path, '_id'], `duplicate team _id "${_id}"`);
    if (this.#byName.has(input.name) || this.#claimed.has(`n:${input.name}`))
      problem([...path, 'name'], `duplicate team name "${input.name}"`);
    const members: string[] = [];
    (input.members ?? []).forEach((name, k) => {
      const member = username(name);
      if (member === undefined) problem([...path, 'members', k], `no user "${name}" in users`);
      else if (members.includes(member ?? name))
        problem([...path, 'members', k], `duplicate member "${name}"`);
      else members.push(member ?? name);
    });
    const draft: Draft = {
      _id,
      name: input.name,
      members,
      made: {
        ...(input.createdAt !== undefined ? { createdAt: input.createdAt } : {}),
        ...(input.createdBy !== undefined ? { createdBy: input.createdBy } : {}),
        ...(input._updatedAt !== undefined ? { _updatedAt: input._updatedAt } : {}),
      },
      ...(input.owners !== undefined
        ? { owners: input.owners.filter((name) => members.includes(name)) }
        : {}),
      index,
      type: typeOf(input.type),
      roomId: input.roomId,
    };
    this.#drafts.push(draft);
    // a repeated _id or name (a problem already) names the first team that has it
    if (!this.#byId.has(_id)) this.#byId.set(_id, draft);
    if (!this.#byName.has(input.name)) this.#byName.set(input.name, draft);
  }

  #claim(index: number): void {
    const claim = this.#source.broken.get(index) ?? {};
    if (claim._id !== undefined) this.#claimed.add(`i:${claim._id}`);
    if (claim.name !== undefined) this.#claimed.add(`n:${claim.name}`);
  }

  /** The team a room's `teamId` names (see {@link FindTeam}). */
  readonly find: FindTeam = (ref) => {
    const draft = this.#byId.get(ref) ?? this.#byName.get(ref);
    if (draft) return { _id: draft._id, name: draft.name, type: draft.type, main: draft.main?._id };
    return this.#source.unknown || this.#claimed.has(`i:${ref}`) || this.#claimed.has(`n:${ref}`)
      ? null
      : undefined;
  };

  /** Notes a team's main room (checked by {@link resolveTeamFields} first). */
  setMain(teamId: string, room: Room): void {
    const draft = this.#byId.get(teamId);
    if (draft && !draft.main) draft.main = room;
  }

  /**
   * The teams, finished: each main room's `_id` and the type, with a problem where a given
   * `roomId` is not the main room's. `roomsComplete`: every room could be read (else a `roomId`
   * is not checked). Undefined when the scenario has none.
   */
  build(roomsComplete: boolean): Team[] | undefined {
    if (this.#drafts.length === 0) return undefined;
    return this.#drafts.map(({ _id, name, members, made, owners, index, type, roomId, main }) => {
      if (roomId !== undefined && roomId !== main?._id && roomsComplete)
        this.#source.problem(
          ['teams', index, 'roomId'],
          main
            ? `"${roomId}" is not the team's main room (_id "${main._id}")`
            : `"${roomId}" is not the team's main room: no room has teamMain and this teamId`,
        );
      return {
        _id,
        name,
        type: type ?? (main ? teamTypeOf(main.t) : 0),
        ...made,
        ...(main ? { roomId: main._id } : {}),
        members,
        ...(owners !== undefined ? { owners } : {}),
      };
    });
  }
}
