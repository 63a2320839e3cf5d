import { ApiError } from '../errors';
import type { User } from '../types';
import { command } from './command';

/**
 * `saveUserPreferences` (`users.setPreferences`): another user's needs `edit-other-user-info`,
 * and must exist; the preferences given are merged into `settings.preferences`, `language` goes
 * to the user's `language`; one write.
 */
export interface SavePreferencesArgs {
  /** the user named (`userId`), when not blank */
  readonly userId?: string;
  readonly data: Readonly<Record<string, unknown>>;
}

export default command<SavePreferencesArgs, User>({
  name: 'saveUserPreferences',
  run({ store, user }, args) {
    if (args.userId && args.userId !== user._id && !store.can(user, 'edit-other-user-info'))
      throw new ApiError('preferences-edit-not-allowed');
    const target = store.userById(args.userId || user._id);
    if (!target) throw new ApiError('preferences-invalid-user');
    const { language, ...preferences } = args.data;
    const settings = (target.settings ?? {}) as Record<string, unknown>;
    const before = (settings.preferences ?? {}) as Record<string, unknown>;
    const set: Record<string, unknown> = {
      settings: { ...settings, preferences: { ...before, ...preferences } },
    };
    if (typeof language === 'string') set.language = language;
    return store.updateUser(target._id, { set, unset: [] });
  },
});
