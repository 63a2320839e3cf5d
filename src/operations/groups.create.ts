import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import { ROOM_NAME_REFUSALS } from '../store/rooms';
import createPrivateGroup from '../commands/createPrivateGroup';
import type { CreatePrivateGroupArgs } from '../commands/createPrivateGroup';
import { isPlainObject } from '../store/query';
import type { JsonObject } from '../store/query';
import { LAYOUT, created, createdSchema, matchError } from './channels.create';
import { success } from './operation';
import type { OperationContext, Params } from './operation';
import { callerOf, readBody } from './params';
import { answer } from './responses';
import { GROUPS, route } from './route-groups';

/**
 * `POST /api/v1/groups.create`: to 6.x the route's own `create-p` check first (before the body: a
 * bare 403); from 7.x the route checks nothing of its own and the method refuses with its 400
 * `error-not-allowed` (the route's catch compares the reason with the error's name, so its 403
 * branch never fires). Then the route's parameter checks, then the `createPrivateGroup` command
 * (src/commands/createPrivateGroup.ts). Answers `{group}` as the new room is stored.
 */

/** The route checks `create-p` itself (before the body) to 6.x. */
const ROUTE_PERMISSION: EraTable<boolean> = { '0.49': true, '7': false };
/** `extraData` is read (and checked) from 5.x. */
const EXTRA_DATA: EraTable<boolean> = { '0.49': false, '5': true };
/** `excludeSelf` is read from 7.x. */
const EXCLUDE_SELF: EraTable<boolean> = { '0.49': false, '7': true };

/** The body, checked as the route and then the method check it. */
function readArgs(context: OperationContext): CreatePrivateGroupArgs {
  const { store, profile } = context;
  const user = callerOf(context);
  if (byEra(profile, ROUTE_PERMISSION) && !store.can(user, 'create-p'))
    throw new ApiError('users-unauthorized');
  const body: Params = readBody(context.input.body);
  const { name, members, customFields } = body;
  const readsExtra = byEra(profile, EXTRA_DATA);
  if (!name) throw new ApiError('group-create-name-required');
  if (members && !Array.isArray(members)) throw new ApiError('group-create-members-not-array');
  if (customFields && typeof customFields !== 'object')
    throw new ApiError('group-create-custom-fields-not-object');
  if (readsExtra && body.extraData && typeof body.extraData !== 'object')
    throw new ApiError('group-create-extra-data-not-object');
  if (typeof name !== 'string') throw matchError(name);
  const list = Array.isArray(members) ? (members as unknown[]) : [];
  list.forEach((member, i) => {
    if (typeof member !== 'string') throw matchError(member, ` in field [${i}]`);
  });
  return {
    name,
    members: list as string[],
    readOnly: body.readOnly === true,
    customFields: isPlainObject(customFields) ? (customFields as JsonObject) : {},
    extraData: readsExtra && isPlainObject(body.extraData) ? (body.extraData as JsonObject) : {},
    excludeSelf: byEra(profile, EXCLUDE_SELF) && body.excludeSelf === true,
  };
}

/** A new group as 6.x on answer it. */
const CREATED = createdSchema('p', false);

export default route(GROUPS.groups, {
  name: 'groups.create',
  method: 'POST',
  permissions: ['create-p', 'create-team-group'],
  errors: [
    'users-unauthorized',
    'group-create-name-required',
    'group-create-members-not-array',
    'group-create-custom-fields-not-object',
    'group-create-extra-data-not-object',
    'match-error',
    'team-not-found',
    'room-not-allowed',
    ...ROOM_NAME_REFUSALS,
    'rooms-limit-reached',
    'members-limit-reached',
  ],
  response: answer({ group: CREATED }),
  changes: ['room', 'subscription'],
  read: readArgs,
  run: (context, args) => {
    const room = createPrivateGroup.run({ ...context, user: callerOf(context) }, args);
    return success({ group: created(room, byEra(context.profile, LAYOUT)) });
  },
  contract: {
    roomNamed: (body) => (typeof body.name === 'string' ? body.name.trim() : undefined),
  },
});
