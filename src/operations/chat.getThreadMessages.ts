import { ApiError } from '../errors';
import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { success } from './operation';
import { callerOf, LIST_QUERY_ERRORS } from './params';
import { MESSAGE, page } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import {
  THREAD_MESSAGES_VALIDATOR,
  THREADS_SERVED,
  paramText,
  readThreadPage,
  shown,
} from './threads-common';

/** The newest 8.x leaves hidden replies out (`_hidden: {$ne: true}`). */
const HIDES_HIDDEN: EraTable<boolean> = { '0.49': false, '8': true };

/**
 * `GET /api/v1/chat.getThreadMessages?tmid=…`: a thread's replies (not its root), oldest first, a
 * page as `{messages, count, offset, total}`, as stored (`starred` not cut to the caller's). 5.x
 * and 6.x check `Threads_enabled` first, then `tmid`; 7.0 on the validator first. Then the root
 * (`Invalid Message`) and its room (`Not Allowed`). 8.8 on: `aroundId`, a reply the page is
 * centred on (its offset answered as resolved).
 */
export default route(GROUPS.chat, {
  name: 'chat.getThreadMessages',
  method: 'GET',
  errors: [
    'threads-disabled',
    'threads-tmid-missing',
    'threads-invalid-message',
    'threads-not-allowed',
    'threads-around-not-in-thread',
    ...LIST_QUERY_ERRORS,
  ],
  response: page('messages', MESSAGE),
  reads: ['message', 'room', 'setting'],
  validator: THREAD_MESSAGES_VALIDATOR,
  read: ({ input, profile, store }) => {
    const params = validated(profile, THREAD_MESSAGES_VALIDATOR, input.query);
    const tmid = paramText(params, 'tmid');
    if (byEra(profile, THREAD_MESSAGES_VALIDATOR) === undefined) {
      store.requireThreads();
      if (tmid === '') throw new ApiError('threads-tmid-missing');
    }
    const { fields, ...at } = readThreadPage(profile, store, params);
    const aroundId = paramText(params, 'aroundId');
    return {
      tmid,
      page: at,
      fields,
      hidden: byEra(profile, HIDES_HIDDEN),
      ...(aroundId !== '' ? { aroundId } : {}),
    };
  },
  run: (context, { tmid, page: at, fields, hidden, aroundId }) => {
    const found = context.store.threadMessages(callerOf(context), tmid, at, hidden, aroundId);
    const { messages, total, offset } = found;
    return success({ messages: shown(messages, fields), count: messages.length, offset, total });
  },
  openApi: { servedIn: THREADS_SERVED },
});
