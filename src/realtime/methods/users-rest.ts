import { byEra } from '../../eras';
import { ApiError } from '../../errors';
import createTokenCommand from '../../commands/createToken';
import deleteOwnAccount from '../../commands/deleteUserOwnAccount';
import getUsernameSuggestion from '../../commands/getUsernameSuggestion';
import generateToken from '../../commands/generatePersonalAccessToken';
import regenerateToken from '../../commands/regeneratePersonalAccessToken';
import removeToken from '../../commands/removePersonalAccessToken';
import saveUserProfile from '../../commands/saveUserProfile';
import type { SaveProfileArgs } from '../../commands/saveUserProfile';
import { isPlainObject } from '../../store/query';
import type { User } from '../../types';
import { MeteorError, commandMethod } from '../method';
import type { Method, MethodContext } from '../method';

/**
 * The realtime twins of the users-rest routes, each the same command as its REST route: the
 * personal access token methods, `deleteUserOwnAccount`, `saveUserProfile`, `createToken` and
 * `getUsernameSuggestion`.
 *
 * Layer: realtime.
 */

/** Meteor's `check` refusing an argument: error 400 `Match failed`. */
function matchFailed(): MeteorError {
  return new MeteorError(400, 'Match failed');
}

/** The token methods' `{tokenName, bypassTwoFactor}`; without a login, `Not Authorized` naming the method. */
function tokenMethod<R>(
  run: (context: MethodContext, user: User, tokenName: string, bypassTwoFactor: boolean) => R,
  method: string,
): Method {
  return (context, params) => {
    const { user } = context;
    if (!user) throw new ApiError('token-not-authorized', { method });
    const given = isPlainObject(params[0]) ? params[0] : {};
    const tokenName = typeof given.tokenName === 'string' ? given.tokenName : '';
    return run(context, user, tokenName, given.bypassTwoFactor === true);
  };
}

const commandContext = (context: MethodContext, user: User) => ({
  store: context.store,
  profile: context.profile,
  user,
});

/**
 * `deleteUserOwnAccount(password, confirmRelinquish)`: `check(password, String)`; no login →
 * `error-invalid-user`; `Accounts_AllowDeleteOwnAccount` off → `Not allowed` (with the method in
 * its details); the command; `true`.
 */
const deleteUserOwnAccount: Method = (context, params) => {
  const [password, confirmRelinquish] = params;
  if (typeof password !== 'string') throw matchFailed();
  const { user } = context;
  if (!user) throw new MeteorError('error-invalid-user', 'Invalid user', { method: deleteOwnAccount.name });
  if (!context.store.settings().Accounts_AllowDeleteOwnAccount)
    throw new MeteorError('error-not-allowed', 'Not allowed', { method: deleteOwnAccount.name });
  return deleteOwnAccount.run(commandContext(context, user), {
    password,
    confirmRelinquish: confirmRelinquish === true,
  });
};

/** `saveUserProfile(settings, customFields, twoFactor?)`: `check(settings, Object)`; the command; `true`. */
const saveUserProfileMethod = commandMethod(saveUserProfile, {
  args: (params, context) => {
    const settings = params[0];
    if (!isPlainObject(settings)) throw matchFailed();
    const twoFactor = isPlainObject(params[2]) ? params[2] : {};
    const keys = [
      'email',
      'realname',
      'username',
      'nickname',
      'bio',
      'statusText',
      'statusType',
      'newPassword',
    ];
    const out: Record<string, string> = {};
    for (const key of keys) if (typeof settings[key] === 'string') out[key] = settings[key];
    if (typeof twoFactor.twoFactorCode === 'string') out.typedPassword = twoFactor.twoFactorCode;
    if (context.token !== undefined) out.keepToken = context.token;
    return out as SaveProfileArgs;
  },
  result: () => true,
});

/** 8.x's method passes the user id as the secret of the caller's own token. */
const SECRET_IS_THE_ID = { '0.49': false, '8': true };

/**
 * `createToken(userId)`: `{userId, authToken}` as `users.createToken` makes it; 8.x asks for the
 * caller's own token with `userId` as the secret. Without a login, or for a user the world lacks,
 * `Not authorized`.
 */
const createToken: Method = (context, params) => {
  const [userId] = params;
  const { user } = context;
  if (!user) throw new ApiError('create-token-not-authorized');
  const id = typeof userId === 'string' ? userId : '';
  if (byEra(context.profile, SECRET_IS_THE_ID))
    return createTokenCommand.run(commandContext(context, user), { target: user, secret: id });
  const target = context.store.userById(id);
  if (!target) throw new ApiError('create-token-not-authorized');
  return createTokenCommand.run(commandContext(context, user), { target });
};

export const USERS_REST_METHODS: Readonly<Record<string, Method>> = {
  [generateToken.name]: tokenMethod(
    (context, user, tokenName, bypassTwoFactor) =>
      generateToken.run(commandContext(context, user), { tokenName, bypassTwoFactor }),
    generateToken.name,
  ),
  [regenerateToken.name]: tokenMethod(
    (context, user, tokenName) => regenerateToken.run(commandContext(context, user), { tokenName }),
    regenerateToken.name,
  ),
  [removeToken.name]: tokenMethod((context, user, tokenName) => {
    removeToken.run(commandContext(context, user), { tokenName });
    return undefined;
  }, removeToken.name),
  deleteUserOwnAccount,
  saveUserProfile: saveUserProfileMethod,
  createToken,
  getUsernameSuggestion: commandMethod(getUsernameSuggestion, {
    args: () => undefined,
    result: (name) => name,
  }),
};
