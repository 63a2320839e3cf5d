import { ApiError } from '../errors';
import ignoreUser from '../commands/ignoreUser';
import type { IgnoreUserArgs } from '../commands/ignoreUser';
import { MESSAGE_ACTIONS_SERVED } from './message-actions-common';
import { success } from './operation';
import { callerOf } from './params';
import { DONE } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import { IGNORE_VALIDATOR } from './search-common';

/**
 * `GET /api/v1/chat.ignoreUser`: the caller ignores (or no longer ignores) a member of a room of
 * theirs. `ignore` is true when its text holds `true` or `1` (absent: true, up to 6.x; required
 * from 7.0); then the hand checks of `rid` and `userId`, then `ignoreUser`.
 */
export default route(GROUPS.chat, {
  name: 'chat.ignoreUser',
  method: 'GET',
  errors: ['ignore-rid-missing', 'ignore-userid-missing', 'ignore-invalid-subscription'],
  response: DONE,
  reads: ['room', 'subscription'],
  changes: ['subscription'],
  validator: IGNORE_VALIDATOR,
  read: ({ input, profile }): IgnoreUserArgs => {
    const params = validated(profile, IGNORE_VALIDATOR, input.query);
    const text = (value: unknown): string => (typeof value === 'string' ? value : '');
    const given = params.ignore;
    // `/true|1/.test(ignore)` on a text; absent, the default `true`
    const ignore =
      given === undefined ? true : /true|1/.test(Array.isArray(given) ? given.join() : String(given));
    const rid = text(params.rid);
    const userId = text(params.userId);
    if (rid.trim() === '') throw new ApiError('ignore-rid-missing');
    if (userId.trim() === '') throw new ApiError('ignore-userid-missing');
    return { rid, userId, ignore };
  },
  run: (context, args) => {
    ignoreUser.run({ ...context, user: callerOf(context) }, args);
    return success({});
  },
  openApi: { servedIn: MESSAGE_ACTIONS_SERVED },
});
