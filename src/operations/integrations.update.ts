import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import updateIncomingIntegration from '../commands/updateIncomingIntegration';
import updateOutgoingIntegration from '../commands/updateOutgoingIntegration';
import type { JsonObject } from '../store/query';
import type { Integration } from '../types';
import { success } from './operation';
import { callerOf, readBody } from './params';
import { API_INTEGRATION, SINCE_5 } from './integrations-common';
import { GROUPS, route } from './route-groups';
import { answer } from './responses';
import { validated } from './schemas';
import type { Schema, Validator } from './validator';

/**
 * `PUT /api/v1/integrations.update` (the one PUT route of the API): no permission of the route's
 * own; the body validated (`isIntegrationsUpdateProps`, a local `new Ajv()` to 8.5, the shared
 * coercing one from 8.6), then by its `type` the integration found (an outgoing one by
 * `target_url`, else by `integrationId`; an incoming one by `integrationId`) and the same
 * `updateIncomingIntegration` / `updateOutgoingIntegration` command as the realtime methods.
 * Answers the stored document after the update. Not in 0.49 (404); POST is the wrong method.
 */

const str = { type: 'string', nullable: false } as const;
const maybeStr = { type: 'string', nullable: true } as const;
const bool = { type: 'boolean', nullable: false } as const;
const maybeBool = { type: 'boolean', nullable: true } as const;
const words = { type: 'array', items: { type: 'string', minLength: 1 }, nullable: true } as const;

/** What an era's schema has: 6.3's required `overrideDestinationChannelEnabled`, 6.13's `scriptEngine`, 8.6's `skipTranspile`. */
interface Shape {
  readonly override: boolean;
  readonly engine: boolean;
  readonly skipTranspile: boolean;
}

/** `isIntegrationsUpdateProps`: incoming (additional keys allowed) or outgoing (none), by an unanchored `type` pattern. */
function updateSchema({ override, engine, skipTranspile }: Shape): Schema {
  const engineKey = engine ? { scriptEngine: str } : {};
  const skip = skipTranspile ? { skipTranspile: maybeBool } : {};
  const overrideKey = { overrideDestinationChannelEnabled: override ? bool : maybeBool };
  return {
    oneOf: [
      {
        type: 'object',
        properties: {
          type: { type: 'string', pattern: 'webhook-incoming', nullable: false },
          integrationId: str,
          channel: str,
          scriptEnabled: bool,
          ...engineKey,
          ...skip,
          ...overrideKey,
          script: maybeStr,
          name: str,
          enabled: bool,
          alias: maybeStr,
          avatar: maybeStr,
          emoji: maybeStr,
        },
        required: [
          'integrationId',
          'type',
          'channel',
          'scriptEnabled',
          ...(override ? ['overrideDestinationChannelEnabled'] : []),
          'name',
          'enabled',
        ],
        additionalProperties: true,
      },
      {
        type: 'object',
        properties: {
          type: { type: 'string', pattern: 'webhook-outgoing', nullable: false },
          integrationId: maybeStr,
          target_url: maybeStr,
          username: str,
          channel: str,
          event: str,
          targetRoom: maybeStr,
          urls: words,
          triggerWords: words,
          triggerWordAnywhere: maybeBool,
          token: maybeStr,
          scriptEnabled: bool,
          ...(override ? { overrideDestinationChannelEnabled: bool } : engineKey),
          ...skip,
          script: maybeStr,
          runOnEdits: maybeBool,
          retryFailedCalls: maybeBool,
          retryCount: { type: 'number', nullable: true },
          retryDelay: maybeStr,
          impersonateUser: maybeBool,
          name: str,
          enabled: bool,
          alias: maybeStr,
          avatar: maybeStr,
          emoji: maybeStr,
        },
        required: [
          'type',
          'username',
          'channel',
          'event',
          'scriptEnabled',
          ...(override ? ['overrideDestinationChannelEnabled'] : []),
          'name',
          'enabled',
        ],
        additionalProperties: false,
      },
    ],
  };
}

/**
 * The route's validator by release line: 5.x as rest-typings 6.3 (both branches require
 * `overrideDestinationChannelEnabled`; 5.x's own typings unread, UNVERIFIED), 6.13 to 8.5 as
 * 6.13.1, 8.6 on with `skipTranspile` and the shared coercing ajv.
 */
export const UPDATE_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '5': {
    schema: updateSchema({ override: true, engine: false, skipTranspile: false }),
    coerce: false,
    form: 'legacy',
  },
  '6': {
    schema: updateSchema({ override: false, engine: true, skipTranspile: false }),
    coerce: false,
    form: 'legacy',
  },
  '8.6': {
    schema: updateSchema({ override: false, engine: true, skipTranspile: true }),
    coerce: true,
    form: 'legacy',
  },
};

/** The integration a validated body names, and which of the two commands updates it. */
interface Target {
  readonly kind: 'incoming' | 'outgoing';
  readonly found: Integration;
  readonly body: JsonObject;
}

export default route(GROUPS.integrations, {
  name: 'integrations.update',
  method: 'PUT',
  permissions: [
    'manage-incoming-integrations',
    'manage-own-incoming-integrations',
    'manage-outgoing-integrations',
    'manage-own-outgoing-integrations',
  ],
  errors: [
    'integration-none-found',
    'integration-invalid-type',
    'integration-invalid-channel',
    'integration-invalid-channel-chars',
    'integration-not-authorized',
    'integration-not-authorized-bare',
    'integration-invalid',
    'integration-invalid-room',
    'integration-channel-forbidden',
    'integration-invalid-post-as',
    'integration-invalid-event',
    'integration-invalid-username',
    'integration-invalid-target-room',
    'integration-invalid-urls',
    'integration-invalid-permissions',
    'integration-invalid-trigger-words',
    'integration-invalid-token',
    'integration-update-not-found',
  ],
  response: answer({ integration: API_INTEGRATION }),
  reads: ['integration'],
  changes: ['integration'],
  validator: UPDATE_VALIDATOR,
  read: (context): Target => {
    const { store, profile, input } = context;
    callerOf(context);
    const body = validated(profile, UPDATE_VALIDATOR, readBody(input.body)) as JsonObject;
    let found: Integration | undefined;
    if (body.type === 'webhook-outgoing') {
      const url = body.target_url;
      if (typeof url === 'string' && url !== '')
        found = store.allIntegrations().find((i) => Array.isArray(i.urls) && i.urls.includes(url));
      else if (typeof body.integrationId === 'string' && body.integrationId !== '')
        found = store.integration(body.integrationId);
      if (!found) throw new ApiError('integration-none-found');
      return { kind: 'outgoing', found, body };
    }
    if (body.type === 'webhook-incoming') {
      found = store.integration(String(body.integrationId));
      if (!found) throw new ApiError('integration-none-found');
      return { kind: 'incoming', found, body };
    }
    throw new ApiError('integration-invalid-type');
  },
  run: (context, { kind, found, body }) => {
    const ctx = { ...context, user: callerOf(context) };
    const command = kind === 'incoming' ? updateIncomingIntegration : updateOutgoingIntegration;
    const updated = command.run(ctx, { id: found._id, body });
    return success({ integration: updated });
  },
  openApi: { servedIn: SINCE_5 },
});
