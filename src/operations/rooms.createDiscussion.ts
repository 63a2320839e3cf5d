import createDiscussion, { discussionResult } from '../commands/createDiscussion';
import type { CreateDiscussionArgs } from '../commands/createDiscussion';
import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import { success } from './operation';
import { callerOf, readBody } from './params';
import { answer, str } from './responses';
import { GROUPS, route } from './route-groups';
import { SINCE_5 } from './rooms-lookup';
import { validated } from './schemas';
import type { Validator } from './validator';

/**
 * `POST /api/v1/rooms.createDiscussion`: the body's hand checks to 7.x (`prid`, `t_name`, `users`,
 * `encrypted`, each a plain failure), 8.x's typed body; then the `createDiscussion` command
 * (src/commands/createDiscussion.ts). Answers `{discussion}`: the new room as `createRoom` returns
 * it. Every refusal of the method is a 400 (no route permission: the method checks its own).
 */

const nullable = (type: string): object => ({ type, nullable: true });

/** rest-typings' `RoomsCreateDiscussionProps`, 8.x's typed route (`t_name` may be empty, or null). */
const CREATE_DISCUSSION_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '8': {
    schema: {
      type: 'object',
      properties: {
        prid: str,
        pmid: nullable('string'),
        t_name: nullable('string'),
        users: { type: 'array', items: str, nullable: true },
        encrypted: nullable('boolean'),
        reply: nullable('string'),
        topic: nullable('string'),
      },
      required: ['prid', 't_name'],
      additionalProperties: false,
    },
    coerce: true,
    form: 'body',
  },
};

/** `topic` is read from 7.x (5.x and 6.x leave it, the topic is the parent's name). */
const TOPIC: EraTable<boolean> = { '0.49': false, '7': true };

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** A discussion as `createRoom` returns it. */
const DISCUSSION = {
  type: 'object',
  required: ['rid', '_id', 'fname', 'name', 't', 'prid', 'encrypted', 'msgs', 'usersCount', 'u', 'ts', 'ro'],
  properties: {
    rid: str,
    inserted: { const: true },
    _id: str,
    fname: str,
    name: str,
    t: { enum: ['c', 'p'] },
    prid: str,
    encrypted: { type: 'boolean' },
    msgs: { const: 0 },
    usersCount: { const: 0 },
    ro: { const: false },
  },
};

export default route(GROUPS.rooms, {
  name: 'rooms.createDiscussion',
  method: 'POST',
  permissions: ['start-discussion', 'start-discussion-other-user'],
  errors: [
    'discussion-prid-required',
    'discussion-tname-required',
    'discussion-users-not-array',
    'discussion-encrypted-not-boolean',
    'discussion-not-allowed',
    'follow-invalid-message',
    'discussion-root-mismatch',
    'discussion-cannot-send',
    'discussion-nested',
    'discussion-encrypted-reply',
    'rooms-limit-reached',
    'members-limit-reached',
  ],
  response: answer({ discussion: DISCUSSION }),
  reads: ['room', 'message', 'setting'],
  changes: ['room', 'subscription', 'message'],
  validator: CREATE_DISCUSSION_VALIDATOR,
  read: ({ input, profile }): CreateDiscussionArgs => {
    const body = validated(profile, CREATE_DISCUSSION_VALIDATOR, readBody(input.body));
    const { prid, t_name: title, users, encrypted } = body;
    if (byEra(profile, CREATE_DISCUSSION_VALIDATOR) === undefined) {
      if (!prid) throw new ApiError('discussion-prid-required');
      if (!title) throw new ApiError('discussion-tname-required');
      if (users && !Array.isArray(users)) throw new ApiError('discussion-users-not-array');
      if (encrypted !== undefined && typeof encrypted !== 'boolean')
        throw new ApiError('discussion-encrypted-not-boolean');
    }
    const pmid = text(body.pmid);
    const reply = text(body.reply);
    const topic = byEra(profile, TOPIC) ? text(body.topic) : undefined;
    return {
      prid: String(prid),
      title: text(title) ?? '',
      // the usernames given, those that are something (`users.filter(Boolean)`)
      users: Array.isArray(users) ? users.filter((u): u is string => typeof u === 'string' && u !== '') : [],
      ...(pmid ? { pmid } : {}),
      ...(reply !== undefined ? { reply } : {}),
      ...(typeof encrypted === 'boolean' ? { encrypted } : {}),
      ...(topic !== undefined ? { topic } : {}),
    };
  },
  run: (context, args) => {
    const room = createDiscussion.run({ ...context, user: callerOf(context) }, args);
    return success({ discussion: discussionResult(room, context.profile) });
  },
  openApi: { servedIn: SINCE_5 },
});
