import type { ServerSettings } from '../types';

/**
 * The settings registry: every Rocket.Chat setting the fake knows, once, with its id, type,
 * default (the real server's package value, except where a row says the fake's differs), whether
 * it is public (`settings.public`, `public-settings-changed`, visible to any caller in
 * `GET /api/v1/settings`) and its group. The defaults, the scenario's and the control API's checks
 * (src/scenario/settings.ts), `settings.public`, `GET|POST /api/v1/settings/:_id` and the admin
 * list all read it; no other module lists a setting's metadata.
 *
 * Layer: store. Plain data.
 */

/** How the real server types a setting (what DDP `saveSetting` checks a value against). */
export type SettingType = 'boolean' | 'int' | 'string' | 'select';

/** One setting's row. */
export interface SettingRow<V> {
  readonly type: SettingType;
  /** the default a fresh server has (the fake's, where `note` says it differs) */
  readonly packageValue: V;
  readonly public: boolean;
  /** the settings group it is under in the administration, where known */
  readonly group?: string;
  /** a `select`'s allowed values (the scenario checks them; the real server's REST does not) */
  readonly values?: readonly string[];
  /** a number's bounds as the scenario checks them, and whether fractions are accepted */
  readonly min?: number;
  readonly max?: number;
  readonly fractions?: boolean;
  /** an enterprise setting: what it answers without a licence, and the module it needs */
  readonly enterprise?: { readonly invalidValue: V; readonly modules: readonly string[] };
  /** what the setting does in the fake (the scenario schema's description) */
  readonly note: string;
  /**
   * a variable of the server's environment, not a setting: the scenario and the control API set
   * it as one, no route lists, reads or saves it (`isSettingId` and `settingRow` do not know it)
   */
  readonly environment?: true;
}

export type SettingsRegistry = { readonly [K in keyof ServerSettings]: SettingRow<ServerSettings[K]> };

const NOT_MODELLED = 'kept and answered; no rule of the fake reads it';
const MINUTES = { min: 0, max: 525_600, fractions: true } as const;
const COUNT = { min: 0, max: 1_000_000 } as const;
const flag = (
  packageValue: boolean,
  pub: boolean,
  group: string | undefined,
  note = NOT_MODELLED,
): SettingRow<boolean> => ({
  type: 'boolean',
  packageValue,
  public: pub,
  ...(group === undefined ? {} : { group }),
  note,
});

export const SETTINGS: SettingsRegistry = {
  Block_Multiple_Failed_Logins_Enabled: {
    type: 'boolean',
    packageValue: false,
    public: false,
    note: 'block logins after repeated failures (the fake’s default false; 8.x’s is true)',
  },
  Block_Multiple_Failed_Logins_By_User: flag(true, false, undefined, 'by username'),
  Block_Multiple_Failed_Logins_Attempts_Until_Block_by_User: {
    type: 'int',
    packageValue: 10,
    public: false,
    ...COUNT,
    note: 'failures of one username before it is blocked (0 never blocks)',
  },
  Block_Multiple_Failed_Logins_Time_To_Unblock_By_User_In_Minutes: {
    type: 'int',
    packageValue: 5,
    public: false,
    ...MINUTES,
    note: 'the window a username’s failures count in, in fake-clock minutes (fractions allowed)',
  },
  Block_Multiple_Failed_Logins_By_Ip: flag(true, false, undefined, 'by client address'),
  Block_Multiple_Failed_Logins_Attempts_Until_Block_By_Ip: {
    type: 'int',
    packageValue: 50,
    public: false,
    ...COUNT,
    note: 'failures from one address before it is blocked (0 never blocks)',
  },
  Block_Multiple_Failed_Logins_Time_To_Unblock_By_Ip_In_Minutes: {
    type: 'int',
    packageValue: 5,
    public: false,
    ...MINUTES,
    note: 'the window an address’s failures count in, in fake-clock minutes (fractions allowed)',
  },
  Block_Multiple_Failed_Logins_Ip_Whitelist: {
    type: 'string',
    packageValue: '',
    public: false,
    note: 'addresses never blocked, comma-separated, compared exactly',
  },
  Message_MaxAllowedSize: {
    type: 'int',
    packageValue: 5000,
    public: true,
    group: 'Message',
    ...COUNT,
    note: 'the longest message text; a longer post is refused (error-message-size-exceeded)',
  },
  Message_AllowEditing: flag(true, true, 'Message', 'authors may edit their own messages'),
  Message_AllowEditing_BlockEditInMinutes: {
    type: 'int',
    packageValue: 0,
    public: true,
    group: 'Message',
    ...MINUTES,
    note: 'minutes after which an author may no longer edit (0: never blocked)',
  },
  Message_AllowDeleting: flag(true, true, 'Message', 'authors may delete their own messages'),
  Message_AllowDeleting_BlockDeleteInMinutes: {
    type: 'int',
    packageValue: 0,
    public: true,
    group: 'Message',
    ...MINUTES,
    note: 'minutes after which an author may no longer delete (0: never blocked)',
  },
  Message_AllowPinning: flag(true, true, 'Message', 'members with pin-message may pin and unpin messages'),
  Message_AllowStarring: flag(true, true, 'Message', 'members may star and unstar messages'),
  Message_AlwaysSearchRegExp: flag(
    false,
    false,
    'Message',
    'the message search reads its text as a regular expression (RE2) instead of a word search',
  ),
  Message_GroupingPeriod: {
    type: 'int',
    packageValue: 300,
    public: true,
    group: 'Message',
    ...COUNT,
    note: NOT_MODELLED,
  },
  Message_Read_Receipt_Enabled: {
    type: 'boolean',
    packageValue: false,
    public: true,
    group: 'Message',
    enterprise: { invalidValue: false, modules: ['message-read-receipt'] },
    note: NOT_MODELLED,
  },
  Site_Url: {
    type: 'string',
    packageValue: '',
    public: true,
    group: 'General',
    note: 'the server’s address; "" (the default): the address the client reached the fake at',
  },
  Site_Name: {
    type: 'string',
    packageValue: 'Rocket.Chat',
    public: true,
    group: 'General',
    note: NOT_MODELLED,
  },
  Language: { type: 'string', packageValue: '', public: true, group: 'General', note: NOT_MODELLED },
  Show_Setup_Wizard: {
    type: 'select',
    packageValue: 'completed',
    public: true,
    group: 'General',
    values: ['pending', 'in_progress', 'completed'],
    note: NOT_MODELLED,
  },
  API_Use_REST_For_DDP_Calls: flag(true, true, 'General'),
  API_Enable_Rate_Limiter: flag(
    true,
    false,
    'Rate Limiter',
    'kept and answered; the fake’s limiter is the world’s `rateLimit` (off unless given)',
  ),
  API_Enable_Rate_Limiter_Dev: flag(true, false, 'Rate Limiter'),
  API_Enable_Rate_Limiter_Limit_Calls_Default: {
    type: 'int',
    packageValue: 10,
    public: false,
    group: 'Rate Limiter',
    ...COUNT,
    note: NOT_MODELLED,
  },
  API_Enable_Rate_Limiter_Limit_Time_Default: {
    type: 'int',
    packageValue: 60_000,
    public: false,
    group: 'Rate Limiter',
    min: 0,
    max: 86_400_000,
    note: NOT_MODELLED,
  },
  Accounts_AllowDeleteOwnAccount: flag(false, true, 'Accounts'),
  Accounts_AllowUserAvatarChange: flag(true, true, 'Accounts'),
  Accounts_AllowUserProfileChange: flag(true, true, 'Accounts'),
  Accounts_RegistrationForm: {
    type: 'select',
    packageValue: 'Public',
    public: true,
    group: 'Accounts',
    values: ['Public', 'Disabled', 'Secret URL'],
    note: 'who may register (over REST and over the realtime API)',
  },
  Accounts_RegistrationForm_SecretURL: {
    type: 'string',
    packageValue: '',
    public: false,
    group: 'Accounts',
    note: 'the secret a "Secret URL" registration must give (the real default is a random id; the fake\'s "")',
  },
  Accounts_ManuallyApproveNewUsers: flag(false, false, 'Accounts', 'new users start deactivated'),
  Accounts_Registration_Users_Default_Roles: {
    type: 'string',
    packageValue: 'user',
    public: false,
    group: 'Accounts',
    note: 'the roles of a new user given none, comma-separated',
  },
  Accounts_RequireNameForSignUp: flag(true, true, 'Accounts', 'a new user, made or registered, needs a name'),
  Accounts_AllowUserStatusMessageChange: flag(true, true, 'Accounts', 'users may set their status message'),
  Accounts_AllowInvisibleStatusOption: flag(true, true, 'Accounts', 'users may set the status `offline`'),
  Accounts_ShowFormLogin: flag(true, true, 'Accounts'),
  Discussion_enabled: flag(true, true, 'Discussion'),
  Threads_enabled: flag(true, true, 'Threads'),
  E2E_Enable: flag(false, true, 'E2E Encryption'),
  Favorite_Rooms: flag(true, true, undefined),
  FileUpload_Enabled: flag(true, true, 'FileUpload', 'uploads are taken (error-file-upload-disabled)'),
  FileUpload_MaxFileSize: {
    type: 'int',
    packageValue: 104_857_600,
    public: true,
    group: 'FileUpload',
    min: -1,
    max: 1e12,
    note: 'the largest file uploaded, bytes; -1 no limit (error-file-too-large)',
  },
  FileUpload_MediaTypeWhiteList: {
    type: 'string',
    packageValue: '',
    public: true,
    group: 'FileUpload',
    note: 'the file types taken (`type/sub` or `type/*`, comma-separated; empty: all)',
  },
  FileUpload_MediaTypeBlackList: {
    type: 'string',
    packageValue: 'image/svg+xml',
    public: true,
    group: 'FileUpload',
    note: 'the file types refused, over the whitelist (error-invalid-file-type)',
  },
  FileUpload_Enabled_Direct: flag(true, true, 'FileUpload', 'uploads into direct rooms are taken'),
  FileUpload_ProtectFiles: flag(true, true, 'FileUpload', '`/file-upload/…` needs a login'),
  FileUpload_Restrict_to_room_members: flag(
    true,
    false,
    'FileUpload',
    '`/file-upload/…` serves a room’s files to its members only',
  ),
  LDAP_Enable: flag(false, true, 'LDAP'),
  Livechat_enabled: flag(true, true, 'Omnichannel'),
  UI_Use_Real_Name: flag(false, true, 'Layout'),
  // users-rest: the environment variables the users.* routes read
  CREATE_TOKENS_FOR_USERS: {
    ...flag(false, false, undefined),
    environment: true,
    note: 'the environment variable CREATE_TOKENS_FOR_USERS (5.x to 7.x): the createToken method makes login tokens',
  },
  CREATE_TOKENS_FOR_USERS_SECRET: {
    type: 'string',
    packageValue: '',
    public: false,
    environment: true,
    note: 'the environment variable CREATE_TOKENS_FOR_USERS_SECRET (8.x): the secret the createToken method needs ("" : none works)',
  },
  ALLOW_UNSAFE_QUERY_AND_FIELDS_API_PARAMS: {
    ...flag(false, false, undefined),
    environment: true,
    note: 'the environment variable ALLOW_UNSAFE_QUERY_AND_FIELDS_API_PARAMS (7.0 on): the user list reads query and fields',
  },
};

/** Every setting id the registry knows. */
export const SETTING_IDS = Object.keys(SETTINGS) as (keyof ServerSettings)[];

/** Whether an id is a setting the registry knows (an environment variable is none: no route knows it). */
export function isSettingId(id: string): id is keyof ServerSettings {
  return (
    Object.prototype.hasOwnProperty.call(SETTINGS, id) &&
    SETTINGS[id as keyof ServerSettings].environment !== true
  );
}

/** The ids of the settings the routes list (the environment variables left out). */
export const LISTED_SETTING_IDS = SETTING_IDS.filter((id) => SETTINGS[id].environment !== true);

/** The registry's row for an id (undefined: an unknown setting). */
export function settingRow(id: string): SettingRow<unknown> | undefined {
  return isSettingId(id) ? SETTINGS[id] : undefined;
}

/** The defaults of every setting (the package values). */
export function defaultSettings(): ServerSettings {
  const values: Record<string, unknown> = {};
  for (const id of SETTING_IDS) values[id] = SETTINGS[id].packageValue;
  return values as unknown as ServerSettings;
}
