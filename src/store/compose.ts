import { copyJson } from '../json-copy';
import type { AnyRoom, Author, Message, Room, User } from '../types';
import { mentionedNames, mentionedRooms, objectId, plainMarkdown, urlsOf } from './message-text';
import { userNamed } from './state';
import type { StoreState } from './state';

/**
 * Messages as the store makes them: a post's or a sent message's fields in the real server's
 * order, a system message, a message's author and id. Makes values; writes nothing.
 *
 * Layer: store. Plain values; nothing of HTTP.
 */

/**
 * The empty lists a posted message carries (`attachments`, `urls`, `mentions`, `channels`), one
 * frozen array shared by all: stored messages are never changed in place (a change replaces the
 * message), and at 100,000 posts the fewer objects a message holds, the less the collector copies.
 */
export const NONE: unknown[] = Object.freeze([]) as unknown as unknown[];

/** A post (`chat.postMessage`), its parameters checked: where to, and what. */
export interface PostInput {
  /** `#name`, `@username`, a room's id or name, or a user's id, each as sent */
  readonly targets: readonly string[];
  readonly text: string;
  readonly alias?: string;
  readonly emoji?: string;
  readonly avatar?: string;
  readonly attachments?: readonly unknown[];
  readonly parseUrls?: boolean;
  readonly tmid?: string;
  /** the URLs the client wants previewed (`chat.sendMessage`): the others are `ignoreParse` */
  readonly previewUrls?: readonly string[];
  /** a webhook's post: the integration that posts it (`bot: {i}`) */
  readonly bot?: { readonly i: string };
}

/**
 * A message as `sendMessage` stores it, its fields in the real server's order: a post (`defaults`)
 * gets `processWebhookMessage`'s `alias`, `attachments`, `parseUrls` and `groupable`; a sent
 * message only the fields its client gave.
 */
export function compose(
  state: StoreState,
  user: User,
  room: AnyRoom,
  post: PostInput,
  ts: string,
  defaults: boolean,
): Message {
  const text = post.text.trim();
  const doc: Record<string, unknown> = {
    _id: newMessageId(state),
  };
  // each field set in its order, no object made to be copied from (a post's hot path)
  if (defaults) {
    doc.alias = post.alias ?? '';
    doc.msg = text;
    doc.attachments = post.attachments ? copyJson(post.attachments) : NONE;
    doc.parseUrls = post.parseUrls ?? post.attachments === undefined;
    if (post.bot) doc.bot = { i: post.bot.i };
    doc.groupable = false;
  } else {
    if (post.alias !== undefined) doc.alias = post.alias;
    doc.msg = text;
    if (post.attachments) doc.attachments = copyJson(post.attachments);
  }
  if (post.tmid !== undefined) doc.tmid = post.tmid;
  if (post.avatar) doc.avatar = post.avatar;
  else if (post.emoji) doc.emoji = post.emoji;
  doc.ts = ts;
  doc.u = authorOf(state, user);
  doc.rid = room._id;
  // the text scanned only for what it can hold: most messages mention nothing and link nowhere
  if (doc.parseUrls !== false)
    doc.urls = text.includes('http') ? urlsOf(text, state.rules.urlMeta, post.previewUrls) : NONE;
  doc.mentions = text.includes('@') ? mentions(state, text) : NONE;
  doc.channels = text.includes('#')
    ? mentionedRooms(text).flatMap((name) => {
        const id = state.roomNames.get(name);
        return id === undefined ? [] : [{ _id: id, name }];
      })
    : NONE;
  const md = plainMarkdown(text);
  if (md) doc.md = md;
  doc._updatedAt = ts;
  return doc as Message;
}

function mentions(state: StoreState, text: string): Author[] {
  return mentionedNames(text).flatMap((name) => {
    if (name === 'all' || name === 'here') return [{ _id: name, username: name }];
    const user = userNamed(state, name);
    return user ? [{ ...authorOf(state, user), type: 'user' }] : [];
  });
}

/** A message's author, one frozen object per user (a changed user is a new object, so a new author). */
export function authorOf(state: StoreState, user: User): Author {
  let author = state.authors.get(user);
  if (!author) {
    author = Object.freeze({ _id: user._id, username: user.username, name: user.name });
    state.authors.set(user, author);
  }
  return author;
}

/** A new message's id: the clock's second, the world's middle, how many messages there have been. */
export function newMessageId(state: StoreState): string {
  return objectId(state.clock.nowMs(), state.idMiddle, state.messages.count);
}

/** A system message (`t`) as `Message.saveSystemMessage` stores one. */
export function systemMessage(
  state: StoreState,
  user: User,
  room: Room,
  t: string,
  msg: string,
  ts: string,
): Message {
  return {
    _id: newMessageId(state),
    t,
    rid: room._id,
    ts,
    msg,
    u: authorOf(state, user),
    groupable: false,
    _updatedAt: ts,
  } as Message;
}

/** The URLs of an edited text (`parseUrlsInMessage`), with the rules' `meta`. */
export function editedUrls(state: StoreState, text: string, previewUrls?: readonly string[]): unknown[] {
  return text.includes('http') ? urlsOf(text, state.rules.urlMeta, previewUrls) : NONE;
}
