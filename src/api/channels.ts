import type { Request, Response } from 'express';

import type { Store } from '../store/store';
import type { JsonObject } from '../store/query';
import type { User } from '../types';
import { authOf } from './auth';
import type { Params } from './params';
import {
  readBody,
  readIncludeAll,
  readListOptions,
  readRoomRef,
  readSetReadOnly,
  readSetType,
} from './params';
import { listPageKey, sendCached } from './cache';
import { sendSuccess } from '../http/respond';

function queryOf(req: Request): Params {
  return req.query as Params;
}

/** GET /api/v1/channels.list */
export function list(store: Store, req: Request, res: Response): void {
  const options = readListOptions(queryOf(req), ['t']);
  const { user } = authOf(req);
  store.requirePermission(user, 'view-c-room');
  sendCached(res, store, listPageKey(req.url), () => {
    const { items, count, offset, total } = store.listChannels(user, options);
    return { channels: items, count, offset, total };
  });
}

/** GET /api/v1/channels.getIntegrations: permission, then room, then paging. */
export function getIntegrations(store: Store, req: Request, res: Response): void {
  const { user } = authOf(req);
  const params = queryOf(req);
  const scope = store.integrationScope(user);
  const room = store.findChannel(readRoomRef(params), { checkArchived: false });
  const options = readListOptions(params);
  const includeAll = readIncludeAll(params);
  sendCached(res, store, `integrations|${scope === 'own' ? user._id : '*'}|${req.url}`, () => {
    const result = store.listIntegrations(user, scope, room, includeAll, options);
    return { integrations: result.items, count: result.count, offset: result.offset, total: result.total };
  });
}

/**
 * The POST operations, apart from HTTP: each takes the parsed body and returns the success body
 * (without `success`), or throws the ApiError of the first rule that fails. The Express routes
 * below and the fast path (src/fastpath) both run them.
 */
export type Operation = (store: Store, user: User, body: unknown) => { channel: JsonObject };

/** `channels.setReadOnly` */
export const setReadOnlyOperation: Operation = (store, user, body) => {
  const { ref, readOnly } = readSetReadOnly(readBody(body));
  return { channel: store.setReadOnly(user, ref, readOnly) };
};

/** `channels.setType` */
export const setTypeOperation: Operation = (store, user, body) => {
  const { ref, type } = readSetType(readBody(body));
  return { channel: store.setType(user, ref, type) };
};

/** POST /api/v1/channels.setReadOnly */
export function setReadOnly(store: Store, req: Request, res: Response): void {
  sendSuccess(res, setReadOnlyOperation(store, authOf(req).user, req.body));
}

/** POST /api/v1/channels.setType */
export function setType(store: Store, req: Request, res: Response): void {
  sendSuccess(res, setTypeOperation(store, authOf(req).user, req.body));
}
