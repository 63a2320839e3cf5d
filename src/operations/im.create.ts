import { success } from './operation';
import { callerOf, readBody, textOf } from './params';
import { DM_CREATE_VALIDATOR, validated } from './schemas';
import { GROUPS, route } from './route-groups';
import { answer, DIRECT_ROOM } from './responses';

/**
 * `POST /api/v1/im.create` (and `dm.create`): the direct room with `username`, or with the
 * comma-separated `usernames` (a group conversation, at most 8 members with the caller), made if
 * there is none (`create-d` needed, even when it exists), as `{room: {t, rid, usernames, _id}}`.
 * `excludeSelf` leaves the caller out of a room of others.
 */
export default route(GROUPS.im, {
  name: 'im.create',
  method: 'POST',
  order: 290,
  permissions: ['create-d'],
  errors: ['direct-invalid-user', 'direct-not-allowed', 'direct-too-many'],
  response: answer({ room: DIRECT_ROOM }),
  reads: ['user'],
  changes: ['room', 'subscription'],
  validator: DM_CREATE_VALIDATOR,
  read: ({ input, profile }) => {
    const body = validated(profile, DM_CREATE_VALIDATOR, readBody(input.body));
    const names = body.usernames !== undefined ? textOf(body.usernames).split(',') : [textOf(body.username)];
    return {
      // each name trimmed, none dropped: an empty one is no user (`error-invalid-user`), as on the server
      usernames: names.map((name) => name.trim()),
      excludeSelf: body.excludeSelf === true || body.excludeSelf === 'true',
    };
  },
  run: (context, { usernames, excludeSelf }) =>
    success({ room: context.store.createDirect(callerOf(context), usernames, excludeSelf) }),
});
