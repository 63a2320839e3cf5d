import type { IncomingMessage, ServerResponse } from 'node:http';

import { listPageKey, peekCached } from '../api/cache';
import { journalWhenDone, sendJson } from './reply';
import type { Target } from './target';
import { callerOf, queryOf } from './target';

export const LIST = '/api/v1/channels.list';

/** A repeated `channels.list` page, from the bytes cached for the current state; false if none. */
export function answerList(target: Target, req: IncomingMessage, res: ServerResponse): boolean {
  const { world } = target;
  const user = callerOf(world, req);
  if (!user || !world.store.can(user, 'view-c-room')) return false;
  const key = listPageKey(`/channels.list${target.query ? `?${target.query}` : ''}`);
  const body = peekCached(world.store, key);
  if (body === undefined) return false;
  journalWhenDone(
    world,
    res,
    {
      method: 'GET',
      path: LIST,
      query: queryOf(target.query),
      body: undefined,
      user: user.username,
    },
    body,
  );
  sendJson(res, 200, body);
  return true;
}
