import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import { userFromParams } from '../commands/deleteUser';
import { success } from './operation';
import type { OperationContext } from './operation';
import { callerOf } from './params';
import { answer, str } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import type { Validator } from './validator';

/**
 * `GET /api/v1/users.getStatus` (1.2 on; 0.49 answers it as a route it does not have): oneself
 * (no user named, or the caller named) `{_id, connectionStatus, status}`, another user
 * `{_id, status}` (`getUserFromParams`' refusals); 5.x also `message` (the status text), which
 * 6.x stopped answering.
 */

const SERVED = { '0.49': false, '5': true };
/** 5.x answered the status text as `message`. */
const MESSAGE = { '0.49': true, '6': false };
/** 8.6's typings: `userId`, `username`, `user`, nothing else (ajvQuery). */
const VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '8.6': {
    schema: {
      type: 'object',
      properties: { userId: str, username: str, user: str },
      additionalProperties: false,
    },
    coerce: 'array',
    form: 'legacy',
  },
};

function readArgs(context: OperationContext): string {
  const { store, profile, input } = context;
  const params = validated(profile, VALIDATOR, input.query);
  const caller = callerOf(context);
  const named = [params.userId, params.username, params.user].filter(
    (v) => typeof v === 'string' && v !== '',
  );
  if (named.length === 0 || named.some((v) => v === caller._id || v === caller.username)) return caller._id;
  const found = userFromParams(
    { byId: (id) => store.userById(id), byName: (name) => store.userNamed(name) },
    params,
  );
  if (found === 'not-provided') throw new ApiError('user-param-not-provided');
  if (found === 'no-match') throw new ApiError('user-param-invalid');
  return found._id;
}

export default route(GROUPS.users, {
  name: 'users.getStatus',
  method: 'GET',
  errors: ['not-found', 'user-param-not-provided', 'user-param-invalid'],
  response: answer({ _id: str, message: str, connectionStatus: str, status: str }, [
    'connectionStatus',
    'message',
  ]),
  reads: ['user'],
  validator: VALIDATOR,
  openApi: { servedIn: SERVED },
  read: readArgs,
  run: (context, id) => {
    const { store, profile } = context;
    const user = store.userById(id);
    const self = id === callerOf(context)._id;
    const status = typeof user?.status === 'string' ? user.status : 'offline';
    const text = typeof user?.statusText === 'string' ? user.statusText : undefined;
    const out: Record<string, unknown> = { _id: id };
    if (byEra(profile, MESSAGE) && text !== undefined) out.message = text;
    if (self)
      out.connectionStatus = typeof user?.statusConnection === 'string' ? user.statusConnection : 'offline';
    out.status = status;
    return success(out);
  },
});
