import { byEra } from '../eras';
import { ApiError } from '../errors';
import type { Profile } from '../profiles';
import type { Store } from '../store/store';
import type { User } from '../types';
import { defaultRoles, withFirstAdmin } from './saveUser';

/**
 * `registerUser` (the method `users.register` calls, and the realtime `registerUser`): the
 * registration form's setting (`Disabled`, `Secret URL`), the e-mail lower-cased and free, then
 * the user with the default roles (the first-admin rule: 0.4x gave `["admin"]` alone) and,
 * with its username (REST's `setUsername` after), the default rooms. No login needed.
 */
export interface RegisterArgs {
  readonly email: string;
  readonly pass: string;
  readonly name: string;
  readonly username: string;
  readonly secretURL?: string;
}

/** 0.4x's first user became `["admin"]` alone; later ones `[...defaults, "admin"]`. */
const ADMIN_ONLY = { '0.49': true, '5': false };

export function registerUser(store: Store, profile: Profile, args: RegisterArgs): User {
  const settings = store.settings();
  if (settings.Accounts_RegistrationForm === 'Disabled') throw new ApiError('registration-disabled');
  if (
    settings.Accounts_RegistrationForm === 'Secret URL' &&
    (!args.secretURL || args.secretURL !== settings.Accounts_RegistrationForm_SecretURL)
  )
    throw new ApiError('registration-secret');
  const email = args.email.toLowerCase().trim();
  if (store.userWithEmail(email)) throw new ApiError('register-email-exists');
  const approval = settings.Accounts_ManuallyApproveNewUsers;
  return store.createUser({
    username: args.username,
    email,
    verified: false,
    name: args.name.trim(),
    password: args.pass,
    roles: withFirstAdmin(store, defaultRoles(store), byEra(profile, ADMIN_ONLY)),
    active: !approval,
    pendingApproval: approval,
    settings: false,
    usernameLast: true,
    joinDefaultChannels: true,
  });
}
