import { registerUser as register } from '../../commands/registerUser';
import saveUser from '../../commands/saveUser';
import { saveArgsOf } from '../../operations/users.create';
import { isPlainObject } from '../../store/query';
import type { Params } from '../../operations/operation';
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
  const args = { ...saveArgsOf(data as Params), ...(id !== undefined ? { _id: id } : {}) };
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
  const { email, pass, name, secretURL, reason, username } = data as Params;
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

export const USER_METHODS: Readonly<Record<string, Method>> = {
  insertOrUpdateUser,
  registerUser,
};
