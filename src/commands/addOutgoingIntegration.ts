import { ApiError } from '../errors';
import type { JsonObject } from '../store/query';
import type { Integration } from '../types';
import { command } from './command';
import type { CommandContext } from './command';
import {
  compiles,
  integrationLayout,
  managePermissions,
  matchCheck,
  targetRecord,
  userExactly,
} from './integrations';
import type { MatchKey } from './integrations';

/**
 * `addOutgoingIntegration` (which `integrations.create` calls for `webhook-outgoing`): Meteor's
 * `check`, the manage permissions (a refusal with no reason at all), then
 * `validateOutgoingIntegration`'s checks in its order, then the one write. No token is made: an
 * outgoing webhook has the one its creator sent, if any.
 */

const NAME = 'addOutgoingIntegration';

/** What each event uses (`outgoingEvents`): a channel, trigger words, a target room. */
export const OUTGOING_EVENTS: Readonly<
  Record<string, { channel: boolean; triggerWords: boolean; targetRoom: boolean }>
> = {
  sendMessage: { channel: true, triggerWords: true, targetRoom: false },
  fileUploaded: { channel: true, triggerWords: false, targetRoom: false },
  roomArchived: { channel: false, triggerWords: false, targetRoom: false },
  roomCreated: { channel: false, triggerWords: false, targetRoom: false },
  roomJoined: { channel: true, triggerWords: false, targetRoom: false },
  roomLeft: { channel: true, triggerWords: false, targetRoom: false },
  userCreated: { channel: false, triggerWords: false, targetRoom: true },
};

const RESERVED = ['all_public_channels', 'all_private_groups', 'all_direct_messages'];

export const OUTGOING_PATTERN: Readonly<Record<string, MatchKey>> = {
  type: { type: 'string' },
  name: { type: 'string' },
  enabled: { type: 'boolean' },
  username: { type: 'string' },
  channel: { type: 'string' },
  alias: { type: 'string', optional: true },
  emoji: { type: 'string', optional: true },
  scriptEnabled: { type: 'boolean' },
  script: { type: 'string', optional: true },
  scriptEngine: { type: 'string', optional: true },
  urls: { type: 'strings', optional: true },
  event: { type: 'string', optional: true },
  triggerWords: { type: 'strings', optional: true },
  avatar: { type: 'string', optional: true },
  token: { type: 'string', optional: true },
  impersonateUser: { type: 'boolean', optional: true },
  retryCount: { type: 'number', optional: true },
  retryDelay: { type: 'string', optional: true },
  retryFailedCalls: { type: 'boolean', optional: true },
  runOnEdits: { type: 'boolean', optional: true },
  targetRoom: { type: 'string', optional: true },
  triggerWordAnywhere: { type: 'boolean', optional: true },
};

const REQUIRED_FIELDS = 'validateOutgoing._verifyRequiredFields';
const FOR_CHANNELS = 'validateOutgoing._verifyUserHasPermissionForChannels';
const VALIDATE = 'validateOutgoing';

const blank = (value: unknown): boolean => typeof value !== 'string' || value.trim() === '';

/**
 * `validateOutgoingIntegration(integration, userId)`: the checks in the real server's order, and
 * the document it builds (`{...body, type, channel, userId, _createdAt, _createdBy}`, trigger
 * words kept only where the event uses them, the retry defaults).
 */
export function validateOutgoing(
  { store, user }: CommandContext,
  given: JsonObject,
): Record<string, unknown> {
  const body: Record<string, unknown> = { ...given };
  if (typeof body.channel === 'string' && body.channel.trim() === '') delete body.channel;
  const event = typeof body.event === 'string' ? OUTGOING_EVENTS[body.event] : undefined;
  if (blank(body.event) || !event)
    throw new ApiError('integration-invalid-event', { field: REQUIRED_FIELDS });
  if (blank(body.username)) throw new ApiError('integration-invalid-username', { field: REQUIRED_FIELDS });
  if (event.targetRoom && !body.targetRoom)
    throw new ApiError('integration-invalid-target-room', { field: REQUIRED_FIELDS });
  const urls = body.urls;
  if (!(Array.isArray(urls) && urls.every((u) => typeof u === 'string')))
    throw new ApiError('integration-invalid-urls', { field: REQUIRED_FIELDS });
  body.urls = (urls as string[]).filter((u) => u.trim() !== '');
  if ((body.urls as string[]).length === 0)
    throw new ApiError('integration-invalid-urls', { field: REQUIRED_FIELDS });
  const perms = managePermissions(store, 'outgoing');
  let channels: string[] = [];
  if (event.channel) {
    if (typeof body.channel !== 'string')
      throw new ApiError('integration-channel-forbidden', { field: VALIDATE });
    channels = body.channel
      .split(',')
      .map((c) => c.trim())
      .filter((c) => c !== '');
    for (const c of channels)
      if (!c.startsWith('#') && !c.startsWith('@') && !RESERVED.includes(c.toLowerCase()))
        throw new ApiError('integration-invalid-channel-chars', { field: VALIDATE });
  } else if (!store.can(user, perms.all)) {
    throw new ApiError('integration-invalid-permissions', { field: VALIDATE });
  }
  const poster = userExactly(store, body.username as string);
  if (!poster)
    throw new ApiError('integration-invalid-user', {
      field: VALIDATE,
      reason: 'Invalid user (did you delete the `rocket.cat` user?)',
    });
  const data: Record<string, unknown> = {
    ...body,
    type: 'webhook-outgoing',
    channel: channels,
    userId: poster._id,
    _createdAt: '',
    _createdBy: { _id: user._id, username: user.username },
  };
  if (event.triggerWords && body.triggerWords) {
    const words = body.triggerWords;
    if (!(Array.isArray(words) && words.every((w) => typeof w === 'string')))
      throw new ApiError('integration-invalid-trigger-words', { field: VALIDATE });
    data.triggerWords = words;
  } else {
    delete data.triggerWords;
  }
  // the fake runs no script: it keeps the script's text as its compiled form
  if (compiles(body as JsonObject)) data.scriptCompiled = body.script;
  if (body.runOnEdits !== undefined) data.runOnEdits = body.runOnEdits === true;
  const both = store.can(user, perms.all) && store.can(user, perms.own);
  for (const c of channels) {
    if (RESERVED.includes(c.toLowerCase())) {
      if (c.toLowerCase() !== 'all_public_channels' && !store.can(user, perms.all))
        throw new ApiError('integration-channel-forbidden', { field: FOR_CHANNELS });
      continue;
    }
    const record = targetRecord(store, c);
    if (!record) throw new ApiError('integration-invalid-room', { field: FOR_CHANNELS });
    if (!both && !store.isSubscribed(user._id, record._id))
      throw new ApiError('integration-channel-forbidden', { field: FOR_CHANNELS });
  }
  if (data.retryFailedCalls === true) {
    const count = typeof data.retryCount === 'number' ? Math.trunc(data.retryCount) : NaN;
    data.retryCount = count > 0 ? count : 4;
    data.retryDelay = blank(data.retryDelay) ? 'powers-of-ten' : (data.retryDelay as string).toLowerCase();
  }
  return data;
}

export default command<JsonObject, Integration>({
  name: NAME,
  run(context, body) {
    const { store, profile, user } = context;
    matchCheck(body, OUTGOING_PATTERN);
    const perms = managePermissions(store, 'outgoing');
    if (!store.can(user, perms.all) && !store.can(user, perms.own))
      throw new ApiError('integration-not-authorized-bare');
    const fields = validateOutgoing(context, body);
    return store.createIntegration(
      { fields: fields as JsonObject, token: false },
      integrationLayout(profile),
    );
  },
});
