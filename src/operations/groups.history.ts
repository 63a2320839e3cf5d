import { ROOM_REF_QUERY, callerOf, readRoomRef } from './params';
import { historyAnswer, readWindow } from './channels.history';
import { GROUPS, route } from './route-groups';
import { HISTORY } from './responses';

/**
 * `GET /api/v1/groups.history`: a private group's messages, newest first, for its members
 * (anyone else: the group is not found); thread replies shown unless `showThreadMessages=false`.
 */
export default route(GROUPS.groups, {
  name: 'groups.history',
  method: 'GET',
  order: 230,
  errors: ['invalid-params', 'error-room-param-not-provided', 'error-group-not-found'],
  response: HISTORY,
  reads: ['room', 'message', 'subscription'],
  // the group route reads `count` itself: 20 by default, and no upper bound (channels.history's
  // pages are 50, at most 100)
  read: ({ input }) => ({
    ref: readRoomRef(input.query),
    window: readWindow(
      input.query.count === undefined ? { ...input.query, count: '20' } : input.query,
      true,
      Number.POSITIVE_INFINITY,
    ),
    // `unreads` is read as the route reads it: any value but none asks
    unreads: input.query.unreads !== undefined && input.query.unreads !== '',
  }),
  openApi: {
    query: {
      ...ROOM_REF_QUERY,
      latest: 'the newest time to include (ISO 8601; default now)',
      oldest: 'the oldest time to include (ISO 8601)',
      inclusive: 'true: the messages at latest and oldest too',
      count: 'how many (default 20; no upper bound on this route)',
      unreads: 'given: also firstUnread and unreadNotLoaded (the messages after oldest the page left out)',
      offset: 'how many to skip',
      showThreadMessages: 'false: thread replies not shown in the room are left out (default true)',
    },
  },
  run: (context, { ref, window, unreads }) =>
    historyAnswer(context.store, context.store.groupHistory(callerOf(context), ref, window), window, unreads),
});
