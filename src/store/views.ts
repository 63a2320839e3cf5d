import type { JsonObject } from './query';
import type { Room, User } from '../types';
import { ROOM_SHAPE, leftOut } from '../wire';
import type { ME_SHAPE, WireType } from '../wire';

/** Fields stored on a room that no response ever carries (src/wire.ts: `hidden`). */
export const HIDDEN_ROOM_FIELDS: readonly string[] = leftOut(ROOM_SHAPE, 'full');
const HIDDEN = new Set(HIDDEN_ROOM_FIELDS);
/** What a list page leaves out of a room: the hidden fields, and those marked `notInLists`. */
const NOT_IN_LISTS = new Set(leftOut(ROOM_SHAPE, 'list'));

/** A copy of an object without some of its fields (in their order). */
function without(entity: Record<string, unknown>, omitted: ReadonlySet<string>): JsonObject {
  const view: Record<string, unknown> = {};
  for (const key in entity) if (!omitted.has(key)) view[key] = entity[key];
  return view as JsonObject;
}

/** A room as `setReadOnly` / `setType` / `channels.info` return it: without its hidden fields. */
export function roomView(room: Room): JsonObject {
  // most rooms have no hidden field: then the room is its own view (it is only ever serialised)
  for (const key of HIDDEN_ROOM_FIELDS) if (Object.hasOwn(room, key)) return without(room, HIDDEN);
  return room as JsonObject;
}

/**
 * A room as a `channels.list` item. Made when needed and not kept: lists keep the rooms, and a
 * 100,000-room world's views would be 15 MB more.
 */
export function listView(room: Room): JsonObject {
  return without(room, NOT_IN_LISTS);
}

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

/** The caller as `me` shows it, in the era's form. */
export function meView(user: User, baseUrl: string, form: MeForm = 'oauth'): MeView {
  const base = {
    _id: user._id,
    username: user.username,
    name: user.name,
    emails: structuredClone(user.emails),
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
      preferences: structuredClone(DEFAULT_PREFERENCES),
      ...(form === 'calendar' ? { calendar: {} } : {}),
    },
    ...(email !== undefined ? { email } : {}),
    avatarUrl: `${baseUrl}/avatar/${encodeURIComponent(user.username)}`,
    ...(form === 'info' ? {} : { isOAuthUser: false }),
  };
}
