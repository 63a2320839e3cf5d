import { ApiError } from '../errors';
import { success } from './operation';
import type { Params } from './operation';
import { callerOf, readPagination, readRoomRef } from './params';
import { HISTORY_VALIDATOR, validated } from './schemas';
import type { HistoryWindow } from '../store/messages';
import type { RoomRef, Store } from '../store/store';
import type { Message } from '../types';
import type { Reply } from './operation';
import { GROUPS, route } from './route-groups';
import { HISTORY } from './responses';

const FIRST_YEAR = Date.parse('0000-01-01T00:00:00.000Z');
const LAST_YEAR = Date.parse('9999-12-31T23:59:59.999Z');

/** `latest` / `oldest` as the route reads them: a date, as ISO text; anything else is refused. */
function readDate(params: Params, name: string): string | undefined {
  const raw = params[name];
  if (raw === undefined || raw === null) return undefined;
  const ms = typeof raw === 'string' ? Date.parse(raw) : Number.NaN;
  if (Number.isNaN(ms))
    throw new ApiError('invalid-params', { reason: `The "${name}" query parameter must be a valid date.` });
  // stored times are four-digit years, compared as text: a date beyond them is their end
  return new Date(Math.min(Math.max(ms, FIRST_YEAR), LAST_YEAR)).toISOString();
}

/**
 * The window of a history request: dates, inclusiveness, paging, thread replies (hidden by
 * default in `channels.history`; `groups.history` shows them unless told not to).
 */
export function readWindow(params: Params, threadsByDefault = false, max?: number): HistoryWindow {
  const { offset, count } = readPagination(params, max);
  const threads =
    params.showThreadMessages === undefined ? threadsByDefault : params.showThreadMessages === 'true';
  return {
    latest: readDate(params, 'latest'),
    oldest: readDate(params, 'oldest'),
    inclusive: params.inclusive === 'true',
    offset,
    count,
    // a thread's replies stay in their thread unless asked for (or shown in the room: `tshow`)
    ...(threads ? {} : { skip: (m) => m.tmid !== undefined && m.tshow !== true }),
  };
}

/** A history request: the room, the window, and whether the unread facts are asked for (`unreads=true`). */
export interface HistoryRequest {
  ref: RoomRef;
  window: HistoryWindow;
  unreads: boolean;
}

/**
 * A history answer (`getChannelHistory`): the page, and with `unreads=true` also the first message
 * after `oldest` the page left out (`firstUnread`, absent when none) and how many it left out
 * (`unreadNotLoaded`, 0 without `oldest`).
 */
export function historyAnswer(
  store: Store,
  messages: Message[],
  window: HistoryWindow,
  unreads: boolean,
): Reply {
  if (!unreads) return success({ messages });
  const { firstUnread, unreadNotLoaded } = store.unreadsBefore(window, messages);
  return success({ messages, firstUnread, unreadNotLoaded });
}

/**
 * `GET /api/v1/channels.history`: a public channel's messages, newest first, system messages
 * included, as `{messages}`; 50 a page by default, at most 100.
 */
export default route(GROUPS.channels, {
  name: 'channels.history',
  method: 'GET',
  order: 170,
  permissions: ['preview-c-room'],
  errors: ['invalid-params', 'error-roomid-param-not-provided', 'error-room-not-found', 'room-forbidden'],
  response: HISTORY,
  reads: ['room', 'message', 'subscription'],
  validator: HISTORY_VALIDATOR,
  read: ({ input, profile }) => {
    const params = validated(profile, HISTORY_VALIDATOR, input.query);
    return { ref: readRoomRef(params), window: readWindow(params), unreads: params.unreads === 'true' };
  },
  run: (context, { ref, window, unreads }: HistoryRequest) =>
    historyAnswer(context.store, context.store.history(callerOf(context), ref, window), window, unreads),
});
