import type { World } from '../types';
import {
  DIRECT_SHAPE,
  INCOMING_SHAPE,
  MESSAGE_SHAPE,
  OUTGOING_SHAPE,
  ROOM_SHAPE,
  USER_SHAPE,
  fieldsOf,
} from '../wire';

/**
 * Which keys an entity of a scenario may have: the fields the fake models (./build.ts builds them)
 * and Rocket.Chat's own fields it carries as given; anything else of an entity lives in its
 * `extra` object. No zod here: `state()` uses this to give back a world in scenario shape.
 */

/** The fields the fake models, per kind (src/wire.ts): ./build.ts fills them. */
export const USER_KEYS = new Set(fieldsOf(USER_SHAPE));
export const ROOM_KEYS = new Set(fieldsOf(ROOM_SHAPE));
export const OUTGOING_KEYS = new Set(fieldsOf(OUTGOING_SHAPE));
export const INCOMING_KEYS = new Set(fieldsOf(INCOMING_SHAPE));
export const MESSAGE_KEYS = new Set(fieldsOf(MESSAGE_SHAPE));
export const DIRECT_KEYS = new Set(fieldsOf(DIRECT_SHAPE));

/** Rocket.Chat direct-room fields the fake carries as given (a message moves them). */
export const DIRECT_CARRIED = ['lm', 'lastMessage'] as const;

/** Rocket.Chat message fields (IMessage) the fake carries as given. */
export const MESSAGE_CARRIED = [
  'md',
  'bot',
  'reactions',
  'pinned',
  'pinnedAt',
  'pinnedBy',
  'starred',
  'editedAt',
  'editedBy',
  'tcount',
  'tlm',
  'replies',
  'tshow',
  'drid',
  'dcount',
  'dlm',
  'blocks',
  'file',
  'files',
  'customFields',
  'location',
  'translations',
  'role',
  'e2e',
  'private',
  'sandstormSessionId',
  'token',
  'unread',
] as const;

/** Rocket.Chat room fields (IRoom) the fake carries as given. */
export const ROOM_CARRIED = [
  'broadcast',
  'featured',
  'announcement',
  'announcementDetails',
  'encrypted',
  'reactWhenReadOnly',
  'uids',
  'lastMessage',
  'lm',
  'webRtcCallStartTime',
  'servedBy',
  'prid',
  'avatarETag',
  'teamDefault',
  'open',
  'autoTranslateLanguage',
  'autoTranslate',
  'unread',
  'alert',
  'hideUnreadStatus',
  'hideMentionStatus',
  'unmuted',
  'cl',
  'favorite',
  'e2eKeyId',
  'federated',
  'customFields',
  'usersWaitingForE2EKeys',
  'rolePrioritiesCreated',
  'abacAttributes',
] as const;

/** Rocket.Chat user fields (IUser) the fake carries as given. */
export const USER_CARRIED = [
  '_updatedAt',
  'createdAt',
  'type',
  'nickname',
  'services',
  'status',
  'statusConnection',
  'lastLogin',
  'bio',
  'avatarOrigin',
  'avatarETag',
  'avatarUrl',
  'utcOffset',
  'language',
  'statusDefault',
  'statusText',
  'customFields',
  'settings',
  'defaultRoom',
  'ldap',
  'phone',
  'reason',
  'federated',
  'requirePasswordChange',
  'requirePasswordChangeReason',
  'canViewAllInfo',
  'inactiveReason',
  'isOAuthUser',
] as const;

/** Rocket.Chat integration fields (IIntegration) the fake carries as given, per kind. */
export const INTEGRATION_CARRIED = ['skipTranspile', 'scriptEngine', 'emoji'] as const;
export const INCOMING_CARRIED = ['avatar'] as const;
export const OUTGOING_CARRIED = [
  'targetRoom',
  'triggerWordAnywhere',
  'runOnEdits',
  'retryFailedCalls',
  'retryCount',
  'retryDelay',
] as const;

function nest<T extends Record<string, unknown>>(entity: T, allowed: ReadonlySet<string>): T {
  const keys = Object.keys(entity);
  if (keys.every((key) => allowed.has(key))) return entity;
  const out: Record<string, unknown> = {};
  const extra: Record<string, unknown> = {};
  for (const key of keys) {
    if (allowed.has(key)) out[key] = entity[key];
    else extra[key] = entity[key];
  }
  return { ...out, extra } as unknown as T;
}

const USER_ALLOWED = new Set<string>([...USER_KEYS, ...USER_CARRIED]);
const ROOM_ALLOWED = new Set<string>([...ROOM_KEYS, ...ROOM_CARRIED]);
const MESSAGE_ALLOWED = new Set<string>([...MESSAGE_KEYS, ...MESSAGE_CARRIED]);
const DIRECT_ALLOWED = new Set<string>([...DIRECT_KEYS, ...DIRECT_CARRIED]);
const OUTGOING_ALLOWED = new Set<string>([
  'type',
  ...OUTGOING_KEYS,
  ...INTEGRATION_CARRIED,
  ...OUTGOING_CARRIED,
]);
const INCOMING_ALLOWED = new Set<string>([
  'type',
  ...INCOMING_KEYS,
  ...INTEGRATION_CARRIED,
  ...INCOMING_CARRIED,
]);

/**
 * A world in scenario shape: each entity's fields that a scenario gives through `extra` are moved
 * back into `extra`, so the world loads back as it is.
 */
export function inScenarioShape(world: World): World {
  return {
    ...world,
    users: world.users.map((u) => nest(u, USER_ALLOWED)),
    channels: world.channels.map((c) => nest(c, ROOM_ALLOWED)),
    ...(world.directs ? { directs: world.directs.map((d) => nest(d, DIRECT_ALLOWED)) } : {}),
    integrations: world.integrations.map((i) =>
      nest(i, i.type === 'webhook-incoming' ? INCOMING_ALLOWED : OUTGOING_ALLOWED),
    ),
    ...(world.messages ? { messages: world.messages.map((m) => nest(m, MESSAGE_ALLOWED)) } : {}),
  };
}
