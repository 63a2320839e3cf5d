import type { EraTable } from '../eras';
import { success } from './operation';
import type { OperationContext } from './operation';
import { callerOf } from './params';
import { answer, str } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import { SERVED_FROM_5 } from './users-rest';
import type { Validator } from './validator';

/**
 * `GET /api/v1/users.presence` (1.1 on): with `ids` (a comma list, or repeated), those users who
 * are not offline (`full: false`); with `from` less than ten minutes before the fake clock's now,
 * the users but the caller changed since (`full: false`); else every user not offline
 * (`full: true`). Each user as `{_id, username, name, status, utcOffset, statusText, avatarETag}`,
 * those set, in stored order.
 */

/** 8.x's typings: `from` and `ids`, nothing else. */
const VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '8': {
    schema: {
      type: 'object',
      properties: { from: str, ids: { anyOf: [str, { type: 'array', items: str }] } },
      additionalProperties: false,
    },
    coerce: 'array',
    form: 'legacy',
  },
};
const TEN_MINUTES = 10 * 60 * 1000;

function readArgs(context: OperationContext): { ids?: string[]; since?: string } {
  const { profile, input, store } = context;
  const params = validated(profile, VALIDATOR, input.query);
  const { ids, from } = params;
  if (typeof ids === 'string' && ids !== '') return { ids: ids.split(',') };
  if (Array.isArray(ids) && ids.length > 0) return { ids: ids.map(String) };
  if (typeof from === 'string' && from !== '') {
    const at = new Date(from).getTime();
    if (store.clock.nowMs() - at < TEN_MINUTES) return { since: new Date(at).toISOString() };
  }
  return {};
}

const PRESENT = {
  type: 'object',
  required: ['_id'],
  properties: { _id: str, username: str, name: str, status: str, statusText: str, avatarETag: str },
};

export default route(GROUPS.users, {
  name: 'users.presence',
  method: 'GET',
  errors: ['not-found'],
  response: answer({ users: { type: 'array', items: PRESENT }, full: { type: 'boolean' } }),
  reads: ['user'],
  validator: VALIDATOR,
  openApi: {
    servedIn: SERVED_FROM_5,
    query: {
      from: 'an ISO date: the users changed since, when less than ten minutes ago',
      ids: 'user ids, comma-separated',
    },
  },
  read: readArgs,
  run: (context, query) => success(context.store.presence(callerOf(context), query)),
});
