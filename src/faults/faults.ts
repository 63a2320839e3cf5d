import { createHash } from 'node:crypto';

import { globPattern } from '../glob';
import type { PathPattern } from '../glob';
import { lazy } from '../lazy';
import { parseOrThrow } from '../scenario/checks';
import type { Fault } from '../types';
import type * as SchemaModule from './schema';

/** The fault schema (zod), loaded when the first fault is added. */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- deferred load (src/lazy.ts)
const schemaModule = lazy(() => require('./schema') as typeof SchemaModule);

/**
 * Fault injection: on a route (and optionally a method), for the next N matching requests or until
 * cleared, answer with a status, wait, drop the connection, or send half a body; with method `DDP`,
 * on realtime method calls by the method's name (src/realtime/connection.ts acts on them). Ranged delays are
 * drawn from the seed, the fault and the hit number, so the same faults and requests give the same
 * outcome on every run.
 */

/** What a matching request gets. */
export interface FaultAction {
  fault: Fault;
  delayMs: number;
}

function drawDelay(seed: number, id: string, hit: number, range: { min: number; max: number }): number {
  const digest = createHash('sha256').update(`${seed}\0${id}\0${hit}`).digest();
  return range.min + (digest.readUInt32BE(0) % (range.max - range.min + 1));
}

/** The faults of one world, in the order they were added (the first match applies). */
export class FaultSet {
  readonly #seed: number;
  #faults: { fault: Fault; matches: PathPattern }[] = [];
  #count = 0;
  /** requests a delay holds: each one's timer and what ends it early */
  readonly #held = new Set<{ timer: NodeJS.Timeout; cancel: () => void }>();

  /** told when a fault's count runs out (it is removed then) */
  readonly #spent: () => void;

  constructor(seed: number, spent: () => void = () => undefined) {
    this.#seed = seed;
    this.#spent = spent;
  }

  /** Validates and adds a fault (throws ScenarioError naming each problem). */
  add(input: unknown, source = 'fault()'): Fault {
    const spec = parseOrThrow(schemaModule().faultSchema, input, source, 'fault');
    this.#count += 1;
    const fault: Fault = { ...spec, id: `fault-${this.#count}`, hits: 0, remaining: spec.times ?? null };
    this.#faults.push({ fault, matches: globPattern(spec.path) });
    return structuredClone(fault);
  }

  /** How many faults are active. */
  get size(): number {
    return this.#faults.length;
  }

  list(): Fault[] {
    return this.#faults.map((f) => structuredClone(f.fault));
  }

  /** Removes one fault; false if there was none. */
  remove(id: string): boolean {
    const before = this.#faults.length;
    this.#faults = this.#faults.filter((f) => f.fault.id !== id);
    return this.#faults.length < before;
  }

  clear(): void {
    this.#faults = [];
    this.#count = 0;
  }

  /**
   * Holds a request for `delayMs`, then runs `resume`. Returns the release for a client that gave
   * up (the timer is cleared, nothing runs). {@link cancelHeld} ends every held request with its
   * `cancel` instead, so no timer outlives a reset or a stopped server.
   */
  hold(delayMs: number, resume: () => void, cancel: () => void): () => void {
    const entry = {
      timer: setTimeout(() => {
        this.#held.delete(entry);
        resume();
      }, delayMs),
      cancel,
    };
    this.#held.add(entry);
    return () => {
      if (this.#held.delete(entry)) clearTimeout(entry.timer);
    };
  }

  /** Ends every held request: its timer is cleared and its `cancel` runs. */
  cancelHeld(): void {
    const held = [...this.#held];
    this.#held.clear();
    for (const entry of held) {
      clearTimeout(entry.timer);
      entry.cancel();
    }
  }

  /** The fault a request meets, counted as a hit (a fault whose count runs out is removed). */
  take(method: string, path: string, upgrade = false): FaultAction | undefined {
    if (this.#faults.length === 0) return undefined;
    // a closeCode fault acts on realtime sockets only: an HTTP request passes it by; a realtime
    // method call (`DDP`) meets only the faults that name that method, and those only it
    const entry = this.#faults.find(
      (f) =>
        f.matches.test(path) &&
        (f.fault.method === undefined ? method !== 'DDP' : f.fault.method === method) &&
        (upgrade || f.fault.closeCode === undefined),
    );
    if (!entry) return undefined;
    const fault = entry.fault;
    fault.hits += 1;
    if (fault.remaining !== null) {
      fault.remaining -= 1;
      if (fault.remaining === 0) {
        this.remove(fault.id);
        this.#spent();
      }
    }
    const d = fault.delayMs;
    const delayMs =
      d === undefined ? 0 : typeof d === 'number' ? d : drawDelay(this.#seed, fault.id, fault.hits, d);
    return { fault: structuredClone(fault), delayMs };
  }
}
