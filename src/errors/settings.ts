import type { EraBody, ErrorSpec } from './spec';

/** `API.v1.failure(message, type)`: the message as it is (no ` [type]` suffix) and the type beside it. */
const failure = (errorType: string): { '0.49': EraBody } => ({
  '0.49': (message) => ({ success: false, error: message, errorType }),
});

/**
 * The error rows of settings, permissions and roles (`settings`, `permissions.*`, `roles.*`), part of the one error table (src/errors.ts): each name once, over
 * all tables.
 *
 * Layer: base.
 */
export const SETTING_ERRORS = {
  /** `Message_AllowEditing_BlockEditInMinutes` passed since the message was sent (`updateMessage`) */
  'message-editing-blocked': {
    status: 400,
    message: () => 'Message editing is blocked',
    errorType: 'error-message-editing-blocked',
    details: () => ({ method: 'updateMessage' }),
  },
  /** `API.v1.failure()` with nothing to say: an unknown (or hidden) setting, a POST without `value` */
  'setting-failure': { status: 400, message: () => '', eras: { '0.49': () => ({ success: false }) } },
  /** DDP `saveSetting` by no user, or without `edit-privileged-setting` (then with `settingId`) */
  'setting-edit-not-allowed': {
    status: 400,
    message: () => 'Editing settings is not allowed',
    errorType: 'error-action-not-allowed',
    details: (p) => ({ method: 'saveSetting', ...(p.id !== undefined ? { settingId: p.id } : {}) }),
  },
  /** `permissions.listAll?updatedSince=` not a date: the route's errorType is a room's, in every release */
  'permissions-updated-since-invalid': {
    status: 400,
    message: () => 'The "updatedSince" query parameter must be a valid date.',
    errorType: 'error-roomId-param-invalid',
  },
  /** `permissions.update` without `access-permissions` until 5.x: the handler's own 400 */
  'permissions-edit-not-allowed': {
    status: 400,
    message: () => 'Editing permissions is not allowed',
    eras: failure('error-edit-permissions-not-allowed'),
  },
  /** `permissions.update`'s body failing `isBodyParamsValidPermissionUpdate` in the handler (6.0 to 7.9) */
  'permissions-invalid-body': {
    status: 400,
    message: () => 'Invalid body params',
    eras: failure('error-invalid-body-params'),
  },
  /** `permissions.update`: a permission unknown (or named twice) */
  'permission-invalid': {
    status: 400,
    message: () => 'Invalid permission',
    eras: failure('error-invalid-permission'),
  },
  /** `permissions.update`: a role unknown */
  'permission-role-invalid': {
    status: 400,
    message: () => 'Invalid role',
    eras: failure('error-invalid-role'),
  },
  /** `roles.addUserToRole`'s body failing its schema in the handler (5.x–7.x): ajv's messages as the reason */
  'role-invalid-properties': {
    status: 400,
    message: (p) => p.reason ?? 'The role properties are invalid.',
    errorType: 'error-invalid-role-properties',
  },
  /** `API.v1.failure('error-invalid-role-properties')`: neither `roleId` nor `roleName` */
  'role-properties-missing': {
    status: 400,
    message: () => 'error-invalid-role-properties',
    eras: { '0.49': (message) => ({ success: false, error: message }) },
  },
  /** `roles.addUserToRole`: `API.v1.failure('error-role-not-found', 'Role not found')`, its arguments swapped */
  'role-not-found': {
    status: 400,
    message: () => 'error-role-not-found',
    eras: failure('Role not found'),
  },
  /** `roles.addUserToRole`: the user holds the role already */
  'role-user-already-in-role': {
    status: 400,
    message: () => 'User already in role',
    errorType: 'error-user-already-in-role',
  },
  /** `authorization:addUserToRole` (and the REST route that calls it), `authorization:saveRole`, `authorization:deleteRole`: no user, or no `access-permissions` */
  'role-add-not-allowed': {
    status: 400,
    message: () => 'Accessing permissions is not allowed',
    errorType: 'error-action-not-allowed',
    details: (p) => ({ method: p.method ?? '', action: 'Accessing_permissions' }),
  },
  /** `authorization:addUserToRole`: the admin role without `assign-admin-role` */
  'role-assign-admin-not-allowed': {
    status: 400,
    message: () => 'Assigning admin is not allowed',
    errorType: 'error-action-not-allowed',
    details: (p) => ({ method: p.method ?? '', action: 'Assign_admin' }),
  },
  /** `authorization:addUserToRole` / `removeUserFromRole`: an argument not a non-empty string */
  'role-invalid-arguments': {
    status: 400,
    message: () => 'Invalid arguments',
    errorType: 'error-invalid-arguments',
    details: (p) => ({ method: p.method ?? '' }),
  },
  /** `authorization:addUserToRole` / `removeUserFromRole`: no role by that id (or name) */
  'role-invalid-role': {
    status: 400,
    message: () => 'Invalid Role',
    errorType: 'error-invalid-role',
    details: (p) => ({ method: p.method ?? '' }),
  },
  /** `authorization:addUserToRole`: a room role for a user not in the room given (or none given) */
  'role-user-not-in-room': {
    status: 400,
    message: () => 'User is not part of given room',
    errorType: 'error-invalid-user',
    details: (p) => ({ method: p.method ?? '' }),
  },
  /** `authorization:removeUserFromRole`: no user, or no `access-permissions` ("Access", sic) */
  'role-remove-not-allowed': {
    status: 400,
    message: () => 'Access permissions is not allowed',
    errorType: 'error-action-not-allowed',
    details: (p) => ({ method: p.method ?? '', action: 'Accessing_permissions' }),
  },
  /** `authorization:removeUserFromRole`: the last admin */
  'role-remove-last-admin': {
    status: 400,
    message: () => 'Leaving the app without admins is not allowed',
    errorType: 'error-action-not-allowed',
    details: () => ({ method: 'removeUserFromRole', action: 'Remove_last_admin' }),
  },
  /** `roles.removeUserFromRole` (4.x on): its body failing the schema */
  'role-remove-invalid-properties': {
    status: 400,
    message: () => 'The role properties are invalid.',
    errorType: 'error-invalid-role-properties',
  },
  /** `roles.removeUserFromRole` without `access-permissions` until 5.x (6.x on: the framework's 403) */
  'role-remove-access-not-allowed': {
    status: 400,
    message: () => 'Accessing permissions is not allowed',
    errorType: 'error-not-allowed',
  },
  /** `roles.removeUserFromRole`: no user by that username */
  'role-remove-no-user': {
    status: 400,
    message: () => 'There is no user with this username',
    errorType: 'error-invalid-user',
  },
  /** `roles.removeUserFromRole`: no role by that id (or name) */
  'role-remove-no-role': {
    status: 400,
    message: () => 'This role does not exist',
    errorType: 'error-invalid-roleId',
  },
  /** `roles.removeUserFromRole`: the user does not hold it */
  'role-user-not-in-role': {
    status: 400,
    message: () => 'User is not in this role',
    errorType: 'error-user-not-in-role',
  },
  /** `roles.removeUserFromRole`: the last admin */
  'role-admin-required': {
    status: 400,
    message: () => 'You need to have at least one admin',
    errorType: 'error-admin-required',
  },
  /** the holders of a room role (owner, moderator) asked for: the fake's own refusal (the roles routes give and take room roles) */
  'role-room-role-not-modelled': {
    status: 400,
    message: () =>
      'The fake lists the holders of a global role only, not those of a room role (owner, moderator)',
    errorType: 'error-not-modelled',
  },
  /** `roles.getUsersInRole` without `role` (until 7.x; 8.x's schema says it) */
  'role-param-not-provided': {
    status: 400,
    message: () => 'Query param "role" is required',
    errorType: 'error-param-not-provided',
  },
  /** `roles.getUsersInRole` until 5.x without `access-permissions`, or with `roomId` without `view-other-user-channels`; chat.getPinnedMessages of a room the caller may not see */
  'role-users-not-allowed': { status: 400, message: () => 'Not allowed', errorType: 'error-not-allowed' },
  /** `roles.getUsersInRole`: `new Meteor.Error('error-invalid-roleId')`, no reason */
  'role-invalid-role-id': {
    status: 400,
    message: () => '[error-invalid-roleId]',
    eras: failure('error-invalid-roleId'),
  },
  /** `authorization:addPermissionToRole`: no permission by that id */
  'permission-does-not-exist': {
    status: 400,
    message: () => 'Permission does not exist',
    errorType: 'error-invalid-permission',
    details: (p) => ({ method: p.method ?? '', action: 'Adding_permission' }),
  },
  /** `authorization:addPermissionToRole`: no user, or no `access-permissions` */
  'permission-add-not-allowed': {
    status: 400,
    message: () => 'Adding permission is not allowed',
    errorType: 'error-action-not-allowed',
    details: (p) => ({ method: p.method ?? '', action: 'Adding_permission' }),
  },
  /** `authorization:addPermissionToRole`: a role the fake does not know (8.x's check; the fake makes it on every line) */
  'permission-role-does-not-exist': {
    status: 400,
    message: () => 'Role does not exist',
    errorType: 'error-invalid-role',
    details: (p) => ({ method: p.method ?? '', action: 'Adding_permission' }),
  },
  /** `authorization:removeRoleFromPermission`: no permission by that id */
  'permission-not-found': {
    status: 400,
    message: () => 'Permission not found',
    errorType: 'error-permission-not-found',
    details: (p) => ({ method: p.method ?? '' }),
  },
  /** `authorization:removeRoleFromPermission`: no user, or no `access-permissions` */
  'permission-remove-not-allowed': {
    status: 400,
    message: () => 'Removing permission is not allowed',
    errorType: 'error-action-not-allowed',
    details: (p) => ({ method: p.method ?? '', action: 'Removing_permission' }),
  },
  /** `roles.delete` until 5.x without `access-permissions` (6.x on: the framework's 403) */
  'role-delete-not-allowed': {
    status: 400,
    message: () => 'Accessing permissions is not allowed',
    errorType: 'error-action-not-allowed',
  },
  /** `roles.delete` of a protected role (a seeded one) */
  'role-protected': {
    status: 400,
    message: () => 'Cannot delete a protected role',
    errorType: 'error-role-protected',
  },
  // roles.create / roles.update / roles.delete of custom roles, the realtime
  // authorization:saveRole / authorization:deleteRole
  /** `roles.create` (6.x on, always) and `roles.update` of a custom role (6.x on) on a community server */
  'role-enterprise-feature': {
    status: 400,
    message: () => 'This is an enterprise feature',
    errorType: 'error-action-not-allowed',
  },
  /** `roles.create`: a role of that id or name exists (`findOneByIdOrName`); `roles.update`: another role has that name */
  'role-duplicate-name': {
    status: 400,
    message: () => 'Role name already exists',
    errorType: 'error-duplicate-role-names-not-allowed',
  },
  /** `roles.update` of a protected role with another name or scope (`updateRole`) */
  'role-update-protected': {
    status: 400,
    message: () => 'Role is protected',
    errorType: 'error-role-protected',
  },
  /** `roles.update`: a scope neither `Users` nor `Subscriptions` (`updateRole`; the body's schema refuses it first) */
  'role-invalid-scope': {
    status: 400,
    message: () => 'Invalid scope',
    errorType: 'error-invalid-scope',
  },
  /** `roles.delete` of a role a user (or a member in a room) holds */
  'role-in-use': {
    status: 400,
    message: () => "Cannot delete role because it's in use",
    errorType: 'error-role-in-use',
  },
  /** the world holds the most roles the fake keeps (src/store/roles.ts `ROLES_PER_WORLD`): the fake's own bound */
  'roles-limit': {
    status: 400,
    message: (p) =>
      `This world holds ${p.reason ?? ''} roles, the most it keeps: delete a custom role before creating another`,
    errorType: 'error-roles-limit',
  },
  /** `authorization:saveRole` (4.x on): the role's properties fail `isRoleCreateProps` */
  'role-save-invalid-properties': {
    status: 400,
    message: () => 'The role properties are invalid.',
    errorType: 'error-invalid-role-properties',
    details: (p) => ({ method: p.method ?? '' }),
  },
  /** `authorization:saveRole` (0.x): no name (wording UNVERIFIED) */
  'role-save-name-required': {
    status: 400,
    message: () => 'Role name is required',
    errorType: 'error-role-name-required',
    details: (p) => ({ method: p.method ?? '' }),
  },
  /** `authorization:deleteRole`: no role by that id (nor name) */
  'role-delete-invalid-role': {
    status: 400,
    message: () => 'Invalid role',
    errorType: 'error-invalid-role',
    details: (p) => ({ method: p.method ?? '' }),
  },
  /** `authorization:deleteRole` of a protected role */
  'role-delete-protected': {
    status: 400,
    message: () => 'Cannot delete a protected role',
    errorType: 'error-delete-protected-role',
    details: (p) => ({ method: p.method ?? '' }),
  },
  /** `authorization:deleteRole` of a role somebody holds */
  'role-delete-in-use': {
    status: 400,
    message: () => "Cannot delete role because it's in use",
    errorType: 'error-role-in-use',
    details: (p) => ({ method: p.method ?? '' }),
  },
  // spotlight, directory, emoji-custom.*, commands.*, push.token (docs/routes-startup.md)
  /** `directory`: `sort` with more than one key (a plain failure) */
  'directory-one-sort': { status: 400, message: () => 'This method support only one "sort" parameter' },
  /** `directory`: `browseChannels` answered nothing (an unknown type or sort, a permission missing) */
  'directory-invalid': { status: 400, message: () => 'Please verify the parameters' },
  /** `emoji-custom.list`: `updatedSince` (or 7.x's `_updatedAt`, `field`) not a date */
  'emoji-date-invalid': {
    status: 400,
    message: (p) => `The "${p.field ?? 'updatedSince'}" query parameter must be a valid date.`,
    errorType: 'error-roomId-param-invalid',
  },
  /** `commands.run` (to 8.5): `command` not a string */
  'command-required': { status: 400, message: () => 'You must provide a command to run.' },
  /** `commands.run` (to 8.5): `params` given and not a string */
  'command-params-string': {
    status: 400,
    message: () => 'The parameters for the command must be a single string.',
  },
  /** `commands.run` (to 8.5): `roomId` not a string */
  'command-room-id': {
    status: 400,
    message: () => "The room's id where to execute this command must be provided and be a string.",
  },
  /** `commands.run` (to 8.5): `tmid` given and not a string */
  'command-tmid-string': { status: 400, message: () => 'The tmid parameter when provided must be a string.' },
  /** `commands.run`: no command of that name (case-insensitive) */
  'command-unknown': { status: 400, message: () => 'The command provided does not exist (or is disabled).' },
  /** `commands.run`: `tmid` names no message of the room */
  'command-invalid-thread': { status: 400, message: () => 'Invalid thread.' },
  /** `push.token` (to 8.5): `id` given and not a string */
  'push-id-invalid': {
    status: 400,
    message: () => 'The required "id" body param is invalid.',
    errorType: 'error-id-param-not-valid',
  },
  /** `push.token` (to 8.5): `type` missing or not apn / gcm */
  'push-type-invalid': {
    status: 400,
    message: () => 'The required "type" body param is missing or invalid.',
    errorType: 'error-type-param-not-valid',
  },
  /** `push.token` (to 8.5): `value` missing, empty or not a string */
  'push-value-invalid': {
    status: 400,
    message: () => 'The required "value" body param is missing or invalid.',
    errorType: 'error-token-param-not-valid',
  },
  /** `push.token` (to 8.5): `appName` missing or not a string */
  'push-appname-invalid': {
    status: 400,
    message: () => 'The required "appName" body param is missing or invalid.',
    errorType: 'error-appName-param-not-valid',
  },
  /** `DELETE push.token` (to 8.5): `token` missing or not a string */
  'push-token-invalid': {
    status: 400,
    message: () => 'The required "token" body param is missing or invalid.',
    errorType: 'error-token-param-not-valid',
  },
  /** a user holds the most push tokens the fake keeps (src/store/startup.ts): the fake's own bound */
  'push-tokens-limit': {
    status: 400,
    message: (p) =>
      `This user holds ${p.reason ?? ''} push tokens, the most the fake keeps: delete one before registering another`,
    errorType: 'error-push-tokens-limit',
  },
  // the slashCommand method
  /** the slashCommand method: no `cmd`, or no command registered by exactly that name (its details name executeSlashCommandPreview) */
  'slash-command-invalid': {
    status: 400,
    message: () => 'Invalid Command Provided',
    errorType: 'error-invalid-command',
    details: () => ({ method: 'executeSlashCommandPreview' }),
  },
  /** the slashCommand method: a command with a callback run without `msg.rid` */
  'slash-command-usage': {
    status: 400,
    message: () => 'Executing a command requires at least a message with a room id.',
    errorType: 'invalid-command-usage',
  },
  // the built-in slash commands' own refusals (docs/routes-startup.md)
  /** `/join #channel` of a channel the caller is in already (thrown by the command's callback) */
  'slash-already-in-room': {
    status: 400,
    message: () => 'You are already in the channel',
    errorType: 'error-user-already-in-room',
    details: () => ({ method: 'slashCommands' }),
  },
  /** `/archive` of a direct room (`type` the room's `t`) */
  'slash-not-archivable': {
    status: 400,
    message: (p) => `Room type: ${p.type ?? ''} can not be archived`,
    errorType: 'error-room-type-not-archivable',
  },
  /** `/unarchive` of a direct room (`type` the room's `t`) */
  'slash-not-unarchivable': {
    status: 400,
    message: (p) => `Room type: ${p.type ?? ''} can not be unarchived`,
    errorType: 'error-room-type-not-unarchivable',
  },
  /** `/archive`, `/unarchive` without `archive-room` / `unarchive-room` in the room */
  'slash-not-authorized': { status: 400, message: () => 'Not authorized', errorType: 'error-not-authorized' },
  /** `/status` while `Accounts_AllowUserStatusMessageChange` is off: setUserStatus's refusal (its details name it) */
  'slash-status-not-allowed': {
    status: 400,
    message: () => 'Not allowed',
    errorType: 'error-not-allowed',
    details: () => ({ method: 'setUserStatus' }),
  },
  /** `muteUserInRoom` / `unmuteUserInRoom` (`/mute`, `/unmute`) of a direct room (`type` the room's `t`) */
  'mute-room-type': {
    status: 400,
    message: (p) => `${p.type ?? ''} is not a valid room type`,
    errorType: 'error-invalid-room-type',
    details: (p) => ({ method: p.method ?? '', type: p.type ?? '' }),
  },
  // addUsersToRoom's refusal of a direct room (`/invite`, `/invite-all-*`)
  /** `addUsersToRoom` in a direct room: before its permission checks (details name the method) */
  'room-direct-no-invite': {
    status: 400,
    message: () => "Can't invite user to direct rooms",
    errorType: 'error-cant-invite-for-direct-room',
    details: (p) => ({ method: p.method ?? '' }),
  },
} satisfies Record<string, ErrorSpec>;
