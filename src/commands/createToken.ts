import { byEra } from '../eras';
import { ApiError } from '../errors';
import type { User } from '../types';
import { command } from './command';

/**
 * `createToken` (`users.createToken`, 0.56 on): a login token for a user, as a login would issue
 * it. The environment decides: until 7.x `CREATE_TOKENS_FOR_USERS` must be true, from 8.0 the
 * `secret` must be `CREATE_TOKENS_FOR_USERS_SECRET` (set: none works unset); another user than the
 * caller also needs `user-generate-access-token`. Every refusal is `Not authorized`.
 */
export interface CreateTokenArgs {
  readonly target: User;
  /** 8.x's `secret` */
  readonly secret?: string;
}

/** What gates the command: the environment flag (until 7.x) or the secret (8.0 on). */
const GATE = { '0.49': 'flag', '8': 'secret' } as const;

export default command<CreateTokenArgs, { userId: string; authToken: string }>({
  name: 'createToken',
  run({ store, profile, user }, args) {
    const settings = store.settings();
    const expected = settings.CREATE_TOKENS_FOR_USERS_SECRET;
    const open =
      byEra(profile, GATE) === 'flag'
        ? settings.CREATE_TOKENS_FOR_USERS
        : expected !== '' && args.secret === expected;
    if (!open || (args.target._id !== user._id && !store.can(user, 'user-generate-access-token')))
      throw new ApiError('create-token-not-authorized');
    return { userId: args.target._id, authToken: store.issueToken(args.target) };
  },
});
