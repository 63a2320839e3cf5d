import cleanRoomHistory from '../commands/cleanRoomHistory';
import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import { success } from './operation';
import { callerOf, readBody } from './params';
import { answer } from './responses';
import { GROUPS, route } from './route-groups';
import { SINCE_5, findRoomByIdOrName, mayAccess } from './rooms-lookup';
import { validated } from './schemas';
import type { Validator } from './validator';

const str = { type: 'string' } as const;
const bool = { type: 'boolean' } as const;

/** rest-typings' body (the same in 6.x, 7.x and 8.x): `roomId`, `latest`, `oldest` required. */
const CLEAN_SCHEMA = {
  type: 'object',
  properties: {
    roomId: str,
    latest: str,
    oldest: str,
    inclusive: bool,
    excludePinned: bool,
    filesOnly: bool,
    users: { type: 'array', items: str },
    limit: { type: 'number' },
    ignoreDiscussion: bool,
    ignoreThreads: bool,
  },
  required: ['roomId', 'latest', 'oldest'],
  additionalProperties: false,
};

/** The legacy validator (5.x's unverified), 8.x's typed body. */
const CLEAN_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '5': { schema: CLEAN_SCHEMA, coerce: true, form: 'legacy' },
  '8': { schema: CLEAN_SCHEMA, coerce: true, form: 'body' },
};

/** The route's own access check came with 7.x. */
const ACCESS_CHECK: EraTable<boolean> = { '0.49': false, '7': true };

/** `[true, 'true', 1, '1'].includes(value)`. */
const truthy = (value: unknown): boolean => [true, 'true', 1, '1'].includes(value as never);

/**
 * `POST /api/v1/rooms.cleanHistory`: the validator, the room by id or name (archived refused), from
 * 7.x the caller's access, the route's own `latest` / `oldest` checks, then `cleanRoomHistory`
 * (its permission is the method's 400, not a route's 403) with the route's values: `inclusive`
 * false unless given, each flag true only as `true`, `"true"`, `1` or `"1"` (absent: false, so
 * replies and discussions' messages go too). Answers `{_id, count}`.
 */
export default route(GROUPS.rooms, {
  name: 'rooms.cleanHistory',
  method: 'POST',
  permissions: ['clean-channel-history'],
  errors: [
    'error-roomid-param-not-provided',
    'error-room-not-found',
    'error-room-archived',
    'clean-no-access',
    'clean-latest-required',
    'clean-oldest-required',
    'room-not-allowed',
  ],
  response: answer({ _id: { type: 'string' }, count: { type: 'integer' } }),
  reads: ['room', 'message'],
  changes: ['message', 'room'],
  validator: CLEAN_VALIDATOR,
  read: ({ input, profile, store, caller }) => {
    const body = validated(profile, CLEAN_VALIDATOR, readBody(input.body));
    const room = findRoomByIdOrName(store, profile, body, true);
    const user = callerOf({ caller });
    if (byEra(profile, ACCESS_CHECK) && !mayAccess(store, profile, user, room))
      throw new ApiError('clean-no-access');
    const latest = typeof body.latest === 'string' ? body.latest : '';
    const oldest = typeof body.oldest === 'string' ? body.oldest : '';
    if (latest === '') throw new ApiError('clean-latest-required');
    if (oldest === '') throw new ApiError('clean-oldest-required');
    const users = Array.isArray(body.users)
      ? body.users.filter((u): u is string => typeof u === 'string')
      : [];
    return {
      roomId: room._id,
      // `new Date(…)`: an invalid date matches no message
      latest: Date.parse(latest),
      oldest: Date.parse(oldest),
      inclusive: body.inclusive === true,
      limit: typeof body.limit === 'number' ? Math.max(0, Math.trunc(body.limit)) : 0,
      excludePinned: truthy(body.excludePinned),
      filesOnly: truthy(body.filesOnly),
      ignoreThreads: truthy(body.ignoreThreads),
      ignoreDiscussion: truthy(body.ignoreDiscussion),
      fromUsers: users,
    };
  },
  run: (context, args) => {
    const count = cleanRoomHistory.run({ ...context, user: callerOf(context) }, args);
    return success({ _id: args.roomId, count });
  },
  openApi: { servedIn: SINCE_5 },
});
