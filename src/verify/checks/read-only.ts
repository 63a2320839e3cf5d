/** The checks of POST /api/v1/channels.setReadOnly: its parameters, the room, the same value, a change and the permission. */

import type { Check } from '../check';
import { objectOf } from '../context';
import { RO_SAME, archivedBody } from '../expected';
import { NO_SUCH_ROOM, archived, current, currentRo, dedicated, probe, unprivileged } from './shared';

const RO = 'POST /api/v1/channels.setReadOnly';

/** ajv's last word when no branch of a oneOf matched. */
const ONE_OF = 'must match exactly one schema in oneOf';

export const READ_ONLY_CHECKS: readonly Check[] = [
  // ---- channels.setReadOnly ----
  {
    id: 'channels.setReadOnly.params',
    section: RO,
    rule: 'A missing room parameter, a missing or non-boolean readOnly, or a key the schema does not name, is 400 invalid-params (before 6.x: "The bodyParam \\"readOnly\\" is required", then the room)',
    async run(t) {
      const first = t.facts.channels[0] ?? { _id: 'GENERAL', name: 'general' };
      const path = '/api/v1/channels.setReadOnly';
      if (t.profile.validation === 'restivus') {
        // no validator before 6.x: the route's own words, then the room lookup
        t.exact(await t.post(path, t.ref(first)), 400, t.era.readOnlyRequired);
        t.exact(await t.post(path, { readOnly: true }), 400, t.era.roomParamMissing);
        return undefined;
      }
      // the schema is a oneOf of {roomId, readOnly} and {roomName, readOnly}: ajv says why each
      // branch failed, then that none matched
      const byId = 'roomId' in t.ref(first);
      const why = (problem: string): string =>
        byId
          ? t.era.reasons(problem, "must have required property 'roomName'", ONE_OF)
          : t.era.reasons("must have required property 'roomId'", problem, ONE_OF);
      t.exact(
        await t.post(path, t.ref(first)),
        400,
        t.era.invalidBody(why("must have required property 'readOnly'")),
      );
      t.exact(
        await t.post(path, { readOnly: true }),
        400,
        t.era.invalidBody(
          t.era.reasons(
            "must have required property 'roomId'",
            "must have required property 'roomName'",
            ONE_OF,
          ),
        ),
      );
      t.exact(
        await t.post(path, { ...t.ref(first), readOnly: 'maybe' }),
        400,
        t.era.invalidBody(why('must be boolean')),
      );
      // a key the schema does not name (additionalProperties: false), refused before any change
      t.exact(
        await t.post(path, { ...t.ref(first), readOnly: true, rocketchatFakeVerify: 1 }),
        400,
        t.era.invalidBody(why('must NOT have additional properties')),
      );
      return undefined;
    },
  },
  {
    id: 'channels.setReadOnly.not-found',
    section: RO,
    rule: 'An unknown room is 400 error-room-not-found',
    async run(t) {
      t.exact(
        await t.post('/api/v1/channels.setReadOnly', {
          ...t.ref({ _id: NO_SUCH_ROOM, name: NO_SUCH_ROOM }),
          readOnly: true,
        }),
        400,
        t.era.roomNotFound(NO_SUCH_ROOM),
      );
    },
  },
  {
    id: 'channels.setReadOnly.archived',
    section: RO,
    rule: 'An archived channel is 400 "The channel, <name>, is archived [error-room-archived]"',
    needs: ['archived'],
    async run(t) {
      const room = archived(t);
      t.exact(
        await t.post('/api/v1/channels.setReadOnly', { ...t.ref(room), readOnly: !room.ro }),
        400,
        archivedBody(room.name),
      );
    },
  },
  {
    id: 'channels.setReadOnly.same-value',
    section: RO,
    rule: 'Setting the current value is 400 "The channel read only setting is the same as what it would be changed to." (no errorType); "true"/"false" strings are coerced from 8.6 (refused as "must be boolean" before)',
    needs: ['probe'],
    lenient: true,
    async run(t) {
      const room = probe(t);
      const ro = (await currentRo(t, room.name)) ?? room.ro;
      t.exact(await t.post('/api/v1/channels.setReadOnly', { ...t.ref(room), readOnly: ro }), 400, RO_SAME);
      // before 6.x a string was compared as it was, so it would change the room: not tried there
      if (t.profile.validation === 'restivus') return undefined;
      t.exact(
        await t.post('/api/v1/channels.setReadOnly', { roomId: room._id, readOnly: String(ro) }),
        400,
        t.profile.readOnlyCoerced
          ? RO_SAME
          : t.era.invalidBody(
              t.era.reasons('must be boolean', "must have required property 'roomName'", ONE_OF),
            ),
      );
      return undefined;
    },
  },
  {
    id: 'channels.setReadOnly.changes',
    section: RO,
    rule: 'A change is 200 {channel}: ro set, _updatedAt later, msgs up by one (from 6.x), joinCodeRequired and muted present',
    needs: ['channel'],
    changes: true,
    async run(t) {
      const room = (await current(t, dedicated(t).name)) ?? dedicated(t);
      const ro = room.ro ?? false;
      const reply = await t.post('/api/v1/channels.setReadOnly', { ...t.ref(room), readOnly: !ro });
      t.status(reply, 200);
      const channel = objectOf(objectOf(reply.body).channel);
      t.that(objectOf(reply.body).success === true, reply, 'success is not true');
      t.that(channel.ro === !ro, reply, `ro is not ${String(!ro)}`);
      t.that(channel._id === room._id, reply, 'another channel came back');
      t.that(
        // 6.x on post a system message; the 0.5x servers did not
        typeof channel.msgs === 'number' &&
          channel.msgs === Number(room.msgs) + (t.profile.readOnlyMessage ? 1 : 0),
        reply,
        t.profile.readOnlyMessage ? 'msgs did not go up by one' : 'msgs changed (the era posted no message)',
      );
      t.that(String(channel._updatedAt) > String(room._updatedAt), reply, '_updatedAt did not move');
      t.that(
        'joinCodeRequired' in channel && Array.isArray(channel.muted),
        reply,
        'no joinCodeRequired or muted',
      );
      t.status(await t.post('/api/v1/channels.setReadOnly', { ...t.ref(room), readOnly: ro }), 200);
    },
  },
  {
    id: 'channels.setReadOnly.permission',
    section: RO,
    rule: 'Without edit-room: 400 (not 403) error-action-not-allowed, details {method:"saveRoomSettings", action:"Editing_room"}',
    needs: ['user2', 'channel'],
    changes: true,
    async run(t) {
      unprivileged(t);
      const room = dedicated(t);
      const ro = (await currentRo(t, room.name)) ?? false;
      t.exact(
        await t.post('/api/v1/channels.setReadOnly', { ...t.ref(room), readOnly: !ro }, 'user2'),
        400,
        t.era.notAllowed,
      );
    },
  },
];
