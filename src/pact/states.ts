import type { PactProviderState, World } from '../types';

/**
 * Provider states: for each recorded request, the state of the world it needs, in words a
 * provider's state handler can act on and as parameters it can read. They are derived from the
 * world's baseline and the entities the request touched, replayed in order: a room changed by an
 * earlier request is in its changed state for the next.
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

/** An incoming webhook: its id, its token (never written), where it posts, as whom. */
interface HookFacts {
  _id: string;
  token: string;
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
      token: i.token,
      name: i.name,
      channel: [...i.channel],
      username: i.username,
      enabled: i.enabled,
      override: i.overrideDestinationChannelEnabled,
    });
  }

  /** A message posted, sent or edited (its answer), or one of the baseline's. */
  message(message: { _id?: unknown; rid?: unknown; msg?: unknown; u?: unknown; parseUrls?: unknown }): void {
    const author = (message.u as { username?: unknown } | undefined)?.username;
    if (typeof message._id !== 'string' || typeof message.rid !== 'string' || typeof author !== 'string')
      return;
    const room = this.#names.get(message.rid) ?? (this.#directs.has(message.rid) ? message.rid : undefined);
    if (room === undefined) return;
    this.#messages.set(message._id, {
      _id: message._id,
      room,
      author,
      msg: typeof message.msg === 'string' ? message.msg : '',
      posted: 'parseUrls' in message,
    });
  }

  /** A message by id, as the requests so far left it (undefined: none, or deleted). */
  messageFacts(id: string): MessageFacts | undefined {
    return this.#messages.get(id);
  }

  /** A message deleted. */
  deleted(id: string): void {
    this.#messages.delete(id);
  }

  /** A direct room made (`im.create`, a post to `@user`): its members. */
  direct(id: string, usernames: string[]): void {
    if (!this.#directs.has(id)) this.#directs.set(id, [...usernames].sort());
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
   * A successful change's answer: the room as it now is; one the replay does not know yet was made
   * by the request (`channels.create`), and later requests find it there.
   */
  changed(room: {
    _id?: unknown;
    name?: unknown;
    t?: unknown;
    ro?: unknown;
    u?: unknown;
    usernames?: unknown;
  }): void {
    if (typeof room.name !== 'string') return;
    const facts = this.#rooms.get(room.name);
    if (!facts) {
      if (typeof room._id !== 'string' || (room.t !== 'c' && room.t !== 'p')) return;
      const creator = (room.u as { username?: unknown } | undefined)?.username;
      const members = Array.isArray(room.usernames)
        ? room.usernames.filter((u) => typeof u === 'string')
        : [];
      const made: RoomFacts = { _id: room._id, name: room.name, t: room.t, created: true };
      if (typeof room.ro === 'boolean') made.ro = room.ro;
      if (typeof creator === 'string') made.creator = creator;
      if (room.t === 'p') made.members = members;
      this.#rooms.set(room.name, made);
      this.#names.set(room._id, room.name);
      return;
    }
    if (typeof room.t === 'string') facts.t = room.t;
    if (typeof room.ro === 'boolean') facts.ro = room.ro;
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
