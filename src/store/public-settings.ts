import type { JsonObject } from './query';

/**
 * The public settings `settings.public` lists: the ones clients read before (or instead of)
 * logging in, with Rocket.Chat 7.x/8.x's defaults, as a server fresh from its setup wizard has
 * them. `Site_Url` is the address the client reached the fake at. Each item is what the route
 * projects: `_id`, `value`, `enterprise` (and `invalidValue` and `modules` for an enterprise
 * setting).
 *
 * Layer: store. Plain data.
 */
const DEFAULTS: readonly (readonly [string, unknown])[] = [
  ['API_Use_REST_For_DDP_Calls', true],
  ['Accounts_AllowDeleteOwnAccount', false],
  ['Accounts_AllowUserAvatarChange', true],
  ['Accounts_AllowUserProfileChange', true],
  ['Accounts_RegistrationForm', 'Public'],
  ['Accounts_ShowFormLogin', true],
  ['Discussion_enabled', true],
  ['E2E_Enable', false],
  ['Favorite_Rooms', true],
  ['FileUpload_Enabled', true],
  ['FileUpload_MaxFileSize', 104857600],
  ['LDAP_Enable', false],
  ['Language', ''],
  ['Livechat_enabled', true],
  ['Message_AllowDeleting', true],
  ['Message_AllowDeleting_BlockDeleteInMinutes', 0],
  ['Message_AllowEditing', true],
  ['Message_AllowEditing_BlockEditInMinutes', 0],
  ['Message_AllowPinning', true],
  ['Message_AllowStarring', true],
  ['Message_GroupingPeriod', 300],
  ['Message_MaxAllowedSize', 5000],
  ['Message_Read_Receipt_Enabled', false],
  ['Show_Setup_Wizard', 'completed'],
  ['Site_Name', 'Rocket.Chat'],
  ['Site_Url', ''],
  ['Threads_enabled', true],
  ['UI_Use_Real_Name', false],
];

/** Enterprise settings carry what they would be without a licence, and the module they need. */
const ENTERPRISE: Readonly<Record<string, { invalidValue: unknown; modules: string[] }>> = {
  Message_Read_Receipt_Enabled: { invalidValue: false, modules: ['message-read-receipt'] },
};

/**
 * The public settings, each as the route answers it, in `_id` order (MongoDB's binary order: `API_`
 * before `Accounts_`), narrowed to `ids` when given.
 */
export function publicSettings(siteUrl: string, ids?: readonly string[]): JsonObject[] {
  const wanted = ids && new Set(ids);
  return DEFAULTS.filter(([id]) => !wanted || wanted.has(id)).map(([id, value]) => {
    const enterprise = ENTERPRISE[id];
    return {
      _id: id,
      value: id === 'Site_Url' ? siteUrl : value,
      enterprise: enterprise !== undefined,
      ...(enterprise ? { invalidValue: enterprise.invalidValue, modules: [...enterprise.modules] } : {}),
    } as JsonObject;
  });
}
