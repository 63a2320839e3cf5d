import { success } from './operation';
import { callerOf, LIST_QUERY_ERRORS } from './params';
import { GROUPS, route } from './route-groups';
import { SYNC_THREADS_LIST_VALIDATOR, THREADS_SERVED, readSyncQuery, syncAnswer } from './threads-common';

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
  read: (context) => readSyncQuery(context, SYNC_THREADS_LIST_VALIDATOR, 'rid', 'threads-rid-missing'),
  run: (context, { id, since, page }) => {
    const threads = context.store.syncThreadsList(callerOf(context), id, since, page);
    return success({ threads });
  },
  openApi: { servedIn: THREADS_SERVED },
});
