import { byEra } from '../eras';
import { ApiError } from '../errors';
import { success } from './operation';
import { callerOf } from './params';
import { answer } from './responses';
import { GROUPS, route } from './route-groups';
import {
  AUTOCOMPLETE_VALIDATOR,
  OWN_SELECTOR_CHECK,
  PICKER_ITEM,
  SINCE_5,
  selectorName,
} from './rooms-lookup';
import { validated } from './schemas';

/**
 * `GET /api/v1/rooms.autocomplete.channelAndPrivate`: `selector`, a JSON object whose `name` the
 * rooms' names start with (to 7.x the route's own "required" check, 8.x's typed query); bad JSON
 * is refused with the parser's words. Answers `{items}`: at most ten channels and groups the
 * caller is in (not archived, not discussions), by name, each `{_id, fname?, name, t}`.
 */

export default route(GROUPS.rooms, {
  name: 'rooms.autocomplete.channelAndPrivate',
  method: 'GET',
  errors: ['selector-required', 'selector-invalid'],
  response: answer({ items: { type: 'array', items: PICKER_ITEM } }),
  reads: ['room', 'subscription'],
  validator: AUTOCOMPLETE_VALIDATOR,
  openApi: { servedIn: SINCE_5, query: { selector: 'JSON: {"name": "<the start of the rooms’ names>"}' } },
  read: ({ profile, input }) => {
    const params = validated(profile, AUTOCOMPLETE_VALIDATOR, input.query);
    if (byEra(profile, OWN_SELECTOR_CHECK) && !params.selector) throw new ApiError('selector-required');
    return selectorName(params.selector);
  },
  run: (context, name) =>
    success({ items: context.store.channelAndPrivateAutocomplete(callerOf(context), name) }),
});
