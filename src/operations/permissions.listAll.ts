import { ApiError } from '../errors';
import type { EraTable } from '../eras';
import { success } from './operation';
import { callerOf } from './params';
import { validated } from './schemas';
import { GROUPS, route } from './route-groups';
import { answer, str } from './responses';
import type { Validator } from './validator';

/** Added in 0.73 (profile 5); 0.49 had neither `permissions` nor `permissions.list`. */
const EXISTS: EraTable<boolean> = { '0.49': false, '5': true };

/** 7.10's `isPermissionsListAll` (`updatedSince: string | null`, nothing else); none before. */
export const LIST_ALL_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '7.10': {
    schema: {
      type: 'object',
      properties: { updatedSince: { type: 'string', nullable: true } },
      additionalProperties: false,
    },
    coerce: true,
    form: 'legacy',
  },
};

/** A permission's document. */
export const PERMISSION = {
  type: 'object',
  required: ['_id', '_updatedAt', 'roles'],
  properties: { _id: str, _updatedAt: str, roles: { type: 'array', items: str } },
};

/**
 * `GET /api/v1/permissions.listAll`: every permission of the table as `{update, remove}`; with
 * `updatedSince` only those changed after it (`remove` stays empty: the fake deletes none). Any
 * logged-in user; no permission. A date `Date.parse` cannot read is refused with the real
 * route's errorType, a room's.
 */
export default route(GROUPS.permissions, {
  name: 'permissions.listAll',
  method: 'GET',
  errors: ['permissions-updated-since-invalid', 'invalid-params', 'not-found'],
  response: answer({ update: { type: 'array', items: PERMISSION }, remove: { type: 'array' } }),
  reads: ['permission'],
  validator: LIST_ALL_VALIDATOR,
  read: ({ input, profile, ...context }) => {
    callerOf(context);
    const params = validated(profile, LIST_ALL_VALIDATOR, input.query);
    const raw = params.updatedSince;
    // `if (updatedSince)`: an empty one lists everything
    if (raw === undefined || raw === null || raw === '') return { since: undefined };
    const since = Date.parse(String(raw));
    if (Number.isNaN(since)) throw new ApiError('permissions-updated-since-invalid');
    return { since };
  },
  run: ({ store }, { since }) => {
    const all = store.permissionDocs();
    const update = since === undefined ? all : all.filter((p) => Date.parse(p._updatedAt) > since);
    return success({ update, remove: [] });
  },
  openApi: { servedIn: EXISTS },
});
