import { byEra } from '../eras';
import { ApiError } from '../errors';
import type { SyncQuery } from '../store/message-search';
import { MESSAGE_ACTIONS_SERVED } from './message-actions-common';
import { success } from './operation';
import { callerOf } from './params';
import { MESSAGE, answer } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import { SYNC_VALIDATOR } from './search-common';

const cursorStamp = { type: 'string', nullable: true };
const RESULT = {
  type: 'object',
  properties: {
    updated: { type: 'array', items: MESSAGE },
    deleted: {
      type: 'array',
      items: {
        type: 'object',
        properties: { _id: { type: 'string' }, _deletedAt: { type: 'string' } },
        required: ['_id', '_deletedAt'],
        additionalProperties: false,
      },
    },
    cursor: {
      type: 'object',
      properties: { next: cursorStamp, previous: cursorStamp },
      required: ['next', 'previous'],
      additionalProperties: false,
    },
  },
  required: ['updated', 'deleted'],
  additionalProperties: false,
};

/** A text parameter, `''` when absent. */
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * `GET /api/v1/chat.syncMessages`: what changed in a room since `lastUpdate` (its messages changed
 * and those deleted), or from 7.10 one cursor page of either (`type`, `next` / `previous`,
 * `count`). 5.x checks by hand and answers `{success: false}` for a room the caller may not see;
 * from late 6.x a validator, the route's checks, then `messages/get`'s (`Not allowed` first).
 */
export default route(GROUPS.chat, {
  name: 'chat.syncMessages',
  method: 'GET',
  errors: [
    'pinned-list-roomid-missing',
    'sync-lastupdate-missing',
    'sync-lastupdate-invalid-5',
    'message-unknown',
    'sync-roomid-required',
    'sync-param-required',
    'sync-lastupdate-invalid',
    'room-not-allowed',
    'sync-type-required',
    'sync-cursor-conflict',
    'sync-cursor-lastupdate-conflict',
    'sync-invalid-cursor',
  ],
  response: answer({ result: RESULT }),
  reads: ['message', 'room'],
  validator: SYNC_VALIDATOR,
  read: ({ input, profile }): { roomId: string; query: SyncQuery; legacy: boolean } => {
    const params = validated(profile, SYNC_VALIDATOR, input.query);
    const roomId = text(params.roomId);
    const lastUpdate = text(params.lastUpdate);
    if (byEra(profile, SYNC_VALIDATOR) === undefined) {
      // 5.x: its own checks, then `messages/get` with `lastUpdate` alone
      if (roomId === '') throw new ApiError('pinned-list-roomid-missing');
      if (lastUpdate === '') throw new ApiError('sync-lastupdate-missing');
      if (Number.isNaN(Date.parse(lastUpdate))) throw new ApiError('sync-lastupdate-invalid-5');
      return { roomId, query: { lastUpdate: Date.parse(lastUpdate), count: 20 }, legacy: true };
    }
    const type = params.type === 'UPDATED' || params.type === 'DELETED' ? params.type : undefined;
    if (roomId === '') throw new ApiError('sync-roomid-required');
    if (lastUpdate === '' && type === undefined) throw new ApiError('sync-param-required');
    if (lastUpdate !== '' && Number.isNaN(Date.parse(lastUpdate)))
      throw new ApiError('sync-lastupdate-invalid');
    const next = text(params.next);
    const previous = text(params.previous);
    // `...(count && {count})`: 0 or none is the method's 20; a negative limit is MongoDB's limit of its size
    const count =
      typeof params.count === 'number' && Math.trunc(params.count) !== 0
        ? Math.abs(Math.trunc(params.count))
        : 20;
    const query: SyncQuery = {
      ...(lastUpdate === '' ? {} : { lastUpdate: Date.parse(lastUpdate) }),
      ...(next === '' ? {} : { next }),
      ...(previous === '' ? {} : { previous }),
      ...(type === undefined ? {} : { type }),
      count,
    };
    return { roomId, query, legacy: false };
  },
  run: (context, { roomId, query, legacy }) => {
    const result = context.store.syncMessages(callerOf(context), roomId, query);
    if (!result) {
      if (legacy) throw new ApiError('message-unknown');
      throw new ApiError('room-not-allowed', { method: 'messages/get' });
    }
    const { updated, deleted, cursor } = result;
    return success({ result: { updated, deleted, ...(cursor ? { cursor } : {}) } });
  },
  openApi: { servedIn: MESSAGE_ACTIONS_SERVED },
});
