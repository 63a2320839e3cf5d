import type { AnyRoom, Integration, Message, OutgoingIntegration, ServerSettings, User } from '../types';
import type { JsonObject } from './query';
import { isPlainObject } from './query';
import { overMaxSize } from './message-text';

/**
 * Webhooks as Rocket.Chat's integrations run them, the parts that need no network: which
 * outgoing webhooks a message triggers (`triggerHandler`), what they are sent, and what a webhook's
 * body posts (`processWebhookMessage`: an incoming webhook's, an outgoing webhook's reply). The
 * world layer (src/webhooks) does the HTTP.
 *
 * Layer: store. Plain values.
 */

/** A message that triggered an outgoing webhook: what is sent where, once per URL. */
export interface Trigger {
  readonly integrationId: string;
  readonly urls: readonly string[];
  /** the trigger word that matched, when the webhook has trigger words */
  readonly triggerWord?: string;
  readonly message: Message;
  readonly room: AnyRoom;
  /** the message was edited (sent only to webhooks with `runOnEdits`) */
  readonly edited: boolean;
}

/** The outgoing webhooks that may fire, by the channel keys they listen on. */
export class OutgoingIndex {
  readonly #byKey = new Map<string, OutgoingIntegration[]>();

  constructor(integrations: Iterable<Integration>) {
    for (const integration of integrations) {
      if (integration.type !== 'webhook-outgoing' || integration.enabled !== true) continue;
      // an integration the API made keeps only the keys it was sent: no `urls`, no `triggerWords`
      if (integration.event !== 'sendMessage' || (integration.urls ?? []).length === 0) continue;
      for (const key of new Set(integration.channel)) {
        const list = this.#byKey.get(key);
        if (list) list.push(integration);
        else this.#byKey.set(key, [integration]);
      }
    }
  }

  /** Whether any webhook listens at all (a world without one pays nothing per post). */
  get any(): boolean {
    return this.#byKey.size > 0;
  }

  /**
   * The webhooks a message in `room` by `sender` triggers, each once, in the order they were
   * found: a public channel's `all_public_channels`, `#id`, `#name`; a group's `all_private_groups`
   * and the same; a direct room's `all_direct_messages`, `@<uid>` of each member and `@<username>`
   * of each member but the sender. Matching is exact, case and all. A webhook with trigger words
   * fires when the text starts with one (or holds one, with `triggerWordAnywhere`).
   */
  triggers(room: AnyRoom, message: Message, sender: User, edited: boolean): Trigger[] {
    const keys =
      room.t === 'd'
        ? [
            'all_direct_messages',
            ...room.uids.map((id) => `@${id}`),
            ...room.usernames.filter((name) => name !== sender.username).map((name) => `@${name}`),
          ]
        : [room.t === 'c' ? 'all_public_channels' : 'all_private_groups', `#${room._id}`, `#${room.name}`];
    const seen = new Set<string>();
    const out: Trigger[] = [];
    for (const key of keys) {
      for (const integration of this.#byKey.get(key) ?? []) {
        if (seen.has(integration._id)) continue;
        seen.add(integration._id);
        if (edited && integration.runOnEdits !== true) continue;
        const words = (integration.triggerWords ?? []).filter((w) => w.trim() !== '');
        const anywhere = integration.triggerWordAnywhere === true;
        const word = words.find((w) => (anywhere ? message.msg.includes(w) : message.msg.startsWith(w)));
        if (words.length > 0 && word === undefined) continue;
        out.push({
          integrationId: integration._id,
          urls: integration.urls,
          ...(word !== undefined ? { triggerWord: word } : {}),
          message,
          room,
          edited,
        });
      }
    }
    return out;
  }
}

/**
 * What an outgoing webhook is sent for a message (`mapEventArgsToData`, event `sendMessage`), its
 * keys in the real server's order: `channel_name` only for a room with a name, `trigger_word`,
 * `alias`, `isEdited` and `tmid` only when there is one.
 */
export function outgoingPayload(
  integration: OutgoingIntegration,
  trigger: Trigger,
  siteUrl: string,
): JsonObject {
  const { message, room } = trigger;
  const data: Record<string, unknown> = { token: integration.token, bot: message.bot !== undefined };
  if (trigger.triggerWord !== undefined) data.trigger_word = trigger.triggerWord;
  data.channel_id = room._id;
  if (room.t !== 'd') data.channel_name = room.name;
  Object.assign(data, {
    message_id: message._id,
    timestamp: message.ts,
    user_id: message.u._id,
    user_name: message.u.username,
    text: message.msg,
    siteUrl,
  });
  if (message.alias) data.alias = message.alias;
  if (trigger.edited) data.isEdited = true;
  if (message.tmid !== undefined) data.tmid = message.tmid;
  return data as JsonObject;
}

/** What a webhook's message falls back to: the integration's own channel, alias, avatar and emoji. */
export interface WebhookDefaults {
  readonly channel: readonly string[];
  readonly alias: string;
  readonly avatar: string;
  readonly emoji: string;
}

/** A post as `processWebhookMessage` reads a webhook's body. */
export interface WebhookPost {
  readonly targets: readonly string[];
  readonly text: string;
  readonly alias: string;
  readonly avatar?: string;
  readonly emoji?: string;
  readonly attachments?: readonly unknown[];
  readonly parseUrls: boolean;
  readonly tmid?: string;
  readonly bot: { i: string };
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/**
 * A webhook body as a post: the target is the body's `channel` or `roomId`, else the defaults'
 * channel (a string or a list, repeats removed); `alias` the body's `username` or `alias`;
 * `icon_url` / `avatar`, then `icon_emoji` / `emoji`, then the defaults'; the text trimmed; an
 * attachment's `msg` becomes its `text`; `parseUrls` unless there are attachments; `bot` names the
 * integration.
 */
export function webhookPost(body: JsonObject, defaults: WebhookDefaults, integrationId: string): WebhookPost {
  const channel = body.channel ?? body.roomId ?? defaults.channel;
  const targets = [
    ...new Set((Array.isArray(channel) ? channel : [channel]).filter((c) => typeof c === 'string')),
  ];
  const attachments = Array.isArray(body.attachments)
    ? body.attachments.map((a) => {
        if (!isPlainObject(a) || a.msg === undefined) return a;
        const { msg, ...rest } = a;
        return { ...rest, text: msg };
      })
    : undefined;
  const avatar = text(body.icon_url) ?? text(body.avatar) ?? text(defaults.avatar);
  const emoji = text(body.icon_emoji) ?? text(body.emoji) ?? text(defaults.emoji);
  return {
    targets: targets as string[],
    text: (text(body.text) ?? text(body.msg) ?? '').trim(),
    alias: text(body.username) ?? text(body.alias) ?? defaults.alias,
    ...(avatar !== undefined ? { avatar } : emoji !== undefined ? { emoji } : {}),
    ...(attachments ? { attachments } : {}),
    parseUrls: typeof body.parseUrls === 'boolean' ? body.parseUrls : attachments === undefined,
    ...(typeof body.tmid === 'string' && body.tmid !== '' ? { tmid: body.tmid } : {}),
    bot: { i: integrationId },
  };
}

/**
 * Whether a post's text, or an attachment's, is longer than `Message_MaxAllowedSize` allows (the
 * rule chat.postMessage keeps): a webhook's reply that is is not posted.
 */
export function overMaxText(post: WebhookPost, values: ServerSettings): boolean {
  const long = (value: unknown): boolean => overMaxSize(values, value);
  return long(post.text) || (post.attachments ?? []).some((a) => isPlainObject(a) && long(a.text));
}
