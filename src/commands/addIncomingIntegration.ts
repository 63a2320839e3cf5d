import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import type { JsonObject } from '../store/query';
import type { Integration } from '../types';
import { command } from './command';
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
 * `addIncomingIntegration` (which `integrations.create` calls for `webhook-incoming`): Meteor's
 * `check`, the manage permissions, the channel, the user it posts as, each target, then the one
 * write (a fresh 48-character token, the `bot` role for its user). Its refusals are 400s with
 * `errorType`, never 403s.
 */

const NAME = 'addIncomingIntegration';

/** 6.x's check required `overrideDestinationChannelEnabled`; 7.x made it `Match.Maybe` and defaults it to false. */
const OVERRIDE_REQUIRED: EraTable<boolean> = { '0.49': false, '6': true, '7': false };
/** 7.x on: `scriptEngine` (default `isolated-vm`) and the defaulted override flag in the stored document. */
const ENGINE: EraTable<boolean> = { '0.49': false, '7': true };
/** 7.x's `parseCSV` drops empty entries; before, `split(',')` kept them (and refused them). */
const DROPS_EMPTY: EraTable<boolean> = { '0.49': false, '7': true };

const PATTERN: Record<string, MatchKey> = {
  type: { type: 'string' },
  name: { type: 'string' },
  enabled: { type: 'boolean' },
  username: { type: 'string' },
  channel: { type: 'string' },
  alias: { type: 'string', optional: true },
  emoji: { type: 'string', optional: true },
  scriptEnabled: { type: 'boolean' },
  script: { type: 'string', optional: true },
  avatar: { type: 'string', optional: true },
  scriptEngine: { type: 'string', optional: true },
};

export default command<JsonObject, Integration>({
  name: NAME,
  run({ store, profile, user }, body) {
    const override = byEra(profile, OVERRIDE_REQUIRED);
    matchCheck(body, {
      ...PATTERN,
      overrideDestinationChannelEnabled: { type: 'boolean', optional: !override },
    });
    const perms = managePermissions(store, 'incoming');
    const canAll = store.can(user, perms.all);
    const canOwn = store.can(user, perms.own);
    if (!canAll && !canOwn) throw new ApiError('integration-not-authorized', { method: NAME });
    const channel = body.channel as string;
    if (channel.trim() === '') throw new ApiError('integration-invalid-channel', { method: NAME });
    const parts = channel.split(',').map((c) => c.trim());
    const channels = byEra(profile, DROPS_EMPTY) ? parts.filter((c) => c !== '') : parts;
    for (const c of channels)
      if (!c.startsWith('#') && !c.startsWith('@'))
        throw new ApiError('integration-invalid-channel-chars', { method: 'updateIncomingIntegration' });
    const username = body.username as string;
    if (username.trim() === '') throw new ApiError('integration-invalid-username', { method: NAME });
    const poster = userExactly(store, username);
    if (!poster) throw new ApiError('integration-invalid-user', { method: NAME });
    for (const c of channels) {
      const record = targetRecord(store, c);
      if (!record) throw new ApiError('integration-invalid-room', { method: NAME });
      if (!(canAll && canOwn) && !store.isSubscribed(user._id, record._id))
        throw new ApiError('integration-channel-forbidden', { method: NAME });
    }
    const engine = byEra(profile, ENGINE);
    const fields: Record<string, unknown> = {
      ...body,
      ...(engine ? { scriptEngine: body.scriptEngine ?? 'isolated-vm' } : {}),
      type: 'webhook-incoming',
      channel: channels,
      ...(engine
        ? { overrideDestinationChannelEnabled: body.overrideDestinationChannelEnabled ?? false }
        : {}),
      token: '',
      userId: poster._id,
      _createdAt: '',
      _createdBy: { _id: user._id, username: user.username },
    };
    // the fake runs no script: it keeps the script's text as its compiled form
    if (compiles(body)) fields.scriptCompiled = body.script;
    return store.createIntegration(
      { fields: fields as JsonObject, token: true, botUserId: poster._id },
      integrationLayout(profile),
    );
  },
});
