/* eslint-disable @typescript-eslint/no-require-imports -- deferred load (src/lazy.ts) */
import { ApiError } from '../errors';
import { lazy } from '../lazy';
import type { Exchange } from '../journal/journal';
import type { PactDocument, PactInteraction, PactOptions, World } from '../types';
import type * as BuildModule from './build';
import type { AddedEntity, ContractRecorder } from './build';

/** Contracts (src/pact/build.ts): loaded when one is asked for, or a kept one records its first request. */
const buildModule = lazy(() => require('./build') as typeof BuildModule);

/**
 * A world's contract: the entities the control API added (for the replay of provider states) and,
 * for a world that keeps its contract (`keepContract`), the interactions made as the requests are
 * journaled, each distinct one once, kept across resets and past the journal's ring; else the
 * contract is made from the journal when it is asked for.
 *
 * Layer: world (src/pact).
 */
export class Contract {
  readonly #keep: boolean;
  /** the current baseline's world, which the interactions replay from */
  readonly #baseline: () => World;
  /** the journal's exchanges, oldest first */
  readonly #exchanges: () => readonly Exchange[];
  /** the entities the control API added since the last reset, for the contract's replay */
  #added: AddedEntity[] = [];
  /** with `keepContract`: the contract's interactions, distinct, made as the requests are journaled */
  readonly #kept = new Map<string, PactInteraction>();
  /** with `keepContract`: what makes them, from the current baseline (made on first use, again after a reset) */
  #recorder: ContractRecorder | undefined;

  constructor(keep: boolean, baseline: () => World, exchanges: () => readonly Exchange[]) {
    this.#keep = keep;
    this.#baseline = baseline;
    this.#exchanges = exchanges;
  }

  /** With `keepContract`, the contract's recorder for the current baseline. */
  #contractRecorder(): ContractRecorder {
    this.#recorder ??= new (buildModule().ContractRecorder)(this.#baseline(), this.#kept);
    return this.#recorder;
  }

  /** With `keepContract`: one exchange, as it was journaled, becomes its interaction. */
  record(exchange: Exchange): void {
    this.#contractRecorder().record(exchange);
  }

  /** An entity the control API added, for the contract's replay. */
  added(item: AddedEntity): void {
    if (this.#keep) this.#contractRecorder().added(item);
    else this.#added.push(item);
  }

  /** The contract as a Pact v4 document (a consumer name is required). */
  pact(options: PactOptions): PactDocument {
    if (typeof options?.consumer !== 'string' || options.consumer.trim() === '') {
      throw new ApiError('control-invalid', { reason: 'pact: a consumer name is required' });
    }
    return buildModule().pactOf(options, this.interactions());
  }

  /** With `keepContract`, every interaction since the world began; else the journal's. */
  interactions(): PactInteraction[] {
    return this.#keep
      ? [...this.#kept.values()]
      : buildModule().toInteractions(this.#exchanges(), this.#baseline(), this.#added);
  }

  /** The journal was cleared: what was added stays in the state, from now on before every request. */
  journalCleared(): void {
    this.#added = this.#added.map((item) => ({ ...item, after: 0 }));
  }

  /** A reset or a load: the next request's interaction replays from the (maybe new) baseline. */
  reset(): void {
    this.#recorder = undefined;
    this.#added = [];
  }
}
