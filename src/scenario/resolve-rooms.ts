import { objectId, objectIdMiddle } from '../store/message-text';
import type { AnyRoom, DirectRoom, Message, Room } from '../types';
import { buildRoom } from './build';
import { meteorId } from './ids';
import type { ResolveContext } from './resolve-context';
import { generateModule } from './resolve-context';
import type { ScenarioUsers } from './resolve-users';
import type { ScenarioTeams } from './teams';
import { resolveTeamFields } from './teams';

/**
 * A scenario's rooms: its channels and private groups (listed then generated) and its direct
 * rooms, in the one index a `rid` is looked up in, with what is known of the rooms that failed
 * their shape check (a reference that may name one is not reported).
 */
export class ScenarioRooms {
  readonly #ctx: ResolveContext;
  readonly #users: ScenarioUsers;
  /**
   * The one room index a `rid` is looked up in: channels and groups by `_id` and by name, direct
   * rooms by `_id` (the last of a repeated key: a repeat is a problem already)
   */
  readonly #channelById = new Map<string, Room>();
  readonly #channelByName = new Map<string, Room>();
  readonly #directById = new Map<string, DirectRoom>();
  /** names of rooms that failed their shape check and could not be read */
  readonly #brokenRoomNames = new Set<string>();
  /** `_id`s of rooms that failed their shape check and could not be read */
  readonly #brokenRoomIds = new Set<string>();
  /** `_id`s of rooms read without fields at fault (their members may be among them) */
  readonly #standInRooms = new Set<string>();
  /** a direct room that could not be built gives no `_id` (its default is its members'): any `rid` may be it */
  #roomsUncertain = false;
  /** rooms whose `msgs` the scenario gives (the others count their messages) */
  readonly #countedRooms = new Set<string>();

  constructor(ctx: ResolveContext, users: ScenarioUsers) {
    this.#ctx = ctx;
    this.#users = users;
  }

  /** The channels and private groups, listed then generated (once, before the direct rooms). */
  buildChannels(teams: ScenarioTeams): Room[] {
    const { read, scenario, build, clockMs } = this.#ctx;
    const rooms: Room[] = [];
    const byId = this.#channelById;
    const byName = this.#channelByName;
    /** the `_id`s of channels that failed their shape check and could not be read */
    const claimed = new Set<string>();
    const add = (room: Room, path: PropertyKey[]): void => {
      if (byId.has(room._id) || claimed.has(room._id))
        this.#ctx.problem([...path, '_id'], `duplicate channel _id "${room._id}"`);
      if (byName.has(room.name) || this.#brokenRoomNames.has(room.name))
        this.#ctx.problem([...path, 'name'], `duplicate channel name "${room.name}"`);
      room.usernames.forEach((name, k) => {
        const key = `u:${name.toLowerCase()}`;
        if (!this.#users.has(key) && !this.#users.maybeBroken(key))
          this.#ctx.problem([...path, 'usernames', k], `no user "${name}" in users`);
      });
      // a message's rid names a room by _id or name: one room's _id may not be another's name
      const named = byName.get(room._id);
      if (named && named !== room)
        this.#ctx.problem(
          [...path, '_id'],
          `"${room._id}" is the name of another channel: a rid "${room._id}" could mean either`,
        );
      const identified = byId.get(room.name);
      if (identified && identified !== room && !named)
        this.#ctx.problem(
          [...path, 'name'],
          `"${room.name}" is the _id of another channel: a rid "${room.name}" could mean either`,
        );
      byId.set(room._id, room);
      byName.set(room.name, room);
      rooms.push(room);
    };
    (scenario.channels ?? []).forEach((c, i) => {
      if (!c) {
        // failed its shape check: its id and name are taken, and a target naming it is not reported
        const claim = read.broken.channels.get(i) ?? {};
        if (claim._id !== undefined) {
          if (byId.has(claim._id) || claimed.has(claim._id))
            this.#ctx.problem(['channels', i, '_id'], `duplicate channel _id "${claim._id}"`);
          claimed.add(claim._id);
        }
        // the _id it would have had (a message may name the room by it)
        this.#brokenRoomIds.add(claim._id ?? meteorId(build.seed, 'channel', i));
        if (claim.name !== undefined) {
          if (byName.has(claim.name) || this.#brokenRoomNames.has(claim.name))
            this.#ctx.problem(['channels', i, 'name'], `duplicate channel name "${claim.name}"`);
          this.#brokenRoomNames.add(claim.name);
        }
        return;
      }
      const owner = c.u ? this.#users.ref(c.u, ['channels', i, 'u']) : this.#users.defaultCreator();
      // a stand-in read without its t, teamId or teamMain: its team fields are not checked together
      const dropped = read.broken.channels.get(i)?.dropped;
      const teamFieldsWhole = !['t', 'teamId', 'teamMain'].some((key) => dropped?.has(key));
      const team = resolveTeamFields(c, teams.find, (key, message) => {
        if (teamFieldsWhole) this.#ctx.problem(['channels', i, key], message);
      });
      const room = buildRoom({ ...c, teamId: team?._id ?? c.teamId }, 'channel', i, owner, build);
      if (team && room.teamMain === true) teams.setMain(team._id, room);
      if (c.msgs !== undefined) this.#countedRooms.add(room._id);
      if (dropped) this.#standInRooms.add(room._id);
      add(room, ['channels', i]);
    });
    const owner = this.#users.defaultCreator();
    for (let i = 0; i < (scenario.generate?.channels ?? 0); i += 1) {
      const room = buildRoom(
        generateModule().generateChannel(build.seed, i, clockMs),
        'generated-channel',
        i,
        owner,
        build,
      );
      add(room, ['generate', 'channels']);
    }
    return rooms;
  }

  /**
   * The direct rooms: members by username (each a user of the scenario, at most 8), `uids` their
   * ids sorted, `_id` the two ids joined (for one member or three and more, an ObjectId-shaped id
   * from the seed and the room's place); ids unique among all rooms.
   */
  buildDirects(): DirectRoom[] {
    const { read, scenario, build } = this.#ctx;
    const out: DirectRoom[] = [];
    const middle = objectIdMiddle(build.seed);
    (scenario.directs ?? []).forEach((d, i) => {
      if (!d) {
        // failed its shape check and could not be read: a message naming its _id is not reported
        const claim = read.broken.directs.get(i)?._id;
        if (claim !== undefined) this.#brokenRoomIds.add(claim);
        else this.#roomsUncertain = true;
        return;
      }
      const path = ['directs', i];
      const members = d.usernames.flatMap((username, j) => {
        const ref = this.#users.ref({ username }, [...path, 'usernames', j]);
        return ref ? [ref] : [];
      });
      // a room not built (its members are at fault): a message naming it is not reported too
      const unbuilt = (): void => {
        if (d._id !== undefined) this.#brokenRoomIds.add(d._id);
        else this.#roomsUncertain = true;
      };
      if (members.length !== d.usernames.length) return unbuilt();
      const uids = [...new Set(members.map((m) => m._id))].sort();
      if (uids.length !== members.length) {
        this.#ctx.problem([...path, 'usernames'], 'names a user twice');
        return unbuilt();
      }
      const ts = d.ts ?? build.clock;
      const _id =
        d._id ?? (uids.length === 2 ? uids.join('') : objectId(Date.parse(ts), middle, 0x900000 + i));
      if (this.#channelById.has(_id) || this.#directById.has(_id))
        this.#ctx.problem([...path, '_id'], `duplicate room _id "${_id}"`);
      else if (this.#channelByName.has(_id) || this.#brokenRoomNames.has(_id))
        this.#ctx.problem(
          [...path, d._id !== undefined ? '_id' : 'usernames'],
          `the _id "${_id}"${d._id !== undefined ? '' : " (its members' ids joined)"} is a channel's name: a rid "${_id}" could mean either room`,
        );
      if (d.uids !== undefined && JSON.stringify([...d.uids].sort()) !== JSON.stringify(uids))
        this.#ctx.problem(
          [...path, 'uids'],
          `the members' user ids are ${JSON.stringify(uids)} (by usernames), not ${JSON.stringify(d.uids)}`,
        );
      if (read.broken.directs.has(i)) this.#standInRooms.add(_id);
      const { extra, ...given } = d;
      const room = {
        ...(extra ?? {}),
        ...given,
        _id,
        t: 'd',
        usernames: members.map((m) => m.username),
        usersCount: d.usersCount ?? members.length,
        msgs: d.msgs ?? 0,
        ts,
        uids,
        _updatedAt: d._updatedAt ?? ts,
      } as DirectRoom;
      out.push(room);
      this.#directById.set(_id, room);
      if (d.msgs !== undefined) this.#countedRooms.add(_id);
    });
    return out;
  }

  /**
   * The room a `rid` names (a channel by `_id` or name, a direct room by `_id`); none is a problem
   * at `path`, unless the room may be one that failed its shape check (then nothing is said).
   */
  roomOf(rid: string, path: PropertyKey[]): AnyRoom | undefined {
    const room = this.room(rid);
    if (!room && !this.mayBeBrokenRoom(rid))
      this.#ctx.problem(path, `no room "${rid}" in channels (by _id or name) or directs (by _id)`);
    return room;
  }

  /** The room a `rid` names: a direct room or channel by `_id`, else a channel by name. */
  room(rid: string): AnyRoom | undefined {
    return this.roomById(rid) ?? this.#channelByName.get(rid);
  }

  roomById(id: string): AnyRoom | undefined {
    return this.#directById.get(id) ?? this.#channelById.get(id);
  }

  /** The channel or private group of this name. */
  channelByName(name: string): Room | undefined {
    return this.#channelByName.get(name);
  }

  /** Whether a channel or private group has this name, or may (one that failed its shape check). */
  hasChannelName(name: string): boolean {
    return this.#channelByName.has(name) || this.#brokenRoomNames.has(name);
  }

  /** Whether a channel or private group has this `_id`. */
  hasChannelId(id: string): boolean {
    return this.#channelById.has(id);
  }

  /** Whether the room of this `_id` was read without fields at fault (its members may be among them). */
  isStandIn(id: string): boolean {
    return this.#standInRooms.has(id);
  }

  /** Whether `rid` may name a room the scenario has but that failed its shape check. */
  mayBeBrokenRoom(rid: string): boolean {
    return (
      this.#ctx.read.unknown.channels ||
      this.#roomsUncertain ||
      this.#brokenRoomNames.has(rid) ||
      this.#brokenRoomIds.has(rid)
    );
  }

  /** Rooms that leave `msgs` out count their messages; `lm` is the newest one's time shown in the room. */
  countMessages(messages: readonly Message[]): void {
    const counts = new Map<string, { n: number; last: string | undefined }>();
    for (const m of messages) {
      // a thread reply not shown in the room counts, but does not move `lm` (as a posted one)
      const shown = m.tmid === undefined || m.tshow === true;
      const c = counts.get(m.rid);
      if (!c) counts.set(m.rid, { n: 1, last: shown ? m.ts : undefined });
      else {
        c.n += 1;
        if (shown && (c.last === undefined || m.ts > c.last)) c.last = m.ts;
      }
    }
    for (const [rid, { n, last }] of counts) {
      const room = this.roomById(rid);
      if (!room || this.#countedRooms.has(rid)) continue;
      room.msgs = n;
      if (room.lm === undefined && last !== undefined) room.lm = last;
    }
  }
}
