import { createHash } from 'node:crypto';

import { ApiError } from '../errors';
import type { Integration, Message, Room, User, WebhookDelivery } from '../types';
import type { IntegrationKind, IntegrationScope } from './access';
import type { ChangeEvent } from './events';
import { paginate } from './lists';
import { objectId } from './message-text';
import type { ListOptions, ListResult } from './lists';
import { postMessage } from './posting';
import type { JsonObject } from './query';
import { settings } from './settings';
import { added, commit, integrationView, userNamed } from './state';
import type { StoreState } from './state';
import { meteorIdOf } from './subscription-states';
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
    alias: hook.alias ?? '',
    avatar: hook.avatar ?? '',
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
  const avatar = (typeof hook.avatar === 'string' ? hook.avatar : hook.avatarUrl) ?? '';
  const defaults = { channel: hook.channel, alias: hook.alias ?? '', avatar, emoji: hook.emoji ?? '' };
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

/** Meteor's `Random.id()` alphabet. */
const UNMISTAKABLE = '23456789ABCDEFGHJKLMNPQRSTWXYZabcdefghijkmnopqrstuvwxyz';

/** `Random.id(48)` drawn from the world's seed and a counter: the same world and requests give the same token. */
function tokenOf(seed: number, counter: number, ts: string): string {
  const out: string[] = [];
  let block = 0;
  while (out.length < 48) {
    const digest = createHash('sha256')
      .update(`integration-token|${seed}|${counter}|${ts}|${block}`)
      .digest();
    for (const byte of digest) if (out.length < 48) out.push(UNMISTAKABLE[byte % UNMISTAKABLE.length] ?? '');
    block += 1;
  }
  return out.join('');
}

/** How a release line lays a new integration out, decided by the command. */
export interface IntegrationLayout {
  /** 24-hex ids (MongoDB's ObjectId, 6.x on) or Meteor's 17-character ids */
  readonly ids: 'objectId' | 'meteor';
}

/**
 * A new integration's fields as the method built them, in its order (`_createdAt`, and `token`
 * for an incoming one, present as placeholders where they go): the store stamps them.
 */
export interface NewIntegration {
  readonly fields: JsonObject;
  /** an incoming webhook: a fresh `Random.id(48)` token */
  readonly token: boolean;
  /** the user the webhook posts as, given the `bot` role (an incoming one) */
  readonly botUserId?: string;
}

/**
 * Adds an integration an API call made (`integrations.create`, `addIncomingIntegration`, …):
 * refused past `integrationsPerWorld`; stored with `_id` first and `_updatedAt` last, as
 * MongoDB keeps the document; the bot role given to its user; one commit.
 */
export function createIntegration(
  state: StoreState,
  input: NewIntegration,
  layout: IntegrationLayout,
): Integration {
  if (state.integrations.size >= state.bounds.integrations)
    throw new ApiError('integrations-limit', { reason: String(state.bounds.integrations) });
  const ts = state.clock.tick();
  const counter = 0x600000 + state.integrations.size;
  const _id =
    layout.ids === 'objectId'
      ? objectId(state.clock.nowMs(), state.idMiddle, counter)
      : meteorIdOf(`integration|${state.seed}|${counter}|${ts}`);
  const fields: Record<string, unknown> = { ...input.fields };
  if (input.token) fields.token = tokenOf(state.seed, counter, ts);
  if ('_createdAt' in fields) fields._createdAt = ts;
  const { _id: _ignored, _updatedAt: _stamp, ...rest } = fields;
  const stored = { _id, ...rest, _updatedAt: ts } as unknown as Integration;
  state.integrations.set(_id, stored);
  state.outgoing = undefined;
  const events: ChangeEvent[] = [{ kind: 'integration', op: 'inserted', integration: stored }];
  const bot = input.botUserId === undefined ? undefined : state.users.get(input.botUserId);
  if (bot && !bot.roles.includes('bot')) {
    const next: User = { ...bot, roles: [...bot.roles, 'bot'] };
    state.users.set(bot._id, next);
    events.push({ kind: 'user', op: 'updated', user: next });
  }
  commit(state, events);
  return stored;
}

/** An update of an integration as the method's `$set` / `$unset` say it (already checked). */
export interface IntegrationUpdate {
  /** the fields set, in the `$set`'s order (a new one is appended, as MongoDB appends it); `_updatedAt` is stamped */
  readonly set: JsonObject;
  readonly unset: readonly string[];
  /** the user it posts as, given the `bot` role (an incoming one) */
  readonly botUserId?: string;
}

/** Updates an integration (already checked): `_updatedAt` stamped, the bot role given; one commit. */
export function updateIntegration(state: StoreState, id: string, update: IntegrationUpdate): Integration {
  const before = state.integrations.get(id);
  if (!before) throw new ApiError('integration-none-found');
  const ts = state.clock.tick();
  const next: Record<string, unknown> = Object.fromEntries(
    Object.entries(before).filter(([key]) => !update.unset.includes(key)),
  );
  for (const [key, value] of Object.entries(update.set)) next[key] = value;
  next._updatedAt = ts;
  const stored = next as unknown as Integration;
  state.integrations.set(id, stored);
  state.outgoing = undefined;
  const events: ChangeEvent[] = [{ kind: 'integration', op: 'updated', integration: stored, before }];
  const bot = update.botUserId === undefined ? undefined : state.users.get(update.botUserId);
  if (bot && !bot.roles.includes('bot')) {
    const user: User = { ...bot, roles: [...bot.roles, 'bot'] };
    state.users.set(bot._id, user);
    events.push({ kind: 'user', op: 'updated', user });
  }
  commit(state, events);
  return stored;
}

/** Removes an integration (already checked); one commit. */
export function removeIntegration(state: StoreState, id: string): Integration {
  const before = state.integrations.get(id);
  if (!before) throw new ApiError('integration-none-found');
  state.clock.tick();
  state.integrations.delete(id);
  state.outgoing = undefined;
  commit(state, [{ kind: 'integration', op: 'removed', integration: before }]);
  return before;
}

/** Every integration as it is now, in the order they were added. */
export function allIntegrations(state: StoreState): Integration[] {
  return [...state.integrations.values()];
}

/** The outgoing webhooks' delivery attempts the world made, oldest first. */
export function deliveries(state: StoreState): readonly WebhookDelivery[] {
  return state.deliveries();
}

/** `integrations.list`'s filters (7.x on): `name` contained (any case), `type` exactly. */
export interface IntegrationFilter {
  readonly name?: string;
  readonly type?: string;
}

/** `integrations.list`: the integrations the caller's scope reads, filtered, in the order they were added. */
export function listAllIntegrations(
  state: StoreState,
  user: User,
  scope: IntegrationScope,
  filter: IntegrationFilter,
  options: ListOptions,
): ListResult {
  const name = filter.name === undefined ? undefined : filter.name.toLowerCase();
  const key = `all-integrations|${scope.key}|${filter.name ?? ''}|${filter.type ?? ''}`;
  return paginate(state.integrationLists, state.version, integrationView, key, options, [], (doc) => {
    const i = doc as unknown as Integration;
    const kind = i.type as IntegrationKind;
    return (
      (scope.all.includes(kind) || (scope.own.includes(kind) && i._createdBy._id === user._id)) &&
      (name === undefined || (typeof i.name === 'string' && i.name.toLowerCase().includes(name))) &&
      (filter.type === undefined || i.type === filter.type)
    );
  });
}
