import { ApiError } from '../errors';
import type { EraTable } from '../eras';
import type { Command } from '../commands/command';
import type { FollowArgs } from '../commands/followMessage';
import { MESSAGE_ACTIONS_SERVED } from './message-actions-common';
import { success } from './operation';
import { callerOf, readBody } from './params';
import { DONE } from './responses';
import type { RouteSpec } from './route-groups';
import { validated } from './schemas';
import type { Validator } from './validator';

const midOnly = (mid: object): Validator['schema'] => ({
  type: 'object',
  properties: { mid },
  required: ['mid'],
  additionalProperties: false,
});

/** `{mid}`: hand checked to 6.x; rest-typings' from 7.0, `minLength` 1 from 7.10, typed from 8.6. */
const FOLLOW_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '7': { schema: midOnly({ type: 'string' }), coerce: true, form: 'legacy' },
  '7.10': { schema: midOnly({ type: 'string', minLength: 1 }), coerce: true, form: 'legacy' },
  '8.6': { schema: midOnly({ type: 'string', minLength: 1 }), coerce: true, form: 'body' },
};

/**
 * The declaration of `chat.followMessage` or `chat.unfollowMessage`: the validator (7.0 on), an
 * empty `mid` (the one-argument error: `[The required "mid" body param is missing.]`), then the
 * command; answers `{success: true}`.
 */
export function followRoute(name: string, run: Command<FollowArgs, undefined>): RouteSpec<FollowArgs> {
  return {
    name,
    method: 'POST',
    errors: ['follow-mid-missing', 'follow-not-allowed', 'follow-invalid-message'],
    response: DONE,
    reads: ['message', 'room', 'setting'],
    changes: ['message'],
    validator: FOLLOW_VALIDATOR,
    read: ({ input, profile }) => {
      const body = validated(profile, FOLLOW_VALIDATOR, readBody(input.body));
      const mid = typeof body.mid === 'string' ? body.mid : '';
      if (mid === '') throw new ApiError('follow-mid-missing');
      return { mid };
    },
    run: (context, args) => {
      run.run({ ...context, user: callerOf(context) }, args);
      return success({});
    },
    openApi: { servedIn: MESSAGE_ACTIONS_SERVED },
  };
}
