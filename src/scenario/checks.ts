import type { z } from 'zod';

import type { Problem } from './problems';
import { ScenarioError, jsonPath } from './problems';

/** Checks shared by whole scenarios and single added entities. */

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Keys that could reach an object's prototype if copied: refused wherever they appear. */
export function findForbiddenKeys(value: unknown, path: PropertyKey[], out: Problem[]): void {
  if (typeof value !== 'object' || value === null || out.length > 100) return;
  if (Array.isArray(value)) {
    value.forEach((item, i) => findForbiddenKeys(item, [...path, i], out));
    return;
  }
  for (const key of Object.keys(value)) {
    if (FORBIDDEN_KEYS.has(key))
      out.push({ path: jsonPath([...path, key]), message: `the key "${key}" is not allowed` });
    else findForbiddenKeys((value as Record<string, unknown>)[key], [...path, key], out);
  }
}

/** Why an integration's `channel` entry does not resolve, or `undefined` when it does. */
export function targetProblem(
  target: string,
  world: { hasRoomName(name: string): boolean; hasUsername(name: string): boolean },
): string | undefined {
  const ok =
    target === 'all_public_channels' ||
    (target.startsWith('#') && world.hasRoomName(target.slice(1))) ||
    (target.startsWith('@') && world.hasUsername(target.slice(1)));
  return ok ? undefined : `"${target}" is not "#<channel>", "@<user>" or "all_public_channels" of this world`;
}

/** Refuses prototype keys, then parses with a zod schema; every problem by JSON path, or the value. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, source: string): z.output<S> {
  const problems: Problem[] = [];
  findForbiddenKeys(input, [], problems);
  if (problems.length > 0) throw new ScenarioError(source, problems);
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    throw new ScenarioError(
      source,
      parsed.error.issues.map((issue) => ({ path: jsonPath(issue.path), message: issue.message })),
    );
  }
  return parsed.data;
}
