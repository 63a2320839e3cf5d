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
} as const;

interface RoomFacts {
  _id: string;
  name: string;
  t: string;
  ro?: boolean;
  archived?: boolean;
  creator?: string;
}

/** The world as the requests so far left it: rooms by name and id, users' roles. */
export class Replay {
  readonly #rooms = new Map<string, RoomFacts>();
  readonly #names = new Map<string, string>();
  readonly #roles = new Map<string, string[]>();

  constructor(baseline: World) {
    for (const room of baseline.channels) {
      const facts: RoomFacts = { _id: room._id, name: room.name, t: room.t };
      if (room.ro !== undefined) facts.ro = room.ro;
      if (room.archived !== undefined) facts.archived = room.archived;
      if (room.u) facts.creator = room.u.username;
      this.#rooms.set(room.name, facts);
      this.#names.set(room._id, room.name);
    }
    for (const user of baseline.users) this.#roles.set(user.username.toLowerCase(), [...user.roles]);
  }

  room(ref: { roomId?: string; roomName?: string }): RoomFacts | undefined {
    const name = ref.roomName ?? (ref.roomId !== undefined ? this.#names.get(ref.roomId) : undefined);
    return name === undefined ? undefined : this.#rooms.get(name);
  }

  roles(username: string): string[] | undefined {
    return this.#roles.get(username.toLowerCase());
  }

  /** A successful change's answer: the room as it now is. */
  changed(room: { _id?: unknown; name?: unknown; t?: unknown; ro?: unknown }): void {
    if (typeof room.name !== 'string') return;
    const facts = this.#rooms.get(room.name);
    if (!facts) return;
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
  return {
    name: parts.join(', '),
    params: {
      kind: 'room',
      name: facts.name,
      t: facts.t,
      ...(facts.ro !== undefined ? { ro: facts.ro } : {}),
      archived: facts.archived === true,
      ...(facts.creator !== undefined ? { creator: facts.creator } : {}),
    },
  };
}
