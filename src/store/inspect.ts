import type { AnyRoom, DirectRoom, InspectMessage, InspectRoom, Message, Room, User } from '../types';
import type { ListSpec } from './lists';
import type { OrderedList } from './ordered';
import { anyRoom } from './state';
import type { StoreState, TrashEntry } from './state';
import { memberRoomIds, subscriptionOf } from './subscriptions';

/**
 * What the inspector reads of a world, a page at a time and from the store's indexes (a world of
 * 100,000 rooms and messages costs a page, not a walk of it): the rooms by their last message,
 * with a user's subscription counts; a room's messages as people read them (threads folded under
 * their parent, reactions, system messages as sentences, edits and deletions marked).
 *
 * Layer: store. Plain values; nothing of HTTP.
 */

/** A page: where it starts and how many at most. */
export interface PageWindow {
  readonly offset: number;
  readonly count: number;
}

/** The channels and groups by last message (newest first, none last), then name: kept current change by change. */
const BY_LAST_MESSAGE: ListSpec = {
  key: 'inspect|lm',
  sort: [
    [['lm'], -1],
    [['name'], 1],
  ],
  include: () => true,
};

/** Past this many rooms, a user's rooms are read off the ordered list instead of sorted. */
const SORTED_MEMBER_ROOMS = 2000;

/** A room's last message time, when it has one. */
function lmOf(room: AnyRoom): string | undefined {
  const lm = (room as { lm?: unknown }).lm;
  return typeof lm === 'string' ? lm : undefined;
}

/** A room's name as the list shows it: a direct room's is its members (with a user: the others). */
function nameOf(room: AnyRoom, user?: User): string {
  if (room.t !== 'd') return room.name;
  const others = user === undefined ? room.usernames : room.usernames.filter((n) => n !== user.username);
  return (others.length > 0 ? others : room.usernames).join(', ');
}

/** The list's order: the newest last message first (rooms without one last), then by name. */
function compareRooms(a: AnyRoom, b: AnyRoom): number {
  const [al, bl] = [lmOf(a), lmOf(b)];
  if (al !== bl) {
    if (al === undefined) return 1;
    if (bl === undefined) return -1;
    return al > bl ? -1 : 1;
  }
  const [an, bn] = [nameOf(a), nameOf(b)];
  return an < bn ? -1 : an > bn ? 1 : 0;
}

/** The direct rooms in the list's order, sorted once per version of the store. */
const SORTED_DIRECTS = new WeakMap<StoreState, { version: number; list: DirectRoom[] }>();

function sortedDirects(state: StoreState): DirectRoom[] {
  const kept = SORTED_DIRECTS.get(state);
  if (kept?.version === state.version) return kept.list;
  const list = [...state.directs.values()].sort(compareRooms);
  SORTED_DIRECTS.set(state, { version: state.version, list });
  return list;
}

/**
 * Visits every room in the list's order (the ordered channels and groups merged with the sorted
 * directs) until `visit` answers false.
 */
function eachRoom(state: StoreState, visit: (room: AnyRoom) => boolean): void {
  const directs = sortedDirects(state);
  let d = 0;
  let going = true;
  state.roomLists.list(BY_LAST_MESSAGE, state.version).each((room) => {
    for (
      let direct = directs[d];
      direct !== undefined && compareRooms(direct, room) < 0;
      direct = directs[d]
    ) {
      d += 1;
      if (!visit(direct)) return (going = false);
    }
    return (going = visit(room));
  });
  for (; going && d < directs.length; d += 1) going = visit(directs[d] as DirectRoom);
}

/** A room as the list shows it; with `user`, that member's subscription counts. */
export function roomRow(state: StoreState, room: AnyRoom, user?: User): InspectRoom {
  const row: InspectRoom = { _id: room._id, name: nameOf(room, user) } as InspectRoom;
  if (typeof room.fname === 'string') row.fname = room.fname;
  row.t = room.t;
  if (typeof room.prid === 'string') row.prid = room.prid;
  if (room.teamMain === true) row.teamMain = true;
  row.msgs = room.msgs;
  const lm = lmOf(room);
  if (lm !== undefined) row.lm = lm;
  if (user !== undefined && room.usernames.includes(user.username)) {
    const sub = subscriptionOf(state, room, user);
    row.unread = sub.unread;
    row.tunread = Array.isArray(sub.tunread) ? sub.tunread.length : 0;
    row.alert = sub.alert;
    row.userMentions = sub.userMentions;
  }
  return row;
}

/**
 * The baseline's channels and groups, their names and display names lowercased in one text (each
 * room's part from `starts[i]`): a name filter is a few `indexOf`s over it, not a test of each of
 * 100,000 rooms. Made once per baseline, shared by every store on it.
 */
interface NameIndex {
  readonly text: string;
  readonly starts: Int32Array;
  readonly rooms: readonly Room[];
}

const NAME_INDEXES = new WeakMap<ReadonlyMap<string, Room>, NameIndex>();

function nameIndex(base: ReadonlyMap<string, Room>): NameIndex {
  const known = NAME_INDEXES.get(base);
  if (known) return known;
  const rooms = [...base.values()];
  const starts = new Int32Array(rooms.length + 1);
  const parts: string[] = [];
  let at = 0;
  rooms.forEach((room, i) => {
    starts[i] = at;
    const part = `${room.name}\u0001${typeof room.fname === 'string' ? room.fname : ''}\n`.toLowerCase();
    parts.push(part);
    at += part.length;
  });
  starts[rooms.length] = at;
  const index = { text: parts.join(''), starts, rooms };
  NAME_INDEXES.set(base, index);
  return index;
}

/** Whether a room's name or display name holds `part` (lowercased), any case. */
function nameHolds(room: Room, part: string): boolean {
  return (
    room.name.toLowerCase().includes(part) ||
    (typeof room.fname === 'string' && room.fname.toLowerCase().includes(part))
  );
}

/**
 * The channels and groups whose name or display name holds `q` (any case), in no set order: the
 * baseline's found in its name index (those changed since left out), then the changed ones as
 * they are now.
 */
export function roomsNamed(state: StoreState, q: string): Room[] {
  const part = q.toLowerCase();
  const found: Room[] = [];
  if (part.includes('\n') || part.includes('\u0001')) {
    state.rooms.eachValue((room) => {
      if (nameHolds(room, part)) found.push(room);
    });
    return found;
  }
  const { text, starts, rooms } = nameIndex(state.baseline.rooms);
  const changed = state.changed.rooms;
  for (let from = 0; ;) {
    const at = text.indexOf(part, from);
    if (at < 0) break;
    // the room whose part holds it: the last that starts at or before it
    let low = 0;
    let high = rooms.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((starts[mid] as number) <= at) low = mid;
      else high = mid - 1;
    }
    const room = rooms[low] as Room;
    if (!changed.has(room._id)) found.push(room);
    from = starts[low + 1] as number;
  }
  for (const id of changed) {
    const room = state.rooms.get(id);
    if (room !== undefined && nameHolds(room, part)) found.push(room);
  }
  return found;
}

/** A text's pattern for `q`: its characters as they are, any case. */
export function partOf(q: string): RegExp {
  return new RegExp(q.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
}

/**
 * The rooms a filtered list matched, kept for the store's version it was read at: the next page,
 * or the same one again (a page refreshing), costs the page alone until the world changes.
 */
const MATCHED = new WeakMap<StoreState, { version: number; key: string; rooms: AnyRoom[] }>();

/**
 * The rooms (channels, groups, direct rooms, discussions), the newest last message first, then by
 * name; with `user`, that user's rooms only, with the user's counts; `q` a case-insensitive part
 * of the name. A page and the total.
 */
export function inspectRooms(
  state: StoreState,
  options: PageWindow & { user?: User; q?: string },
): { rooms: InspectRoom[]; total: number } {
  const { user, offset, count } = options;
  const q = options.q === undefined || options.q === '' ? undefined : partOf(options.q);
  const row = (room: AnyRoom): InspectRoom => roomRow(state, room, user);
  if (user === undefined && q === undefined) {
    const list = state.roomLists.list(BY_LAST_MESSAGE, state.version);
    const total = list.size + state.directs.size;
    // no direct room to merge: the ordered list's page itself
    if (state.directs.size === 0) return { rooms: list.page(offset, count).map(row), total };
    const rooms: InspectRoom[] = [];
    let seen = 0;
    eachRoom(state, (room) => {
      if (seen >= offset) rooms.push(row(room));
      seen += 1;
      return rooms.length < count;
    });
    return { rooms, total };
  }
  const named = (room: AnyRoom): boolean =>
    q === undefined || q.test(nameOf(room)) || (typeof room.fname === 'string' && q.test(room.fname));
  const page = (rooms: readonly AnyRoom[]): { rooms: InspectRoom[]; total: number } => ({
    rooms: rooms.slice(offset, offset + count).map(row),
    total: rooms.length,
  });
  const key = `${user?._id ?? ''}\u0000${options.q ?? ''}`;
  const kept = MATCHED.get(state);
  if (kept?.version === state.version && kept.key === key) return page(kept.rooms);
  let matched: AnyRoom[];
  const ids = user === undefined ? [] : memberRoomIds(state, user.username);
  if (user === undefined || ids.length <= SORTED_MEMBER_ROOMS || q !== undefined) {
    // the rooms in the order the world keeps them (a walk in the list's order reads 100,000
    // rooms scattered in memory: ten times slower), then a sort of those that match
    const found: AnyRoom[] = [];
    if (user === undefined || ids.length > SORTED_MEMBER_ROOMS) {
      const username = user?.username;
      const member = (room: AnyRoom): boolean => username === undefined || room.usernames.includes(username);
      // no user and no name: the unfiltered page above
      for (const room of roomsNamed(state, options.q ?? '')) if (member(room)) found.push(room);
      state.directs.eachValue((room) => {
        if (named(room) && member(room)) found.push(room);
      });
    } else
      for (const id of ids) {
        const room = anyRoom(state, id);
        if (room !== undefined && named(room)) found.push(room);
      }
    matched = found.sort(inListOrder);
  } else {
    // a member of many rooms, no name asked: their own ordered list, kept current change by
    // change, and their direct rooms (the member index lists them last) merged in
    const list = memberList(state, user.username);
    const directs: DirectRoom[] = [];
    for (let i = ids.length - 1; i >= 0; i -= 1) {
      const room = anyRoom(state, ids[i] as string);
      if (room?.t !== 'd') break;
      directs.push(room);
    }
    directs.sort(inListOrder);
    if (directs.length === 0) return { rooms: list.page(offset, count).map(row), total: list.size };
    const found: AnyRoom[] = [];
    let d = 0;
    list.each((room) => {
      for (
        let direct = directs[d];
        direct !== undefined && compareRooms(direct, room) < 0;
        direct = directs[d]
      ) {
        d += 1;
        found.push(direct);
      }
      found.push(room);
      return true;
    });
    for (; d < directs.length; d += 1) found.push(directs[d] as DirectRoom);
    matched = found;
  }
  MATCHED.set(state, { version: state.version, key, rooms: matched });
  return page(matched);
}

/** The list's order, ties by `_id`. */
function inListOrder(a: AnyRoom, b: AnyRoom): number {
  return compareRooms(a, b) || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);
}

/** The channels and groups a user is in, by last message then name: an ordered list the store keeps current. */
function memberList(state: StoreState, username: string): OrderedList<Room> {
  return state.roomLists.list(
    {
      key: `inspect|lm|member|${username}`,
      sort: BY_LAST_MESSAGE.sort,
      include: (doc) => Array.isArray(doc.usernames) && (doc.usernames as unknown[]).includes(username),
    },
    state.version,
  );
}

// ---------------------------------------------------------------------------------------------
// a room's messages

/** The most replies of a thread shown under its parent (the newest). */
const REPLIES_SHOWN = 50;

/** A system message's sentence: the actor's username, and the message's `msg` (a username, a name, a topic…). */
const SENTENCES: Readonly<Record<string, (who: string, msg: string, message: Message) => string>> = {
  uj: (who) => `${who} joined the room`,
  ujt: (who) => `${who} joined the team`,
  ul: (who) => `${who} left the room`,
  ult: (who) => `${who} left the team`,
  au: (who, msg) => `${who} added ${msg}`,
  ru: (who, msg) => `${who} removed ${msg}`,
  r: (who, msg) => `${who} changed the room name to: ${msg}`,
  room_changed_topic: (who, msg) => `${who} changed the topic to: ${msg}`,
  room_changed_description: (who, msg) => `${who} changed the description to: ${msg}`,
  room_changed_announcement: (who, msg) => `${who} changed the announcement to: ${msg}`,
  room_changed_privacy: (who, msg) => `${who} changed the room type to: ${msg}`,
  'room-archived': (who) => `${who} archived the room`,
  'room-unarchived': (who) => `${who} unarchived the room`,
  'room-set-read-only': (who) => `${who} set the room to read only`,
  'room-removed-read-only': (who) => `${who} removed read only from the room`,
  message_pinned: (who) => `${who} pinned a message`,
  'discussion-created': (who, msg) => `${who} started a discussion: ${msg}`,
  'subscription-role-added': (who, msg, m) => `${who} set ${msg} as ${String(m.role)}`,
  'subscription-role-removed': (who, msg, m) => `${who} removed ${msg} as ${String(m.role)}`,
  'user-muted': (who, msg) => `${who} muted ${msg}`,
  'user-unmuted': (who, msg) => `${who} unmuted ${msg}`,
  'added-user-to-team': (who, msg) => `${who} added ${msg} to the team`,
  'removed-user-from-team': (who, msg) => `${who} removed ${msg} from the team`,
  'user-added-room-to-team': (who, msg) => `${who} added ${msg} to the team`,
  'user-removed-room-from-team': (who, msg) => `${who} removed ${msg} from the team`,
  'user-deleted-room-from-team': (who, msg) => `${who} deleted ${msg} from the team`,
  'user-converted-to-team': (who) => `${who} converted the room to a team`,
  'user-converted-to-channel': (who) => `${who} converted the team to a room`,
  rm: () => 'message deleted',
};

/** The sentence a person reads for a system message. */
function sentence(message: Message): string {
  const t = message.t as string;
  const say = SENTENCES[t];
  if (say) return say(message.u.username, message.msg, message);
  return `${message.u.username}: ${t}${message.msg === '' ? '' : ` ${message.msg}`}`;
}

/** The author as a message shows it. */
function authorOf(u: { _id: string; username: string; name?: unknown }): InspectMessage['u'] {
  return typeof u.name === 'string'
    ? { _id: u._id, username: u.username, name: u.name }
    : { _id: u._id, username: u.username };
}

/** A deleted message from the trash, in its place. */
function trashedRow(entry: TrashEntry): InspectMessage {
  const row: InspectMessage = {
    _id: entry._id,
    ts: entry.ts ?? entry._deletedAt,
    u: entry.u === undefined ? { _id: '', username: '' } : authorOf(entry.u),
    msg: '',
    text: 'message deleted',
    system: false,
  };
  if (entry.tmid !== undefined) row.tmid = entry.tmid;
  row.deleted = entry.by === undefined ? { at: entry._deletedAt } : { at: entry._deletedAt, by: entry.by };
  return row;
}

/** A message as a person reads it (without its thread's replies). */
function messageRow(message: Message): InspectMessage {
  const system = message.t !== undefined && message.t !== 'rm';
  const row: InspectMessage = {
    _id: message._id,
    ts: message.ts,
    u: authorOf(message.u),
    msg: message.msg,
  } as InspectMessage;
  if (message.t !== undefined) row.t = message.t;
  row.text = message.t === undefined ? message.msg : sentence(message);
  row.system = system;
  if (message.tmid !== undefined) row.tmid = message.tmid;
  const reactions = message.reactions;
  if (typeof reactions === 'object' && reactions !== null) {
    const list = Object.entries(reactions as Record<string, { usernames?: unknown }>).map(
      ([emoji, { usernames }]) => ({
        emoji,
        usernames: Array.isArray(usernames) ? usernames.map(String) : [],
      }),
    );
    if (list.length > 0) row.reactions = list;
  }
  if (message.pinned === true) row.pinned = true;
  if (Array.isArray(message.starred) && message.starred.length > 0) row.starred = message.starred.length;
  const editedBy = (message.editedBy as { username?: unknown } | undefined)?.username;
  if (message.t === 'rm') {
    const at = typeof message.editedAt === 'string' ? message.editedAt : message._updatedAt;
    row.deleted = typeof editedBy === 'string' ? { at, by: editedBy } : { at };
  } else if (typeof message.editedAt === 'string') {
    row.editedAt = message.editedAt;
    if (typeof editedBy === 'string') row.editedBy = editedBy;
  }
  const attachments = Array.isArray(message.attachments) ? (message.attachments as unknown[]) : [];
  // a file's title, type and size (a pin's quote of the message pinned says nothing of these: left out)
  const files = attachments.flatMap((a) => {
    const { title, type, size, image_size: imageSize } = (a ?? {}) as Record<string, unknown>;
    const bytes = typeof size === 'number' ? size : typeof imageSize === 'number' ? imageSize : undefined;
    const file = {
      ...(typeof title === 'string' ? { title } : {}),
      ...(typeof type === 'string' ? { type } : {}),
      ...(bytes === undefined ? {} : { size: bytes }),
    };
    return Object.keys(file).length > 0 ? [file] : [];
  });
  if (files.length > 0) row.attachments = files;
  if (typeof message.drid === 'string') row.drid = message.drid;
  const mentions = Array.isArray(message.mentions) ? (message.mentions as { username?: unknown }[]) : [];
  const names = mentions.flatMap((m) => (typeof m?.username === 'string' ? [m.username] : []));
  if (names.length > 0) row.mentions = names;
  return row;
}

/** History's order: `ts`, then `_id`. */
function older(a: { ts: string; _id: string }, b: { ts: string; _id: string }): number {
  if (a.ts !== b.ts) return a.ts < b.ts ? -1 : 1;
  return a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
}

/** What {@link inspectMessages} answers. */
export interface InspectedMessages {
  room: InspectRoom;
  messages: InspectMessage[];
  total: number;
  more: boolean;
}

/**
 * A room's newest `count` top-level messages before the message `before` (its id; a deleted one
 * from the trash too), oldest first; each thread's newest replies folded under its parent; the
 * messages deleted within the page's span shown in place (from the trash). `total`: the top-level
 * messages before `before` (all the room's without it); `more`: older ones are left. Undefined
 * when there is no such room; `before-unknown` when the room has no message of that id.
 */
export function inspectMessages(
  state: StoreState,
  rid: string,
  options: { count: number; before?: string },
): InspectedMessages | 'no-room' | 'before-unknown' {
  const room = anyRoom(state, rid);
  if (!room) return 'no-room';
  const trash = state.trash.messages.filter((entry) => entry.rid === rid);
  let anchor: { ts: string; _id: string } | undefined;
  if (options.before !== undefined) {
    const found = state.messages.get(options.before);
    const gone = found ? undefined : trash.find((entry) => entry._id === options.before);
    anchor = found?.rid === rid ? found : gone?.ts !== undefined ? { ts: gone.ts, _id: gone._id } : undefined;
    if (anchor === undefined) return 'before-unknown';
  }
  const at = anchor;
  // one more than the page: whether older ones are left
  const { messages: read } = state.messages.history(rid, {
    ...(at === undefined ? {} : { latest: at.ts, inclusive: true }),
    offset: 0,
    count: options.count + 1,
    skip: (m) => m.tmid !== undefined || (at !== undefined && older(m, at) >= 0),
  });
  const more = read.length > options.count;
  const newest = more ? read.slice(0, options.count) : read;
  // the room's top-level messages, less those at or after `before` (the pages read already)
  let total = state.messages.topLevelCount(rid);
  if (at !== undefined)
    total -= state.messages.history(rid, {
      oldest: at.ts,
      inclusive: true,
      offset: 0,
      count: 1,
      skip: (m) => m.tmid !== undefined || older(m, at) < 0,
      total: true,
    }).total;
  const oldest = newest.at(-1);
  // the deleted ones of the page's span: after its oldest message (all older ones when no more are left)
  const inSpan = (entry: TrashEntry): boolean => {
    const key = { ts: entry.ts ?? entry._deletedAt, _id: entry._id };
    if (at !== undefined && older(key, at) >= 0) return false;
    return !more || oldest === undefined || older(key, oldest) > 0;
  };
  const deletedReplies = new Map<string, TrashEntry[]>();
  const rows: InspectMessage[] = newest.map(messageRow);
  for (const entry of trash) {
    if (entry.tmid !== undefined) {
      const list = deletedReplies.get(entry.tmid);
      if (list) list.push(entry);
      else deletedReplies.set(entry.tmid, [entry]);
    } else if (inSpan(entry)) rows.push(trashedRow(entry));
  }
  rows.sort(older);
  for (const row of rows) {
    const parent = state.messages.get(row._id);
    const gone = deletedReplies.get(row._id);
    if (parent?.tcount === undefined && gone === undefined) continue;
    const replies = [
      ...state.messages.threadReplies(row._id).map(messageRow),
      ...(gone ?? []).map(trashedRow),
    ].sort(older);
    row.replies = replies.slice(-REPLIES_SHOWN);
    row.repliesTotal = replies.length;
  }
  return { room: roomRow(state, room), messages: rows, total, more };
}
