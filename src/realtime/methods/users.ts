import { registerUser as register } from '../../commands/registerUser';
import deleteUserCommand from '../../commands/deleteUser';
import saveUser, { saveArgsOf } from '../../commands/saveUser';
import setActiveCommand from '../../commands/setUserActiveStatus';
import { isPlainObject } from '../../store/query';
import { MeteorError, commandMethod } from '../method';
import type { Method } from '../method';

/**
 * The users.* group's realtime methods, each a command's second face (or, for `registerUser`,
 * the method that needs no login).
 *
 * Layer: realtime.
 */

/** Meteor's `check` refusing an argument: error 400 `Match failed`. */
function matchFailed(): MeteorError {
  return new MeteorError(400, 'Match failed');
}

/**
 * `insertOrUpdateUser(userData)`: `check(userData, Object)`, then `saveUser`; a new user's `_id`,
 * or `true` for an edit (`userData._id`).
 */
const insertOrUpdateUser: Method = (context, params) => {
  const data = params[0];
  if (!isPlainObject(data)) throw matchFailed();
  const id = typeof data._id === 'string' && data._id !== '' ? data._id : undefined;
  // an edit's `active` is REST's post-processing, not the method's
  const { active, ...rest } = saveArgsOf(data);
  const args =
    id !== undefined ? { ...rest, _id: id } : { ...rest, ...(active !== undefined ? { active } : {}) };
  const run = commandMethod(saveUser, {
    args: () => args,
    result: (user) => (id !== undefined ? true : user._id),
  });
  return run(context, params);
};

/** The username a user registered without one gets (`getUsernameSuggestion`: the e-mail's local part, made free). */
function suggestedUsername(context: Parameters<Method>[0], email: string): string {
  const base = (email.split('@')[0] ?? '').replace(/[^0-9a-zA-Z-_.]/g, '') || 'user';
  let name = base;
  for (let n = 1; context.store.userNamed(name); n += 1) name = `${base}${n}`;
  return name;
}

/**
 * `registerUser(formData)`: no login needed. `check(formData, ObjectIncluding({email, pass,
 * name: String, secretURL, reason: Optional(String)}))`, then the method; the new user's `_id`.
 * The real method leaves the username to a `setUsername` call after; the fake's users have one,
 * so it takes `formData.username` when given, else the suggestion from the e-mail.
 */
const registerUser: Method = (context, params) => {
  const data = params[0];
  if (!isPlainObject(data)) throw matchFailed();
  const { email, pass, name, secretURL, reason, username } = data;
  if (typeof email !== 'string' || typeof pass !== 'string' || typeof name !== 'string') throw matchFailed();
  if (
    (secretURL !== undefined && typeof secretURL !== 'string') ||
    (reason !== undefined && typeof reason !== 'string')
  )
    throw matchFailed();
  const chosen =
    typeof username === 'string' && username !== '' ? username : suggestedUsername(context, email);
  const user = register(context.store, context.profile, {
    email,
    pass,
    name,
    username: chosen,
    ...(typeof secretURL === 'string' ? { secretURL } : {}),
  });
  return user._id;
};

/**
 * `deleteUser(userId, confirmRelinquish = false)`: `check(userId, String)`; without a login or
 * `delete-user`, `Not allowed`; an unknown user `Invalid user to delete`; then the command; `true`.
 */
const deleteUser: Method = (context, params) => {
  const [userId, confirmRelinquish] = params;
  if (typeof userId !== 'string') throw matchFailed();
  const { user } = context;
  if (!user || !context.store.can(user, 'delete-user'))
    throw new MeteorError('error-not-allowed', 'Not allowed', { method: deleteUserCommand.name });
  return deleteUserCommand.run(
    { store: context.store, profile: context.profile, user },
    { userId, confirmRelinquish: confirmRelinquish === true },
  );
};

/**
 * `setUserActiveStatus(userId, active, confirmRelinquish)`: `check(userId, String)`,
 * `check(active, Boolean)`; the login; `edit-other-user-active-status` (`Not allowed`); the
 * command; `true` (an unknown user changes nothing).
 */
const setUserActiveStatus: Method = (context, params) => {
  const [userId, active, confirmRelinquish] = params;
  if (typeof userId !== 'string' || typeof active !== 'boolean') throw matchFailed();
  const { user } = context;
  if (!user) throw new MeteorError('error-invalid-user', 'Invalid user', { method: setActiveCommand.name });
  if (!context.store.can(user, 'edit-other-user-active-status'))
    throw new MeteorError('error-not-allowed', 'Not allowed', { method: setActiveCommand.name });
  if (!context.store.userById(userId)) return true;
  setActiveCommand.run(
    { store: context.store, profile: context.profile, user },
    { userId, active, confirmRelinquish: confirmRelinquish === true },
  );
  return true;
};

export const USER_METHODS: Readonly<Record<string, Method>> = {
  insertOrUpdateUser,
  registerUser,
  deleteUser,
  setUserActiveStatus,
};
