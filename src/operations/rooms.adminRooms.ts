import { ApiError } from '../errors';
import { success } from './operation';
import { LIST_QUERY, LIST_QUERY_ERRORS, callerOf, readJsonQuery, readPagination } from './params';
import { page } from './responses';
import { GROUPS, route } from './route-groups';
import { ADMIN_ROOMS_VALIDATOR, SINCE_5, withList } from './rooms-lookup';
import { validated } from './schemas';

/**
 * `GET /api/v1/rooms.adminRooms`: 8.x's typed query first; then paging and `sort` (read before
 * the permission, as the route does), then `view-room-administration` (without it a plain
 * `error-not-authorized`, 400, not 403); every room whose name or `fname` contains `filter` (any
 * case; a direct room by its members' usernames), of the `types` asked for (`c`, `p`, `d`, …,
 * `discussions`, `teams`; teams' main rooms only with `teams`), by `default` then `name` unless
 * `sort` says otherwise. Answers `{rooms, count, offset, total}`, each room with the
 * administration's fields.
 */

/** The room types `types` names besides the `t`s: discussions and teams' main rooms. */
const SPECIAL_TYPES = ['discussions', 'teams'];

function textList(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  return (Array.isArray(value) ? value : [value]).map((v) => (typeof v === 'string' ? v : String(v)));
}

export default route(GROUPS.rooms, {
  name: 'rooms.adminRooms',
  method: 'GET',
  permissions: ['view-room-administration'],
  errors: [...LIST_QUERY_ERRORS, 'invalid-params', 'admin-rooms-not-authorized'],
  response: page('rooms', { type: 'object', required: ['_id', 't'] }),
  reads: ['room'],
  validator: ADMIN_ROOMS_VALIDATOR,
  openApi: {
    servedIn: SINCE_5,
    query: {
      filter: 'text a room’s name, fname or (a direct room) member’s username contains, any case',
      types: 'room types, repeated (types[]=c&types[]=p): c, p, d, l, discussions, teams',
      ...LIST_QUERY,
    },
  },
  read: (context) => {
    const { store, profile, input } = context;
    const user = callerOf(context);
    const params = validated(profile, ADMIN_ROOMS_VALIDATOR, withList(input.query, 'types'));
    const { offset, count } = readPagination(params);
    const { sort } = readJsonQuery(params);
    if (!store.can(user, 'view-room-administration')) throw new ApiError('admin-rooms-not-authorized');
    const types = textList(params.types);
    const filter = typeof params.filter === 'string' ? params.filter.trim() : '';
    return {
      filter,
      types: types.filter((type) => !SPECIAL_TYPES.includes(type)),
      discussions: types.includes('discussions'),
      teams: types.includes('teams'),
      sort,
      offset,
      count,
    };
  },
  run: ({ store }, query) => {
    const { rooms, total } = store.adminRooms(query);
    return success({ rooms, count: rooms.length, offset: query.offset, total });
  },
});
