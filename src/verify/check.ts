/** What one check of the conformance suite is: a rule, where it belongs, and how to try it on a server. */

import type { CheckContext } from './context';

export type Need =
  'user2' | 'channel' | 'probe' | 'archived' | 'integrations' | 'many-channels' | 'guest' | 'create';

export interface Check {
  id: string;
  section: string;
  rule: string;
  /** what it needs beyond the user's session (the README's table lists it) */
  needs?: readonly Need[];
  /** changes the `--channel` channel (and puts it back) */
  changes?: boolean;
  /** creates users, rooms or integrations (with `--create` only) and removes them */
  creates?: boolean;
  /** the fake's lenient mode answers otherwise, on purpose */
  lenient?: boolean;
  /** resolves to an optional note (a string); throws CheckFailure or CheckSkipped */
  run(t: CheckContext): Promise<unknown>;
}
