import { z } from 'zod';

import type { ServerSettings } from '../types';
import type { SameType } from './checks';
import { strictObject } from './strict';

const minutes = z
  .number()
  .min(0)
  .max(525_600)
  .describe('fake-clock minutes; fractions allowed, as the real server accepts them');
const attempts = z.number().int().min(0).max(1_000_000);

/**
 * The settings a scenario's `settings` block, an option or `PUT /__admin/settings` gives, by
 * Rocket.Chat's own setting ids (note `..._Until_Block_by_User`, with a small "by", as the real id
 * is spelt). Every key is optional: the rest keep their current values.
 */
export const settingsSchema = strictObject(
  {
    Block_Multiple_Failed_Logins_Enabled: z
      .boolean()
      .optional()
      .describe('block logins after repeated failures (default false in the fake)'),
    Block_Multiple_Failed_Logins_By_User: z.boolean().optional().describe('by username (default true)'),
    Block_Multiple_Failed_Logins_Attempts_Until_Block_by_User: attempts
      .optional()
      .describe('failures of one username before it is blocked (default 10; 0 never blocks)'),
    Block_Multiple_Failed_Logins_Time_To_Unblock_By_User_In_Minutes: minutes
      .optional()
      .describe('the window a username’s failures count in (default 5)'),
    Block_Multiple_Failed_Logins_By_Ip: z.boolean().optional().describe('by client address (default true)'),
    Block_Multiple_Failed_Logins_Attempts_Until_Block_By_Ip: attempts
      .optional()
      .describe('failures from one address before it is blocked (default 50; 0 never blocks)'),
    Block_Multiple_Failed_Logins_Time_To_Unblock_By_Ip_In_Minutes: minutes
      .optional()
      .describe('the window an address’s failures count in (default 5)'),
    Block_Multiple_Failed_Logins_Ip_Whitelist: z
      .string()
      .max(10_000)
      .optional()
      .describe('addresses never blocked, comma-separated, compared exactly (default "")'),
    Accounts_RegistrationForm: z
      .enum(['Public', 'Disabled', 'Secret URL'])
      .optional()
      .describe('who may register (the REST and realtime registrations); default "Public"'),
    Accounts_RegistrationForm_SecretURL: z
      .string()
      .max(1000)
      .optional()
      .describe('the secret a "Secret URL" registration gives (default "")'),
    Accounts_ManuallyApproveNewUsers: z
      .boolean()
      .optional()
      .describe('new users start deactivated (default false)'),
    Accounts_Registration_Users_Default_Roles: z
      .string()
      .max(1000)
      .optional()
      .describe('the roles of a new user given none, comma-separated (default "user")'),
    Accounts_RequireNameForSignUp: z
      .boolean()
      .optional()
      .describe('a new user made by an admin needs a name (default true)'),
    Accounts_AllowUserStatusMessageChange: z
      .boolean()
      .optional()
      .describe('users may set their status message (default true)'),
    Accounts_AllowInvisibleStatusOption: z
      .boolean()
      .optional()
      .describe('users may appear offline (default true)'),
  },
  {
    Block_Multiple_Failed_Logins_Attempts_Until_Block_By_User:
      'Block_Multiple_Failed_Logins_Attempts_Until_Block_by_User',
  },
);

/** Compiles only while the published type (src/types.ts) and this schema describe the same value. */
export type SettingsSchemaIsItsType = SameType<Partial<ServerSettings>, z.output<typeof settingsSchema>>;
