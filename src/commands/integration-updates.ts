import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import type { JsonObject } from '../store/query';
import type { Integration } from '../types';
import { validateOutgoing } from './addOutgoingIntegration';
import type { CommandContext } from './command';
import { compiles, managePermissions, ownedIntegration, targetRecord, userExactly } from './integrations';

/**
 * `updateIncomingIntegration` / `updateOutgoingIntegration` (which `integrations.update` calls):
 * the checks in the real server's order, then one `$set` (and `$unset`) of the integration. The
 * token of an incoming webhook never changes; an outgoing one must be sent its token.
 */

export interface UpdateArgs {
  readonly id: string;
  readonly body: JsonObject;
}

/** 7.x on: the user it posts as changes only when `username` is sent; before, always from the body. */
const USERNAME_IF_SENT: EraTable<boolean> = { '0.49': false, '7': true };

/** Only the keys with a value (the fake's `$set` drops `undefined`, as a driver with `ignoreUndefined` does). */
function defined(fields: Record<string, unknown>): JsonObject {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as JsonObject;
}

/** `updateIncomingIntegration`'s checks in the real server's order and its one `$set`; `method` names it. */
export function updateIncoming(
  context: CommandContext,
  method: string,
  { id, body }: UpdateArgs,
): Integration {
  const { store, profile, user } = context;
  const where = { method };
  const channel = body.channel;
  if (typeof channel !== 'string' || channel.trim() === '')
    throw new ApiError('integration-invalid-channel', where);
  const channels = channel.split(',').map((c) => c.trim());
  for (const c of channels)
    if (!c.startsWith('#') && !c.startsWith('@'))
      throw new ApiError('integration-invalid-channel-chars', where);
  const perms = managePermissions(store, 'incoming');
  const canAll = store.can(user, perms.all);
  const canOwn = store.can(user, perms.own);
  const current = ownedIntegration(context, 'incoming', method, id);
  if (!current) throw new ApiError('integration-invalid', where);
  for (const c of channels) {
    const record = targetRecord(store, c);
    if (!record) throw new ApiError('integration-invalid-room', where);
    if (!(canAll && canOwn) && !store.isSubscribed(user._id, record._id))
      throw new ApiError('integration-channel-forbidden', where);
  }
  const ifSent = byEra(profile, USERNAME_IF_SENT);
  const username =
    ifSent && !('username' in body)
      ? current.username
      : typeof body.username === 'string'
        ? body.username
        : '';
  const poster = userExactly(store, username);
  if (!poster) throw new ApiError('integration-invalid-post-as', where);
  const compiled = compiles(body);
  const set = defined({
    enabled: body.enabled,
    name: body.name,
    avatar: body.avatar,
    emoji: body.emoji,
    alias: body.alias,
    channel: channels,
    ...(!ifSent || 'username' in body ? { username: poster.username, userId: poster._id } : {}),
    script: body.script,
    scriptEnabled: body.scriptEnabled,
    scriptEngine: body.scriptEngine,
    ...(compiled ? { scriptCompiled: body.script } : {}),
    overrideDestinationChannelEnabled: body.overrideDestinationChannelEnabled,
    _updatedAt: '',
    _updatedBy: { _id: user._id, username: user.username },
  });
  return store.updateIntegration(current._id, {
    set,
    unset: compiled ? ['scriptError'] : [],
    botUserId: poster._id,
  });
}

/** `updateOutgoingIntegration`'s checks (`validateOutgoingIntegration`'s first) and its one `$set`. */
export function updateOutgoing(
  context: CommandContext,
  method: string,
  { id, body }: UpdateArgs,
): Integration {
  const { store, user } = context;
  const where = { method };
  const data = validateOutgoing(context, body);
  if (typeof data.token !== 'string' || data.token.trim() === '')
    throw new ApiError('integration-invalid-token', where);
  const current = ownedIntegration(context, 'outgoing', method, id);
  if (!current) throw new ApiError('integration-update-not-found', where);
  const compiled = typeof data.scriptCompiled === 'string';
  const set = defined({
    event: data.event,
    enabled: data.enabled,
    name: data.name,
    avatar: data.avatar,
    emoji: data.emoji,
    alias: data.alias,
    channel: data.channel,
    script: data.script,
    scriptEnabled: data.scriptEnabled,
    scriptEngine: data.scriptEngine,
    ...(compiled ? { scriptCompiled: data.scriptCompiled } : {}),
    targetRoom: data.targetRoom,
    impersonateUser: data.impersonateUser,
    username: data.username,
    userId: data.userId,
    urls: data.urls,
    token: data.token,
    triggerWords: data.triggerWords,
    triggerWordAnywhere: data.triggerWordAnywhere,
    retryFailedCalls: data.retryFailedCalls,
    retryCount: data.retryCount,
    retryDelay: data.retryDelay,
    runOnEdits: data.runOnEdits,
    _updatedAt: '',
    _updatedBy: { _id: user._id, username: user.username },
  });
  return store.updateIntegration(current._id, {
    set,
    unset: compiled ? ['scriptError'] : ['scriptCompiled'],
  });
}
