/**
 * `rocketchat-fake/node-test`: per-file sessions for Node's own test runner. Run the files under
 * one shared fake with `rocketchat-fake -c "node --test"` (it sets `ROCKETCHAT_URL`), and in each
 * file `const session = useSession()`.
 */
import { after, afterEach, before } from 'node:test';

import type { UseSessionOptions } from './session';
import { useSession as sessionOn } from './session';
import type { TestSession } from './session';

export type { TestSession } from './session';

/** The file's own session, on node:test's `before`, `afterEach` and `after`. */
export function useSession(options: UseSessionOptions = {}): TestSession {
  return sessionOn({ before, afterEach, after }, options);
}
