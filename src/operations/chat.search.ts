import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import type { ErrorCode } from '../errors';
import { MESSAGE_ACTIONS_SERVED } from './message-actions-common';
import { success } from './operation';
import { callerOf, readPagination } from './params';
import { MESSAGE, answer } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import { SEARCH_VALIDATOR } from './search-common';

/** A room the caller may not see: 5.x/6.x read `docs` of nothing (a TypeError), 7.x on `failure()`. */
const NOT_SEEN: EraTable<ErrorCode> = { '0.49': 'search-not-allowed', '7': 'message-unknown' };

/**
 * `GET /api/v1/chat.search`: the messages of a room a search text finds (`messageSearch`), newest
 * first, a page. The validator (7.0 on), then the hand checks of `roomId` and `searchText`, then
 * the search; a room the caller may not see is each release line's failure.
 */
export default route(GROUPS.chat, {
  name: 'chat.search',
  method: 'GET',
  errors: [
    'pinned-list-roomid-missing',
    'search-text-missing',
    'search-not-allowed',
    'message-unknown',
    'search-invalid-regex',
  ],
  response: answer({ messages: { type: 'array', items: MESSAGE } }),
  reads: ['message', 'room', 'setting'],
  validator: SEARCH_VALIDATOR,
  read: ({ input, profile }) => {
    const params = validated(profile, SEARCH_VALIDATOR, input.query);
    const roomId = typeof params.roomId === 'string' ? params.roomId : '';
    const searchText = typeof params.searchText === 'string' ? params.searchText : '';
    // `getPaginationItems` first (its own refusal of a bad count), then the hand checks
    const page = readPagination(params);
    if (roomId === '') throw new ApiError('pinned-list-roomid-missing');
    if (searchText === '') throw new ApiError('search-text-missing');
    return { roomId, searchText, ...page };
  },
  run: (context, { roomId, searchText, offset, count }) => {
    const found = context.store.searchMessages(callerOf(context), roomId, searchText, { offset, count });
    if (!found) throw new ApiError(byEra(context.profile, NOT_SEEN));
    return success({ messages: found });
  },
  openApi: { servedIn: MESSAGE_ACTIONS_SERVED },
});
