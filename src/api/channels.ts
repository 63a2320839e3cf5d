import type { Request, Response } from 'express';

import type { Store } from '../store/store';
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
import { sendSuccess } from './respond';

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

/** POST /api/v1/channels.setReadOnly */
export function setReadOnly(store: Store, req: Request, res: Response): void {
  const { ref, readOnly } = readSetReadOnly(readBody(req.body));
  sendSuccess(res, { channel: store.setReadOnly(authOf(req).user, ref, readOnly) });
}

/** POST /api/v1/channels.setType */
export function setType(store: Store, req: Request, res: Response): void {
  const { ref, type } = readSetType(readBody(req.body));
  sendSuccess(res, { channel: store.setType(authOf(req).user, ref, type) });
}
