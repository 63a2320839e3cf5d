import { byEra } from '../eras';
import { ApiError } from '../errors';
import type { Profile } from '../profiles';
import type { JsonObject } from '../store/query';
import type { Store } from '../store/store';
import type { AnyRoom, Message, Room, User } from '../types';
import { command } from './command';
import { roomLayoutOf } from './createChannel';

/**
 * `createDiscussion` (Rocket.Chat's, which `rooms.createDiscussion` and the realtime method call):
 * `Discussion_enabled`, then `start-discussion` or `start-discussion-other-user` in the parent;
 * the message it starts from (`pmid`: in the parent or one of its discussions); the parent's
 * `canSendMessage` (its refusal re-thrown as a one-argument error); no discussion under a
 * discussion; an encrypted discussion takes no reply. Then the domain's one write
 * (src/store/discussions.ts), its room laid out as the release line lays out a new room; past
 * the world's rooms bound it is refused as every new room is.
 */
export interface CreateDiscussionArgs {
  /** the parent room; the realtime method may leave it out and name `pmid` alone */
  readonly prid?: string;
  readonly pmid?: string;
  /** `t_name` */
  readonly title: string;
  readonly reply?: string;
  readonly users: readonly string[];
  /** none: the parent's */
  readonly encrypted?: boolean;
  /** rooms.createDiscussion's, 7.x on; none: the parent's name */
  readonly topic?: string;
}

const NAME = 'createDiscussion';
/** The details of the refusals of `create` (the method's inner function). */
const CREATION = { method: 'DiscussionCreation' };

/** `getParentRoom`: a message's room, or that room's parent when it is a discussion. */
function rootOf(store: Store, message: Message): AnyRoom | undefined {
  const room = store.anyRoom(message.rid);
  return room && typeof room.prid === 'string' ? store.anyRoom(room.prid) : room;
}

/**
 * `canSendMessage(prid)`: the room, its access, read-only (unless the caller may post there or
 * was unmuted), a mute; the refusal's text as `create` re-throws it.
 */
function checkCanSend(store: Store, user: User, rid: string): AnyRoom {
  const refuse = (reason: string): ApiError => new ApiError('discussion-cannot-send', { reason });
  const room = store.anyRoom(rid);
  if (!room) throw refuse('error-invalid-room');
  if (!store.maySee(user, room)) throw refuse('error-not-allowed');
  if (room.t === 'd') return room;
  if (room.ro === true && !store.can(user, 'post-readonly', room)) {
    const unmuted = Array.isArray(room.unmuted) ? (room.unmuted as unknown[]) : [];
    if (!unmuted.includes(user.username))
      throw refuse("You can't send messages because the room is readonly.");
  }
  if (room.muted.includes(user.username)) throw refuse('You_have_been_muted');
  return room;
}

export default command<CreateDiscussionArgs, Room>({
  name: NAME,
  run({ store, profile, user }, args) {
    if (!store.settings().Discussion_enabled) throw new ApiError('discussion-not-allowed', { method: NAME });
    const scope = args.prid === undefined ? undefined : store.anyRoom(args.prid);
    if (!store.can(user, 'start-discussion', scope) && !store.can(user, 'start-discussion-other-user', scope))
      throw new ApiError('discussion-not-allowed', { method: NAME });
    let prid = args.prid;
    let message: Message | undefined;
    if (args.pmid) {
      message = store.messageById(args.pmid);
      if (!message) throw new ApiError('follow-invalid-message', CREATION);
      if (prid) {
        if (rootOf(store, message)?._id !== prid) throw new ApiError('discussion-root-mismatch');
      } else prid = message.rid;
    }
    if (!prid) throw new ApiError('discussion-parent-missing');
    const parent = checkCanSend(store, user, prid);
    if (typeof parent.prid === 'string') throw new ApiError('discussion-nested');
    const encrypted = typeof args.encrypted === 'boolean' ? args.encrypted : parent.encrypted === true;
    if (encrypted && args.reply) throw new ApiError('discussion-encrypted-reply');
    return store.createDiscussion(
      {
        parent,
        creator: user,
        title: args.title,
        ...(message ? { message } : {}),
        ...(args.reply !== undefined ? { reply: args.reply } : {}),
        users: args.users,
        encrypted,
        ...(args.topic !== undefined ? { topic: args.topic } : {}),
      },
      roomLayoutOf(profile),
    );
  },
});

/** `createRoom`'s answer: 5.x's `{rid, …room}`; 6.x on `{rid, inserted: true, …room}`. */
const INSERTED = { '0.49': false, '6': true };

/**
 * The discussion as `createRoom` returns it (the REST answer's `discussion`, the method's result):
 * the room as inserted, its `usersCount` still 0 (the members are counted in the stored room
 * only), none of the fake's own fields.
 */
export function discussionResult(room: Room, profile: Profile): JsonObject {
  const { usernames, sysMes, joinCodeRequired, muted, ...props } = room;
  const stored: Record<string, unknown> = { ...props, usersCount: 0 };
  const head: Record<string, unknown> = byEra(profile, INSERTED)
    ? { rid: room._id, inserted: true }
    : { rid: room._id };
  return { ...head, ...stored } as JsonObject;
}
