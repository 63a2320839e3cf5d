import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { listedSettings } from '../store/public-settings';
import { SETTINGS, isSettingId } from '../store/setting-registry';
import { matches, sortBy } from '../store/query';
import type { JsonObject } from '../store/query';
import { success } from './operation';
import { callerOf, readJsonQuery, readPagination } from './params';
import { validated } from './schemas';
import { GROUPS, route } from './route-groups';
import { page, str } from './responses';
import type { Validator } from './validator';

/** The list came with 0.5x (profile 5); 0.49 had only `settings/:_id`. */
const EXISTS: EraTable<boolean> = { '0.49': false, '5': true };

/** A caller's `query` is honoured until 6.x; 7.0's `parseJsonQuery` drops it (and `fields`). */
const USER_QUERY: EraTable<boolean> = { '0.49': true, '7': false };

const num = { type: 'number' } as const;
const bool = { type: 'boolean' } as const;

/** 7.9's `isSettingsGetParams`; none before. */
export const SETTINGS_LIST_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '7.9': {
    schema: {
      type: 'object',
      properties: { includeDefaults: bool, count: num, offset: num, sort: str, fields: str, query: str },
      additionalProperties: false,
    },
    coerce: true,
    form: 'legacy',
  },
};

/** `includeDefaults` (7.9 on): each item also has its `packageValue`. */
function withDefault(item: JsonObject): JsonObject {
  const id = item._id;
  return typeof id === 'string' && isSettingId(id)
    ? { ...item, packageValue: SETTINGS[id].packageValue }
    : item;
}

/**
 * `GET /api/v1/settings`: the settings as the administration lists them, sorted by `_id` unless
 * `sort` says otherwise, a page of `count` (50 by default, at most 100, 0 for all) as
 * `{settings, count, offset, total}`. Without `view-privileged-setting` only the public ones;
 * `includeDefaults=true` (7.9 on) adds each one's `packageValue`; a `query` narrows the list until
 * 6.x.
 */
export default route(GROUPS.settingsAdmin, {
  name: 'settings',
  method: 'GET',
  order: 242,
  errors: ['invalid-params', 'error-invalid-sort', 'error-invalid-query', 'not-found'],
  response: page('settings', { type: 'object', required: ['_id'], properties: { _id: str } }),
  reads: ['setting'],
  validator: SETTINGS_LIST_VALIDATOR,
  read: ({ input, profile, store, ...context }) => {
    const user = callerOf(context);
    const params = validated(profile, SETTINGS_LIST_VALIDATOR, input.query);
    const own = byEra(profile, USER_QUERY);
    const { sort, query } = readJsonQuery({ sort: params.sort, ...(own ? { query: params.query } : {}) });
    return {
      privileged: store.can(user, 'view-privileged-setting'),
      includeDefaults:
        byEra(profile, SETTINGS_LIST_VALIDATOR) !== undefined && params.includeDefaults === true,
      sort,
      query,
      ...readPagination(params),
    };
  },
  run: ({ input, store }, { privileged, includeDefaults, sort, query, offset, count }) => {
    const listed = listedSettings(store.settings(), input.baseUrl, { publicOnly: !privileged });
    const all = query ? listed.filter((item) => matches(item, query)) : listed;
    const sorted = sort && sort.length > 0 ? sortBy(all, sort) : all;
    const pageOf = sorted.slice(offset, count === 0 ? undefined : offset + count);
    const settings = includeDefaults ? pageOf.map(withDefault) : pageOf;
    return success({ settings, count: settings.length, offset, total: all.length });
  },
  openApi: { servedIn: EXISTS },
});
