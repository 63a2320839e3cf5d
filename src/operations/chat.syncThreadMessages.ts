import { success } from './operation';
import { callerOf, LIST_QUERY_ERRORS } from './params';
import { GROUPS, route } from './route-groups';
import { SYNC_THREAD_MESSAGES_VALIDATOR, THREADS_SERVED, readSyncQuery, syncAnswer } from './threads-common';

/**
 * `GET /api/v1/chat.syncThreadMessages?tmid=…&updatedSince=…`: a thread's replies changed after
 * `updatedSince`, as `{messages: {update, remove}}` (`remove` always empty: the fake keeps no
 * trash of deleted messages). 5.x/6.x: `Threads Disabled`, `tmid`, `updatedSince` present, a
 * date; 7.0 on the validator first (from 7.10 `updatedSince` an `iso-date-time`). Then the root
 * (`Invalid Message`) and its room (`Not Allowed`).
 */
export default route(GROUPS.chat, {
  name: 'chat.syncThreadMessages',
  method: 'GET',
  errors: [
    'threads-disabled',
    'threads-tmid-missing',
    'threads-updatedsince-missing',
    'threads-updatedsince-invalid',
    'threads-invalid-message',
    'threads-not-allowed',
    ...LIST_QUERY_ERRORS,
  ],
  response: syncAnswer('messages'),
  reads: ['message', 'room', 'setting'],
  validator: SYNC_THREAD_MESSAGES_VALIDATOR,
  read: (context) => readSyncQuery(context, SYNC_THREAD_MESSAGES_VALIDATOR, 'tmid', 'threads-tmid-missing'),
  run: (context, { id, since, page }) => {
    const messages = context.store.syncThreadMessages(callerOf(context), id, since, page);
    return success({ messages });
  },
  openApi: { servedIn: THREADS_SERVED },
});
