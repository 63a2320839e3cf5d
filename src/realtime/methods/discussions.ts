import type { EraTable } from '../../eras';
import createDiscussion, { discussionResult } from '../../commands/createDiscussion';
import { toEjson } from '../ejson';
import { MeteorError, commandMethod } from '../method';
import type { Method } from '../method';

/**
 * The realtime face of discussions: `createDiscussion({prid, pmid, t_name, reply, users,
 * encrypted})`, the command `rooms.createDiscussion` runs (no `topic`: the method does not pass
 * one on).
 *
 * Layer: realtime.
 */

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * `createDiscussion(options)`: no Meteor `check`; a caller not logged in is `Invalid user` with
 * the method named `DiscussionCreation`. Answers the room as `createRoom` returns it, as EJSON.
 */
const createDiscussionMethod = commandMethod(createDiscussion, {
  check: (_params, { user }) => {
    if (!user) throw new MeteorError('error-invalid-user', 'Invalid user', { method: 'DiscussionCreation' });
  },
  args: (params) => {
    const given = params[0];
    const options = typeof given === 'object' && given !== null ? (given as Record<string, unknown>) : {};
    const { prid, pmid, t_name: title, reply, users, encrypted } = options;
    return {
      ...(text(prid) ? { prid: text(prid) as string } : {}),
      ...(text(pmid) ? { pmid: text(pmid) as string } : {}),
      title: text(title) ?? '',
      ...(text(reply) !== undefined ? { reply: text(reply) as string } : {}),
      users: Array.isArray(users) ? users.filter((u): u is string => typeof u === 'string' && u !== '') : [],
      ...(typeof encrypted === 'boolean' ? { encrypted } : {}),
    };
  },
  result: (room, { profile }) => toEjson(discussionResult(room, profile)),
  // `canSendMessage`'s refusal re-thrown with one argument: the text is the error, no reason
  refused: (error) => {
    if (error.code === 'discussion-cannot-send') throw new MeteorError(error.params.reason ?? '', undefined);
    throw error;
  },
});

/** The discussions' methods, by name (spread into METHODS, src/realtime/methods.ts). */
export const DISCUSSION_METHODS: Readonly<Record<string, Method>> = {
  [createDiscussion.name]: createDiscussionMethod,
};

/** Discussions came in 1.0: 0.49 answers the method as unknown. */
export const DISCUSSIONS_SERVED: Readonly<Record<string, EraTable<boolean>>> = {
  createDiscussion: { '0.49': false, '5': true },
};
