import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { matches, sortBy } from '../store/query';
import type { CustomEmoji } from '../types';
import { EMOJI, EMOJI_EXISTS } from './emoji-custom.list';
import { success } from './operation';
import { LIST_QUERY_ERRORS, readJsonQuery, readPagination } from './params';
import { answer } from './responses';
import { GROUPS, route } from './route-groups';

/** The JSON `query` read (5.x, 6.x; 7.0 on only with an unsafe flag, so not). */
const READS_QUERY: EraTable<boolean> = { '0.49': true, '7': false };
/** `name` (case-insensitive, literal) from the newest 8.x (first minor UNVERIFIED: given to 8.9). */
const READS_NAME: EraTable<boolean> = { '0.49': false, '8.9': true };

/**
 * `GET /api/v1/emoji-custom.all`: one page of the world's custom emoji, by name unless `sort`
 * says otherwise, as `{emojis, count, offset, total}`. No validator on any line.
 */
export default route(GROUPS.emojiCustom, {
  name: 'emoji-custom.all',
  method: 'GET',
  errors: [...LIST_QUERY_ERRORS],
  response: answer({
    emojis: { type: 'array', items: EMOJI },
    count: { type: 'integer', minimum: 0 },
    offset: { type: 'integer', minimum: 0 },
    total: { type: 'integer', minimum: 0 },
  }),
  openApi: { servedIn: EMOJI_EXISTS },
  read: ({ profile, input }) => {
    const params = input.query;
    const { offset, count } = readPagination(params);
    const { sort, query } = readJsonQuery({
      ...(params.sort === undefined ? {} : { sort: params.sort }),
      ...(params.query === undefined || !byEra(profile, READS_QUERY) ? {} : { query: params.query }),
    });
    const name = byEra(profile, READS_NAME) && typeof params.name === 'string' ? params.name : undefined;
    return { offset, count, sort, query, name };
  },
  run: ({ store }, { offset, count, sort, query, name }) => {
    const needle = name?.toLowerCase();
    const all = store
      .customEmojis()
      .filter(
        (e: CustomEmoji) =>
          (query === undefined || matches(e, query)) &&
          (needle === undefined || e.name.toLowerCase().includes(needle)),
      );
    const ordered = sortBy([...all], sort ?? [[['name'], 1]]);
    const page = ordered.slice(offset, count > 0 ? offset + count : undefined).map((e) => ({ ...e }));
    return success({ emojis: page, count: page.length, offset, total: all.length });
  },
});
