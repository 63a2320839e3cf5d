import { ApiError } from '../errors';
import { success } from './operation';
import { callerOf } from './params';
import { answer } from './responses';
import { GROUPS, route } from './route-groups';
import { SERVED_FROM_5 } from './users-rest';
import { preferencesOf } from './users.setPreferences';

/**
 * `GET /api/v1/users.getPreferences` (0.6x on): the caller's `settings.preferences` with its
 * `language`; a user document without `settings` (a scenario's user that gives none and has saved
 * no preference) is refused with the upper-cased `Accounts_Default_User_Preferences_not_available`.
 */
export default route(GROUPS.users, {
  name: 'users.getPreferences',
  method: 'GET',
  errors: ['not-found', 'preferences-not-available'],
  response: answer({ preferences: { type: 'object' } }),
  reads: ['user'],
  openApi: { servedIn: SERVED_FROM_5 },
  read: () => undefined,
  run: (context) => {
    const caller = callerOf(context);
    const user = context.store.userById(caller._id) ?? caller;
    if (user.settings === undefined || user.settings === null)
      throw new ApiError('preferences-not-available');
    return success({ preferences: preferencesOf(user) });
  },
});
