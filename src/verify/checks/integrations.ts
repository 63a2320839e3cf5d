/** The checks of GET /api/v1/channels.getIntegrations: the permission, the room, the page and its integrations. */

import type { Check } from '../check';
import { lacking } from '../context';
import {
  NO_SUCH_ROOM,
  UNKNOWN_ROOM,
  archived,
  isSortedBy,
  page,
  unprivileged,
  withIntegrations,
} from './shared';

const INTEG = 'GET /api/v1/channels.getIntegrations';

/** The documented fields of an integration, either kind, then of each kind. */
const INTEGRATION_FIELDS = [
  '_id',
  'type',
  'enabled',
  'name',
  'username',
  'userId',
  'channel',
  'token',
  '_createdAt',
  '_createdBy',
  '_updatedAt',
];
const KIND_FIELDS: Record<string, string[]> = {
  'webhook-outgoing': ['event', 'urls'],
  'webhook-incoming': [],
};

export const INTEGRATION_CHECKS: readonly Check[] = [
  // ---- channels.getIntegrations ----
  {
    id: 'channels.getIntegrations.permission-first',
    section: INTEG,
    rule: 'Without any of the four manage-*-integrations permissions: 403 error-unauthorized, before any parameter is read',
    needs: ['user2'],
    async run(t) {
      unprivileged(t);
      const first = t.facts.channels[0];
      for (const params of [
        '',
        `?${t.refQuery({ _id: NO_SUCH_ROOM, name: NO_SUCH_ROOM })}`,
        ...(first ? [`?${t.refQuery(first)}`] : []),
        '?count=abc',
      ]) {
        t.exact(await t.get(`/api/v1/channels.getIntegrations${params}`, 'user2'), 403, t.era.forbidden);
      }
    },
  },
  {
    id: 'channels.getIntegrations.room',
    section: INTEG,
    rule: 'No room parameter is 400 error-roomid-param-not-provided; an unknown room is 400 error-room-not-found',
    async run(t) {
      // without a room: 6.x's route fell through to "not found", 8.x's schema refuses the query
      const missing = t.profile.missingIntegrationRoom;
      t.exact(
        await t.get('/api/v1/channels.getIntegrations'),
        400,
        missing === 'not-found'
          ? t.era.roomNotFound('')
          : missing === 'invalid-params'
            ? t.era.invalidParams(
                t.era.reasons(
                  "must have required property 'roomId'",
                  "must have required property 'roomName'",
                  'must match a schema in anyOf',
                ),
              )
            : t.era.roomParamMissing,
      );
      t.exact(
        await t.get(
          `/api/v1/channels.getIntegrations?${t.refQuery({ _id: NO_SUCH_ROOM, name: NO_SUCH_ROOM })}`,
        ),
        400,
        t.era.roomNotFound(NO_SUCH_ROOM),
      );
      t.exact(
        await t.get(`/api/v1/channels.getIntegrations?roomId=${UNKNOWN_ROOM}`),
        400,
        t.era.roomNotFound(UNKNOWN_ROOM),
      );
    },
  },
  {
    id: 'channels.getIntegrations.page',
    section: INTEG,
    rule: 'The page is {integrations, count, offset, total, success}, sorted by _createdAt; each is a webhook-outgoing or a webhook-incoming (no urls, no event)',
    needs: ['integrations'],
    async run(t) {
      const room = withIntegrations(t);
      const reply = await t.get(`/api/v1/channels.getIntegrations?${t.refQuery(room)}&count=100`);
      const items = page(t, reply, 'integrations');
      t.that(isSortedBy(items, '_createdAt'), reply, 'not sorted by _createdAt');
      for (const i of items) {
        const kind = i.type;
        t.that(
          kind === 'webhook-outgoing' || kind === 'webhook-incoming',
          reply,
          `an integration of type ${String(kind)}`,
        );
        const missing = lacking(i, [...INTEGRATION_FIELDS, ...(KIND_FIELDS[String(kind)] ?? [])]);
        t.that(missing.length === 0, reply, `integration ${String(i.name)} lacks ${missing.join(', ')}`);
        if (kind === 'webhook-incoming')
          t.that(
            !('urls' in i) && !('event' in i),
            reply,
            `incoming webhook ${String(i.name)} has urls or event`,
          );
        const targets = Array.isArray(i.channel) ? i.channel : [];
        t.that(
          targets.includes(`#${room.name}`) || targets.includes('all_public_channels'),
          reply,
          `integration ${String(i.name)} is not aimed at #${room.name} or all_public_channels`,
        );
      }
    },
  },
  {
    id: 'channels.getIntegrations.include-all',
    section: INTEG,
    rule: 'all_public_channels integrations are listed unless includeAllPublicChannels is present and not exactly "true"',
    needs: ['integrations'],
    async run(t) {
      const room = withIntegrations(t);
      const path = `/api/v1/channels.getIntegrations?${t.refQuery(room)}&count=100`;
      const all = page(t, await t.get(path), 'integrations');
      const yes = page(t, await t.get(`${path}&includeAllPublicChannels=true`), 'integrations');
      const no = await t.get(`${path}&includeAllPublicChannels=false`);
      const own = page(t, no, 'integrations');
      const aimed = (i: Record<string, unknown>) =>
        Array.isArray(i.channel) && i.channel.includes(`#${room.name}`);
      t.that(yes.length === all.length, no, '"true" does not list what the default lists');
      t.that(own.every(aimed), no, '"false" still lists all_public_channels integrations');
      t.that(own.length === all.filter(aimed).length, no, '"false" lost integrations aimed at the room');
    },
  },
  {
    id: 'channels.getIntegrations.archived',
    section: INTEG,
    rule: 'Archived channels are allowed (200)',
    needs: ['archived'],
    async run(t) {
      const room = archived(t);
      page(t, await t.get(`/api/v1/channels.getIntegrations?${t.refQuery(room)}`), 'integrations');
    },
  },
  {
    id: 'channels.getIntegrations.after-room',
    section: INTEG,
    rule: 'Paging and JSON parameters are read after the room is found: a bad count for an unknown room is error-room-not-found (8.8 on: the schema refuses the count first)',
    async run(t) {
      t.exact(
        await t.get(
          `/api/v1/channels.getIntegrations?${t.refQuery({ _id: NO_SUCH_ROOM, name: NO_SUCH_ROOM })}&count=abc`,
        ),
        400,
        t.profile.validation === 'hono'
          ? t.era.invalidParams('must be number')
          : t.era.roomNotFound(NO_SUCH_ROOM),
      );
    },
  },
];
