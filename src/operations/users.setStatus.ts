import { byEra } from '../eras';
import { ApiError } from '../errors';
import { userFromParams } from '../commands/deleteUser';
import type { User } from '../types';
import { success } from './operation';
import type { OperationContext } from './operation';
import { callerOf, readBody } from './params';
import { DONE } from './responses';
import { GROUPS, route } from './route-groups';

/**
 * `POST /api/v1/users.setStatus` (1.2 on; 0.49 answers it as a route it does not have): `check`
 * of `status` / `message` (6.x on at least one of them a string), the setting
 * `Accounts_AllowUserStatusMessageChange`, the target (another user needs `edit-other-user-info`,
 * a bare 403), then the message saved, **then** the status checked: an invalid status still saves
 * the message, as the real server does. Each part saved is broadcast as a presence change.
 */

const SERVED = { '0.49': false, '5': true };
/** The refusals' details name the route itself. */
const ROUTE = { method: 'users.setStatus' };
/** 6.x on: `Match.OneOf(…message: String…, …status: String…)`; 5.x let `{}` through. */
const ONE_REQUIRED = { '0.49': false, '6': true };
const STATUSES = ['online', 'away', 'offline', 'busy'];

interface SetStatusArgs {
  readonly target: User;
  readonly status: string | undefined;
  readonly message: string | undefined;
}

function readArgs(context: OperationContext): SetStatusArgs {
  const { store, profile } = context;
  const body = readBody(context.input.body);
  const { status, message } = body;
  const maybe = (value: unknown): boolean =>
    value === undefined || value === null || typeof value === 'string';
  const fits = byEra(profile, ONE_REQUIRED)
    ? (typeof message === 'string' && maybe(status)) || (typeof status === 'string' && maybe(message))
    : maybe(status) && maybe(message);
  if (!fits) throw new ApiError('match-error', {});
  if (!store.settings().Accounts_AllowUserStatusMessageChange)
    throw new ApiError('status-change-not-allowed', ROUTE);
  const caller = callerOf(context);
  const names = [body.userId, body.username, body.user].filter((v) => typeof v === 'string' && v !== '');
  const self = names.length === 0 || names.some((v) => v === caller._id || v === caller.username);
  let target = caller;
  if (!self) {
    if (!store.can(caller, 'edit-other-user-info')) throw new ApiError('users-unauthorized');
    const found = userFromParams(
      { byId: (id) => store.userById(id), byName: (name) => store.userNamed(name) },
      body,
    );
    if (found === 'not-provided') throw new ApiError('user-param-not-provided');
    if (found === 'no-match') throw new ApiError('user-param-invalid');
    target = found;
  }
  return {
    target,
    status: typeof status === 'string' ? status : undefined,
    message: typeof message === 'string' ? message : undefined,
  };
}

export default route(GROUPS.users, {
  name: 'users.setStatus',
  method: 'POST',
  permissions: ['edit-other-user-info'],
  errors: [
    'not-found',
    'match-error',
    'status-change-not-allowed',
    'users-unauthorized',
    'user-param-not-provided',
    'user-param-invalid',
    'status-invalid',
    'status-invisible-not-allowed',
  ],
  response: DONE,
  changes: ['user'],
  openApi: { servedIn: SERVED },
  read: readArgs,
  run: ({ store }, { target, status, message }) => {
    // the message is saved (`setStatusText`: trimmed, 120 characters at most) before the status
    // is checked: a refused status keeps the new message. Each part is broadcast as a presence
    // change with the user's name (`user-status`, `stream-user-presence`), as the realtime
    // setUserStatus's are (src/store/presence.ts)
    const refusal = !status
      ? undefined
      : !STATUSES.includes(status)
        ? new ApiError('status-invalid', ROUTE)
        : status === 'offline' && !store.settings().Accounts_AllowInvisibleStatusOption
          ? new ApiError('status-invisible-not-allowed', ROUTE)
          : undefined;
    store.setStatusAsGiven(target._id, {
      ...(message !== undefined ? { statusText: message } : {}),
      ...(status && !refusal ? { status } : {}),
    });
    if (refusal) throw refusal;
    return success({});
  },
});
