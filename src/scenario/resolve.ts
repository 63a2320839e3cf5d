import { unknownKeyMessage } from '../suggest';
import { objectId, objectIdMiddle } from '../store/message-text';
import { buildPermissions } from '../store/permissions';
import { repliesAfter } from '../store/threads';
import type {
  AnyRoom,
  Author,
  DirectRoom,
  Integration,
  Message,
  PermissionTable,
  Room,
  StubInput,
  SubscriptionRecord,
  TokenRecord,
  User,
  UserRef,
  World,
} from '../types';
import type { BuildContext } from './build';
import { buildIntegration, buildMessage, buildRoom, buildUser } from './build';
import { meteorId } from './ids';
import { lazy } from '../lazy';
import type * as GenerateModule from './generate';
import { targetProblem } from './checks';
import type { Problem } from './problems';
import { ScenarioError, jsonPath } from './problems';
import type { ReadScenario, ReadableScenario } from './read';
import type { ParsedMessage } from './schema';
import { readScenario } from './read';
import { ScenarioTeams, resolveTeamFields } from './teams';

/** Generated entities: faker, loaded only for a scenario with `generate`. */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- deferred load (src/lazy.ts)
const generateModule = lazy(() => require('./generate') as typeof GenerateModule);

/** The fake clock's start when a scenario gives none. */
export const DEFAULT_CLOCK = '2026-01-01T00:00:00.000Z';
/** The faker seed when a scenario gives none. */
export const DEFAULT_SEED = 1;

export interface ResolveOptions {
  /** names the scenario in every problem: a file path, or e.g. `PUT /__admin/scenario` */
  source?: string;
  /** overrides the scenario's `seed` */
  seed?: number;
}

/**
 * Validates a scenario document whole and builds the world it describes: the listed entities with
 * every missing field filled, then the generated ones. Throws {@link ScenarioError} with every
 * problem in one report (types, enums, duplicate ids or names, unresolved references: the problems
 * of shape first, then those found building the well-formed rest) and builds nothing then.
 */
export function resolveScenario(input: unknown, options: ResolveOptions = {}): World {
  checkResolveOptions(options);
  const source = options.source ?? 'scenario';
  const read = readScenario(input, source);
  const problems: Problem[] = [...read.problems];
  const world = new WorldBuilder(read, options.seed, problems).build();
  if (problems.length > 0) throw new ScenarioError(source, problems);
  return world;
}

/** The options as `createFakeServer` checks its own: known names, a seed it can take. */
function checkResolveOptions(options: unknown): void {
  const fail = (problem: string): TypeError =>
    new TypeError(`[rocketchat-fake] resolveScenario(): ${problem}`);
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw fail('the options are an object: {source?, seed?}');
  const { source, seed, ...rest } = options as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0)
    throw fail(unknown.map((key) => unknownKeyMessage('option', key, ['source', 'seed'])).join('; '));
  if (source !== undefined && typeof source !== 'string') throw fail('source is a string');
  if (
    seed !== undefined &&
    !(Number.isSafeInteger(seed) && (seed as number) >= 0 && (seed as number) <= 2 ** 32 - 1)
  )
    throw fail(`seed is a whole number from 0 to ${2 ** 32 - 1}, not ${JSON.stringify(seed)}`);
}

class WorldBuilder {
  readonly #ctx: BuildContext;
  readonly #clockMs: number;
  readonly #users: User[] = [];
  readonly #userIndex = new Map<string, User>();
  /**
   * The one room index a `rid` is looked up in: channels and groups by `_id` and by name, direct
   * rooms by `_id` (the last of a repeated key: a repeat is a problem already)
   */
  readonly #channelById = new Map<string, Room>();
  readonly #channelByName = new Map<string, Room>();
  readonly #directById = new Map<string, DirectRoom>();
  readonly scenario: ReadableScenario;
  /** `u:<lowercase username>` and `i:<_id>` of users that failed their shape check */
  readonly #brokenUsers = new Set<string>();
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

  constructor(
    private readonly read: ReadScenario,
    seed: number | undefined,
    private readonly problems: Problem[],
  ) {
    this.scenario = read.scenario;
    this.#ctx = {
      seed: seed ?? this.scenario.seed ?? DEFAULT_SEED,
      clock: this.scenario.clock ?? DEFAULT_CLOCK,
    };
    this.#clockMs = Date.parse(this.#ctx.clock);
  }

  build(): World {
    this.#buildUsers();
    const teams = this.#indexTeams();
    const channels = this.#buildChannels(teams);
    const built = teams.build(this.read.broken.channels.size === 0 && !this.read.unknown.channels);
    const directs = this.#buildDirects();
    const messages = this.#buildMessages();
    const subscriptions = this.#buildSubscriptions();
    return {
      seed: this.#ctx.seed,
      clock: this.#ctx.clock,
      users: this.#users,
      channels,
      ...(directs.length > 0 ? { directs } : {}),
      integrations: this.#buildIntegrations(),
      ...(messages.length > 0 ? { messages } : {}),
      tokens: this.#buildTokens(),
      permissions: buildPermissions(this.scenario.permissions as PermissionTable | undefined),
      ...(built ? { teams: built } : {}),
      ...(subscriptions.length > 0 ? { subscriptions } : {}),
      ...(this.scenario.rateLimit ? { rateLimit: { ...this.scenario.rateLimit } } : {}),
      ...(this.scenario.stubs ? { stubs: structuredClone(this.scenario.stubs) as StubInput[] } : {}),
      ...(this.scenario.settings ? { settings: { ...this.scenario.settings } } : {}),
      ...(this.scenario.profile ? { profile: this.scenario.profile } : {}),
    };
  }

  #problem(path: PropertyKey[], message: string): void {
    this.problems.push({ path: jsonPath(path), message });
  }

  #buildUsers(): void {
    const ids = new Set<string>();
    const add = (user: User, path: PropertyKey[]): void => {
      if (ids.has(user._id)) this.#problem([...path, '_id'], `duplicate user _id "${user._id}"`);
      const key = user.username.toLowerCase();
      if (this.#userIndex.has(`u:${key}`) || this.#brokenUsers.has(`u:${key}`))
        this.#problem([...path, 'username'], `duplicate username "${user.username}"`);
      ids.add(user._id);
      this.#userIndex.set(`u:${key}`, user);
      this.#userIndex.set(`i:${user._id}`, user);
      this.#users.push(user);
    };
    (this.scenario.users ?? []).forEach((u, i) => {
      if (u) add(buildUser(u, 'user', i, this.#ctx), ['users', i]);
      else this.#claimUser(i, ids);
    });
    for (let i = 0; i < (this.scenario.generate?.users ?? 0); i += 1) {
      add(buildUser(generateModule().generateUser(this.#ctx.seed, i), 'generated-user', i, this.#ctx), [
        'generate',
        'users',
      ]);
    }
  }

  /** A user that failed its shape check: its id and username are taken, and references to it are not reported. */
  #claimUser(index: number, ids: Set<string>): void {
    const claim = this.read.broken.users.get(index) ?? {};
    const path = ['users', index];
    if (claim._id !== undefined) {
      if (ids.has(claim._id)) this.#problem([...path, '_id'], `duplicate user _id "${claim._id}"`);
      ids.add(claim._id);
      this.#brokenUsers.add(`i:${claim._id}`);
    }
    if (claim.name !== undefined) {
      const key = `u:${claim.name.toLowerCase()}`;
      if (this.#userIndex.has(key) || this.#brokenUsers.has(key))
        this.#problem([...path, 'username'], `duplicate username "${claim.name}"`);
      this.#brokenUsers.add(key);
    }
  }

  /** Whether a user that is not found may be one that failed its shape check (then no problem is reported). */
  #maybeBroken(key: string): boolean {
    return this.read.unknown.users || this.#brokenUsers.has(key);
  }

  /** A user reference (`{_id}` or `{username}`) resolved, or a problem at `path`. */
  #ref(ref: { _id?: string; username?: string }, path: PropertyKey[]): UserRef | undefined {
    const key = ref._id !== undefined ? `i:${ref._id}` : `u:${(ref.username ?? '').toLowerCase()}`;
    const user = this.#userIndex.get(key);
    if (!user) {
      if (this.#maybeBroken(key)) return undefined;
      this.#problem(
        path,
        `no user ${ref._id !== undefined ? `with _id "${ref._id}"` : `"${ref.username ?? ''}"`} in users`,
      );
      return undefined;
    }
    if (ref._id !== undefined && ref.username !== undefined && ref.username !== user.username) {
      this.#problem(path, `_id "${ref._id}" is user "${user.username}", not "${ref.username}"`);
    }
    return { _id: user._id, username: user.username };
  }

  /** Whether some user could not be read: then "no users to default to" may not be true. */
  #usersIncomplete(): boolean {
    return this.read.unknown.users || this.read.broken.users.size > 0;
  }

  /** The creator of entities that name none: the first admin, else the first user. */
  #defaultCreator(): UserRef | undefined {
    const user = this.#users.find((u) => u.roles.includes('admin')) ?? this.#users[0];
    return user && { _id: user._id, username: user.username };
  }

  /** The scenario's teams, indexed for the rooms' `teamId` (members are users of the scenario). */
  #indexTeams(): ScenarioTeams {
    return new ScenarioTeams({
      seed: this.#ctx.seed,
      teams: this.scenario.teams ?? [],
      broken: this.read.broken.teams,
      unknown: this.read.unknown.teams,
      username: (name) => {
        const key = `u:${name.toLowerCase()}`;
        return this.#userIndex.get(key)?.username ?? (this.#maybeBroken(key) ? null : undefined);
      },
      problem: (path, message) => this.#problem(path, message),
    });
  }

  #buildChannels(teams: ScenarioTeams): Room[] {
    const rooms: Room[] = [];
    const byId = this.#channelById;
    const byName = this.#channelByName;
    /** the `_id`s of channels that failed their shape check and could not be read */
    const claimed = new Set<string>();
    const add = (room: Room, path: PropertyKey[]): void => {
      if (byId.has(room._id) || claimed.has(room._id))
        this.#problem([...path, '_id'], `duplicate channel _id "${room._id}"`);
      if (byName.has(room.name) || this.#brokenRoomNames.has(room.name))
        this.#problem([...path, 'name'], `duplicate channel name "${room.name}"`);
      room.usernames.forEach((name, k) => {
        const key = `u:${name.toLowerCase()}`;
        if (!this.#userIndex.has(key) && !this.#maybeBroken(key))
          this.#problem([...path, 'usernames', k], `no user "${name}" in users`);
      });
      // a message's rid names a room by _id or name: one room's _id may not be another's name
      const named = byName.get(room._id);
      if (named && named !== room)
        this.#problem(
          [...path, '_id'],
          `"${room._id}" is the name of another channel: a rid "${room._id}" could mean either`,
        );
      const identified = byId.get(room.name);
      if (identified && identified !== room && !named)
        this.#problem(
          [...path, 'name'],
          `"${room.name}" is the _id of another channel: a rid "${room.name}" could mean either`,
        );
      byId.set(room._id, room);
      byName.set(room.name, room);
      rooms.push(room);
    };
    (this.scenario.channels ?? []).forEach((c, i) => {
      if (!c) {
        // failed its shape check: its id and name are taken, and a target naming it is not reported
        const claim = this.read.broken.channels.get(i) ?? {};
        if (claim._id !== undefined) {
          if (byId.has(claim._id) || claimed.has(claim._id))
            this.#problem(['channels', i, '_id'], `duplicate channel _id "${claim._id}"`);
          claimed.add(claim._id);
        }
        // the _id it would have had (a message may name the room by it)
        this.#brokenRoomIds.add(claim._id ?? meteorId(this.#ctx.seed, 'channel', i));
        if (claim.name !== undefined) {
          if (byName.has(claim.name) || this.#brokenRoomNames.has(claim.name))
            this.#problem(['channels', i, 'name'], `duplicate channel name "${claim.name}"`);
          this.#brokenRoomNames.add(claim.name);
        }
        return;
      }
      const owner = c.u ? this.#ref(c.u, ['channels', i, 'u']) : this.#defaultCreator();
      // a stand-in read without its t, teamId or teamMain: its team fields are not checked together
      const dropped = this.read.broken.channels.get(i)?.dropped;
      const teamFieldsWhole = !['t', 'teamId', 'teamMain'].some((key) => dropped?.has(key));
      const team = resolveTeamFields(c, teams.find, (key, message) => {
        if (teamFieldsWhole) this.#problem(['channels', i, key], message);
      });
      const room = buildRoom({ ...c, teamId: team?._id ?? c.teamId }, 'channel', i, owner, this.#ctx);
      if (team && room.teamMain === true) teams.setMain(team._id, room);
      if (c.msgs !== undefined) this.#countedRooms.add(room._id);
      if (dropped) this.#standInRooms.add(room._id);
      add(room, ['channels', i]);
    });
    const owner = this.#defaultCreator();
    for (let i = 0; i < (this.scenario.generate?.channels ?? 0); i += 1) {
      const room = buildRoom(
        generateModule().generateChannel(this.#ctx.seed, i, this.#clockMs),
        'generated-channel',
        i,
        owner,
        this.#ctx,
      );
      add(room, ['generate', 'channels']);
    }
    return rooms;
  }

  /** A message's author: the user a reference names, with the name a message keeps. */
  #author(ref: { _id?: string; username?: string }, path: PropertyKey[]): Author | undefined {
    const found = this.#ref(ref, path);
    if (!found) return undefined;
    const user = this.#userIndex.get(`i:${found._id}`);
    return { _id: found._id, username: found.username, ...(user ? { name: user.name } : {}) };
  }

  /**
   * The direct rooms: members by username (each a user of the scenario, at most 8), `uids` their
   * ids sorted, `_id` the two ids joined (for one member or three and more, an ObjectId-shaped id
   * from the seed and the room's place); ids unique among all rooms.
   */
  #buildDirects(): DirectRoom[] {
    const out: DirectRoom[] = [];
    const middle = objectIdMiddle(this.#ctx.seed);
    (this.scenario.directs ?? []).forEach((d, i) => {
      if (!d) {
        // failed its shape check and could not be read: a message naming its _id is not reported
        const claim = this.read.broken.directs.get(i)?._id;
        if (claim !== undefined) this.#brokenRoomIds.add(claim);
        else this.#roomsUncertain = true;
        return;
      }
      const path = ['directs', i];
      const members = d.usernames.flatMap((username, j) => {
        const ref = this.#ref({ username }, [...path, 'usernames', j]);
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
        this.#problem([...path, 'usernames'], 'names a user twice');
        return unbuilt();
      }
      const ts = d.ts ?? this.#ctx.clock;
      const _id =
        d._id ?? (uids.length === 2 ? uids.join('') : objectId(Date.parse(ts), middle, 0x900000 + i));
      if (this.#channelById.has(_id) || this.#directById.has(_id))
        this.#problem([...path, '_id'], `duplicate room _id "${_id}"`);
      else if (this.#channelByName.has(_id) || this.#brokenRoomNames.has(_id))
        this.#problem(
          [...path, d._id !== undefined ? '_id' : 'usernames'],
          `the _id "${_id}"${d._id !== undefined ? '' : " (its members' ids joined)"} is a channel's name: a rid "${_id}" could mean either room`,
        );
      if (d.uids !== undefined && JSON.stringify([...d.uids].sort()) !== JSON.stringify(uids))
        this.#problem(
          [...path, 'uids'],
          `the members' user ids are ${JSON.stringify(uids)} (by usernames), not ${JSON.stringify(d.uids)}`,
        );
      if (this.read.broken.directs.has(i)) this.#standInRooms.add(_id);
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
  #roomOf(rid: string, path: PropertyKey[]): AnyRoom | undefined {
    const room = this.#room(rid);
    if (!room && !this.#mayBeBrokenRoom(rid))
      this.#problem(path, `no room "${rid}" in channels (by _id or name) or directs (by _id)`);
    return room;
  }

  /** The room a `rid` names: a direct room or channel by `_id`, else a channel by name. */
  #room(rid: string): AnyRoom | undefined {
    return this.#roomById(rid) ?? this.#channelByName.get(rid);
  }

  #roomById(id: string): AnyRoom | undefined {
    return this.#directById.get(id) ?? this.#channelById.get(id);
  }

  /** Whether `rid` may name a room the scenario has but that failed its shape check. */
  #mayBeBrokenRoom(rid: string): boolean {
    return (
      this.read.unknown.channels ||
      this.#roomsUncertain ||
      this.#brokenRoomNames.has(rid) ||
      this.#brokenRoomIds.has(rid)
    );
  }

  /**
   * The messages, listed then generated: each in a room named by `_id` or name, by its author
   * (default: the room's creator, else the first admin); a thread reply's `tmid` names a message
   * of its room that is no reply, and its parent follows the thread. A room whose `msgs` the
   * scenario leaves out counts its messages, and its `lm` is its newest message's time.
   */
  #buildMessages(): Message[] {
    const out: Message[] = [];
    const paths = new Map<Message, PropertyKey[]>();
    const ids = new Set<string>();
    /** the listed messages' input: the fields the scenario gives */
    const inputs = new Map<Message, ParsedMessage>();
    const fallback = this.#defaultCreator();
    const add = (message: Message, path: PropertyKey[]): void => {
      if (ids.has(message._id)) this.#problem([...path, '_id'], `duplicate message _id "${message._id}"`);
      ids.add(message._id);
      paths.set(message, path);
      out.push(message);
    };
    // messages that could not be read (their _id) or whose room could not be (their _id, tmid):
    // a reply naming one is not reported, and their own tmid names a message of some room
    const claimed = new Set<string>();
    const idOf = (i: number, given: string | undefined): string =>
      given ?? meteorId(this.#ctx.seed, 'message', i);
    for (const [i, { _id }] of this.read.broken.messages) {
      if (!this.scenario.messages?.[i]) claimed.add(idOf(i, _id));
    }
    const roomless: { tmid: string; path: PropertyKey[] }[] = [];
    const former = this.#formerMembers();
    (this.scenario.messages ?? []).forEach((m, i) => {
      if (!m) return;
      const path = ['messages', i];
      const room = this.#roomOf(m.rid, [...path, 'rid']);
      if (!room) {
        if (!this.#mayBeBrokenRoom(m.rid)) return;
        // in a room that failed its shape check: what can be checked without the room still is
        claimed.add(idOf(i, m._id));
        if (m.u) this.#ref(m.u, [...path, 'u']);
        if (m.tmid !== undefined) roomless.push({ tmid: m.tmid, path: [...path, 'tmid'] });
        return;
      }
      const owner = room.t === 'd' ? { username: room.usernames[0] ?? '' } : room.u;
      const ref = m.u ?? owner ?? fallback;
      if (!ref) {
        if (!this.#usersIncomplete())
          this.#problem([...path, 'u'], 'required: the scenario has no users to default to');
        return;
      }
      const author = this.#author(ref, [...path, 'u']);
      this.#checkMessageUsers(m, path);
      if (!author) return;
      // a member posts in a private group or a direct room (a system message such as "ul" is not
      // a post; a former member's messages stay, with the "ul" or "ru" message that ended it)
      const membersOnly = room.t === 'p' || room.t === 'd';
      const knownAuthor = m.u !== undefined || !this.#usersIncomplete();
      const standIn = this.#standInRooms.has(room._id) || this.read.broken.messages.has(i);
      if (membersOnly && m.t === undefined && knownAuthor && !standIn) {
        const name = author.username.toLowerCase();
        const member =
          room.usernames.some((u) => u.toLowerCase() === name) || former.has(`${room._id}\n${name}`);
        if (!member)
          this.#problem(
            [...path, 'u'],
            `"${author.username}"${m.u ? '' : " (the room's creator, by default)"} is not a member of ${room.t === 'd' ? `direct room "${room._id}"` : `private group "${room.name}"`}: only members post there`,
          );
      }
      const message = buildMessage(m, 'message', i, room._id, author, this.#ctx);
      inputs.set(message, m);
      add(message, path);
    });
    const generated = this.scenario.generate?.messages ?? 0;
    // the scenario's own public channels: changing generate.channels moves no generated message
    const targets = (this.scenario.channels ?? [])
      .filter((c) => c !== undefined && (c.t ?? 'c') === 'c')
      .map((c) => (c as NonNullable<typeof c>).name);
    if (generated > 0 && targets.length === 0 && !this.read.unknown.channels)
      this.#problem(['generate', 'messages'], 'needs at least one public channel');
    // an author: the room's creator, else the default one (none when there are no users)
    if (generated > 0 && !fallback && !this.#usersIncomplete())
      this.#problem(
        ['generate', 'messages'],
        'needs at least one user: the scenario has no users to default to',
      );
    for (let i = 0; i < generated && targets.length > 0; i += 1) {
      const input = generateModule().generateMessage(this.#ctx.seed, i, this.#clockMs, targets);
      const room = this.#channelByName.get(input.rid);
      const ref = room?.u ?? fallback;
      const author = ref && this.#author(ref, ['generate', 'messages']);
      if (room && author)
        add(buildMessage(input, 'generated-message', i, room._id, author, this.#ctx), [
          'generate',
          'messages',
        ]);
    }
    const unsure = (tmid: string): boolean => this.read.unknown.messages || claimed.has(tmid);
    const threads = this.#threads(out, (message) => paths.get(message) ?? [], unsure);
    for (const { tmid, path } of roomless) {
      if (!this.#firstById.has(tmid) && !unsure(tmid))
        this.#problem(path, `no message "${tmid}" in any room`);
    }
    for (const [parent, replies] of threads) {
      const room = this.#roomById(parent.rid);
      const uids = room?.t === 'd' ? (room as DirectRoom).uids : undefined;
      this.#followThread(parent, replies, inputs.get(parent), uids);
    }
    this.#countMessages(out);
    return out;
  }

  /**
   * Users who left a room (`ul`, by them) or were removed from it (`ru`, the username its `msg`
   * names), as `<room _id>\n<lowercase username>`: their earlier messages stay in the room.
   */
  #formerMembers(): Set<string> {
    const out = new Set<string>();
    for (const m of this.scenario.messages ?? []) {
      if (!m || (m.t !== 'ul' && m.t !== 'ru')) continue;
      const room = this.#room(m.rid);
      const key = m.u?._id !== undefined ? `i:${m.u._id}` : `u:${(m.u?.username ?? '').toLowerCase()}`;
      const name = m.t === 'ru' ? m.msg : this.#userIndex.get(key)?.username;
      if (room && name) out.add(`${room._id}\n${name.toLowerCase()}`);
    }
    return out;
  }

  /**
   * A message's other users (Rocket.Chat's `IMessage`): `editedBy` and `pinnedBy` (`{_id,
   * username}`), `mentions` (`{_id, username, type}`; `all`, `here` and team mentions aside) and
   * `replies` (user `_id`s) name users of the scenario.
   */
  #checkMessageUsers(m: ParsedMessage, path: PropertyKey[]): void {
    const fields = m as Record<string, unknown>;
    const user = (value: unknown, at: PropertyKey[], mention = false): void => {
      const ref = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
      const _id = typeof ref._id === 'string' ? ref._id : undefined;
      const username = typeof ref.username === 'string' ? ref.username : undefined;
      if (_id === undefined && username === undefined) {
        this.#problem(at, 'a user: {"_id": …, "username": …}');
        return;
      }
      const special = ['all', 'here'];
      if (mention && (ref.type === 'team' || special.includes(_id ?? '') || special.includes(username ?? '')))
        return;
      this.#ref(
        { ...(_id !== undefined ? { _id } : {}), ...(username !== undefined ? { username } : {}) },
        at,
      );
    };
    for (const key of ['editedBy', 'pinnedBy'] as const)
      if (fields[key] !== undefined) user(fields[key], [...path, key]);
    (m.mentions ?? []).forEach((mention, k) => user(mention, [...path, 'mentions', k], true));
    const replies = fields.replies;
    if (replies === undefined) return;
    if (!Array.isArray(replies)) {
      this.#problem([...path, 'replies'], 'the user _ids of the thread\'s followers: ["…"]');
      return;
    }
    replies.forEach((id: unknown, k) => {
      const at = [...path, 'replies', k];
      if (typeof id !== 'string') this.#problem(at, "a user's _id");
      else if (!this.#userIndex.has(`i:${id}`) && !this.#maybeBroken(`i:${id}`)) {
        const named = this.#userIndex.get(`u:${id.toLowerCase()}`);
        this.#problem(
          at,
          `no user with _id "${id}" in users${named ? ` ("replies" holds user _ids: "${named.username}" is "${named._id}")` : ''}`,
        );
      }
    });
  }

  /** The first message of each `_id` (a repeated one is a problem already). */
  readonly #firstById = new Map<string, Message>();

  /**
   * Each thread's replies by parent, in the order of the messages: a `tmid` names a message of the
   * reply's room that is no reply itself (Rocket.Chat has no nested threads: `executeSendMessage`
   * re-roots a reply to a reply with `message.tmid = parentMessage.tmid`, so a stored reply never
   * names one; a scenario that does is refused, not re-rooted, since it describes a state the
   * server cannot be in).
   */
  #threads(
    messages: readonly Message[],
    pathOf: (message: Message) => PropertyKey[],
    unsure: (tmid: string) => boolean,
  ): Map<Message, Message[]> {
    for (const m of messages) if (!this.#firstById.has(m._id)) this.#firstById.set(m._id, m);
    const threads = new Map<Message, Message[]>();
    for (const message of messages) {
      const { tmid } = message;
      if (tmid === undefined) continue;
      const at = [...pathOf(message), 'tmid'];
      const parent = this.#firstById.get(tmid);
      if (tmid === message._id)
        this.#problem(at, 'names the message itself: a message is no reply to itself');
      else if (!parent) {
        if (!unsure(tmid)) this.#problem(at, `no message "${tmid}" in this room`);
      } else if (parent.rid !== message.rid) this.#problem(at, `no message "${tmid}" in this room`);
      else if (parent.tmid !== undefined) this.#problem(at, this.#nestedThread(message, parent));
      else {
        const replies = threads.get(parent);
        if (replies) replies.push(message);
        else threads.set(parent, [message]);
      }
    }
    return threads;
  }

  /** Why a reply may not name `parent`, itself a reply: and the thread it belongs in, when there is one. */
  #nestedThread(reply: Message, parent: Message): string {
    const what = `message "${parent._id}" is itself a reply: Rocket.Chat has no nested threads`;
    const seen = new Set([reply._id]);
    let root = parent;
    while (root.tmid !== undefined) {
      if (seen.has(root._id) || seen.has(root.tmid)) return `${what}, and these tmids go round in a cycle`;
      seen.add(root._id);
      const next = this.#firstById.get(root.tmid);
      if (!next) return what;
      root = next;
    }
    return `${what} (the server files a reply to a reply in the first one's thread): name "${root._id}"`;
  }

  /**
   * A thread's parent as the server's thread hook leaves it after its replies (`processThreads` →
   * `reply` → `updateRepliesByThreadId`, reply by reply in the order of their `ts`, as the store
   * does for a new reply): `tcount` the number of replies, `tlm` the newest one's `ts`, `replies`
   * the followers (src/store/threads.ts; `uids` a direct room's members), `_updatedAt` the newest
   * reply's time. A field the scenario gives is kept as given.
   */
  #followThread(
    parent: Message,
    replies: readonly Message[],
    given: ParsedMessage | undefined,
    uids: readonly string[] | undefined,
  ): void {
    const ordered = [...replies].sort((a, b) => (a.ts < b.ts ? -1 : a.ts > b.ts ? 1 : 0));
    let thread: { u: { _id: string }; tcount: number; replies: string[] } = {
      u: parent.u,
      tcount: 0,
      replies: [],
    };
    for (const reply of ordered)
      thread = { ...thread, tcount: thread.tcount + 1, replies: repliesAfter(thread, reply, uids) };
    const followers = thread.replies;
    const last = ordered[ordered.length - 1]?.ts ?? parent.ts;
    // given (as a carried field or in extra): kept
    if (parent.replies === undefined) parent.replies = followers;
    if (parent.tlm === undefined) parent.tlm = last;
    if (parent.tcount === undefined) parent.tcount = replies.length;
    if (given?._updatedAt === undefined && last > parent._updatedAt) parent._updatedAt = last;
  }

  /** Rooms that leave `msgs` out count their messages; `lm` is the newest one's time shown in the room. */
  #countMessages(messages: readonly Message[]): void {
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
      const room = this.#roomById(rid);
      if (!room || this.#countedRooms.has(rid)) continue;
      room.msgs = n;
      if (room.lm === undefined && last !== undefined) room.lm = last;
    }
  }

  #checkTargets(channel: string[], path: PropertyKey[]): void {
    const world = {
      hasRoomName: (name: string) =>
        this.#channelByName.has(name) || this.#brokenRoomNames.has(name) || this.read.unknown.channels,
      hasUsername: (name: string) => {
        const key = `u:${name.toLowerCase()}`;
        return this.#userIndex.has(key) || this.#maybeBroken(key);
      },
      hasRoomId: (id: string) => this.#channelById.has(id) || this.read.unknown.channels,
      hasUserId: (id: string) => this.#userIndex.has(`i:${id}`) || this.#maybeBroken(`i:${id}`),
    };
    channel.forEach((target, k) => {
      const problem = targetProblem(target, world);
      if (problem) this.#problem([...path, k], problem);
    });
  }

  #buildIntegrations(): Integration[] {
    const out: Integration[] = [];
    const ids = new Set<string>();
    const add = (integration: Integration, path: PropertyKey[]): void => {
      if (ids.has(integration._id))
        this.#problem([...path, '_id'], `duplicate integration _id "${integration._id}"`);
      ids.add(integration._id);
      out.push(integration);
    };
    const fallback = this.#defaultCreator();
    (this.scenario.integrations ?? []).forEach((input, i) => {
      if (!input) return;
      const path = ['integrations', i];
      const creator = input._createdBy ? this.#ref(input._createdBy, [...path, '_createdBy']) : fallback;
      if (!creator) {
        if (!input._createdBy && !this.#usersIncomplete())
          this.#problem([...path, '_createdBy'], 'required: the scenario has no users to default to');
        return;
      }
      this.#checkTargets(input.channel ?? [], [...path, 'channel']);
      // the user the webhook posts as must be one (the server refuses the integration otherwise)
      if (input.username !== undefined) this.#ref({ username: input.username }, [...path, 'username']);
      add(buildIntegration(input, 'integration', i, creator, this.#ctx), path);
    });
    const generated = this.scenario.generate?.integrations ?? 0;
    if (generated > 0 && !fallback && !this.#usersIncomplete())
      this.#problem(['generate', 'integrations'], 'needs at least one user');
    if (!fallback) return out;
    const targets = (this.scenario.channels ?? [])
      .filter((c) => c !== undefined && (c.t ?? 'c') === 'c')
      .map((c) => (c as NonNullable<typeof c>).name);
    for (let i = 0; i < generated; i += 1) {
      const input = generateModule().generateIntegration(this.#ctx.seed, i, this.#clockMs, targets);
      add(buildIntegration(input, 'generated-integration', i, fallback, this.#ctx), [
        'generate',
        'integrations',
      ]);
    }
    return out;
  }

  /**
   * The members' subscription states the scenario gives: each names a room (a channel or group by
   * `_id` or name, a direct room by `_id`) and one of its members by username, once per room and
   * member; `rid` becomes the room's `_id`, `username` the user's own spelling.
   */
  #buildSubscriptions(): SubscriptionRecord[] {
    const seen = new Map<string, number>();
    const out: SubscriptionRecord[] = [];
    (this.scenario.subscriptions ?? []).forEach((sub, i) => {
      if (!sub) return;
      const path = ['subscriptions', i];
      const room = this.#roomOf(sub.rid, [...path, 'rid']);
      const user = this.#ref({ username: sub.username }, [...path, 'username']);
      if (!room || !user) return;
      const what =
        room.t === 'd'
          ? `direct room "${room._id}"`
          : `${room.t === 'p' ? 'private group' : 'channel'} "${room.name}"`;
      if (!room.usernames.includes(user.username)) {
        if (!this.#standInRooms.has(room._id))
          this.#problem(
            [...path, 'username'],
            `"${user.username}" is not a member of ${what}: only its members have a subscription`,
          );
        return;
      }
      const key = `${room._id}\n${user._id}`;
      const first = seen.get(key);
      if (first !== undefined) {
        this.#problem(
          path,
          `a second subscription of "${user.username}" to ${what} (the first is subscriptions[${first}]): one per room and member`,
        );
        return;
      }
      seen.set(key, i);
      const { rid: _rid, username: _username, ...fields } = sub;
      out.push({ rid: room._id, username: user.username, ...fields });
    });
    return out;
  }

  #buildTokens(): TokenRecord[] {
    const seen = new Set<string>();
    // a token names one user: a personal access token is no one else's, and a user's names differ
    (this.scenario.users ?? []).forEach((user, i) => {
      const names = new Set<string>();
      (user?.personalAccessTokens ?? []).forEach((pat, j) => {
        const path = ['users', i, 'personalAccessTokens', j];
        if (seen.has(pat.token)) this.#problem([...path, 'token'], 'duplicate token');
        if (names.has(pat.name))
          this.#problem([...path, 'name'], `a token named "${pat.name}" already exists`);
        seen.add(pat.token);
        names.add(pat.name);
      });
    });
    const out: TokenRecord[] = [];
    (this.scenario.tokens ?? []).forEach((t, i) => {
      if (!t) return;
      const ref = this.#ref({ _id: t.userId, username: t.username }, ['tokens', i]);
      if (seen.has(t.authToken)) this.#problem(['tokens', i, 'authToken'], 'duplicate authToken');
      seen.add(t.authToken);
      if (ref) out.push({ username: ref.username, authToken: t.authToken });
    });
    return out;
  }
}
