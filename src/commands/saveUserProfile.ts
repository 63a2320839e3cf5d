import { ApiError } from '../errors';
import type { User } from '../types';
import { command } from './command';
import { passwordDigest } from './deleteUserOwnAccount';
import { USERNAMES, blockedNames, isBlocked } from './saveUser';

/**
 * `saveUserProfile` (`users.updateOwnBasicInfo`): one's own e-mail, name, username, nickname, bio,
 * status and password. A new e-mail or password asks for the second factor first, which for a user
 * with a password is that password (its SHA-256 digest, `currentPassword`); then
 * `Accounts_AllowUserProfileChange`, `validateUserEditing` of oneself, `saveUserIdentity`, the
 * lengths, the e-mail free, the new password not the old one; then one write. A new password ends
 * the user's other login tokens (not the calling one, nor the personal access tokens).
 */
export interface SaveProfileArgs {
  readonly email?: string;
  readonly realname?: string;
  readonly username?: string;
  readonly nickname?: string;
  readonly bio?: string;
  readonly statusText?: string;
  readonly statusType?: string;
  readonly newPassword?: string;
  /** the second factor: the password's SHA-256 hex digest */
  readonly typedPassword?: string;
  /** the caller's login token, which a new password leaves alive */
  readonly keepToken?: string;
}

const STATUSES = ['online', 'away', 'busy', 'offline'];

/** `requireSecondFactor`'s password fallback: none given, or not the password. */
function secondFactor(user: User, typed: string | undefined): void {
  if (!typed) throw new ApiError('totp-required');
  if (passwordDigest(user.password) !== typed.toLowerCase()) throw new ApiError('totp-invalid');
}

export default command<SaveProfileArgs, User>({
  name: 'saveUserProfile',
  run({ store, profile, user: caller }, args) {
    const user = store.userById(caller._id) ?? caller;
    if (args.email || args.newPassword) secondFactor(user, args.typedPassword);
    const settings = store.settings();
    if (!settings.Accounts_AllowUserProfileChange) throw new ApiError('profile-change-not-allowed');
    const statusText = typeof user.statusText === 'string' ? user.statusText : undefined;
    if (
      args.statusText !== undefined &&
      args.statusText !== statusText &&
      !settings.Accounts_AllowUserStatusMessageChange
    )
      throw new ApiError('profile-status-not-allowed');
    const set: Record<string, unknown> = {};
    const unset: string[] = [];
    // saveUserIdentity: the username, then the name; false is one refusal
    if (args.realname || args.username) {
      const username = args.username?.trim();
      if (args.username !== undefined && username !== user.username) {
        const taken = username ? store.userNamed(username) : undefined;
        if (
          !username ||
          !USERNAMES.test(username) ||
          isBlocked(blockedNames(profile), username) ||
          (taken !== undefined && taken._id !== user._id)
        )
          throw new ApiError('profile-identity-not-saved');
        set.username = username;
      }
      if (args.realname !== undefined && args.realname !== user.name) {
        const name = args.realname.trim();
        if (settings.Accounts_RequireNameForSignUp && name === '')
          throw new ApiError('profile-identity-not-saved');
        set.name = name;
      }
    }
    if (args.statusText !== undefined) set.statusText = args.statusText.trim();
    if (args.statusType !== undefined && STATUSES.includes(args.statusType)) {
      set.status = args.statusType;
      set.statusDefault = args.statusType;
    }
    if (args.bio !== undefined) {
      if (args.bio.length > 260) throw new ApiError('user-bio-too-long');
      if (args.bio.trim()) set.bio = args.bio.trim();
      else unset.push('bio');
    }
    if (args.nickname !== undefined) {
      if (args.nickname.length > 120) throw new ApiError('user-nickname-too-long');
      if (args.nickname.trim()) set.nickname = args.nickname.trim();
      else unset.push('nickname');
    }
    if (args.email && args.email !== user.emails[0]?.address) {
      const owner = store.userWithEmail(args.email);
      if (owner && owner._id !== user._id)
        throw new ApiError('profile-email-unavailable', { field: args.email });
      set.emails = [{ address: args.email, verified: false }];
    }
    if (args.newPassword) {
      const password = args.newPassword.trim();
      if (password === user.password) throw new ApiError('profile-password-same');
      set.password = password;
    }
    if (Object.keys(set).length === 0 && unset.every((key) => !(key in user))) return user;
    const updated = store.updateUser(user._id, { set, unset });
    if (args.newPassword) store.dropOtherLoginTokens(user._id, args.keepToken);
    return updated;
  },
});
