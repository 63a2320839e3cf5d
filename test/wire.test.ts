/**
 * Wire shapes, declared once (src/wire.ts): the store's views, the entities a world holds and the
 * answers' schemas all follow the one declaration.
 */
import { readFileSync } from 'node:fs';

import Ajv from 'ajv';

import { DEFAULT_FIXTURES } from '../src/scenario/load';
import { resolveScenario } from '../src/scenario/resolve';
import { listView, meView, roomView } from '../src/operations/views';
import type { Room } from '../src/types';
import {
  INCOMING_SHAPE,
  ME_SHAPE,
  OUTGOING_SHAPE,
  ROOM_SHAPE,
  fieldsOf,
  jsonSchemaOf,
  leftOut,
} from '../src/wire';

const ajv = new Ajv({ allErrors: true, strict: false });
const world = resolveScenario(JSON.parse(readFileSync(DEFAULT_FIXTURES, 'utf8')));

describe('the wire shapes', () => {
  it('a room view leaves out the hidden fields; a list item also those not in lists', () => {
    const room = { ...world.channels[0], joinCode: 'secret', joinCodeRequired: true } as Room;
    expect(leftOut(ROOM_SHAPE, 'full')).toEqual(['joinCode']);
    expect(leftOut(ROOM_SHAPE, 'list')).toEqual(['joinCodeRequired', 'joinCode', 'muted']);
    expect(Object.keys(roomView(room))).toEqual(Object.keys(room).filter((k) => k !== 'joinCode'));
    expect(Object.keys(listView(room))).toEqual(
      Object.keys(room).filter((k) => !['joinCode', 'joinCodeRequired', 'muted'].includes(k)),
    );
  });

  it('every entity of the default world, as the views send it, matches its shape', () => {
    const full = ajv.compile(jsonSchemaOf(ROOM_SHAPE, 'full'));
    const list = ajv.compile(jsonSchemaOf(ROOM_SHAPE, 'list'));
    for (const room of world.channels) {
      expect([full(roomView(room)), full.errors]).toEqual([true, null]);
      expect([list(listView(room)), list.errors]).toEqual([true, null]);
    }
    const outgoing = ajv.compile(jsonSchemaOf(OUTGOING_SHAPE));
    const incoming = ajv.compile(jsonSchemaOf(INCOMING_SHAPE));
    expect(world.integrations.length).toBeGreaterThan(0);
    for (const integration of world.integrations) {
      const check = integration.type === 'webhook-outgoing' ? outgoing : incoming;
      expect([check(integration), check.errors]).toEqual([true, null]);
    }
    const me = ajv.compile(jsonSchemaOf(ME_SHAPE));
    for (const user of world.users) {
      const view = meView(user, 'http://127.0.0.1:3000');
      expect(Object.keys(view)).toEqual(fieldsOf(ME_SHAPE));
      expect([me(view), me.errors]).toEqual([true, null]);
    }
  });

  it('a schema refuses what its shape rules out: a hidden field, a wrong kind, a missing field', () => {
    const full = ajv.compile(jsonSchemaOf(ROOM_SHAPE, 'full'));
    const room = roomView(world.channels[0] as Room);
    expect(full({ ...room, joinCode: 'x' })).toBe(false);
    expect(full({ ...room, msgs: -1 })).toBe(false);
    const { ts: _ts, ...withoutTs } = room;
    expect(full(withoutTs)).toBe(false);
  });
});
