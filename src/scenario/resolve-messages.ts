import type { DirectRoom, Message } from '../types';
import { buildMessage } from './build';
import { meteorId } from './ids';
import type { ResolveContext } from './resolve-context';
import { generateModule } from './resolve-context';
import type { ScenarioRooms } from './resolve-rooms';
import { followThread, linkThreads } from './resolve-threads';
import type { ScenarioUsers } from './resolve-users';
import type { ParsedMessage } from './schema';

/**
 * A scenario's messages, listed then generated, checked against its users and rooms (after both
 * are built): authors, members of private rooms, the users a message names, threads.
 */
export class ScenarioMessages {
  readonly #ctx: ResolveContext;
  readonly #users: ScenarioUsers;
  readonly #rooms: ScenarioRooms;

  constructor(ctx: ResolveContext, users: ScenarioUsers, rooms: ScenarioRooms) {
    this.#ctx = ctx;
    this.#users = users;
    this.#rooms = rooms;
  }

  /**
   * The messages, listed then generated: each in a room named by `_id` or name, by its author
   * (default: the room's creator, else the first admin); a thread reply's `tmid` names a message
   * of its room that is no reply, and its parent follows the thread. A room whose `msgs` the
   * scenario leaves out counts its messages, and its `lm` is its newest message's time.
   */
  build(): Message[] {
    const { read, scenario, build, clockMs } = this.#ctx;
    const users = this.#users;
    const rooms = this.#rooms;
    const out: Message[] = [];
    const paths = new Map<Message, PropertyKey[]>();
    const ids = new Set<string>();
    /** the listed messages' input: the fields the scenario gives */
    const inputs = new Map<Message, ParsedMessage>();
    const fallback = users.defaultCreator();
    const add = (message: Message, path: PropertyKey[]): void => {
      if (ids.has(message._id)) this.#ctx.problem([...path, '_id'], `duplicate message _id "${message._id}"`);
      ids.add(message._id);
      paths.set(message, path);
      out.push(message);
    };
    // messages that could not be read (their _id) or whose room could not be (their _id, tmid):
    // a reply naming one is not reported, and their own tmid names a message of some room
    const claimed = new Set<string>();
    const idOf = (i: number, given: string | undefined): string =>
      given ?? meteorId(build.seed, 'message', i);
    for (const [i, { _id }] of read.broken.messages) {
      if (!scenario.messages?.[i]) claimed.add(idOf(i, _id));
    }
    const roomless: { tmid: string; path: PropertyKey[] }[] = [];
    const former = this.#formerMembers();
    (scenario.messages ?? []).forEach((m, i) => {
      if (!m) return;
      const path = ['messages', i];
      const room = rooms.roomOf(m.rid, [...path, 'rid']);
      if (!room) {
        if (!rooms.mayBeBrokenRoom(m.rid)) return;
        // in a room that failed its shape check: what can be checked without the room still is
        claimed.add(idOf(i, m._id));
        if (m.u) users.ref(m.u, [...path, 'u']);
        if (m.tmid !== undefined) roomless.push({ tmid: m.tmid, path: [...path, 'tmid'] });
        return;
      }
      const owner = room.t === 'd' ? { username: room.usernames[0] ?? '' } : room.u;
      const ref = m.u ?? owner ?? fallback;
      if (!ref) {
        if (!users.incomplete())
          this.#ctx.problem([...path, 'u'], 'required: the scenario has no users to default to');
        return;
      }
      const author = users.author(ref, [...path, 'u']);
      this.#checkMessageUsers(m, path);
      if (!author) return;
      // a member posts in a private group or a direct room (a system message such as "ul" is not
      // a post; a former member's messages stay, with the "ul" or "ru" message that ended it)
      const membersOnly = room.t === 'p' || room.t === 'd';
      const knownAuthor = m.u !== undefined || !users.incomplete();
      const standIn = rooms.isStandIn(room._id) || read.broken.messages.has(i);
      if (membersOnly && m.t === undefined && knownAuthor && !standIn) {
        const name = author.username.toLowerCase();
        const member =
          room.usernames.some((u) => u.toLowerCase() === name) || former.has(`${room._id}\n${name}`);
        if (!member)
          this.#ctx.problem(
            [...path, 'u'],
            `"${author.username}"${m.u ? '' : " (the room's creator, by default)"} is not a member of ${room.t === 'd' ? `direct room "${room._id}"` : `private group "${room.name}"`}: only members post there`,
          );
      }
      const message = buildMessage(m, 'message', i, room._id, author, build);
      inputs.set(message, m);
      add(message, path);
    });
    const generated = scenario.generate?.messages ?? 0;
    // the scenario's own public channels: changing generate.channels moves no generated message
    const targets = (scenario.channels ?? [])
      .filter((c) => c !== undefined && (c.t ?? 'c') === 'c')
      .map((c) => (c as NonNullable<typeof c>).name);
    if (generated > 0 && targets.length === 0 && !read.unknown.channels)
      this.#ctx.problem(['generate', 'messages'], 'needs at least one public channel');
    // an author: the room's creator, else the default one (none when there are no users)
    if (generated > 0 && !fallback && !users.incomplete())
      this.#ctx.problem(
        ['generate', 'messages'],
        'needs at least one user: the scenario has no users to default to',
      );
    for (let i = 0; i < generated && targets.length > 0; i += 1) {
      const input = generateModule().generateMessage(build.seed, i, clockMs, targets);
      const room = rooms.channelByName(input.rid);
      const ref = room?.u ?? fallback;
      const author = ref && users.author(ref, ['generate', 'messages']);
      if (room && author)
        add(buildMessage(input, 'generated-message', i, room._id, author, build), ['generate', 'messages']);
    }
    const unsure = (tmid: string): boolean => read.unknown.messages || claimed.has(tmid);
    const threads = linkThreads(out, (message) => paths.get(message) ?? [], unsure, this.#ctx.problem);
    for (const { tmid, path } of roomless) {
      if (!threads.firstById.has(tmid) && !unsure(tmid))
        this.#ctx.problem(path, `no message "${tmid}" in any room`);
    }
    for (const [parent, replies] of threads.byParent) {
      const room = rooms.roomById(parent.rid);
      const uids = room?.t === 'd' ? (room as DirectRoom).uids : undefined;
      followThread(parent, replies, inputs.get(parent), uids);
    }
    rooms.countMessages(out);
    return out;
  }

  /**
   * Users who left a room (`ul`, by them) or were removed from it (`ru`, the username its `msg`
   * names), as `<room _id>\n<lowercase username>`: their earlier messages stay in the room.
   */
  #formerMembers(): Set<string> {
    const out = new Set<string>();
    for (const m of this.#ctx.scenario.messages ?? []) {
      if (!m || (m.t !== 'ul' && m.t !== 'ru')) continue;
      const room = this.#rooms.room(m.rid);
      const key = m.u?._id !== undefined ? `i:${m.u._id}` : `u:${(m.u?.username ?? '').toLowerCase()}`;
      const name = m.t === 'ru' ? m.msg : this.#users.get(key)?.username;
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
    const problem = this.#ctx.problem;
    const users = this.#users;
    const fields = m as Record<string, unknown>;
    const user = (value: unknown, at: PropertyKey[], mention = false): void => {
      const ref = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
      const _id = typeof ref._id === 'string' ? ref._id : undefined;
      const username = typeof ref.username === 'string' ? ref.username : undefined;
      if (_id === undefined && username === undefined) {
        problem(at, 'a user: {"_id": …, "username": …}');
        return;
      }
      const special = ['all', 'here'];
      if (mention && (ref.type === 'team' || special.includes(_id ?? '') || special.includes(username ?? '')))
        return;
      users.ref(
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
      problem([...path, 'replies'], 'the user _ids of the thread\'s followers: ["…"]');
      return;
    }
    replies.forEach((id: unknown, k) => {
      const at = [...path, 'replies', k];
      if (typeof id !== 'string') problem(at, "a user's _id");
      else if (!users.has(`i:${id}`) && !users.maybeBroken(`i:${id}`)) {
        const named = users.get(`u:${id.toLowerCase()}`);
        problem(
          at,
          `no user with _id "${id}" in users${named ? ` ("replies" holds user _ids: "${named.username}" is "${named._id}")` : ''}`,
        );
      }
    });
  }
}
