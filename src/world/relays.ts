import type { ChangeEvent } from '../store/store';

/**
 * What a world passes on to its realtime connections as it happens: a reset or a load, every
 * change of the state (the store's change events), clients' writes to rooms' streams (typing) and
 * the events sent to single users. Each `watch` returns the function that stops.
 *
 * Layer: world.
 */

/** An event for one user's realtime connections: `<uid>/<event>` on `stream-notify-user`, with its arguments. */
export interface UserEvent {
  readonly uid: string;
  readonly event: string;
  readonly args: readonly unknown[];
}

/** A client's write to a room's stream (`stream-notify-room` `<rid>/<event>`): to its other subscribers. */
export interface RoomStreamEvent {
  readonly eventName: string;
  readonly args: readonly unknown[];
  /** the connection it came from: it does not get its own event back */
  readonly origin: object;
}

export class Relays {
  /** who is told of a reset or a load (the realtime API's sockets) */
  readonly #resetListeners = new Set<(keepLogins: boolean) => void>();
  /** who follows every change of the state (the store's change events) */
  readonly #changeListeners = new Set<(events: readonly ChangeEvent[]) => void>();
  /** who follows what clients write to rooms' streams (typing) */
  readonly #roomStreamListeners = new Set<(event: RoomStreamEvent) => void>();
  /** who follows the events sent to one user (the realtime API's `stream-notify-user`) */
  readonly #userListeners = new Set<(event: UserEvent) => void>();

  watchResets(listener: (keepLogins: boolean) => void): () => void {
    this.#resetListeners.add(listener);
    return () => this.#resetListeners.delete(listener);
  }

  /**
   * Tells each of a reset or a load (those that stop on hearing it included); `keepLogins`: a
   * reset that kept the login tokens whose user is still there (told once the new state is in place).
   */
  reset(keepLogins = false): void {
    for (const listener of [...this.#resetListeners]) listener(keepLogins);
  }

  watchChanges(listener: (events: readonly ChangeEvent[]) => void): () => void {
    this.#changeListeners.add(listener);
    return () => this.#changeListeners.delete(listener);
  }

  /** Passes a command's change events on, in order. */
  changed(events: readonly ChangeEvent[]): void {
    for (const listener of this.#changeListeners) listener(events);
  }

  watchRoomStreams(listener: (event: RoomStreamEvent) => void): () => void {
    this.#roomStreamListeners.add(listener);
    return () => this.#roomStreamListeners.delete(listener);
  }

  /** Passes a client's write to a room's stream to every connection following it. */
  emitRoomStream(event: RoomStreamEvent): void {
    for (const listener of this.#roomStreamListeners) listener(event);
  }

  watchUsers(listener: (event: UserEvent) => void): () => void {
    this.#userListeners.add(listener);
    return () => this.#userListeners.delete(listener);
  }

  /** Sends an event to one user's realtime connections. */
  notifyUser(event: UserEvent): void {
    for (const listener of this.#userListeners) listener(event);
  }
}
