import { ApiError } from '../errors';
import { byEra } from '../eras';
import { success } from './operation';
import { callerOf, LIST_QUERY_ERRORS } from './params';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import {
  SYNC_THREADS_LIST_VALIDATOR,
  THREADS_SERVED,
  paramText,
  readThreadPage,
  checkUpdatedSinceFormat,
  readUpdatedSinceOf,
  syncAnswer,
} from './threads-common';

/**
 * `GET /api/v1/chat.syncThreadsList?rid=…&updatedSince=…`: a room's threads changed after
 * `updatedSince`, as `{threads: {update, remove}}` (`remove` always empty: the fake keeps no
 * trash of deleted messages). 5.x/6.x: `Threads Disabled`, `rid`, `updatedSince` present, a
 * date; 7.0 on the validator first. Then the room (`Not Allowed`).
 */
export default route(GROUPS.chat, {
  name: 'chat.syncThreadsList',
  method: 'GET',
  errors: [
    'threads-disabled',
    'threads-rid-missing',
    'threads-updatedsince-missing',
    'threads-updatedsince-invalid',
    'threads-not-allowed',
    ...LIST_QUERY_ERRORS,
  ],
  response: syncAnswer('threads'),
  reads: ['message', 'room', 'setting'],
  validator: SYNC_THREADS_LIST_VALIDATOR,
  read: ({ input, profile, store }) => {
    const params = validated(profile, SYNC_THREADS_LIST_VALIDATOR, input.query);
    checkUpdatedSinceFormat(profile, params);
    const checked = byEra(profile, SYNC_THREADS_LIST_VALIDATOR) !== undefined;
    const rid = paramText(params, 'rid');
    store.requireThreads();
    if (!checked && rid === '') throw new ApiError('threads-rid-missing');
    const since = readUpdatedSinceOf(params, checked);
    const { fields: _fields, query: _query, ...at } = readThreadPage(profile, store, params);
    return { rid, since, page: at };
  },
  run: (context, { rid, since, page: at }) => {
    const threads = context.store.syncThreadsList(callerOf(context), rid, since, at);
    return success({ threads });
  },
  openApi: { servedIn: THREADS_SERVED },
});
