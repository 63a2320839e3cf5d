import { copyJson } from '../json-copy';
import type { AnyRoom, Message, Room, User } from '../types';
import { authorOf, compose, newMessageId, systemMessage } from './compose';
import type { ChangeEvent } from './events';
import type { JsonObject } from './query';
import { messagesNaming, stored } from './posting';
import { writeRoom } from './rooms';
import type { RoomLayout } from './rooms';
import { anyRoom, commit } from './state';
import type { StoreState } from './state';
import { meteorIdOf } from './subscription-states';

/**
 * Discussions: a discussion is a room of its own (a channel under a channel, a private group under
 * a group or a direct room) whose `prid` names its parent room. Made with its members'
 * subscriptions, the quote of the message it was started from, the `discussion-created` message in
 * the parent (`drid` the discussion; `dcount` and `dlm` follow the discussion's messages, see
 * src/store/posting.ts) and the first reply; listed by parent (`rooms.getDiscussions`) and as the
 * parent's `discussion-created` messages (`chat.getDiscussions`).
 *
 * Layer: store. Plain values; nothing of HTTP.
 */

/** A discussion to make, every check done (the command's): what `create` hands `createRoom` and after. */
export interface NewDiscussion {
  /** the parent room (`prid`): never a discussion itself */
  readonly parent: AnyRoom;
  readonly creator: User;
  /** `t_name`: the discussion's `fname` */
  readonly title: string;
  /** the message it was started from (`pmid`), in the parent or in one of its discussions */
  readonly message?: Message;
  /** the creator's first message in it */
  readonly reply?: string;
  /** usernames invited besides the creator (and the message's author) */
  readonly users: readonly string[];
  readonly encrypted: boolean;
  /** the topic asked for (7.x on); none: the parent's name */
  readonly topic?: string;
}

/** A discussion's `name`: a random id (`Random.id()`), drawn from the world's seed and its rooms. */
function discussionName(state: StoreState): string {
  let counter = state.rooms.size + state.roomsRemoved;
  let name = meteorIdOf(`discussion|${state.seed}|${counter}`);
  while (state.roomNames.has(name)) {
    counter += 1;
    name = meteorIdOf(`discussion|${state.seed}|${counter}`);
  }
  return name;
}

/** Where a room's page is (`getRouteLink`): a channel's `/channel/<name>`, a group's `/group/<name>`. */
function routeLink(room: AnyRoom): string {
  if (room.t === 'd') return `/direct/${room._id}`;
  return `/${room.t === 'c' ? 'channel' : 'group'}/${room.name}`;
}

/** The quote of a message (`attachMessage`): its text, its author, a link to it, its attachments. */
function quoteOf(message: Message, room: AnyRoom, text: string): JsonObject {
  const author = message.u.username;
  const quote: Record<string, unknown> = {
    text,
    author_name: author,
    author_icon: `/avatar/${author}`,
    message_link: `${routeLink(room)}?msg=${message._id}`,
  };
  if (message.attachments !== undefined) quote.attachments = copyJson(message.attachments);
  quote.ts = message.ts;
  return quote as JsonObject;
}

/**
 * `createDiscussion`'s write (checked): the room (`createRoom`: the parent's type, a channel's
 * `c`, else `p`; `fname` the title, `name` a random id; `description` the message's text, `topic`
 * the one asked for or the parent's name, `prid`, `encrypted`), the creator its owner, the
 * message's author and the invited users its members (those that exist), each subscription with
 * `prid`; then, started from a message, an empty message in the discussion quoting it; the
 * `discussion-created` message in the message's room (else the parent); the reply, a message of
 * the creator's in the discussion. One commit. Answers the room as it was made.
 */
export function createDiscussion(state: StoreState, input: NewDiscussion, layout: RoomLayout): Room {
  const { parent, creator, message } = input;
  const invited = message ? [message.u.username, ...input.users] : [...input.users];
  const members = [...new Set(invited)].filter((username) => username !== '');
  const description = parent.encrypted === true ? '' : message?.msg;
  const topic = input.topic || (parent.t === 'd' ? undefined : parent.name);
  const extraData: Record<string, unknown> = {};
  if (description !== undefined) extraData.description = description;
  if (topic !== undefined) extraData.topic = topic;
  extraData.prid = parent._id;
  extraData.encrypted = input.encrypted;
  const { room, events } = writeRoom(
    state,
    {
      type: parent.t === 'c' ? 'c' : 'p',
      name: discussionName(state),
      fname: input.title,
      owner: creator,
      members,
      excludeSelf: false,
      readOnly: false,
      extraData: extraData as JsonObject,
    },
    // the name is drawn, not asked for: any name passes (`nameValidationRegex: '.*'`)
    { ...layout, namePattern: /^[\s\S]*$/, blockedNames: [] },
  );
  const ts = state.clock.tick();
  if (message) {
    const from = anyRoom(state, message.rid) ?? parent;
    const text = parent.encrypted === true ? 'Encrypted message' : message.msg;
    const quote = quoteOf(message, from, text);
    const mention = {
      _id: newMessageId(state),
      rid: room._id,
      msg: '',
      u: authorOf(state, creator),
      ts,
      _updatedAt: ts,
      attachments: [quote],
    } as Message;
    // inserted as it is: the room's count and last message stay
    state.messages.add(mention);
    events.push({ kind: 'message', op: 'inserted', message: mention, room });
    const system = created(state, creator, from, input.title, room._id, ts, quote);
    stored(state, creator, anyRoom(state, from._id) ?? from, system, ts, events);
  } else {
    const system = created(state, creator, parent, input.title, room._id, ts);
    stored(state, creator, anyRoom(state, parent._id) ?? parent, system, ts, events);
  }
  if (input.reply !== undefined && input.reply !== '') {
    const at = state.clock.tick();
    const now = anyRoom(state, room._id) ?? room;
    const reply = compose(state, creator, now, { targets: [], text: input.reply }, at, false);
    stored(state, creator, now, reply, at, events);
  }
  commit(state, events);
  return room;
}

/** The `discussion-created` system message (`saveSystemMessage`): the title, `drid`, the quote if any. */
function created(
  state: StoreState,
  creator: User,
  room: AnyRoom,
  title: string,
  drid: string,
  ts: string,
  quote?: JsonObject,
): Message {
  const { _updatedAt, ...base } = systemMessage(
    state,
    creator,
    room as Room,
    'discussion-created',
    title,
    ts,
  );
  const message: Record<string, unknown> = { ...base, drid };
  if (quote) message.attachments = [quote];
  message._updatedAt = _updatedAt;
  return message as Message;
}

/** A parent room's discussions (`findDiscussionsByRoom`), by `fname`, a page and how many in all. */
export function discussionsOf(
  state: StoreState,
  rid: string,
  page: { offset: number; count: number },
): { rooms: Room[]; total: number } {
  const all: Room[] = [];
  for (const room of state.rooms.values()) if (room.prid === rid) all.push(room);
  // a stable sort: equal titles stay in the rooms' order
  all.sort((a, b) => {
    const x = a.fname ?? '';
    const y = b.fname ?? '';
    return x < y ? -1 : x > y ? 1 : 0;
  });
  const end = page.count === 0 ? undefined : page.offset + page.count;
  return { rooms: all.slice(page.offset, end), total: all.length };
}

/**
 * A room's `discussion-created` messages (those with `drid`), newest first, their text holding
 * `text` (any case) when given; a page and how many in all.
 */
export function discussionMessages(
  state: StoreState,
  rid: string,
  text: string,
  page: { offset: number; count: number },
): { messages: Message[]; total: number } {
  const needle = text.toLowerCase();
  return state.messages.history(rid, {
    offset: page.offset,
    count: page.count,
    skip: (message) =>
      typeof message.drid !== 'string' || (needle !== '' && !message.msg.toLowerCase().includes(needle)),
    total: true,
  });
}

/** The discussions of a room being deleted (`DeleteDiscussionChain`): they go with it. */
export function discussionsToErase(state: StoreState, rid: string): Room[] {
  const found: Room[] = [];
  for (const room of state.rooms.values()) if (room.prid === rid) found.push(room);
  return found;
}

/**
 * A discussion deleted (`CleanDiscussionMessage`): its parent's messages naming it lose `drid`,
 * `dcount` and `dlm`; appended to `events`.
 */
export function forgetDiscussion(state: StoreState, discussion: AnyRoom, events: ChangeEvent[]): void {
  if (discussion.t === 'd' || typeof discussion.prid !== 'string') return;
  const parent = anyRoom(state, discussion.prid);
  if (!parent) return;
  const messages = messagesNaming(state, parent, discussion);
  for (const message of messages) {
    const { drid: _drid, dcount: _dcount, dlm: _dlm, ...rest } = message;
    const next = rest as Message;
    state.messages.replace(next);
    events.push({ kind: 'message', op: 'updated', message: next, room: parent });
  }
}
