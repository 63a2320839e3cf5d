/**
 * The bodies Rocket.Chat answers with, each written once: the
 * conformance suite expects them of any server, and the project's tests of the fake import them
 * from here instead of writing them again.
 *
 * Layer: verify. Plain values; imports only what the suite expects of each era (src/verify/eras.ts).
 */

import type { VerifyProfile } from './eras';

export const NOT_LOGGED_IN = {
  success: false,
  error: 'You must be logged in to do this.',
  status: 'error',
  message: 'You must be logged in to do this.',
} as const;

/** Every failed login. */
export const LOGIN_REFUSED = {
  success: false,
  error: 'Unauthorized',
  status: 'error',
  message: 'Unauthorized',
} as const;

/** Logout's answer to 7.3: the action's own object, which no `success` was added to. */
export const LOGGED_OUT = {
  status: 'success',
  data: { message: "You've been logged out!" },
} as const;

/** A permission the route checks itself is missing. */
export const FORBIDDEN = {
  success: false,
  error: 'User does not have the permissions required for this action [error-unauthorized]',
} as const;

export const resourceNotFound = { success: false, error: 'Resource not found' } as const;

export const ROOM_NOT_FOUND = {
  success: false,
  error:
    'The required "roomId" or "roomName" param provided does not match any channel [error-room-not-found]',
  errorType: 'error-room-not-found',
} as const;

export const ROOM_PARAM_MISSING = {
  success: false,
  error: 'The parameter "roomId" or "roomName" is required [error-roomid-param-not-provided]',
  errorType: 'error-roomid-param-not-provided',
} as const;

/** `edit-room` missing: a 400, not a 403. */
export const NOT_ALLOWED = {
  success: false,
  error: 'Editing room is not allowed [error-action-not-allowed]',
  errorType: 'error-action-not-allowed',
  details: { method: 'saveRoomSettings', action: 'Editing_room' },
} as const;

export const RO_SAME = {
  success: false,
  error: 'The channel read only setting is the same as what it would be changed to.',
} as const;

export const TYPE_SAME = {
  success: false,
  error: 'The channel type is the same as what it would be changed to.',
} as const;

export const TYPE_REQUIRED = { success: false, error: 'The bodyParam "type" is required' } as const;

/** `groups.setType`'s own refusals. */
export const GROUP_NOT_FOUND = {
  success: false,
  error: 'The required "roomId" or "roomName" param provided does not match any group [error-room-not-found]',
  errorType: 'error-room-not-found',
} as const;

export const GROUP_PARAM_MISSING = {
  success: false,
  error: 'The parameter "roomId" or "roomName" is required [error-room-param-not-provided]',
  errorType: 'error-room-param-not-provided',
} as const;

export const GROUP_TYPE_SAME = {
  success: false,
  error: 'The private group type is the same as what it would be changed to.',
} as const;

/** A request the validator refuses, e.g. `must be number`. */
export function invalidParams(reason: string): object {
  return { success: false, error: `${reason} [invalid-params]`, errorType: 'invalid-params' };
}

/** Bad JSON (or a refused operator, or a bad sort value) in `sort`, `query` or `fields`. */
export function parseError(kind: 'sort' | 'query' | 'fields', raw: string): object {
  return {
    success: false,
    error: `Invalid ${kind} parameter provided: "${raw}" [error-invalid-${kind}]`,
    errorType: `error-invalid-${kind}`,
    details: { helperMethod: 'parseJsonQuery' },
  };
}

export function archivedBody(name: string): object {
  return {
    success: false,
    error: `The channel, ${name}, is archived [error-room-archived]`,
    errorType: 'error-room-archived',
  };
}

export function invalidRoomType(type: string): object {
  return {
    success: false,
    error: 'error-invalid-room-type [error-invalid-room-type]',
    errorType: 'error-invalid-room-type',
    details: { function: 'RocketChat.saveRoomType', type },
  };
}

/**
 * The same bodies as an era wrote them (the era expectations of src/verify/eras.ts): the suite
 * expects these of a server verified with `--profile`. Profile 7's are the constants above.
 */
export function forEra(profile: VerifyProfile) {
  const restivus = profile.restivus;
  const withDetails = (body: Record<string, unknown>): object => {
    if (profile.details) return body;
    const { details: _dropped, ...rest } = body;
    return rest;
  };
  const invalid = (reason: string): object =>
    profile.validation === 'hono'
      ? { success: false, errorType: 'error-invalid-params', error: reason }
      : invalidParams(reason);
  return {
    notLoggedIn: restivus ? { status: 'error', message: NOT_LOGGED_IN.message } : NOT_LOGGED_IN,
    loginRefused:
      profile.loginFailure === 'e49'
        ? { status: 'error', message: 'Unauthorized' }
        : profile.loginFailure === 'e5x'
          ? { status: 'error', error: 'Unauthorized', message: 'Unauthorized' }
          : LOGIN_REFUSED,
    /** a login body without a password */
    loginWithoutPassword:
      profile.loginFailure === 'e5x'
        ? { status: 'error', error: 400, message: 'Unrecognized options for login request' }
        : profile.loginFailure === 'e49'
          ? { status: 'error', message: 'Unauthorized' }
          : LOGIN_REFUSED,
    forbidden: profile.forbidden === 'unauthorized' ? { success: false, error: 'unauthorized' } : FORBIDDEN,
    roomParamMissing:
      profile.roomErrors === 'e49'
        ? {
            ...ROOM_PARAM_MISSING,
            error: 'The parameter "roomId" is required [error-roomid-param-not-provided]',
          }
        : ROOM_PARAM_MISSING,
    roomNotFound: (id: string): object =>
      profile.roomErrors === 'e49'
        ? { ...ROOM_NOT_FOUND, error: `No channel found by the id of: ${id} [error-room-not-found]` }
        : ROOM_NOT_FOUND,
    notAllowed: withDetails({ ...NOT_ALLOWED }),
    /** a query the validator refuses (8.8's typed routes: `error-invalid-params`, no suffix) */
    invalidParams: invalid,
    /** a body the validator refuses (8.8's typed routes kept `invalid-params`, no suffix) */
    invalidBody: (reason: string): object =>
      profile.validation === 'hono'
        ? { success: false, errorType: 'invalid-params', error: reason }
        : invalidParams(reason),
    /** several of ajv's messages as the era joins them: "\n " in the action's validator, "\n" in 8.8's router */
    reasons: (...messages: string[]): string => messages.join(profile.validation === 'hono' ? '\n' : '\n '),
    parseError: (kind: 'sort' | 'query' | 'fields', raw: string): object =>
      withDetails({ ...(parseError(kind, raw) as Record<string, unknown>) }),
    invalidRoomType: (type: string): object =>
      withDetails({ ...(invalidRoomType(type) as Record<string, unknown>) }),
    readOnlyRequired: { success: false, error: 'The bodyParam "readOnly" is required' },
  };
}
