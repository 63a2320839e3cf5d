import type { z } from 'zod';

import type { Problem } from '../types';
import { jsonPath } from './problems';

/**
 * zod issues as the fake's problems (JSON path and message). Type-only use of zod: checking the
 * issues of a parse costs no load of zod (start-up loads it only when a scenario needs it).
 */

/** Marks an unknown-keys message that {@link problemsOf} expands (./strict.ts writes it); never shown as it is. */
export const UNKNOWN_KEYS = '\u0000unknown-keys\u0000';

/** zod issues as problems by JSON path (under `at`); an unknown-keys issue gives one problem per key. */
export function problemsOf(issues: readonly z.core.$ZodIssue[], at: readonly PropertyKey[] = []): Problem[] {
  return issues.flatMap((issue) => {
    const path = [...at, ...issue.path];
    if (!issue.message.startsWith(UNKNOWN_KEYS)) return [{ path: jsonPath(path), message: issue.message }];
    const keys = JSON.parse(issue.message.slice(UNKNOWN_KEYS.length)) as [string, string][];
    return keys.map(([key, message]) => ({ path: jsonPath([...path, key]), message }));
  });
}
