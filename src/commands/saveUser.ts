import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import type { NewUser, Store } from '../store/store';
import type { User, UserRole } from '../types';
import { command } from './command';
import type { CommandContext } from './command';

/**
 * `saveUser` (Rocket.Chat's `insertOrUpdateUser` method, which `users.create` and `users.update`
 * call): `validateUserData`'s checks in the server's order, then a new user (`saveNewUser`: the
 * default roles, the first-admin rule, the default rooms) or an edit (`validateUserEditing`, then
 * the fields). The release line decides the roles rule and the blocked names.
 */
export interface SaveUserArgs {
  /** set: an edit of this user; absent: a new user */
  readonly _id?: string;
  readonly email?: string;
  readonly name?: string;
  readonly password?: string;
  readonly username?: string;
  readonly roles?: readonly string[];
  readonly active?: boolean;
  readonly verified?: boolean;
  readonly joinDefaultChannels?: boolean;
  readonly requirePasswordChange?: boolean;
  readonly setRandomPassword?: boolean;
  readonly bio?: string;
  readonly nickname?: string;
  readonly statusText?: string;
  /** an edit's deactivation may relinquish the user's rooms (`users.update`'s `confirmRelinquish`) */
  readonly confirmRelinquish?: boolean;
}

/** The command's arguments from a checked body (or insertOrUpdateUser's `userData`). */
export function saveArgsOf(body: Readonly<Record<string, unknown>>): SaveUserArgs {
  const roles = Array.isArray(body.roles)
    ? body.roles.filter((r): r is string => typeof r === 'string')
    : undefined;
  const out: Record<string, unknown> = {
    email: textOf(body.email),
    name: textOf(body.name),
    password: textOf(body.password),
    username: textOf(body.username),
    roles,
    active: flagOf(body.active),
    verified: flagOf(body.verified),
    joinDefaultChannels: flagOf(body.joinDefaultChannels),
    requirePasswordChange: flagOf(body.requirePasswordChange),
    setRandomPassword: flagOf(body.setRandomPassword),
    bio: textOf(body.bio),
    nickname: textOf(body.nickname),
    statusText: textOf(body.statusText),
  };
  return Object.fromEntries(Object.entries(out).filter(([, value]) => value !== undefined)) as SaveUserArgs;
}

const textOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const flagOf = (value: unknown): boolean | undefined => (typeof value === 'boolean' ? value : undefined);

/** `UTF8_User_Names_Validation`'s default, matched whole. */
export const USERNAMES = /^[0-9a-zA-Z-_.]+$/;
/** `Accounts_SystemBlockedUsernameList` (5.x on); 0.49 had none. */
const BLOCKED: EraTable<readonly string[]> = {
  '0.49': [],
  '5': ['admin', 'administrator', 'system', 'user'],
};
/**
 * How a new user's roles are decided: 0.49's `users.create` wrote `body.roles || ['user']` over
 * whatever the insert gave (no first-admin rule on that path); later, the given roles or the
 * default ones, with `admin` added while no human admin exists.
 */
const ROLES_RULE: EraTable<'0.49' | 'modern'> = { '0.49': '0.49', '5': 'modern' };
/** 7.x on: `saveUser` refuses `verified` on one's own edit. */
const SELF_VERIFY_RULE = { '0.49': false, '7': true };

/** The method's name, as its refusals' details name it. */
const NAME = 'insertOrUpdateUser';

/** Whether a username is blocked (`checkUsernameAvailability`'s lists, any case). */
export function isBlocked(blocked: readonly string[], username: string): boolean {
  return blocked.includes(username.toLowerCase());
}

/** The blocked usernames of a release line. */
export function blockedNames(profile: CommandContext['profile']): readonly string[] {
  return byEra(profile, BLOCKED);
}

/** The world's global roles (seeded or custom, `scope: "Users"`): those a user holds. */
function globalRoles(store: Store): readonly string[] {
  return store.globalRoleIds();
}

/** The global roles the world knows, of those given; undefined when one is unknown. */
function knownRoles(store: Store, roles: readonly string[]): UserRole[] | undefined {
  const known = globalRoles(store);
  return roles.every((role) => known.includes(role)) ? [...roles] : undefined;
}

/** `getNewUserRoles`: `Accounts_Registration_Users_Default_Roles`, the roles the world knows. */
export function defaultRoles(store: Store): UserRole[] {
  const known = globalRoles(store);
  return store
    .settings()
    .Accounts_Registration_Users_Default_Roles.split(',')
    .map((role) => role.trim())
    .filter((role): role is UserRole => known.includes(role));
}

/**
 * The first-admin rule (`insertUserDoc`): `admin` added while no human admin exists; 0.4x gave
 * the first user `["admin"]` alone (`adminOnly`).
 */
export function withFirstAdmin(store: Store, roles: readonly UserRole[], adminOnly: boolean): UserRole[] {
  if (roles.includes('admin') || store.hasHumanAdmin()) return [...roles];
  return adminOnly ? ['admin'] : [...roles, 'admin'];
}

/** `validateUserData`'s checks shared by a new user and an edit, in the server's order. */
function checkUserData(context: CommandContext, args: SaveUserArgs): void {
  const { store, user } = context;
  const editing = args._id !== undefined && args._id !== '';
  if (!editing && !store.can(user, 'create-user')) throw new ApiError('user-add-not-allowed');
  if (editing && args._id !== user._id && !store.can(user, 'edit-other-user-info'))
    throw new ApiError('user-edit-not-allowed');
  if (args.roles && !knownRoles(store, args.roles)) throw new ApiError('user-invalid-role');
  if (args.roles?.includes('admin') && !store.can(user, 'assign-admin-role'))
    throw new ApiError('user-assign-admin-not-allowed');
  const settings = store.settings();
  if (!editing && settings.Accounts_RequireNameForSignUp && !args.name?.trim())
    throw new ApiError('user-field-required', { field: 'Name' });
  if (!editing && !args.username?.trim()) throw new ApiError('user-field-required', { field: 'Username' });
  if (args.username !== undefined && args.username !== '' && !USERNAMES.test(args.username))
    throw new ApiError('user-invalid-username', { raw: args.username });
  if (!editing && !args.password && !args.setRandomPassword)
    throw new ApiError('user-field-required', { field: 'Password' });
}

/** The fields a new user is made with, every check passed. */
function newUser(context: CommandContext, args: SaveUserArgs): NewUser {
  const { store, profile } = context;
  const username = args.username ?? '';
  const email = args.email ?? '';
  if (isBlocked(blockedNames(profile), username))
    throw new ApiError('user-blocked-username', { name: username });
  if (store.userNamed(username)) throw new ApiError('user-field-unavailable', { field: username });
  if (email !== '' && store.userWithEmail(email))
    throw new ApiError('user-field-unavailable', { field: email });
  checkLengths(args);
  const given = knownRoles(store, args.roles ?? []) ?? [];
  const roles =
    byEra(profile, ROLES_RULE) === '0.49'
      ? args.roles
        ? given
        : (['user'] as UserRole[])
      : withFirstAdmin(store, given.length > 0 ? given : defaultRoles(store), false);
  const approval = store.settings().Accounts_ManuallyApproveNewUsers;
  const random = args.setRandomPassword === true && !args.password;
  return {
    username,
    email,
    verified: args.verified === true,
    name: args.name ?? '',
    password: random ? `random-${username}-${store.clock.nowMs()}` : (args.password ?? ''),
    roles,
    active: args.active ?? !approval,
    pendingApproval: approval && args.active === undefined,
    settings: true,
    usernameLast: false,
    joinDefaultChannels: args.joinDefaultChannels !== false,
    ...(random ? { requirePasswordChange: true } : {}),
    ...(!random && args.requirePasswordChange !== undefined
      ? { requirePasswordChange: args.requirePasswordChange }
      : {}),
    ...(args.bio ? { bio: args.bio } : {}),
    ...(args.nickname ? { nickname: args.nickname } : {}),
    ...(args.statusText ? { statusText: args.statusText } : {}),
  };
}

/** `bio` (260) and `nickname` (120) at most. */
function checkLengths(args: SaveUserArgs): void {
  if (args.bio !== undefined && args.bio.length > 260) throw new ApiError('user-bio-too-long');
  if (args.nickname !== undefined && args.nickname.length > 120) throw new ApiError('user-nickname-too-long');
}

/** An edit (`validateUserEditing`, then the fields): what the server sets and unsets. */
function edit(context: CommandContext, args: SaveUserArgs, target: User): User {
  const { store, user, profile } = context;
  const myself = target._id === user._id;
  if (myself && args.verified !== undefined && byEra(profile, SELF_VERIFY_RULE))
    throw new ApiError('user-edit-verification-not-allowed');
  if (
    args.roles &&
    JSON.stringify([...args.roles].sort()) !== JSON.stringify([...target.roles].sort()) &&
    !store.can(user, 'assign-roles')
  )
    throw new ApiError('user-assign-roles-not-allowed');
  checkLengths(args);
  const set: Record<string, unknown> = {};
  const unset: string[] = [];
  if (args.username !== undefined && args.username !== '' && args.username !== target.username) {
    if (isBlocked(blockedNames(profile), args.username))
      throw new ApiError('user-blocked-username', { name: args.username });
    const taken = store.userNamed(args.username);
    if (taken && taken._id !== target._id)
      throw new ApiError('user-field-unavailable', { field: args.username });
    set.username = args.username;
  }
  if (args.name !== undefined && args.name.trim() !== '') set.name = args.name;
  if (args.statusText !== undefined) set.statusText = args.statusText;
  const current = target.emails[0];
  if (args.email !== undefined && args.email !== '' && args.email !== current?.address) {
    const owner = store.userWithEmail(args.email);
    if (owner && owner._id !== target._id)
      throw new ApiError('user-field-unavailable', { field: args.email });
    set.emails = [{ address: args.email, verified: args.verified === true }];
  } else if (args.verified !== undefined && current) {
    set.emails = [{ ...current, verified: args.verified }, ...target.emails.slice(1)];
  }
  // the password only with edit-other-user-password; else silently ignored
  if (args.password && store.can(user, 'edit-other-user-password')) set.password = args.password;
  // bio and nickname: unset when absent or blank (handleBio / handleNickname)
  if (args.bio?.trim()) set.bio = args.bio;
  else unset.push('bio');
  if (args.nickname?.trim()) set.nickname = args.nickname;
  else unset.push('nickname');
  if (args.roles) set.roles = [...args.roles];
  // `active` (users.update): `executeSetUserActiveStatus`, its permission
  if (args.active !== undefined && args.active !== target.active) {
    if (!store.can(user, 'edit-other-user-active-status')) throw new ApiError('set-active-not-allowed');
    set.active = args.active;
  }
  if (args.requirePasswordChange !== undefined) {
    set.requirePasswordChange = args.requirePasswordChange;
    if (!args.requirePasswordChange) unset.push('requirePasswordChangeReason');
  }
  return store.updateUser(target._id, { set, unset, confirmRelinquish: args.confirmRelinquish === true });
}

export default command<SaveUserArgs, User>({
  name: NAME,
  run(context, args) {
    checkUserData(context, args);
    if (!args._id) return context.store.createUser(newUser(context, args));
    const editing = context.store.userById(args._id);
    // 6.x's `validateUserEditing` (7.x sends an unknown id down the create path: see the docs)
    if (!editing) throw new ApiError('users-update-invalid-user');
    return edit(context, args, editing);
  },
});
