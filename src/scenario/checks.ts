import type { z } from 'zod';

import type { Problem } from './problems';
import { ScenarioError, jsonPath } from './problems';
import { problemsOf } from './issues';

/** Checks shared by whole scenarios and single added entities. */

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** How deep a scenario or control document may nest; deeper is refused, not recursed into. */
export const MAX_DEPTH = 64;

/** A place in a document: its key and its parent's place (the root has none); a path made only when told. */
interface Place {
  readonly key: PropertyKey;
  readonly parent: Place | undefined;
  readonly depth: number;
}

function pathOf(root: readonly PropertyKey[], place: Place | undefined): PropertyKey[] {
  const keys: PropertyKey[] = [];
  for (let at = place; at; at = at.parent) keys.push(at.key);
  return [...root, ...keys.reverse()];
}

/**
 * Keys that could reach an object's prototype if copied (`__proto__`, `constructor`,
 * `prototype`) are refused wherever they appear, and so is nesting deeper than {@link MAX_DEPTH}.
 * Iterative, so no document can exhaust the stack here; a value's path is made only for a problem
 * (a large scenario has millions of values: a path each was most of its load's garbage).
 */
export function findForbiddenKeys(value: unknown, path: PropertyKey[], out: Problem[]): void {
  const values: unknown[] = [value];
  const places: (Place | undefined)[] = [undefined];
  while (values.length > 0 && out.length < 100) {
    const current = values.pop();
    const place = places.pop();
    if (typeof current !== 'object' || current === null) continue;
    const depth = path.length + (place?.depth ?? 0);
    if (depth > MAX_DEPTH) {
      out.push({ path: jsonPath(pathOf(path, place)), message: `nested deeper than ${MAX_DEPTH} levels` });
      continue;
    }
    const childDepth = (place?.depth ?? 0) + 1;
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1) {
        const child: unknown = current[i];
        if (typeof child !== 'object' || child === null) continue;
        values.push(child);
        places.push({ key: i, parent: place, depth: childDepth });
      }
      continue;
    }
    const keys = Object.keys(current);
    for (let i = keys.length - 1; i >= 0; i -= 1) {
      const key = keys[i] as string;
      if (FORBIDDEN_KEYS.has(key)) {
        out.push({
          path: jsonPath(pathOf(path, { key, parent: place, depth: childDepth })),
          message: `the key "${key}" is not allowed`,
        });
        continue;
      }
      const child = (current as Record<string, unknown>)[key];
      if (typeof child !== 'object' || child === null) continue;
      values.push(child);
      places.push({ key, parent: place, depth: childDepth });
    }
  }
}

/** Why an integration's `channel` entry does not resolve, or `undefined` when it does. */
export function targetProblem(
  target: string,
  world: {
    hasRoomName(name: string): boolean;
    hasUsername(name: string): boolean;
    hasRoomId(id: string): boolean;
    hasUserId(id: string): boolean;
  },
): string | undefined {
  const name = target.slice(1);
  const ok =
    ALL_ROOMS.includes(target) ||
    (target.startsWith('#') && (world.hasRoomName(name) || world.hasRoomId(name))) ||
    (target.startsWith('@') && (world.hasUsername(name) || world.hasUserId(name)));
  return ok
    ? undefined
    : `"${target}" is not "#<room name or _id>", "@<username or user _id>", ${ALL_ROOMS.map((t) => `"${t}"`).join(', ')} of this world`;
}

/** The outgoing webhook targets that name every room of a kind. */
const ALL_ROOMS = ['all_public_channels', 'all_private_groups', 'all_direct_messages'];

/**
 * A type that compiles only when `A` and `B` are assignable both ways: it holds a hand-written
 * published type (src/types.ts) and the schema that checks such values to the same shape.
 */
export type SameType<A extends B, B extends C, C = A> = [A, B];

/**
 * Refuses prototype keys, then parses with a zod schema; every problem by JSON path, or the value.
 * `what` names the document in the error (`invalid fault POST /__admin/faults …`).
 */
export function parseOrThrow<S extends z.ZodType>(
  schema: S,
  input: unknown,
  source: string,
  what = 'scenario',
): z.output<S> {
  const problems: Problem[] = [];
  findForbiddenKeys(input, [], problems);
  if (problems.length > 0) throw new ScenarioError(source, problems, what);
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    throw new ScenarioError(source, problemsOf(parsed.error.issues), what);
  }
  return parsed.data;
}
