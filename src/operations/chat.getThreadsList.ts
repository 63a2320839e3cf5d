import { ApiError } from '../errors';
import { byEra } from '../eras';
import { success } from './operation';
import { callerOf, LIST_QUERY_ERRORS } from './params';
import { MESSAGE, page } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import {
  THREADS_LIST_VALIDATOR,
  THREADS_SERVED,
  checkString,
  paramText,
  readThreadPage,
  shown,
} from './threads-common';

/**
 * `GET /api/v1/chat.getThreadsList?rid=…`: a room's threads (its messages with replies), newest
 * reply first, a page as `{threads, count, offset, total}`; `type=following` those the caller
 * follows, `type=unread` those unread in the caller's subscription; `text` a text the root
 * contains. 5.x checks `rid` with `check()`, 6.x with rest-typings' schema (no `sort`, `query`,
 * `fields`), 7.0 on also `type`'s two values. Then `Threads Disabled`, then the room (`Not Allowed`).
 */
export default route(GROUPS.chat, {
  name: 'chat.getThreadsList',
  method: 'GET',
  errors: ['match-error', 'threads-disabled', 'threads-not-allowed', ...LIST_QUERY_ERRORS],
  response: page('threads', MESSAGE),
  reads: ['message', 'room', 'subscription', 'setting'],
  validator: THREADS_LIST_VALIDATOR,
  read: ({ input, profile, store }) => {
    const params = validated(profile, THREADS_LIST_VALIDATOR, input.query);
    if (byEra(profile, THREADS_LIST_VALIDATOR) === undefined) {
      // `check(rid, String)`, `check(type, Match.Maybe(String))`, `check(text, Match.Maybe(String))`
      checkString(params.rid);
      for (const name of ['type', 'text'])
        if (params[name] !== undefined && typeof params[name] !== 'string') throw new ApiError('match-error');
    }
    const { fields, ...pageOf } = readThreadPage(profile, store, params);
    const type = paramText(params, 'type');
    const text = params.text === undefined ? undefined : paramText(params, 'text');
    return { rid: paramText(params, 'rid'), type, text, page: pageOf, fields };
  },
  run: (context, { rid, type, text, page: at, fields }) => {
    const filter = { ...(type !== '' ? { type } : {}), ...(text !== undefined ? { text } : {}) };
    const { threads, total } = context.store.threadsList(callerOf(context), rid, filter, at);
    return success({ threads: shown(threads, fields), count: threads.length, offset: at.offset, total });
  },
  openApi: { servedIn: THREADS_SERVED },
});
