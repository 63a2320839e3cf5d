import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import { success } from './operation';
import { callerOf } from './params';
import { answer } from './responses';
import { GROUPS, route } from './route-groups';
import { AVAILABLE_FOR_TEAMS_VALIDATOR, PICKER_ITEM, SINCE_5 } from './rooms-lookup';
import { validated } from './schemas';

/**
 * `GET /api/v1/rooms.autocomplete.availableForTeams`: `name`, the start of the rooms' names (to
 * 7.x optional, a list refused; 8.x's typed query requires it). Answers `{items}`: at most ten
 * rooms the caller owns (`owner` there), in no team and not discussions, by name.
 */

/** To 7.x the route checks `name` itself (optional); 8.x's typed query requires it. */
const OWN_NAME_CHECK: EraTable<boolean> = { '0.49': true, '8': false };

export default route(GROUPS.rooms, {
  name: 'rooms.autocomplete.availableForTeams',
  method: 'GET',
  errors: ['available-name-invalid'],
  response: answer({ items: { type: 'array', items: PICKER_ITEM } }),
  reads: ['room', 'subscription'],
  validator: AVAILABLE_FOR_TEAMS_VALIDATOR,
  openApi: { servedIn: SINCE_5, query: { name: 'the start of the rooms’ names' } },
  read: ({ profile, input }) => {
    const params = validated(profile, AVAILABLE_FOR_TEAMS_VALIDATOR, input.query);
    const { name } = params;
    if (byEra(profile, OWN_NAME_CHECK) && name && typeof name !== 'string')
      throw new ApiError('available-name-invalid');
    return typeof name === 'string' ? name : '';
  },
  run: (context, name) => success({ items: context.store.roomsAvailableForTeams(callerOf(context), name) }),
});
