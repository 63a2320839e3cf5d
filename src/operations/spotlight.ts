import type { EraTable } from '../eras';
import { isPlainObject } from '../store/query';
import { success } from './operation';
import { callerOf } from './params';
import { answer } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import type { Validator } from './validator';

/** Added about 0.6x (profile 5 on; UNVERIFIED exact version); 0.49: 404. */
const EXISTS: EraTable<boolean> = { '0.49': false, '5': true };

const str = { type: 'string' } as const;

/**
 * `isSpotlightProps`: `query` required, nothing else (late 5.x on, validateParams); 8.9's typed
 * query also names `usernames`, `type` and `rid`, refused by the router (`error-invalid-params`).
 */
export const SPOTLIGHT_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '5': {
    schema: { type: 'object', properties: { query: str }, required: ['query'], additionalProperties: false },
    coerce: true,
    form: 'legacy',
  },
  '8.9': {
    schema: {
      type: 'object',
      properties: { query: str, usernames: str, type: str, rid: str },
      required: ['query'],
      additionalProperties: false,
    },
    coerce: true,
    form: 'query',
  },
};

/**
 * 8.9's `type`: a JSON object replaces the default `{users: true, rooms: true}` whole (a kind it
 * leaves out is not searched); JSON that does not parse, or not an object, is ignored.
 */
function readType(raw: unknown): { users: boolean; rooms: boolean } {
  const all = { users: true, rooms: true };
  if (typeof raw !== 'string') return all;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isPlainObject(parsed) ? { users: parsed.users === true, rooms: parsed.rooms === true } : all;
  } catch {
    return all;
  }
}

const USER = {
  type: 'object',
  required: ['_id', 'username', 'status'],
  properties: { _id: str, username: str, status: str, name: str },
};
const ROOM = { type: 'object', required: ['_id', 'name', 't'], properties: { _id: str, name: str, t: str } };

/**
 * `GET /api/v1/spotlight?query=`: the users and public channels matching a text
 * (src/store/startup.ts): `@text` users only, `#text` rooms only. 8.9 reads `usernames` (a comma
 * list left out of the users) and `type` (JSON `{"users":true}` searches users only) too; its `rid`
 * (members of a room first, the others `outside`) is not modelled.
 */
export default route(GROUPS.misc, {
  name: 'spotlight',
  method: 'GET',
  response: answer({ users: { type: 'array', items: USER }, rooms: { type: 'array', items: ROOM } }),
  reads: ['user', 'room', 'subscription'],
  validator: SPOTLIGHT_VALIDATOR,
  openApi: { servedIn: EXISTS },
  read: ({ profile, input }) => {
    const params = validated(profile, SPOTLIGHT_VALIDATOR, input.query);
    const raw = typeof params.query === 'string' ? params.query : '';
    const type = readType(params.type);
    const lead = raw.charAt(0);
    const text = lead === '@' || lead === '#' ? raw.slice(1) : raw;
    const exclude =
      typeof params.usernames === 'string' && params.usernames !== '' ? params.usernames.split(',') : [];
    return {
      text,
      users: lead !== '#' && type.users,
      rooms: lead !== '@' && type.rooms,
      exclude,
    };
  },
  run: (context, query) => success(context.store.spotlight(callerOf(context), query)),
});
