import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import { matches } from '../store/query';
import type { CustomEmoji } from '../types';
import { success } from './operation';
import { readJsonQuery } from './params';
import { answer } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import type { Validator } from './validator';

/** `emoji-custom.list` and `.all`: profile 5 on (`.list` about 0.75, UNVERIFIED); 0.49: 404. */
export const EMOJI_EXISTS: EraTable<boolean> = { '0.49': false, '5': true };

const str = { type: 'string' } as const;
const SCHEMA = {
  type: 'object',
  properties: { query: str, updatedSince: str, _updatedAt: str, _id: str },
  additionalProperties: false,
} as const;

/** No validator until 7.0's `isEmojiCustomList`; 8.9's typed query, refused by the router. */
export const EMOJI_LIST_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '7': { schema: SCHEMA, coerce: true, form: 'legacy' },
  '8.9': { schema: SCHEMA, coerce: true, form: 'query' },
};

/** 7.0 on: `_id` (one emoji) and `_updatedAt` (changed after) besides `updatedSince`; the JSON `query` only before. */
const FILTERS_7: EraTable<boolean> = { '0.49': false, '7': true };

/** A date parameter: absent is none; else `Date.parse` must read it. */
function readDate(raw: unknown, field: string): string | undefined {
  if (raw === undefined) return undefined;
  const ms = Date.parse(String(raw));
  if (Number.isNaN(ms)) throw new ApiError('emoji-date-invalid', { field });
  return new Date(ms).toISOString();
}

export const EMOJI = {
  type: 'object',
  required: ['_id', 'name', 'aliases', 'extension', '_updatedAt'],
  properties: {
    _id: str,
    name: str,
    aliases: { type: 'array', items: str },
    extension: str,
    _updatedAt: str,
  },
};

/**
 * `GET /api/v1/emoji-custom.list`: the world's custom emoji (a scenario's `emojis`), as
 * `{emojis: {update, remove}}`: with `updatedSince` those changed after it (none is ever removed:
 * `remove` stays empty); 7.0 on `_id` and `_updatedAt` filter too, 5.x and 6.x the JSON `query`.
 */
export default route(GROUPS.emojiCustom, {
  name: 'emoji-custom.list',
  method: 'GET',
  errors: ['emoji-date-invalid', 'error-invalid-query'],
  response: answer({
    emojis: {
      type: 'object',
      required: ['update', 'remove'],
      properties: { update: { type: 'array', items: EMOJI }, remove: { type: 'array' } },
    },
  }),
  validator: EMOJI_LIST_VALIDATOR,
  openApi: { servedIn: EMOJI_EXISTS },
  read: ({ profile, input }) => {
    const params = validated(profile, EMOJI_LIST_VALIDATOR, input.query);
    const since = readDate(params.updatedSince, 'updatedSince');
    const later = byEra(profile, FILTERS_7);
    if (!later) {
      const { query } = readJsonQuery(params.query === undefined ? {} : { query: params.query });
      return { since, query };
    }
    const changedAfter = readDate(params._updatedAt, '_updatedAt');
    const id = typeof params._id === 'string' ? params._id : undefined;
    return { since, changedAfter, id };
  },
  run: ({ store }, filter) => {
    const fits = (e: CustomEmoji): boolean =>
      (filter.since === undefined || e._updatedAt > filter.since) &&
      ('query' in filter && filter.query ? matches(e, filter.query) : true) &&
      ('id' in filter && filter.id !== undefined ? e._id === filter.id : true) &&
      ('changedAfter' in filter && filter.changedAfter !== undefined
        ? e._updatedAt > filter.changedAfter
        : true);
    return success({
      emojis: {
        update: store
          .customEmojis()
          .filter(fits)
          .map((e) => ({ ...e })),
        remove: [],
      },
    });
  },
});
