/**
 * The checks of POST /api/v1/channels.setType: the type, the room, the same type, the permission, a
 * change, and that channels.* do not find the room once it is private.
 */

import type { Check } from '../check';
import { objectOf } from '../context';
import { TYPE_REQUIRED, TYPE_SAME, archivedBody } from '../expected';
import { NO_SUCH_ROOM, archived, current, dedicated, page, probe, q, unprivileged } from './shared';

const TYPE = 'POST /api/v1/channels.setType';

export const SET_TYPE_CHECKS: readonly Check[] = [
  // ---- channels.setType ----
  {
    id: 'channels.setType.type-required',
    section: TYPE,
    rule: 'A missing, empty or blank type is 400 "The bodyParam \\"type\\" is required", before the room is looked up',
    async run(t) {
      const room = t.ref({ _id: NO_SUCH_ROOM, name: NO_SUCH_ROOM });
      // 8.x's typed route refuses a body without a type key by its schema first
      const noKey =
        t.profile.validation === 'hono'
          ? t.era.invalidBody("must have required property 'type'")
          : TYPE_REQUIRED;
      t.exact(await t.post('/api/v1/channels.setType', room), 400, noKey);
      for (const body of [
        { ...room, type: '' },
        { ...room, type: '  ' },
      ])
        t.exact(await t.post('/api/v1/channels.setType', body), 400, TYPE_REQUIRED);
      return undefined;
    },
  },
  {
    id: 'channels.setType.not-found',
    section: TYPE,
    rule: 'No room parameter is error-roomid-param-not-provided (8.8 on: the schema refuses it); an unknown room is error-room-not-found',
    async run(t) {
      t.exact(
        await t.post('/api/v1/channels.setType', { type: 'p' }),
        400,
        t.profile.validation === 'hono'
          ? t.era.invalidBody(
              t.era.reasons(
                "must have required property 'roomId'",
                "must have required property 'roomName'",
                'must match a schema in anyOf',
              ),
            )
          : t.era.roomParamMissing,
      );
      t.exact(
        await t.post('/api/v1/channels.setType', {
          ...t.ref({ _id: NO_SUCH_ROOM, name: NO_SUCH_ROOM }),
          type: 'p',
        }),
        400,
        t.era.roomNotFound(NO_SUCH_ROOM),
      );
    },
  },
  {
    id: 'channels.setType.archived',
    section: TYPE,
    rule: 'An archived channel is 400 error-room-archived',
    needs: ['archived'],
    async run(t) {
      const room = archived(t);
      t.exact(
        await t.post('/api/v1/channels.setType', { ...t.ref(room), type: 'p' }),
        400,
        archivedBody(room.name),
      );
    },
  },
  {
    id: 'channels.setType.same-type',
    section: TYPE,
    rule: 'The current type is 400 "The channel type is the same as what it would be changed to."',
    needs: ['probe'],
    lenient: true,
    async run(t) {
      const room = probe(t);
      t.exact(await t.post('/api/v1/channels.setType', { ...t.ref(room), type: 'c' }), 400, TYPE_SAME);
    },
  },
  {
    id: 'channels.setType.invalid-type',
    section: TYPE,
    rule: 'A type other than c or p is 400 error-invalid-room-type, details {function:"RocketChat.saveRoomType", type}',
    needs: ['probe'],
    async run(t) {
      const room = probe(t);
      t.exact(
        await t.post('/api/v1/channels.setType', { ...t.ref(room), type: 'x' }),
        400,
        t.era.invalidRoomType('x'),
      );
    },
  },
  {
    id: 'channels.setType.permission',
    section: TYPE,
    rule: 'Without edit-room: 400 error-action-not-allowed (the setReadOnly body)',
    needs: ['user2', 'channel'],
    changes: true,
    async run(t) {
      unprivileged(t);
      const room = dedicated(t);
      t.exact(
        await t.post('/api/v1/channels.setType', { ...t.ref(room), type: 'p' }, 'user2'),
        400,
        t.era.notAllowed,
      );
    },
  },
  {
    id: 'channels.setType.changes',
    section: TYPE,
    rule: 'A change is 200 {channel} with the new t, _updatedAt later and msgs up by one; groups.setType turns it back',
    needs: ['channel'],
    changes: true,
    async run(t) {
      const room = (await current(t, dedicated(t).name)) ?? dedicated(t);
      const reply = await t.post('/api/v1/channels.setType', { ...t.ref(room), type: 'p' });
      t.status(reply, 200);
      const channel = objectOf(objectOf(reply.body).channel);
      t.that(
        channel.t === 'p' && channel._id === room._id,
        reply,
        'the channel did not come back with t:"p"',
      );
      t.that(String(channel._updatedAt) > String(room._updatedAt), reply, '_updatedAt did not move');
      t.that(
        typeof channel.msgs === 'number' && channel.msgs > Number(room.msgs),
        reply,
        'msgs did not go up',
      );
      const back = await t.post('/api/v1/groups.setType', { ...t.ref(room), type: 'c' });
      t.status(back, 200);
      t.that(objectOf(objectOf(back.body).group).t === 'c', back, 'groups.setType did not turn it back');
    },
  },
  {
    id: 'channels.private-not-found',
    section: TYPE,
    rule: 'channels.* do not find a private room: not listed, and getIntegrations, setReadOnly and setType are error-room-not-found',
    needs: ['channel'],
    changes: true,
    lenient: true,
    async run(t) {
      const room = dedicated(t);
      t.status(await t.post('/api/v1/channels.setType', { ...t.ref(room), type: 'p' }), 200);
      try {
        const listed = await t.get(`/api/v1/channels.list?query=${q(JSON.stringify({ name: room.name }))}`);
        t.that(page(t, listed, 'channels').length === 0, listed, 'the private room is still listed');
        t.exact(
          await t.get(`/api/v1/channels.getIntegrations?${t.refQuery(room)}`),
          400,
          t.era.roomNotFound(room._id),
        );
        t.exact(
          await t.post('/api/v1/channels.setReadOnly', { ...t.ref(room), readOnly: true }),
          400,
          t.era.roomNotFound(room._id),
        );
        t.exact(
          await t.post('/api/v1/channels.setType', { ...t.ref(room), type: 'c' }),
          400,
          t.era.roomNotFound(room._id),
        );
      } finally {
        await t.post('/api/v1/groups.setType', { ...t.ref(room), type: 'c' });
      }
    },
  },
];
