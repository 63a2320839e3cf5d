/** The checks of the messaging routes, from 6.x on: public settings, subscriptions, rooms and direct rooms. */

import type { Check } from '../check';
import type { CheckContext } from '../context';
import { listOf, objectOf } from '../context';
import { NO_SUCH_USER, UNKNOWN_ROOM, q } from './shared';

const MESSAGING = 'Subscriptions, direct rooms and public settings';

/** The messaging checks run from 6.x on (the validators and the answers of 7.x/8.x). */
function messagingEra(t: CheckContext): void {
  if (t.profile.validation === 'restivus')
    t.skip(`profile ${t.profile.id}: the messaging routes are characterised from 6.x on`);
}

const LEGACY_UNKNOWN_PARAM = {
  success: false,
  error: 'must NOT have additional properties [invalid-params]',
  errorType: 'invalid-params',
};

export const MESSAGING_CHECKS: readonly Check[] = [
  {
    id: 'settings.public.page',
    section: MESSAGING,
    rule: 'settings.public needs no login: ?_id=Site_Name is 200 {settings: [{_id: "Site_Name", value (a string), enterprise (a boolean)}], count 1, offset 0, total 1}',
    async run(t) {
      messagingEra(t);
      const reply = await t.get('/api/v1/settings.public?_id=Site_Name', 'nobody');
      t.status(reply, 200);
      const body = objectOf(reply.body);
      const items = listOf(body, 'settings');
      const item = objectOf(items[0]);
      t.that(items.length === 1 && item._id === 'Site_Name', reply, 'settings is not [Site_Name]');
      t.that(
        typeof item.value === 'string' && typeof item.enterprise === 'boolean',
        reply,
        'not {_id, value, enterprise}',
      );
      t.that(
        body.count === 1 && body.offset === 0 && body.total === 1,
        reply,
        'count, offset, total are not 1, 0, 1',
      );
      return undefined;
    },
  },
  {
    id: 'settings.public.unknown-param',
    section: MESSAGING,
    rule: 'settings.public refuses a parameter it does not name (fields too): 400 "must NOT have additional properties [invalid-params]"',
    async run(t) {
      messagingEra(t);
      t.exact(
        await t.get(`/api/v1/settings.public?fields=${q('{"value":1}')}`, 'nobody'),
        400,
        LEGACY_UNKNOWN_PARAM,
      );
      return undefined;
    },
  },
  {
    id: 'subscriptions.get.shape',
    section: MESSAGING,
    rule: "subscriptions.get is 200 {update: the user's subscriptions ({rid, t, name, u of the user, open, alert, unread}), remove: []}; with updatedSince in the future, update is empty",
    async run(t) {
      messagingEra(t);
      const reply = await t.get('/api/v1/subscriptions.get');
      t.status(reply, 200);
      const body = objectOf(reply.body);
      const update = listOf(body, 'update');
      t.that(Array.isArray(body.update) && Array.isArray(body.remove), reply, 'not {update, remove}');
      for (const sub of update) {
        t.that(
          typeof sub.rid === 'string' && ['c', 'p', 'd', 'l'].includes(String(sub.t)),
          reply,
          'a subscription without rid or t',
        );
        t.that(objectOf(sub.u).username === t.facts.user.username, reply, 'a subscription of another user');
        t.that(
          typeof sub.open === 'boolean' && typeof sub.alert === 'boolean',
          reply,
          'open or alert is not a boolean',
        );
        t.that(Number.isInteger(sub.unread), reply, 'unread is not an integer');
      }
      const later = await t.get(`/api/v1/subscriptions.get?updatedSince=${q('2999-01-01T00:00:00.000Z')}`);
      t.status(later, 200);
      t.that(listOf(later.body, 'update').length === 0, later, 'update is not empty');
      return undefined;
    },
  },
  {
    id: 'subscriptions.get.bad-date',
    section: MESSAGING,
    rule: 'subscriptions.get?updatedSince=<not a date> is 400 \'The "lastUpdate" query parameter must be a valid date. [error-roomId-param-invalid]\'',
    async run(t) {
      messagingEra(t);
      t.exact(await t.get('/api/v1/subscriptions.get?updatedSince=yesterday'), 400, {
        success: false,
        error: 'The "lastUpdate" query parameter must be a valid date. [error-roomId-param-invalid]',
        errorType: 'error-roomId-param-invalid',
      });
      return undefined;
    },
  },
  {
    id: 'subscriptions.getOne.none',
    section: MESSAGING,
    rule: 'subscriptions.getOne of a room the user is not in is 200 {subscription: null}; an empty roomId is 400 "The \'roomId\' param is required"',
    async run(t) {
      messagingEra(t);
      t.exact(await t.get(`/api/v1/subscriptions.getOne?roomId=${UNKNOWN_ROOM}`), 200, {
        subscription: null,
        success: true,
      });
      t.exact(await t.get('/api/v1/subscriptions.getOne?roomId='), 400, {
        success: false,
        error: "The 'roomId' param is required",
      });
      return undefined;
    },
  },
  {
    id: 'subscriptions.read.unknown-room',
    section: MESSAGING,
    rule: 'subscriptions.read of a room that does not exist is 400 {"success":false,"error":"error-invalid-subscription"}',
    async run(t) {
      messagingEra(t);
      t.exact(await t.post('/api/v1/subscriptions.read', { rid: UNKNOWN_ROOM }), 400, {
        success: false,
        error: 'error-invalid-subscription',
      });
      return undefined;
    },
  },
  {
    id: 'rooms.get.shape',
    section: MESSAGING,
    rule: "rooms.get is 200 {update: the user's rooms, each with _id and t, remove}; updatedSince=<not a date> is 400 error-updatedSince-param-invalid",
    async run(t) {
      messagingEra(t);
      const reply = await t.get('/api/v1/rooms.get');
      t.status(reply, 200);
      const body = objectOf(reply.body);
      t.that(Array.isArray(body.update) && Array.isArray(body.remove), reply, 'not {update, remove}');
      for (const room of listOf(body, 'update'))
        t.that(typeof room._id === 'string' && typeof room.t === 'string', reply, 'a room without _id or t');
      t.exact(await t.get('/api/v1/rooms.get?updatedSince=nope'), 400, {
        success: false,
        error: 'The "updatedSince" query parameter must be a valid date. [error-updatedSince-param-invalid]',
        errorType: 'error-updatedSince-param-invalid',
      });
      return undefined;
    },
  },
  {
    id: 'im.history.not-direct',
    section: MESSAGING,
    rule: 'im.history of a public channel\'s id is 400 {"success":false,"error":"[invalid-channel]","errorType":"invalid-channel"}',
    async run(t) {
      messagingEra(t);
      const room = t.facts.channels[0];
      if (!room) return t.skip('needs a public channel');
      t.exact(await t.get(`/api/v1/im.history?roomId=${q(room._id)}`), 400, {
        success: false,
        error: '[invalid-channel]',
        errorType: 'invalid-channel',
      });
      return undefined;
    },
  },
  {
    id: 'im.create.unknown-user',
    section: MESSAGING,
    rule: 'im.create with a username no user has is 400 "Invalid user [error-invalid-user]" with details {method: "createDirectMessage"} (and makes nothing)',
    async run(t) {
      messagingEra(t);
      t.exact(await t.post('/api/v1/im.create', { username: NO_SUCH_USER }), 400, {
        success: false,
        error: 'Invalid user [error-invalid-user]',
        errorType: 'error-invalid-user',
        details: { method: 'createDirectMessage' },
      });
      return undefined;
    },
  },
];
