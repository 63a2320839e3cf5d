import { byEra } from '../eras';
import { ApiError } from '../errors';
import { success } from './operation';
import { LIST_QUERY, LIST_QUERY_ERRORS, callerOf, readJsonQuery, readPagination } from './params';
import { answer } from './responses';
import { GROUPS, route } from './route-groups';
import {
  AUTOCOMPLETE_PAGE_VALIDATOR,
  OWN_SELECTOR_CHECK,
  PICKER_ITEM,
  SINCE_5,
  selectorName,
} from './rooms-lookup';
import { validated } from './schemas';

/**
 * `GET /api/v1/rooms.autocomplete.channelAndPrivate.withPagination`: paging and `sort` read first,
 * then `selector` as `rooms.autocomplete.channelAndPrivate` reads it. Answers `{items, total}` (no
 * `count` nor `offset`): one page of the caller's channels and groups whose name starts so
 * (archived ones too, not discussions), by name unless `sort` says otherwise.
 */
export default route(GROUPS.rooms, {
  name: 'rooms.autocomplete.channelAndPrivate.withPagination',
  method: 'GET',
  errors: [...LIST_QUERY_ERRORS, 'invalid-params', 'selector-required', 'selector-invalid'],
  response: answer({ items: { type: 'array', items: PICKER_ITEM }, total: { type: 'integer', minimum: 0 } }),
  reads: ['room', 'subscription'],
  validator: AUTOCOMPLETE_PAGE_VALIDATOR,
  openApi: {
    servedIn: SINCE_5,
    query: { selector: 'JSON: {"name": "<the start of the rooms’ names>"}', ...LIST_QUERY },
  },
  read: ({ profile, input }) => {
    const params = validated(profile, AUTOCOMPLETE_PAGE_VALIDATOR, input.query);
    const { offset, count } = readPagination(params);
    const { sort } = readJsonQuery(params);
    if (byEra(profile, OWN_SELECTOR_CHECK) && !params.selector) throw new ApiError('selector-required');
    return { name: selectorName(params.selector), page: { sort, offset, count } };
  },
  run: (context, { name, page }) =>
    success(context.store.channelAndPrivatePage(callerOf(context), name, page)),
});
