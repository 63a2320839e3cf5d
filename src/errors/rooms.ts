import type { ErrorSpec } from './spec';

/**
 * The error rows of rooms (`channels.*`, `groups.*`, `rooms.*`, `im.*`) and their members and roles, part of the one error table (src/errors.ts): each name once, over
 * all tables.
 *
 * Layer: base.
 */

/** A method's refusal names the method (`details: {method}`). */
const byMethod = (p: { method?: string }): Record<string, unknown> => ({ method: p.method ?? '' });

export const ROOM_ERRORS = {
  /** groups.create without a name (the route's own check, every release line in these words) */
  'group-create-name-required': { status: 400, message: () => 'Body param "name" is required' },
  'group-create-members-not-array': {
    status: 400,
    message: () => 'Body param "members" must be an array if provided',
  },
  'group-create-custom-fields-not-object': {
    status: 400,
    message: () => 'Body param "customFields" must be an object if provided',
  },
  'group-create-extra-data-not-object': {
    status: 400,
    message: () => 'Body param "extraData" must be an object if provided',
  },
  /** a world that grows through the API stays bounded: the `roomsPerWorld` limit */
  'rooms-limit-reached': {
    status: 400,
    message: (p) =>
      `This world has made its most rooms (${p.reason ?? ''} since its scenario, the limit roomsPerWorld)`,
    errorType: 'error-rooms-limit-reached',
  },
  /** the `membersPerRoom` limit */
  'members-limit-reached': {
    status: 400,
    message: (p) => `This room holds its most members (${p.reason ?? ''}, the limit membersPerRoom)`,
    errorType: 'error-members-limit-reached',
  },
  /** a method's `Not allowed` (addUsersToRoom, removeUserFromRoom, leaveRoom, eraseRoom, the role methods) */
  'room-not-allowed': {
    status: 400,
    message: () => 'Not allowed',
    errorType: 'error-not-allowed',
    details: byMethod,
  },
} satisfies Record<string, ErrorSpec>;
