import { createHash } from 'node:crypto';

import { z } from 'zod';

import { globToRegExp } from '../glob';
import { parseOrThrow } from '../scenario/checks';

/**
 * Fault injection: on a route (and optionally a method), for the next N matching requests or until
 * cleared, answer with a status, wait, drop the connection, or send half a body. Ranged delays are
 * drawn from the seed, the fault and the hit number, so the same faults and requests give the same
 * outcome on every run.
 */

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'] as const;

const delay = z.union([
  z.number().int().min(0).max(60_000),
  z
    .strictObject({ min: z.number().int().min(0).max(60_000), max: z.number().int().min(0).max(60_000) })
    .refine((d) => d.min <= d.max, 'min must be <= max'),
]);

export const faultSchema = z
  .strictObject({
    path: z.string().regex(/^\/[^\s]*$/, 'a path such as /api/v1/channels.list or /api/v1/channels.*'),
    method: z
      .string()
      .transform((m) => m.toUpperCase())
      .pipe(z.enum(METHODS))
      .optional(),
    times: z.number().int().min(1).max(1_000_000).optional().describe('default: until cleared'),
    status: z.number().int().min(100).max(599).optional(),
    body: z.unknown().optional(),
    delayMs: delay.optional(),
    drop: z.literal(true).optional(),
    partial: z.literal(true).optional(),
  })
  .refine((f) => f.status !== undefined || f.delayMs !== undefined || f.drop || f.partial, {
    message: 'give at least one of status, delayMs, drop, partial',
  })
  .refine((f) => !(f.drop && (f.status !== undefined || f.partial || f.body !== undefined)), {
    message: 'drop sends nothing: it cannot go with status, body or partial',
  })
  .refine((f) => f.body === undefined || f.status !== undefined, {
    message: 'body needs a status',
    path: ['body'],
  });

/** A fault as given: see the README's fault reference. */
export type FaultInput = z.input<typeof faultSchema>;
export type FaultSpec = z.output<typeof faultSchema>;

/** An active fault. */
export interface Fault extends FaultSpec {
  id: string;
  /** requests it has applied to */
  hits: number;
  /** requests it will still apply to; `null` until cleared */
  remaining: number | null;
}

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
  #faults: { fault: Fault; matches: RegExp }[] = [];
  #count = 0;

  constructor(seed: number) {
    this.#seed = seed;
  }

  /** Validates and adds a fault (throws ScenarioError naming each problem). */
  add(input: unknown, source = 'fault()'): Fault {
    const spec = parseOrThrow(faultSchema, input, source);
    this.#count += 1;
    const fault: Fault = { ...spec, id: `fault-${this.#count}`, hits: 0, remaining: spec.times ?? null };
    this.#faults.push({ fault, matches: globToRegExp(spec.path) });
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

  /** The fault a request meets, counted as a hit (a fault whose count runs out is removed). */
  take(method: string, path: string): FaultAction | undefined {
    const entry = this.#faults.find(
      (f) => f.matches.test(path) && (f.fault.method === undefined || f.fault.method === method),
    );
    if (!entry) return undefined;
    const fault = entry.fault;
    fault.hits += 1;
    if (fault.remaining !== null) {
      fault.remaining -= 1;
      if (fault.remaining === 0) this.remove(fault.id);
    }
    const d = fault.delayMs;
    const delayMs =
      d === undefined ? 0 : typeof d === 'number' ? d : drawDelay(this.#seed, fault.id, fault.hits, d);
    return { fault: structuredClone(fault), delayMs };
  }
}
