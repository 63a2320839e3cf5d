import type { Store } from '../store/store';
import type { WorldEvent } from '../types';

/** Why a state event is sent. */
export type StateReason = Extract<WorldEvent, { type: 'state' }>['reason'];

/**
 * A world's events and who listens to them (`GET /__admin/events`, the inspector): each journal
 * entry, each change of state, each webhook attempt, each change of the stubs or faults (see
 * {@link WorldEvent}). A state event counts the entities changed since the baseline, and only when
 * someone listens.
 *
 * Layer: world.
 */
export class WorldEvents {
  readonly #listeners = new Set<(event: WorldEvent) => void>();
  /** the store version the last state event reported */
  #reported: number;

  /** `reported`: the store version the world starts at. */
  constructor(reported: number) {
    this.#reported = reported;
  }

  /** Whether anyone listens. */
  get listened(): boolean {
    return this.#listeners.size > 0;
  }

  /** Listens to the events. Returns the function that stops listening. */
  subscribe(listener: (event: WorldEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  emit(event: WorldEvent): void {
    for (const listener of this.#listeners) listener(event);
  }

  /** A state event, when someone listens (counting the changes costs a walk of the changed entities). */
  state(store: Store, reason: StateReason): void {
    this.#reported = store.version;
    if (this.#listeners.size === 0) return;
    const changes = store.changes();
    const count = (kind: { added: unknown[]; changed: unknown[]; removed: unknown[] }): number =>
      kind.added.length + kind.changed.length + kind.removed.length;
    this.emit({
      type: 'state',
      reason,
      clock: store.clock.now(),
      changed: {
        users: count(changes.users),
        channels: count(changes.channels),
        directs: count(changes.directs),
        integrations: count(changes.integrations),
        messages: count(changes.messages),
        subscriptions: count(changes.subscriptions),
      },
    });
  }

  /** A state event when the store changed since the last one reported. */
  stateIfChanged(store: Store, reason: StateReason): void {
    if (store.version !== this.#reported) this.state(store, reason);
  }
}
