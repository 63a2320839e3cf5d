import type { ChangeNote, RoomNote } from '../journal/changes';
import { tokenHash } from '../journal/changes';
import type { PactProviderState, World } from '../types';

/**
 * Provider states: for each recorded request, the state of the world it needs, in words a
 * provider's state handler can act on and as parameters it can read. They are derived from the
 * world's baseline and the change events each request committed (the journal's notes of them,
 * src/journal/changes.ts), replayed in order: a room changed by an earlier request is in its
 * changed state for the next, whichever route changed it.
 *
 * Layer: world (src/pact). Plain data.
 */

export type ProviderState = PactProviderState;

/** What a state hands the verifier, by name, for the request's generators. */
export const INJECTED = {
  userId: 'userId',
  authToken: 'authToken',
  password: 'password',
  roomId: 'roomId',
  hookToken: 'hookToken',
} as const;

interface RoomFacts {
  _id: string;
  name: string;
  t: string;
  ro?: boolean;
  archived?: boolean;
  creator?: string;
  /** a private group's members (a post there needs the caller among them) */
  members?: string[];
  /** made by a request (`channels.create`, the `createChannel` method): laid out as one makes it */
  created?: boolean;
}

/** A message as the requests so far left it: where, by whom, what. */
interface MessageFacts {
  _id: string;
  room: string;
  author: string;
  msg: string;
  /** made by a post (`chat.postMessage`, a webhook): it has a post's fields (`alias`, `attachments`, …) */
  posted: boolean;
}

/** An incoming webhook: its id, its token's hash (the token is never written), where it posts, as whom. */
interface HookFacts {
  _id: string;
  /** the SHA-256 of its token, in hex */
  tokenHash: string;
  name: string;
  channel: string[];
  username: string;
  enabled: boolean;
  override: boolean;
}

/** The world as the requests so far left it: rooms by name and id, users' roles. */
export class Replay {
  readonly #rooms = new Map<string, RoomFacts>();
  readonly #names = new Map<string, string>();
  readonly #roles = new Map<string, string[]>();
  readonly #messages = new Map<string, MessageFacts>();
  /** a direct room's _id → its members */
  readonly #directs = new Map<string, string[]>();
  readonly #hooks = new Map<string, HookFacts>();

  constructor(baseline: World) {
    for (const room of baseline.channels) this.addChannel(room);
    for (const user of baseline.users) this.addUser(user);
    for (const room of baseline.directs ?? []) this.#directs.set(room._id, [...room.usernames]);
    for (const message of baseline.messages ?? []) this.message(message);
    for (const i of baseline.integrations) this.addIntegration(i);
  }

  /** A room of the baseline, or one added through the control API (`POST /__admin/channels`). */
  addChannel(room: World['channels'][number]): void {
    const facts: RoomFacts = { _id: room._id, name: room.name, t: room.t };
    if (room.ro !== undefined) facts.ro = room.ro;
    if (room.archived !== undefined) facts.archived = room.archived;
    if (room.u) facts.creator = room.u.username;
    if (room.t === 'p') facts.members = [...room.usernames];
    this.#rooms.set(room.name, facts);
    this.#names.set(room._id, room.name);
  }

  /** A user of the baseline, or one added (`POST /__admin/users`). */
  addUser(user: World['users'][number]): void {
    this.#roles.set(user.username.toLowerCase(), [...user.roles]);
  }

  /** An integration of the baseline, or one added (`POST /__admin/integrations`): incoming webhooks matter. */
  addIntegration(i: World['integrations'][number]): void {
    if (i.type !== 'webhook-incoming') return;
    this.#hooks.set(i._id, {
      _id: i._id,
      tokenHash: tokenHash(i.token),
      name: i.name,
      channel: [...i.channel],
      username: i.username,
      enabled: i.enabled,
      override: i.overrideDestinationChannelEnabled,
    });
  }

  /** A message of the baseline. */
  message(message: { _id?: unknown; rid?: unknown; msg?: unknown; u?: unknown; parseUrls?: unknown }): void {
    const author = (message.u as { username?: unknown } | undefined)?.username;
    if (typeof message._id !== 'string' || typeof message.rid !== 'string' || typeof author !== 'string')
      return;
    this.#putMessage(message._id, {
      rid: message.rid,
      author,
      msg: typeof message.msg === 'string' ? message.msg : '',
      posted: 'parseUrls' in message,
    });
  }

  #putMessage(id: string, facts: { rid: string; author: string; msg: string; posted: boolean }): void {
    const room = this.#names.get(facts.rid) ?? (this.#directs.has(facts.rid) ? facts.rid : undefined);
    if (room === undefined) return;
    this.#messages.set(id, { _id: id, room, author: facts.author, msg: facts.msg, posted: facts.posted });
  }

  /** A message by id, as the requests so far left it (undefined: none, or deleted). */
  messageFacts(id: string): MessageFacts | undefined {
    return this.#messages.get(id);
  }

  /** A direct room's members, if the id names one. */
  directMembers(id: string): string[] | undefined {
    return this.#directs.get(id);
  }

  /** An incoming webhook by `_id`. */
  hook(id: string): HookFacts | undefined {
    return this.#hooks.get(id);
  }

  room(ref: { roomId?: string; roomName?: string }): RoomFacts | undefined {
    const name = ref.roomName ?? (ref.roomId !== undefined ? this.#names.get(ref.roomId) : undefined);
    return name === undefined ? undefined : this.#rooms.get(name);
  }

  roles(username: string): string[] | undefined {
    return this.#roles.get(username.toLowerCase());
  }

  /**
   * What one request changed, as its change events' notes tell it: rooms (a direct room's members
   * too) first, then the rest, so a message finds the room it was posted to even when the post
   * made the room. Subscriptions, teams and settings are in no provider state: they are passed over.
   */
  apply(notes: readonly ChangeNote[] | undefined): void {
    if (notes === undefined) return;
    for (const note of notes) if (!('omitted' in note) && note.kind === 'room') this.#room(note);
    for (const note of notes) {
      if ('omitted' in note) continue;
      if (note.kind === 'message') {
        if (note.op === 'removed') this.#messages.delete(note.id);
        else this.#putMessage(note.id, note);
      } else if (note.kind === 'user') {
        this.#roles.set(note.username.toLowerCase(), [...note.roles]);
      } else if (note.kind === 'integration') {
        if (note.op === 'removed' || note.hook === undefined) this.#hooks.delete(note.id);
        else {
          const { name, channel, username, enabled, override, tokenHash: hash } = note.hook;
          this.#hooks.set(note.id, {
            _id: note.id,
            tokenHash: hash,
            name,
            channel: [...channel],
            username,
            enabled,
            override,
          });
        }
      }
    }
  }

  /** A room made, changed (renamed too) or removed. */
  #room(note: RoomNote): void {
    const { id, op } = note;
    if (note.t === 'd') {
      if (op === 'removed') this.#directs.delete(id);
      else this.#directs.set(id, [...(note.members ?? [])].sort());
      return;
    }
    const old = this.#names.get(id);
    const wasCreated = old !== undefined && this.#rooms.get(old)?.created === true;
    if (old !== undefined && (op === 'removed' || old !== note.name)) this.#rooms.delete(old);
    if (op === 'removed') {
      this.#names.delete(id);
      return;
    }
    const room: RoomFacts = { _id: id, name: note.name, t: note.t };
    // a room a request made (and a later change of it) is set up as a request makes it
    if (op === 'inserted' || wasCreated) room.created = true;
    if (note.ro !== undefined) room.ro = note.ro;
    if (note.archived !== undefined) room.archived = note.archived;
    if (note.creator !== undefined) room.creator = note.creator;
    if (note.t === 'p') room.members = [...(note.members ?? [])];
    this.#rooms.set(note.name, room);
    this.#names.set(id, note.name);
  }

  /** The room of this `_id`, as the requests so far left it (a channel or a group). */
  roomById(id: string): RoomFacts | undefined {
    const name = this.#names.get(id);
    return name === undefined ? undefined : this.#rooms.get(name);
  }
}

/** A request that needs nothing of the world: no user logged in. */
export function anonymousState(): ProviderState {
  return { name: 'no user is logged in', params: { kind: 'anonymous' } };
}

/** The caller, logged in, with the roles it has. */
export function callerState(username: string, roles: string[] | undefined): ProviderState {
  const with_ =
    roles && roles.length > 0 ? ` with the role${roles.length > 1 ? 's' : ''} ${roles.join(', ')}` : '';
  return {
    name: `${username} is logged in${with_}`,
    params: { kind: 'caller', username, ...(roles ? { roles } : {}) },
  };
}

/** The user a login names: one who can log in (a success), or one who exists or not (a refusal). */
export function loginState(
  who: { username?: string; email?: string },
  succeeded: boolean,
  exists: boolean,
): ProviderState {
  const name = who.username ?? who.email ?? '';
  const params = { kind: 'login', ...who };
  if (succeeded) return { name: `${name} can log in with the password`, params };
  return exists
    ? { name: `${name} exists`, params }
    : { name: `no user ${name}`, params: { ...params, absent: true } };
}

/** The room a request names, as it is, or its absence. */
export function roomState(
  ref: { roomId?: string; roomName?: string },
  facts: RoomFacts | undefined,
): ProviderState {
  if (!facts) {
    return ref.roomName !== undefined
      ? { name: `no room named ${ref.roomName}`, params: { kind: 'room', name: ref.roomName, absent: true } }
      : {
          name: `no room with _id ${ref.roomId ?? ''}`,
          params: { kind: 'room', _id: ref.roomId, absent: true },
        };
  }
  const kind = facts.t === 'p' ? 'a private group' : 'a public channel';
  const parts = [`${kind} named ${facts.name}`];
  parts.push(`read-only ${facts.ro === undefined ? 'unset' : String(facts.ro)}`);
  if (facts.archived) parts.push('archived');
  if (facts.creator !== undefined) parts.push(`created by ${facts.creator}`);
  if (facts.members !== undefined) parts.push(`members ${facts.members.join(', ')}`);
  return {
    name: parts.join(', '),
    params: {
      kind: 'room',
      name: facts.name,
      t: facts.t,
      ...(facts.ro !== undefined ? { ro: facts.ro } : {}),
      archived: facts.archived === true,
      ...(facts.creator !== undefined ? { creator: facts.creator } : {}),
      ...(facts.members !== undefined ? { members: facts.members } : {}),
      ...(facts.created === true ? { created: true } : {}),
    },
  };
}

/** A user who must exist (the other end of a direct message). */
export function userState(username: string): ProviderState {
  return { name: `a user ${username} exists`, params: { kind: 'user', username } };
}

/** A message by id: its room (a channel's name, or a direct room's id), author and text; or none. */
export function messageState(id: string, facts: MessageFacts | undefined, members?: string[]): ProviderState {
  if (!facts)
    return { name: `no message with _id ${id}`, params: { kind: 'message', _id: id, absent: true } };
  const where = members ? `the direct room of ${members.join(' and ')}` : facts.room;
  return {
    name: `a message ${id} by ${facts.author} in ${where}: ${facts.msg}`,
    params: {
      kind: 'message',
      _id: id,
      author: facts.author,
      msg: facts.msg,
      ...(facts.posted ? { posted: true } : {}),
      ...(members ? { direct: members } : { room: facts.room }),
    },
  };
}

/** A direct room between users (its _id injected: another server gives another). */
export function directState(members: string[]): ProviderState {
  return {
    name: `a direct room of ${members.join(' and ')}`,
    params: { kind: 'direct', usernames: members },
  };
}

/** An incoming webhook as it is (its token injected, never written). */
export function hookState(facts: HookFacts | undefined, id: string): ProviderState {
  if (!facts)
    return { name: `no incoming webhook ${id}`, params: { kind: 'incoming-webhook', _id: id, absent: true } };
  return {
    name: `an incoming webhook ${facts.name} (${facts._id}) posting to ${facts.channel.join(', ')} as ${facts.username}${facts.enabled ? '' : ', disabled'}`,
    params: {
      kind: 'incoming-webhook',
      _id: facts._id,
      name: facts.name,
      channel: facts.channel,
      username: facts.username,
      enabled: facts.enabled,
      overrideDestinationChannelEnabled: facts.override,
    },
  };
}
