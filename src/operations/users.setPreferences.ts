import { copyJson } from '../json-copy';
import { byEra } from '../eras';
import type { EraTable } from '../eras';
import saveUserPreferences from '../commands/saveUserPreferences';
import type { SavePreferencesArgs } from '../commands/saveUserPreferences';
import type { Profile } from '../profiles';
import type { User } from '../types';
import { success } from './operation';
import type { OperationContext, Params } from './operation';
import { callerOf, readBody } from './params';
import { answer, str } from './responses';
import { GROUPS, route } from './route-groups';
import { validated } from './schemas';
import { meteorCheck } from './user-documents';
import { SERVED_FROM_5 } from './users-rest';
import type { Validator } from './validator';

/**
 * `POST /api/v1/users.setPreferences` (0.6x on): `{userId?, data}` checked as the release line
 * did (5.x's `check`, 6.x's AJV over the preferences rest-typings lists: the newest list for
 * every line from 6), then `saveUserPreferences` (src/commands/saveUserPreferences.ts). Answers
 * `{user: {_id, settings: {preferences: {…, language}}}}`.
 */

const bool = { type: 'boolean', nullable: true } as const;
const text = { type: 'string', nullable: true } as const;
const num = { type: 'number', nullable: true } as const;
const list = { type: 'array', nullable: true } as const;
/** rest-typings 8.8.1's `UsersSetPreferencesParamsPOST` `data` properties. */
const PREFERENCES = {
  newRoomNotification: text,
  newMessageNotification: text,
  clockMode: num,
  useEmojis: bool,
  convertAsciiEmoji: bool,
  alsoSendThreadToChannel: { type: 'string', enum: ['default', 'always', 'never'], nullable: true },
  saveMobileBandwidth: bool,
  collapseMediaByDefault: bool,
  autoImageLoad: bool,
  emailNotificationMode: text,
  unreadAlert: bool,
  masterVolume: num,
  notificationsSoundVolume: num,
  voipRingerVolume: num,
  desktopNotifications: text,
  pushNotifications: text,
  enableAutoAway: bool,
  highlights: { type: 'array', items: { type: 'string' }, nullable: true },
  showThreadsInMainChannel: bool,
  desktopNotificationRequireInteraction: bool,
  hideUsernames: bool,
  hideRoles: bool,
  displayAvatars: bool,
  hideFlexTab: bool,
  sendOnEnter: text,
  language: text,
  sidebarShowFavorites: bool,
  sidebarShowUnread: bool,
  statusVisibilityDenied: list,
  sidebarSortby: text,
  sidebarViewMode: text,
  sidebarDisplayAvatar: bool,
  sidebarGroupByType: bool,
  muteFocusedConversations: bool,
  dontAskAgainList: list,
  featuresPreview: list,
  themeAppearence: text,
  fontSize: text,
  receiveLoginDetectionEmail: bool,
  notifyCalendarEvents: bool,
  idleTimeLimit: num,
  omnichannelTranscriptEmail: bool,
  omnichannelTranscriptPDF: bool,
  omnichannelHideConversationAfterClosing: bool,
  enableMobileRinging: bool,
  mentionsWithSymbol: bool,
  desktopNotificationVoiceCalls: bool,
  utcOffset: num,
};

const VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '6': {
    schema: {
      type: 'object',
      properties: {
        userId: text,
        data: { type: 'object', properties: PREFERENCES, additionalProperties: false },
      },
      required: ['data'],
      additionalProperties: false,
    },
    coerce: true,
    form: 'legacy',
  },
};

function checked(profile: Profile, input: unknown): Params {
  const body = readBody(input);
  if (byEra(profile, VALIDATOR) !== undefined) return validated(profile, VALIDATOR, body);
  // 5.x: check(body, {userId: Match.Maybe(String), data: Match.ObjectIncluding({...})})
  meteorCheck(body, { data: 'object' }, { userId: 'string' });
  return body;
}

function readArgs(context: OperationContext): SavePreferencesArgs {
  const body = checked(context.profile, context.input.body);
  const userId = typeof body.userId === 'string' && body.userId !== '' ? body.userId : undefined;
  return { ...(userId === undefined ? {} : { userId }), data: body.data as Params };
}

/** The preferences as the answers show them: the stored ones, then the user's `language` when set. */
export function preferencesOf(user: User): Record<string, unknown> {
  const settings = (user.settings ?? {}) as Record<string, unknown>;
  const stored = (settings.preferences ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = { ...copyJson(stored) };
  if (typeof user.language === 'string') out.language = user.language;
  else delete out.language;
  return out;
}

export default route(GROUPS.users, {
  name: 'users.setPreferences',
  method: 'POST',
  permissions: ['edit-other-user-info'],
  errors: ['not-found', 'users-match-error', 'preferences-edit-not-allowed', 'preferences-invalid-user'],
  response: answer({
    user: {
      type: 'object',
      required: ['_id', 'settings'],
      properties: { _id: str, settings: { type: 'object', required: ['preferences'] } },
    },
  }),
  changes: ['user'],
  validator: VALIDATOR,
  openApi: { servedIn: SERVED_FROM_5 },
  read: readArgs,
  run: (context, args) => {
    const user = saveUserPreferences.run({ ...context, user: callerOf(context) }, args);
    return success({ user: { _id: user._id, settings: { preferences: preferencesOf(user) } } });
  },
});
