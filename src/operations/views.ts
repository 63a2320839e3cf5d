import { copyJson } from '../json-copy';
import type { EraTable } from '../eras';
import { byEra } from '../eras';
import type { Profile } from '../profiles';
import type { Room, User } from '../types';
import type { JsonObject } from '../store/query';
import { roomViewsOf } from '../store/views';
import { ROOM_SHAPE, leftOut } from '../wire';
import type { ME_SHAPE, WireType } from '../wire';

/**
 * The views answers show, shaped by the wire's declarations (src/wire.ts): a room without its
 * hidden fields (and a list item without those lists leave out), and `me` in an era's form.
 *
 * Layer: operations. Nothing of HTTP.
 */

/** Fields stored on a room that no response ever carries (src/wire.ts: `hidden`). */
export const HIDDEN_ROOM_FIELDS: readonly string[] = leftOut(ROOM_SHAPE, 'full');
/** What a list page leaves out of a room: the hidden fields, and those marked `notInLists`. */
export const ROOM_FIELDS_NOT_IN_LISTS: readonly string[] = leftOut(ROOM_SHAPE, 'list');

const ROOM_VIEWS = roomViewsOf({
  hiddenRoomFields: HIDDEN_ROOM_FIELDS,
  roomFieldsNotInLists: ROOM_FIELDS_NOT_IN_LISTS,
});

/** A room as `setReadOnly` / `setType` / `channels.info` return it: without its hidden fields. */
export const roomView: (room: Room) => JsonObject = ROOM_VIEWS.roomView;

/** A room as a `channels.list` item. */
export const listView: (room: Room) => JsonObject = ROOM_VIEWS.listView;

/** The `me` object of login and `/api/v1/me` (src/wire.ts, ME_SHAPE). */
export type MeView = WireType<typeof ME_SHAPE>;

/**
 * Rocket.Chat's default user preferences (the `Accounts_Default_User_Preferences_*` settings, in
 * the order the server registers them): `settings.preferences` of a user who set none.
 */
export const DEFAULT_PREFERENCES = {
  enableAutoAway: true,
  idleTimeLimit: 300,
  desktopNotificationRequireInteraction: false,
  desktopNotifications: 'all',
  pushNotifications: 'all',
  unreadAlert: true,
  useEmojis: true,
  convertAsciiEmoji: true,
  autoImageLoad: true,
  saveMobileBandwidth: true,
  collapseMediaByDefault: false,
  hideUsernames: false,
  hideRoles: false,
  hideFlexTab: false,
  displayAvatars: true,
  sidebarGroupByType: true,
  themeAppearence: 'auto',
  sidebarViewMode: 'medium',
  sidebarDisplayAvatar: true,
  sidebarShowUnread: false,
  sidebarSortby: 'activity',
  showThreadsInMainChannel: false,
  alsoSendThreadToChannel: 'default',
  sidebarShowFavorites: true,
  sendOnEnter: 'normal',
  emailNotificationMode: 'mentions',
  newRoomNotification: 'door',
  newMessageNotification: 'chime',
  muteFocusedConversations: true,
  notificationsSoundVolume: 100,
  omnichannelTranscriptEmail: false,
  notifyCalendarEvents: true,
  enableMobileRinging: true,
  sidebarSectionsOrder: [
    'Incoming_Calls',
    'Incoming_Livechats',
    'Open_Livechats',
    'On_Hold_Chats',
    'Unread',
    'Favorites',
    'Teams',
    'Discussions',
    'Channels',
    'Direct_Messages',
    'Conversations',
  ],
  featuresPreview: '[]',
} as const;

/**
 * How an era builds `me` (login's `data.me` and `/api/v1/me`, both `getUserInfo`):
 * - `picked`: the 0.49 era's pick of the user's fields, nothing added;
 * - `info`: `services` narrowed to `password.exists`, `settings.profile` and the default
 *   `preferences`, the first verified `email`, `avatarUrl` (5.x);
 * - `oauth`: and `isOAuthUser` (6.10 on);
 * - `calendar`: and `settings.calendar` (8.x).
 */
export type MeForm = 'picked' | 'info' | 'oauth' | 'calendar';

/** The preferences a user saved (`users.setPreferences`): over the defaults, as getUserInfo merges them. */
function savedPreferences(user: User): Record<string, unknown> {
  const settings = user.settings;
  if (typeof settings !== 'object' || settings === null) return {};
  const saved = (settings as { preferences?: unknown }).preferences;
  return typeof saved === 'object' && saved !== null && !Array.isArray(saved)
    ? copyJson(saved as Record<string, unknown>)
    : {};
}

/** The caller as `me` shows it, in the era's form. */
export function meView(user: User, baseUrl: string, form: MeForm = 'oauth'): MeView {
  const base = {
    _id: user._id,
    username: user.username,
    name: user.name,
    emails: copyJson(user.emails),
    status: 'online' as const,
    statusConnection: 'online' as const,
    utcOffset: 0,
    active: user.active,
  };
  if (form === 'picked') return base as MeView;
  const email = user.emails.find((e) => e.verified)?.address;
  return {
    ...base,
    roles: [...user.roles],
    services: { password: { exists: true } },
    settings: {
      profile: {},
      preferences: { ...copyJson(DEFAULT_PREFERENCES), ...savedPreferences(user) },
      ...(form === 'calendar' ? { calendar: {} } : {}),
    },
    ...(email !== undefined ? { email } : {}),
    avatarUrl: `${baseUrl}/avatar/${encodeURIComponent(user.username)}`,
    ...(form === 'info' ? {} : { isOAuthUser: false }),
  };
}

/** How `me` is built (MeForm): 0.49's pick, 5.x's getUserInfo, isOAuthUser from 6.10, calendar in 8. */
const ME_FORM: EraTable<MeForm> = { '0.49': 'picked', '5': 'info', '6.10': 'oauth', '8': 'calendar' };

/** The `me` object of login and `/api/v1/me`, in the profile's form. */
export function meOf(profile: Profile, user: User, baseUrl: string): MeView {
  return meView(user, baseUrl, byEra(profile, ME_FORM));
}
