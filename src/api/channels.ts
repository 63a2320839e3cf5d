import type { Request, Response } from 'express';

import type { ListOptions, Store } from '../store/store';
import type { JsonObject } from '../store/query';
import type { User } from '../types';
import { authOf } from './auth';
import type { Params } from './params';
import {
  readBody,
  readIncludeAll,
  readListOptions,
  readRoomIdFilter,
  readRoomRef,
  readSetReadOnly,
  readSetType,
} from './params';
import { listPageKey, sendCached } from './cache';
import { sendSuccess } from '../http/respond';
import { ApiError } from '../errors';

function queryOf(req: Request): Params {
  return req.query as Params;
}

/**
 * GET /api/v1/channels.list: parameters, then the permission (`view-c-room`, else
 * `view-joined-room`), then the page. A caller who sees only joined channels has the `_id`
 * parameter and a query's `_id` replaced by the rooms they joined, as the real server does.
 */
export function list(store: Store, req: Request, res: Response): void {
  const params = queryOf(req);
  const { user } = authOf(req);
  const { profile } = store;
  // the Hono builds (8.x) check the route's permissions before the parameters
  const scope = profile.permissionFirst ? store.channelScope(user) : undefined;
  // 6.x's schema has no `fields` (`additionalProperties: false`)
  if (profile.listRefusesFields && params.fields !== undefined)
    throw new ApiError('invalid-params', { reason: 'must NOT have additional properties' });
  const options = readListOptions(params, ['t'], readRoomIdFilter(params));
  if ((scope ?? store.channelScope(user)) === 'all') {
    sendCached(res, store, listPageKey(req.url), () => channelsPage(store, user, options));
    return;
  }
  const joined = readListOptions(params, ['t', '_id']);
  sendCached(res, store, `joined|${user._id}|${listPageKey(req.url)}`, () =>
    channelsPage(store, user, joined),
  );
}

function channelsPage(store: Store, user: User, options: ListOptions): object {
  const { items, count, offset, total } = store.listChannels(user, options);
  return { channels: items, count, offset, total };
}

/** GET /api/v1/channels.getIntegrations: permission, then room, then paging. */
export function getIntegrations(store: Store, req: Request, res: Response): void {
  const { user } = authOf(req);
  const params = queryOf(req);
  const scope = store.integrationScope(user);
  const ref = readRoomRef(params);
  if (ref.roomId === undefined && ref.roomName === undefined) {
    // 6.x's route fell through to "not found"; the typed route of 8.x refuses the query
    if (store.profile.missingIntegrationRoom === 'not-found') throw new ApiError('error-room-not-found');
    if (store.profile.missingIntegrationRoom === 'invalid-params')
      throw new ApiError('invalid-params', { reason: "must have required property 'roomId'" });
  }
  const room = store.findChannel(ref, { checkArchived: false });
  const options = readListOptions(params);
  const includeAll = readIncludeAll(params);
  sendCached(res, store, `integrations|${scope.key}|${req.url}`, () => {
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
  const { ref, readOnly } = readSetReadOnly(readBody(body), store.profile);
  return { channel: store.setReadOnly(user, ref, readOnly) };
};

/** `channels.setType` */
export const setTypeOperation: Operation = (store, user, body) => {
  const { ref, type } = readSetType(readBody(body), store.profile);
  return { channel: store.setType(user, ref, type) };
};

/** POST /api/v1/channels.setReadOnly */
export function setReadOnly(store: Store, req: Request, res: Response): void {
  sendSuccess(res, setReadOnlyOperation(store, authOf(req).user, req.body));
}

/** `groups.setType`: a private group back to a channel (or the refusal), as `{group}`. */
export function setGroupTypeOperation(store: Store, user: User, body: unknown): { group: JsonObject } {
  const { ref, type } = readSetType(readBody(body));
  return { group: store.setGroupType(user, ref, type) };
}

/** POST /api/v1/groups.setType */
export function setGroupType(store: Store, req: Request, res: Response): void {
  sendSuccess(res, setGroupTypeOperation(store, authOf(req).user, req.body));
}

/** POST /api/v1/channels.setType */
export function setType(store: Store, req: Request, res: Response): void {
  sendSuccess(res, setTypeOperation(store, authOf(req).user, req.body));
}
