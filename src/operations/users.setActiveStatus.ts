import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import setUserActiveStatus from '../commands/setUserActiveStatus';
import type { SetActiveArgs } from '../commands/setUserActiveStatus';
import type { Profile } from '../profiles';
import type { Store } from '../store/store';
import type { User } from '../types';
import { success } from './operation';
import type { OperationContext, Params } from './operation';
import { callerOf, readBody } from './params';
import { answer, str } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import { meteorCheck } from './user-documents';
import type { Validator } from './validator';

/**
 * `POST /api/v1/users.setActiveStatus` (0.75 on; 0.49 answers it as a route it does not have):
 * 5.x's exact `check`, 6.x's AJV; the permission (`edit-other-user-active-status`, from 6.x or
 * `manage-moderation-actions`) a 403, after the body to 7.x, before it from 8.x; then
 * `setUserActiveStatus` (src/commands/setUserActiveStatus.ts). Answers `{user: {_id, active}}`.
 */

const SERVED = { '0.49': false, '5': true };
/** 5.x: `check()`; 6.x on: AJV. */
const VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '6': {
    schema: {
      type: 'object',
      properties: {
        userId: { type: 'string' },
        activeStatus: { type: 'boolean' },
        confirmRelinquish: { type: 'boolean' },
      },
      required: ['userId', 'activeStatus'],
      additionalProperties: false,
    },
    coerce: true,
    form: 'legacy',
  },
};
/** The permission's refusal: the route's own `unauthorized()` to 6.x, `permissionsRequired` from 7.0. */
const REFUSAL = { '0.49': 'users-unauthorized', '7': 'error-unauthorized' } as const;
/** 6.x on also takes `manage-moderation-actions`. */
const MODERATION = { '0.49': false, '6': true };
/** 8.x checks the permission before the body; earlier lines after it. */
const PERMISSION_FIRST = { '0.49': false, '8': true };

function permitted(store: Store, profile: Profile, user: User): void {
  const allowed =
    store.can(user, 'edit-other-user-active-status') ||
    (byEra(profile, MODERATION) && store.can(user, 'manage-moderation-actions'));
  if (!allowed) throw new ApiError(byEra(profile, REFUSAL));
}

function checked(profile: Profile, input: unknown): Params {
  const body = readBody(input);
  if (byEra(profile, VALIDATOR) !== undefined) return validated(profile, VALIDATOR, body);
  meteorCheck(body, { userId: 'string', activeStatus: 'boolean' }, { confirmRelinquish: 'boolean' });
  return body;
}

function readArgs(context: OperationContext): SetActiveArgs {
  const { store, profile, input } = context;
  const user = callerOf(context);
  const first = byEra(profile, PERMISSION_FIRST);
  if (first) permitted(store, profile, user);
  const body = checked(profile, input.body);
  if (!first) permitted(store, profile, user);
  return {
    userId: String(body.userId),
    active: body.activeStatus === true,
    confirmRelinquish: body.confirmRelinquish === true,
  };
}

export default route(GROUPS.users, {
  name: 'users.setActiveStatus',
  method: 'POST',
  permissions: ['edit-other-user-active-status', 'manage-moderation-actions'],
  errors: [
    'not-found',
    'users-match-error',
    'users-unauthorized',
    'error-unauthorized',
    'users-user-not-found',
    'users-last-active-admin',
    'user-last-owner',
  ],
  response: answer({
    user: {
      type: 'object',
      required: ['_id', 'active'],
      properties: { _id: str, active: { type: 'boolean' } },
    },
  }),
  changes: ['user', 'token'],
  validator: VALIDATOR,
  openApi: { servedIn: SERVED },
  read: readArgs,
  run: (context, args) => {
    const user = setUserActiveStatus.run({ ...context, user: callerOf(context) }, args);
    return success({ user: { _id: user._id, active: user.active } });
  },
});
