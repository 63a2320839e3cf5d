import saveSetting from '../commands/saveSetting';
import { ApiError } from '../errors';
import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { answeredValue } from '../store/public-settings';
import { isSettingId } from '../store/setting-registry';
import { isPlainObject } from '../store/query';
import { success } from './operation';
import type { OperationContext } from './operation';
import { callerOf } from './params';
import { validated } from './schemas';
import { GROUPS, route } from './route-groups';
import { DONE, answer, str } from './responses';
import type { Validator } from './validator';

const PREFIX = `${GROUPS.settingsAdmin.prefix}settings/`;

/**
 * An unknown (or hidden) setting on GET: `_.pick(undefined, '_id', 'value')`, a 200 of nothing,
 * until 3.x (profile 0.49 here); `API.v1.failure()` since 4.0.
 */
const UNKNOWN_ANSWERED: EraTable<boolean> = { '0.49': true, '5': false };

/** The POST body: Meteor's `check(bodyParams, {value: Match.Any})` until 0.64 (profile 0.49). */
const MATCH_CHECKED: EraTable<boolean> = { '0.49': true, '5': false };

/** 8.x's body schema (`settingsUpdateBodySchema`): `execute` a boolean, `editor` a string, the rest free. */
const BODY_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '8': {
    schema: {
      type: 'object',
      properties: { value: {}, execute: { type: 'boolean' }, editor: { type: 'string' } },
      additionalProperties: true,
    },
    coerce: true,
    form: 'legacy',
  },
};

type SettingRequest =
  | { readonly kind: 'get'; readonly id: string }
  | { readonly kind: 'post'; readonly id: string; readonly value: unknown };

/** `check(bodyParams, {value: Match.Any})`: the key present, no other. */
function matchChecked(body: Record<string, unknown>): void {
  const extra = Object.keys(body).find((key) => key !== 'value');
  if (extra !== undefined) throw new ApiError('match-error', { reason: `Unknown key in field ${extra}` });
  if (!('value' in body)) throw new ApiError('match-error', { reason: "Missing key 'value'" });
}

function readRequest({ input, profile, store, ...context }: OperationContext): SettingRequest {
  const user = callerOf(context);
  let id: string;
  try {
    id = decodeURIComponent(input.path.slice(PREFIX.length));
  } catch {
    id = input.path.slice(PREFIX.length);
  }
  const post = input.method === 'POST';
  // the route's permission: the handler's `unauthorized` until 5.x, the framework's 403 since 6.0
  if (!store.can(user, post ? 'edit-privileged-setting' : 'view-privileged-setting'))
    throw new ApiError('error-unauthorized');
  if (!post) return { kind: 'get', id };
  const raw = input.body;
  const body = isPlainObject(raw) ? validated(profile, BODY_VALIDATOR, raw) : {};
  if (byEra(profile, MATCH_CHECKED)) matchChecked(body);
  else if (!isSettingId(id)) throw new ApiError('setting-failure');
  // no `value`: neither an action (`execute`) nor a colour (`editor`) the fake has
  if (!('value' in body)) throw new ApiError('setting-failure');
  return { kind: 'post', id, value: body.value };
}

/**
 * `GET /api/v1/settings/:_id`: one setting as `{_id, value}` to a caller with
 * `view-privileged-setting`; `POST /api/v1/settings/:_id` `{value}`: saves it, as sent (the route
 * checks no type), for a caller with `edit-privileged-setting`, and answers `{}`. An unknown
 * setting is `API.v1.failure()` (`{"success": false}`; on GET until 3.x a 200 of nothing).
 */
export default route(GROUPS.settingsAdmin, {
  name: 'settings.id',
  method: 'GET',
  also: 'POST',
  path: 'settings/',
  prefix: true,
  order: 241,
  permissions: ['view-privileged-setting', 'edit-privileged-setting'],
  errors: ['error-unauthorized', 'setting-failure', 'match-error', 'invalid-params'],
  response: { oneOf: [answer({ _id: str, value: {} }), DONE] },
  reads: ['setting'],
  changes: ['setting'],
  read: readRequest,
  run: (context, request) => {
    const { store, profile, input } = context;
    if (request.kind === 'post') {
      const saved = saveSetting.run(
        { store, profile, user: callerOf(context) },
        { id: request.id, value: request.value },
      );
      if (!saved) throw new ApiError('setting-failure');
      return success({});
    }
    if (!isSettingId(request.id)) {
      if (byEra(profile, UNKNOWN_ANSWERED)) return success({});
      throw new ApiError('setting-failure');
    }
    return success({ _id: request.id, value: answeredValue(store.settings(), request.id, input.baseUrl) });
  },
  openApi: {
    pathParameters: ['_id'],
    refusals: { '403': 'without view-privileged-setting (GET) or edit-privileged-setting (POST)' },
  },
});
