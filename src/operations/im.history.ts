import { callerOf, textOf } from './params';
import { historyAnswer, readWindow } from './channels.history';
import { DM_HISTORY_VALIDATOR, validated } from './schemas';
import { GROUPS, route } from './route-groups';
import { HISTORY } from './responses';

/**
 * `GET /api/v1/im.history` (and `dm.history`): a direct room's messages by `roomId`, newest first,
 * 50 a page, thread replies hidden unless `showThreadMessages=true`, as `{messages}`. A user's id
 * or username as `roomId` finds (or makes) the caller's room with that user, as the real lookup
 * does; anything else is `invalid-channel`; a room the caller is not in the bare 403.
 */
export default route(GROUPS.im, {
  name: 'im.history',
  method: 'GET',
  order: 300,
  errors: ['invalid-channel', 'room-forbidden'],
  response: HISTORY,
  reads: ['room', 'message', 'subscription'],
  validator: DM_HISTORY_VALIDATOR,
  read: ({ input, profile }) => {
    const params = validated(profile, DM_HISTORY_VALIDATOR, input.query);
    return { roomId: textOf(params.roomId), window: readWindow(params), unreads: params.unreads === 'true' };
  },
  run: (context, { roomId, window, unreads }) =>
    historyAnswer(
      context.store,
      context.store.directHistory(callerOf(context), roomId, window),
      window,
      unreads,
    ),
});
