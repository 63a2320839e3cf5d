import { ApiError } from '../errors';
import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { success } from './operation';
import { callerOf, readBody, textOf } from './params';
import { SUBSCRIPTIONS_READ_VALIDATOR, validated } from './schemas';
import { GROUPS, route } from './route-groups';
import { DONE } from './responses';

/** 5.x checks the body with `check(bodyParams, {rid: String})`: exactly `{rid}`. */
const MATCH_CHECKED: EraTable<boolean> = { '0.49': false, '5': true, '6': false };

/**
 * 5.x's `check(bodyParams, {rid: String})`: each key in the body's order (another than `rid` is
 * unknown, a `rid` not a string is refused), then `rid` present.
 */
function checkRidOnly(body: Readonly<Record<string, unknown>>): void {
  for (const [key, value] of Object.entries(body)) {
    if (key !== 'rid') throw new ApiError('match-error', { reason: `Unknown key in field ${key}` });
    if (typeof value !== 'string') {
      const got = value === null ? 'null' : Array.isArray(value) ? 'object' : typeof value;
      throw new ApiError('match-error', { reason: `Expected string, got ${got} in field rid` });
    }
  }
  if (!('rid' in body)) throw new ApiError('match-error', { reason: "Missing key 'rid'" });
}

/**
 * `POST /api/v1/subscriptions.read` `{rid}` (or `{roomId}`, 6.x on; with `readThreads`): the
 * caller has read the room now: `unread`, `userMentions`, `groupMentions` 0, `ls` the clock, the
 * alert off unless threads are still unread; `readThreads: true` forgets the unread threads
 * (`tunread`, `tunreadUser`, `tunreadGroup`) and turns the alert off; `{"success": true}`. A room
 * that does not exist or the caller is not in: `error-invalid-subscription`.
 */
export default route(GROUPS.subscriptions, {
  name: 'subscriptions.read',
  method: 'POST',
  order: 270,
  errors: ['subscription-invalid', 'match-error'],
  response: DONE,
  reads: ['room'],
  changes: ['subscription'],
  validator: SUBSCRIPTIONS_READ_VALIDATOR,
  read: ({ input, profile }) => {
    const raw = readBody(input.body);
    if (byEra(profile, MATCH_CHECKED)) checkRidOnly(raw);
    const body = validated(profile, SUBSCRIPTIONS_READ_VALIDATOR, raw);
    return {
      rid: textOf(body.rid !== undefined ? body.rid : body.roomId),
      readThreads: body.readThreads === true,
    };
  },
  run: (context, { rid, readThreads }) => {
    context.store.markRead(callerOf(context), rid, readThreads);
    return success({});
  },
});
