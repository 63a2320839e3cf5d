import { operation, success } from './operation';
import { ROOM_REF_QUERY, callerOf, readRoomRef } from './params';
import { readWindow } from './channels.history';

/**
 * `GET /api/v1/groups.history`: a private group's messages, newest first, for its members
 * (anyone else: the group is not found); thread replies shown unless `showThreadMessages=false`.
 */
export default operation({
  name: 'groups.history',
  method: 'GET',
  path: '/api/v1/groups.history',
  auth: true,
  rateLimited: true,
  bodyRule: 'strict',
  changesState: false,
  // the group route's own default page is 20 (channels.history's is 50)
  read: ({ input }) => ({
    ref: readRoomRef(input.query),
    window: readWindow(input.query.count === undefined ? { ...input.query, count: '20' } : input.query, true),
  }),
  openApi: {
    query: {
      ...ROOM_REF_QUERY,
      latest: 'the newest time to include (ISO 8601; default now)',
      oldest: 'the oldest time to include (ISO 8601)',
      inclusive: 'true: the messages at latest and oldest too',
      count: 'how many (default 20, at most 100)',
      offset: 'how many to skip',
      showThreadMessages: 'false: thread replies not shown in the room are left out (default true)',
    },
  },
  run: (context, { ref, window }) =>
    success({ messages: context.store.groupHistory(callerOf(context), ref, window) }),
});
