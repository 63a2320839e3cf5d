import { ApiError } from '../errors';
import type { Integration, Message, Room, User } from '../types';
import type { IntegrationKind, IntegrationScope } from './access';
import { paginate } from './lists';
import type { ListOptions, ListResult } from './lists';
import { postMessage } from './posting';
import type { JsonObject } from './query';
import { settings } from './settings';
import { added, commit, integrationView, userNamed } from './state';
import type { StoreState } from './state';
import { overMaxText, webhookPost } from './webhooks';
import type { Trigger } from './webhooks';

/**
 * Integrations (webhooks): listing them for a room, an incoming webhook's call, an outgoing
 * webhook's reply posted back, the triggers queued for the world to deliver, and the control
 * changes (one disabled, one added).
 *
 * Layer: store. Plain values; nothing of HTTP.
 */

/** An integration by `_id`, as it is now. */
export function integration(state: StoreState, id: string): Integration | undefined {
  return state.integrations.get(id);
}

/** `channels.getIntegrations` for a room already found. */
export function listIntegrations(
  state: StoreState,
  user: User,
  scope: IntegrationScope,
  room: Room,
  includeAllPublicChannels: boolean,
  options: ListOptions,
): ListResult {
  const target = `#${room.name}`;
  const key = `integrations|${room._id}|${scope.key}|${String(includeAllPublicChannels)}`;
  return paginate(
    state.integrationLists,
    state.version,
    integrationView,
    key,
    options,
    [[['_createdAt'], 1]],
    (doc) => {
      const i = doc as unknown as Integration;
      const kind = i.type as IntegrationKind;
      return (
        (scope.all.includes(kind) || (scope.own.includes(kind) && i._createdBy._id === user._id)) &&
        (i.channel.includes(target) ||
          (includeAllPublicChannels && i.channel.includes('all_public_channels')))
      );
    },
  );
}

/** Whether a change queued webhook triggers not yet taken. */
export function hasTriggers(state: StoreState): boolean {
  return state.triggers.length > 0;
}

/** The webhook triggers queued since the last call (the world delivers them). */
export function takeTriggers(state: StoreState): Trigger[] {
  if (state.triggers.length === 0) return [];
  const taken = state.triggers;
  state.triggers = [];
  return taken;
}

/** Turns an outgoing webhook off (its URL answered 410 Gone, as the real server does then). */
export function disableIntegration(state: StoreState, id: string): void {
  const before = state.integrations.get(id);
  if (!before || before.enabled === false) return;
  const next = { ...before, enabled: false, _updatedAt: state.clock.tick() } as Integration;
  state.integrations.set(id, next);
  state.outgoing = undefined;
  commit(state, [{ kind: 'integration', op: 'updated', integration: next, before }]);
}

/**
 * An outgoing webhook's reply posted back (`triggerHandler.sendMessage`): as the webhook's user,
 * or the message's sender with `impersonateUser`, to the room that triggered it unless the reply
 * names another; `bot: {i}` names the webhook. Throws the post's refusal.
 */
export function postReply(state: StoreState, trigger: Trigger, reply: JsonObject): Message {
  const hook = state.integrations.get(trigger.integrationId);
  if (!hook || hook.type !== 'webhook-outgoing') throw new ApiError('hook-failed');
  const sender = state.users.get(trigger.message.u._id);
  const user = (hook.impersonateUser === true && sender) || webhookUser(state, hook);
  const defaults = {
    channel: [trigger.room._id],
    alias: hook.alias,
    avatar: hook.avatar,
    emoji: typeof hook.emoji === 'string' ? hook.emoji : '',
  };
  const post = webhookPost(reply, defaults, hook._id);
  // the message size rule holds for a reply as for a client's post: a longer one is not posted
  if (overMaxText(post, settings(state))) throw new ApiError('message-too-long');
  return postMessage(state, user, post).message;
}

/** The user a webhook posts as: its `username` (any case), else its `userId`; none is the route's 400. */
function webhookUser(state: StoreState, hook: Integration): User {
  const user = userNamed(state, hook.username) ?? state.users.get(hook.userId);
  if (!user) throw new ApiError('hook-failed', { reason: 'error-invalid-user' });
  return user;
}

/**
 * An incoming webhook's call (`/hooks/:id/:token`): the webhook found by id and token, enabled,
 * its channel overridden only where allowed; an empty body posts nothing (undefined). The post
 * is the webhook user's, with the webhook's defaults; a refusal is the route's own 400.
 */
export function incomingHook(
  state: StoreState,
  id: string,
  token: string,
  body: JsonObject | undefined,
): Message | undefined {
  const hook = state.integrations.get(id);
  if (!hook || hook.type !== 'webhook-incoming' || hook.token !== token) throw new ApiError('hook-invalid');
  if (hook.enabled !== true) throw new ApiError('hook-disabled');
  if (!body || Object.keys(body).length === 0) return undefined;
  if (
    (body.channel !== undefined || body.roomId !== undefined) &&
    hook.overrideDestinationChannelEnabled !== true
  )
    throw new ApiError('hook-override');
  const user = webhookUser(state, hook);
  const avatar = typeof hook.avatar === 'string' ? hook.avatar : hook.avatarUrl;
  const defaults = { channel: hook.channel, alias: hook.alias, avatar, emoji: hook.emoji };
  try {
    return postMessage(state, user, webhookPost(body, defaults, hook._id)).message;
  } catch (error) {
    if (error instanceof ApiError) throw new ApiError('hook-failed', { reason: error.webhookText });
    throw error;
  }
}

/** Adds one integration, already resolved and checked; a change of state. */
export function addIntegration(state: StoreState, integration: Integration): Integration {
  state.outgoing = undefined;
  return added(state, integration, (i) => {
    state.integrations.set(i._id, i);
    return [{ kind: 'integration', op: 'inserted', integration: i }];
  });
}
