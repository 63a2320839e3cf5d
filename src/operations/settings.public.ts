import { publicSettings } from '../store/public-settings';
import { sortBy } from '../store/query';
import { success } from './operation';
import { readJsonQuery, readPagination } from './params';
import type { Params } from './operation';
import { SETTINGS_PUBLIC_VALIDATOR, validated } from './schemas';
import { GROUPS, route } from './route-groups';
import { page, str } from './responses';

/** `_id` as a comma list, each entry trimmed; none given: every setting. */
function readIds(params: Params): string[] | undefined {
  const raw = params._id;
  if (typeof raw !== 'string' || raw === '') return undefined;
  return raw.split(',').map((id) => id.trim());
}

/**
 * `GET /api/v1/settings.public`: the settings a client may read without logging in (no
 * authentication; headers are not looked at), sorted by `_id` unless `sort` says otherwise, a page
 * of `count` (50 by default, at most 100, 0 for all) as `{settings, count, offset, total}`;
 * `_id=A,B` narrows to those ids.
 */
export default route(GROUPS.settings, {
  name: 'settings.public',
  method: 'GET',
  order: 240,
  errors: ['invalid-params', 'error-invalid-sort'],
  response: page('settings', { type: 'object', required: ['_id'], properties: { _id: str } }),
  reads: ['setting'],
  validator: SETTINGS_PUBLIC_VALIDATOR,
  read: ({ input, profile }) => {
    const params = validated(profile, SETTINGS_PUBLIC_VALIDATOR, input.query);
    return {
      ids: readIds(params),
      sort: readJsonQuery({ sort: params.sort }).sort,
      ...readPagination(params),
    };
  },
  run: ({ input, store }, { ids, sort, offset, count }) => {
    const all = publicSettings(store.settings(), input.baseUrl, ids);
    const sorted = sort && sort.length > 0 ? sortBy(all, sort) : all;
    const settings = sorted.slice(offset, count === 0 ? undefined : offset + count);
    return success({ settings, count: settings.length, offset, total: all.length });
  },
});
