/**
 * The conformance suite: every rule of Rocket.Chat's wire behaviour that a client can observe on
 * the operations the fake implements, written once. The project's own
 * tests run it against the fake; `rocketchat-fake verify` runs it against any server.
 *
 * A check changes nothing on the server unless it is marked `changes` (those run only on the
 * channel given with `--channel`, which the run puts back) or `creates` (those run only with
 * `--create`, and what they create is removed). Where a check needs what the server may
 * lack (a second user, an archived channel, a channel with integrations), it is skipped with a note.
 */

import type { Check } from './check';
import { CHAT_CHECKS } from './checks/chat';
import { LIST_CHECKS } from './checks/channels-list';
import { INTEGRATION_CHECKS } from './checks/integrations';
import { MESSAGING_CHECKS } from './checks/messaging';
import { READ_ONLY_CHECKS } from './checks/read-only';
import { SESSION_CHECKS } from './checks/session';
import { SET_TYPE_CHECKS } from './checks/set-type';
import { WORLD_CHECKS } from './checks/world';

export type { Check, Need } from './check';

/** Every check, in the order a run reports them. */
export const CHECKS: readonly Check[] = [
  ...SESSION_CHECKS,
  ...LIST_CHECKS,
  ...INTEGRATION_CHECKS,
  ...READ_ONLY_CHECKS,
  ...SET_TYPE_CHECKS,
  ...CHAT_CHECKS,
  ...MESSAGING_CHECKS,
  ...WORLD_CHECKS,
];
