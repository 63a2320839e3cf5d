import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import type { AutocompleteSelector } from '../store/user-lookups';
import { compileQuery, isPlainObject } from '../store/query';
import { success } from './operation';
import type { OperationContext } from './operation';
import { callerOf } from './params';
import { answer, str } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import { SERVED_FROM_5 } from './users-rest';
import type { Validator } from './validator';

/**
 * `GET /api/v1/users.autocomplete` (3.x on): `selector`, a JSON `{term, exceptions, conditions}`
 * (5.x: its own `The 'selector' param is required`; 6.x's AJV); JSON that does not parse is the
 * parser's message; 6.x on, `conditions` with an operator besides `$or` and `$and` is a bare
 * `{success: false}` (`failure(new Error(…))`: the row `message-unknown` answers the same). Answers `{items}`: at most 10 users `{_id, name, username, nickname, status,
 * avatarETag}`, those the caller has a direct room with first (src/store/user-lookups.ts).
 */

const VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '6': {
    schema: {
      type: 'object',
      properties: { selector: str },
      required: ['selector'],
      additionalProperties: false,
    },
    coerce: true,
    form: 'legacy',
  },
};
/** 6.x on: `isValidQuery(conditions, ['*'], ['$or', '$and'])`. */
const CHECKS_CONDITIONS = { '0.49': false, '6': true };

/** Whether a value names an operator besides `$or` and `$and`, at any depth. */
function hasForbiddenOperator(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(hasForbiddenOperator);
  if (!isPlainObject(value)) return false;
  return Object.entries(value).some(
    ([key, inner]) => (key.startsWith('$') && key !== '$or' && key !== '$and') || hasForbiddenOperator(inner),
  );
}

function readArgs(context: OperationContext): AutocompleteSelector {
  const { profile, input } = context;
  const params = validated(profile, VALIDATOR, input.query);
  const raw = params.selector;
  const checks = byEra(profile, CHECKS_CONDITIONS);
  // 5.x: `if (!selector)`; 6.x's AJV takes "" and the parser refuses it
  if (typeof raw !== 'string' || (raw === '' && !checks)) throw new ApiError('selector-required');
  let selector: unknown;
  try {
    selector = JSON.parse(raw);
  } catch (error) {
    throw new ApiError('autocomplete-selector-invalid', { reason: (error as Error).message });
  }
  const given = isPlainObject(selector) ? selector : {};
  const conditions = given.conditions;
  if (checks && conditions && hasForbiddenOperator(conditions)) throw new ApiError('message-unknown');
  const query =
    isPlainObject(conditions) && Object.keys(conditions).length > 0 ? compileQuery(conditions) : undefined;
  if (checks && isPlainObject(conditions) && Object.keys(conditions).length > 0 && query === undefined)
    throw new ApiError('message-unknown');
  const exceptions = Array.isArray(given.exceptions)
    ? given.exceptions.filter((name): name is string => typeof name === 'string')
    : [];
  return {
    term: typeof given.term === 'string' ? given.term : '',
    exceptions,
    ...(query === undefined ? {} : { conditions: query }),
  };
}

const ITEM = {
  type: 'object',
  required: ['_id'],
  properties: { _id: str, name: str, username: str, nickname: str, status: str, avatarETag: str },
};

export default route(GROUPS.users, {
  name: 'users.autocomplete',
  method: 'GET',
  permissions: ['view-outside-room'],
  errors: ['not-found', 'selector-required', 'autocomplete-selector-invalid', 'message-unknown'],
  response: answer({ items: { type: 'array', items: ITEM } }),
  reads: ['user', 'room'],
  validator: VALIDATOR,
  openApi: { servedIn: SERVED_FROM_5 },
  read: readArgs,
  run: (context, selector) =>
    success({ items: context.store.autocompleteUsers(callerOf(context), selector) }),
});
