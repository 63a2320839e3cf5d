import type { EraTable } from '../eras';
import type { EraBody, ErrorBody, ErrorSpec } from './spec';

/**
 * The error rows of users (`users.*`) and their tokens, part of the one error table (src/errors.ts): each name once, over
 * all tables.
 *
 * Layer: base.
 */

/** Rocket.Chat's `escapeHTML`, as `validateUserData` quotes a name or an address. */
function escapeHtml(text: string): string {
  const entities: Record<string, string> = {
    '&': '&amp;',
    '<': '&lt;',
    '>': '&gt;',
    '"': '&quot;',
    "'": '&#39;',
  };
  return text.replace(/[&<>"']/g, (c) => entities[c] ?? c);
}

/**
 * 0.49's routes caught a Meteor.Error inline and answered `e.name + ': ' + e.message`:
 * `{"success":false,"error":"Error: <reason> [<error>]"}`, no errorType, no details.
 */
function inline(code: string): EraTable<EraBody | undefined> {
  return { '0.49': (message) => ({ success: false, error: `Error: ${message} [${code}]` }), '5': undefined };
}

const SAVE_USER = 'insertOrUpdateUser';

export const USER_ERRORS = {
  /** `saveUser` without `create-user` (a 400, not a 403) */
  'user-add-not-allowed': {
    status: 400,
    message: () => 'Adding user is not allowed',
    errorType: 'error-action-not-allowed',
    details: () => ({ method: SAVE_USER, action: 'Adding_user' }),
    eras: inline('error-action-not-allowed'),
  },
  /** `saveUser` editing another user without `edit-other-user-info` */
  'user-edit-not-allowed': {
    status: 400,
    message: () => 'Editing user is not allowed',
    errorType: 'error-action-not-allowed',
    details: () => ({ method: SAVE_USER, action: 'Editing_user' }),
    eras: inline('error-action-not-allowed'),
  },
  /** 7.x on: `verified` while editing oneself */
  'user-edit-verification-not-allowed': {
    status: 400,
    message: () => 'Editing email verification is not allowed',
    errorType: 'error-action-not-allowed',
    details: () => ({ method: SAVE_USER, action: 'Editing_user' }),
  },
  /** a role the world does not know (the fake knows admin, user, bot, guest) */
  'user-invalid-role': {
    status: 400,
    message: () => 'The field Roles consist invalid role id',
    errorType: 'error-action-not-allowed',
    details: () => ({ method: SAVE_USER, action: 'Assign_role' }),
    eras: inline('error-action-not-allowed'),
  },
  'user-assign-admin-not-allowed': {
    status: 400,
    message: () => 'Assigning admin is not allowed',
    errorType: 'error-action-not-allowed',
    details: () => ({ method: SAVE_USER, action: 'Assign_admin' }),
    eras: inline('error-action-not-allowed'),
  },
  /** `validateUserEditing`: roles changed without `assign-roles` */
  'user-assign-roles-not-allowed': {
    status: 400,
    message: () => 'Assign roles is not allowed',
    errorType: 'error-action-not-allowed',
    details: () => ({ method: SAVE_USER, action: 'Assign_role' }),
  },
  /** `field`: `Name`, `Username` or `Password` */
  'user-field-required': {
    status: 400,
    message: (p) => `The field ${p.field ?? ''} is required`,
    errorType: 'error-the-field-is-required',
    details: (p) => ({ method: SAVE_USER, field: p.field ?? '' }),
    eras: inline('error-the-field-is-required'),
  },
  /** a username the names rule (`UTF8_User_Names_Validation`) refuses; `raw` is it as sent */
  'user-invalid-username': {
    status: 400,
    message: (p) => `${escapeHtml(p.raw ?? '')} is not a valid username`,
    errorType: 'error-input-is-not-a-valid-field',
    details: (p) => ({ method: SAVE_USER, input: p.raw ?? '', field: 'Username' }),
    eras: inline('error-input-is-not-a-valid-field'),
  },
  /** `checkUsernameAvailability`: a blocked username (`Accounts_SystemBlockedUsernameList`) */
  'user-blocked-username': {
    status: 400,
    message: (p) => `${p.name ?? ''} is blocked and can't be used!`,
    errorType: 'error-blocked-username',
    details: (p) => ({ method: 'checkUsernameAvailability', field: p.name ?? '' }),
    eras: inline('error-blocked-username'),
  },
  /** a username or an e-mail address in use (`field`: it, as sent) */
  'user-field-unavailable': {
    status: 400,
    message: (p) => `${escapeHtml(p.field ?? '')} is already in use :(`,
    errorType: 'error-field-unavailable',
    details: (p) => ({ method: SAVE_USER, field: p.field ?? '' }),
    eras: inline('error-field-unavailable'),
  },
  'user-bio-too-long': {
    status: 400,
    message: () => 'Bio size exceeds 260 characters',
    errorType: 'error-bio-size-exceeded',
    details: () => ({ method: 'saveUserProfile' }),
  },
  'user-nickname-too-long': {
    status: 400,
    message: () => 'Nickname size exceeds 120 characters',
    errorType: 'error-nickname-size-exceeded',
    details: () => ({ method: 'saveUserProfile' }),
  },
  /** `check()` of a 0.49/5.x users route: Meteor's Match.Error (0.49's inline catch says `Error: `) */
  'users-match-error': {
    status: 400,
    message: (p) => `Match error: ${p.reason ?? ''}`,
    eras: { '0.49': (message) => ({ success: false, error: `Error: ${message}` }), '5': undefined },
  },
  /** 7.x on: a name with `<`, `>`, `/` or `\` (`validateNameChars`) */
  'user-name-invalid-chars': { status: 400, message: () => 'Name contains invalid characters' },
  /** users.register 7.x on: `validateUsername` */
  'register-username-invalid': { status: 400, message: () => 'The username provided is not valid' },
  /** users.register: `checkUsernameAvailability` false */
  'register-username-taken': { status: 400, message: () => 'Username is already in use' },
  'registration-disabled': {
    status: 400,
    message: () => 'User registration is disabled',
    errorType: 'error-user-registration-disabled',
    details: () => ({ method: 'registerUser' }),
  },
  'registration-secret': {
    status: 400,
    message: () => 'User registration is only allowed via Secret URL',
    errorType: 'error-user-registration-secret',
    details: () => ({ method: 'registerUser' }),
  },
  /**
   * Meteor accounts' duplicate e-mail (`registerUser`): a Meteor.Error whose code is the number
   * 403, so REST's `errorType` is a number too (the realtime API: error 403, `Email already exists.`)
   */
  'register-email-exists': {
    status: 400,
    message: () => 'Email already exists.',
    eras: {
      '0.49': (message) =>
        ({ success: false, error: `${message} [403]`, errorType: 403 }) as unknown as ErrorBody,
    },
  },
  /** the bound of the world's users (src/limits.ts `usersPerWorld`): the fake's own refusal */
  'users-per-world-limit': {
    status: 400,
    message: (p) => `The world holds ${p.reason ?? ''} users, its limit usersPerWorld`,
    errorType: 'error-users-per-world-limit',
  },

  /** 6.x on: the edited or (de)activated user is gone; chat.delete `asUser` of an author who is gone (`User not found`, no full stop) */
  'users-user-not-found': { status: 400, message: () => 'User not found' },

  /** 6.x: users.update of an unknown `userId` (`validateUserEditing`'s plain Error) */
  'users-update-invalid-user': { status: 400, message: () => 'error-invalid-user' },
  // `getUserFromParams`'s refusals are declared once, in src/errors/rooms.ts (`user-param-not-provided`, `user-param-invalid`)
  /** the `deleteUser` method's unknown user (0.49's route answered it inline) */
  'delete-invalid-user': {
    status: 400,
    message: () => 'Invalid user to delete',
    errorType: 'error-invalid-user',
    details: () => ({ method: 'deleteUser' }),
    eras: inline('error-invalid-user'),
  },
  /** 0.49's users.delete without `userId` */
  'users-userid-required': { status: 400, message: () => 'Body param "userId" is required' },
  /** a route's own permission check answered `API.v1.unauthorized()` / `forbidden()` (users routes until 6.x, teams routes, channels.create / groups.create before the body): the bare word */
  'users-unauthorized': { status: 403, message: () => 'unauthorized' },
  'users-last-admin': {
    status: 400,
    message: () => 'Leaving the app without admins is not allowed',
    errorType: 'error-action-not-allowed',
    details: () => ({ method: 'deleteUser', action: 'Remove_last_admin' }),
    eras: inline('error-action-not-allowed'),
  },
  'users-last-active-admin': {
    status: 400,
    message: () => 'Leaving the app without an active admin is not allowed',
    errorType: 'error-action-not-allowed',
    details: () => ({ method: 'removeUserFromRole', action: 'Remove_last_admin' }),
  },
  /** the last owner of a room with other members, `confirmRelinquish` not true: `[user-last-owner]` alone */
  'user-last-owner': {
    status: 400,
    message: () => '',
    eras: { '0.49': () => ({ success: false, error: '[user-last-owner]', errorType: 'user-last-owner' }) },
  },
  /** `setUserActiveStatus` without `edit-other-user-active-status` (the method, and users.update's `active`) */
  'set-active-not-allowed': {
    status: 400,
    message: () => 'Not allowed',
    errorType: 'error-not-allowed',
    details: () => ({ method: 'setUserActiveStatus' }),
  },
  /** users.setStatus with `Accounts_AllowUserStatusMessageChange` off (`method`: the route's name, as its details say) */
  'status-change-not-allowed': {
    status: 400,
    message: () => 'Change status is not allowed',
    errorType: 'error-not-allowed',
    details: (p) => ({ method: p.method ?? '' }),
  },
  'status-invalid': {
    status: 400,
    message: () => 'Valid status types include online, away, offline, and busy.',
    errorType: 'error-invalid-status',
    details: (p) => ({ method: p.method ?? '' }),
  },
  /** `offline` with `Accounts_AllowInvisibleStatusOption` off */
  'status-invisible-not-allowed': {
    status: 400,
    message: () => 'Invisible status is disabled',
    errorType: 'error-status-not-allowed',
    details: (p) => ({ method: p.method ?? '' }),
  },
  /** users.logout of a user with no login token left (or no such user) */
  'logout-invalid-user-id': {
    status: 400,
    message: () => 'Invalid user id',
    errorType: 'error-invalid-user-id',
  },

  // updateOwnBasicInfo, deleteOwnAccount, createToken, preferences,
  // autocomplete and the personal access tokens
  /** the password fallback of two-factor (`requireSecondFactor`): no `currentPassword` */
  'totp-required': {
    status: 400,
    message: () => 'TOTP Required',
    errorType: 'totp-required',
    details: () => ({ method: 'password', codeGenerated: false, availableMethods: [] }),
  },
  /** the password fallback of two-factor: a `currentPassword` that is not the password's SHA-256 */
  'totp-invalid': {
    status: 400,
    message: () => 'TOTP Invalid',
    errorType: 'totp-invalid',
    details: () => ({ method: 'password' }),
  },
  /** `saveUserProfile` with `Accounts_AllowUserProfileChange` off */
  'profile-change-not-allowed': {
    status: 400,
    message: () => 'Not allowed',
    errorType: 'error-not-allowed',
    details: () => ({ method: 'saveUserProfile' }),
  },
  /** `validateUserEditing` of one's own status message with `Accounts_AllowUserStatusMessageChange` off */
  'profile-status-not-allowed': {
    status: 400,
    message: () => 'Edit user status is not allowed',
    errorType: 'error-action-not-allowed',
    details: () => ({ method: SAVE_USER, action: 'Update_user' }),
  },
  /** `saveUserIdentity` false: a blank name, a username invalid, blocked or taken */
  'profile-identity-not-saved': {
    status: 400,
    message: () => 'Could not save user identity',
    errorType: 'error-could-not-save-identity',
    details: () => ({ method: 'saveUserProfile' }),
  },
  /** `_setEmail`: the address is another user's (`field`: it, as sent) */
  'profile-email-unavailable': {
    status: 400,
    message: (p) => `${p.field ?? ''} is already in use :(`,
    errorType: 'error-field-unavailable',
    details: (p) => ({ function: '_setEmail', field: p.field ?? '' }),
  },
  'profile-password-same': {
    status: 400,
    message: () => 'Entered password same as current password',
    errorType: 'error-password-same-as-current',
    details: () => ({ method: 'saveUserProfile' }),
  },
  /** users.deleteOwnAccount without `password` (`API.v1.failure`) */
  'delete-own-password-required': { status: 400, message: () => 'Body parameter "password" is required.' },
  'delete-own-invalid-password': {
    status: 400,
    message: () => 'Invalid password',
    errorType: 'error-invalid-password',
    details: () => ({ method: 'deleteUserOwnAccount' }),
  },
  /** `createToken`: the environment does not allow it, or another user without `user-generate-access-token` (8.x: no details) */
  'create-token-not-authorized': {
    status: 400,
    message: () => 'Not authorized',
    errorType: 'error-not-authorized',
    details: () => ({ method: 'createToken' }),
    eras: {
      '0.49': undefined,
      '8': (message) => ({
        success: false,
        error: `${message} [error-not-authorized]`,
        errorType: 'error-not-authorized',
      }),
    },
  },
  /** users.setPreferences for another user without `edit-other-user-info` */
  'preferences-edit-not-allowed': {
    status: 400,
    message: () => 'Editing user is not allowed',
    errorType: 'error-action-not-allowed',
  },
  'preferences-invalid-user': {
    status: 400,
    message: () => 'The optional "userId" param provided does not match any users',
    errorType: 'error-invalid-user',
  },
  /** users.getPreferences of a user document without `settings` (the i18n text, upper-cased) */
  'preferences-not-available': {
    status: 400,
    message: () => "FAILED TO RETRIEVE USER PREFERENCES BECAUSE THEY HAVEN'T BEEN SET UP BY THE USER YET",
  },
  /** users.autocomplete's `selector` that is no JSON: the parser's message (`reason`) */
  'autocomplete-selector-invalid': { status: 400, message: (p) => p.reason ?? '' },
  /** the personal access token routes without `tokenName` */
  'token-name-required': { status: 400, message: () => "The 'tokenName' param is required" },
  /** the personal access token methods without `create-personal-access-tokens`; setReaction, starMessage, pinMessage, unpinMessage of a room the caller may not see (`method`: the method's name) */
  'token-not-authorized': {
    status: 400,
    message: () => 'Not Authorized',
    errorType: 'not-authorized',
    details: (p) => ({ method: p.method ?? '' }),
  },
  /** users.getPersonalAccessTokens until 6.x without `create-personal-access-tokens` (7.x on: the 403 of `permissionsRequired`) */
  'token-list-not-authorized': { status: 400, message: () => 'Not Authorized', errorType: 'not-authorized' },
  'token-exists': {
    status: 400,
    message: () => 'A token with this name already exists',
    errorType: 'error-token-already-exists',
    details: (p) => ({ method: p.method ?? '' }),
  },
  'token-not-found': {
    status: 400,
    message: () => 'Token does not exist',
    errorType: 'error-token-does-not-exists',
    details: (p) => ({ method: p.method ?? '' }),
  },
  /** 0.49's users.getPresence of an unknown `userId` (`id`: it, as sent) */
  'presence-user-not-found': {
    status: 400,
    message: (p) => `Failed to find a user with the id of "${p.id ?? ''}"`,
  },
  /** a user's personal access tokens past the fake's bound: the fake's own refusal */
  'tokens-per-user-limit': {
    status: 400,
    message: (p) => `A user holds at most ${p.reason ?? ''} personal access tokens in the fake`,
    errorType: 'error-tokens-per-user-limit',
  },
} satisfies Record<string, ErrorSpec>;
