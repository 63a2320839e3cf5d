/**
 * Every error the fake can answer with, declared once; the eras' own bodies (each row's `eras` table) are
 * rendered here too.
 *
 * A handler or the store throws `new ApiError(code, params)`; the error middleware turns it into the
 * Rocket.Chat envelope with {@link toEnvelope}. Nothing else writes an error body.
 */

import { byEra } from './eras';
import type { EraTable } from './eras';
import type {
  BareErrorBody,
  EraBody,
  ErrorBody,
  ErrorParams,
  ErrorSpec,
  LegacyErrorBody,
} from './errors/spec';
import { INTEGRATION_ERRORS } from './errors/integrations';
import { MESSAGE_ERRORS } from './errors/messages';
import { ROOM_ERRORS } from './errors/rooms';
import { SETTING_ERRORS } from './errors/settings';
import { TEAM_ERRORS } from './errors/teams';
import { USER_ERRORS } from './errors/users';
import type { Profile } from './profiles';
import { DEFAULT_PROFILE, PROFILES } from './profiles';

export type { BareErrorBody, ErrorBody, ErrorParams, LegacyErrorBody } from './errors/spec';

/** One problem of a control request, e.g. a scenario field: where (a JSON path) and what. */
export interface ControlProblem {
  path: string;
  message: string;
}

/** The body of a control API (`/__admin`) error. */
export interface ControlErrorBody {
  error: string;
  problems: ControlProblem[];
}

/** Restivus (0.49 to 6.x) wrote a 401 as `{status, message}`. */
const RESTIVUS_401: EraTable<EraBody | undefined> = {
  '0.49': (message) => ({ status: 'error', message }),
  '7': undefined,
};

/**
 * A login refused by `Accounts.validateLoginAttempt`: the Meteor.Error's code, details and reason
 * as the login route copies them onto its 401 (with `success: false` in front from 7.0).
 */
function blockedEras(code: string): EraTable<EraBody | undefined> {
  const details = { function: 'Accounts.validateLoginAttempt' };
  return {
    '0.49': (message) => ({ status: 'error', error: code, details, message }),
    '7': (message) => ({ success: false, error: code, status: 'error', details, message }),
  };
}

/** A Meteor.Error's `details` reach the body (not in the 0.49 era). */
const DETAILS = { '0.49': false, '5': true };
/** The 0.49 era's own words for the room errors (`e49Message`). */
const E49_WORDS = { '0.49': true, '5': false };

/** Rocket.Chat's `escapeHTML`, as its name errors quote a name. */
function escapeHtml(text: string): string {
  const entities: Record<string, string> = {
    '&': '&amp;',
    '<': '&lt;',
    '>': '&gt;',
    '"': '&quot;',
    "'": '&#39;',
  };
  return text.replace(/[&<>"']/g, (c) => entities[c] ?? c);
}

const parseJsonQuery = { helperMethod: 'parseJsonQuery' };
const editRoom = { method: 'saveRoomSettings', action: 'Editing_room' };
const changeType = { method: 'saveRoomSettings', action: 'Change_Room_Type' };

/**
 * The one table: code → status, message, errorType, details. The README lists it. The route groups
 * that administer a world (users, rooms, teams, integrations, settings and access) keep their rows
 * in src/errors/, gathered here: still one table, one name per error.
 */
export const ERRORS = {
  ...USER_ERRORS,
  ...ROOM_ERRORS,
  ...TEAM_ERRORS,
  ...INTEGRATION_ERRORS,
  ...SETTING_ERRORS,
  ...MESSAGE_ERRORS,
  'login-failed': {
    status: 401,
    message: () => 'Unauthorized',
    meteorStatus: true,
    eras: {
      '0.49': (message) => ({ status: 'error', message }),
      '5': (message) => ({ status: 'error', error: 'Unauthorized', message }),
      '7': undefined,
    },
  },
  /** profiles 5 and 6: a login body with no password at all reaches Meteor's `login` */
  'login-unrecognized': {
    status: 401,
    message: () => 'Unrecognized options for login request',
    meteorStatus: true,
    eras: { '0.49': undefined, '5': (message) => ({ status: 'error', error: 400, message }), '7': undefined },
  },
  /** the brute-force protection (`Block_Multiple_Failed_Logins_*`): the client's address */
  'login-blocked-for-ip': {
    status: 401,
    message: () => 'Login has been temporarily blocked For IP',
    eras: blockedEras('error-login-blocked-for-ip'),
  },
  /** the brute-force protection: the username */
  'login-blocked-for-user': {
    status: 401,
    message: () => 'Login has been temporarily blocked For User',
    eras: blockedEras('error-login-blocked-for-user'),
  },
  'not-logged-in': {
    status: 401,
    message: () => 'You must be logged in to do this.',
    meteorStatus: true,
    eras: RESTIVUS_401,
  },
  'error-unauthorized': {
    status: 403,
    message: () => 'User does not have the permissions required for this action',
    suffixOnly: 'error-unauthorized',
    // until 5.x the route's own permission check answered the bare word
    eras: { '0.49': () => ({ success: false, error: 'unauthorized' }), '6': undefined },
  },
  'not-found': { status: 404, message: () => 'Resource not found' },
  /** chat.postMessage: no room (or user) by that name or id (`processWebhookMessage`) */
  'invalid-channel': {
    status: 400,
    message: () => '[invalid-channel]',
    eras: { '0.49': (message) => ({ success: false, error: message, errorType: 'invalid-channel' }) },
  },
  /** /hooks/: no incoming webhook with that id and token (the documented answer; 7.x's own throws) */
  'hook-invalid': {
    status: 404,
    message: () => 'Invalid integration id or token provided.',
  },
  /** /hooks/: the incoming webhook is disabled */
  'hook-disabled': { status: 503, message: () => 'Service Unavailable' },
  /** /hooks/: a `channel` or `roomId` in the body of a webhook that may not override its channel */
  'hook-override': {
    status: 400,
    message: () => 'overriding destination channel is disabled for this integration',
  },
  /** /hooks/: the post failed; `reason` is the failure's code (`e.error || e.message`) */
  'hook-failed': { status: 400, message: (p) => p.reason ?? 'unknown-error' },
  /** subscriptions.getOne with an empty `roomId` (`API.v1.failure`) */
  'subscription-room-required': { status: 400, message: () => "The 'roomId' param is required" },
  /** subscriptions.read of a room that does not exist or the caller is not in (a plain Error) */
  'subscription-invalid': { status: 400, message: () => 'error-invalid-subscription' },
  /** a direct room needs `create-d` to be made (`createDirectMessage`), even when it exists */
  'direct-not-allowed': {
    status: 400,
    message: () => 'Not allowed',
    errorType: 'error-not-allowed',
    details: () => ({ method: 'createDirectMessage' }),
  },
  /** im.create naming a user who does not exist */
  'direct-invalid-user': {
    status: 400,
    message: () => 'Invalid user',
    errorType: 'error-invalid-user',
    details: () => ({ method: 'createDirectMessage' }),
  },
  /** a direct room of more than 8 members, the caller included (`DirectMesssage_maxUsers`) */
  'direct-too-many': {
    status: 400,
    message: () => 'You cannot add more than 8 users, including yourself to a direct message',
    errorType: 'error-direct-message-max-user-exceeded',
    details: () => ({ method: 'createDirectRoom' }),
  },
  /** chat.getMessage of an unknown id: `API.v1.failure()` with nothing to say */
  'message-unknown': { status: 400, message: () => '', eras: { '0.49': () => ({ success: false }) } },
  /** chat.getMessage of a message in a room the caller may not see */
  'message-not-allowed': {
    status: 400,
    message: () => 'Not allowed',
    errorType: 'error-not-allowed',
    details: () => ({ method: 'getSingleMessage' }),
  },
  /** chat.update / chat.delete: `reason` is the id asked for */
  'message-not-found': {
    status: 400,
    message: (p) => `No message found with the id of "${p.reason ?? ''}".`,
  },
  'message-room-mismatch': {
    status: 400,
    message: () => 'The room id provided does not match where the message is from.',
  },
  'message-edit-not-allowed': {
    status: 400,
    message: () => 'Message editing not allowed',
    errorType: 'error-action-not-allowed',
    details: () => ({ method: 'updateMessage', action: 'Message_editing' }),
  },
  /** chat.update with `customFields`: `validateCustomMessageFields`' plain Error (the setting is off by default) */
  'custom-fields-disabled': { status: 400, message: () => 'Custom fields not enabled' },
  'message-delete-not-allowed': {
    status: 400,
    message: () => 'Not allowed',
    errorType: 'error-action-not-allowed',
  },
  'message-delete-read-only': {
    status: 400,
    message: () => "You can't delete messages because the room is readonly.",
  },
  'message-delete-as-other': {
    status: 400,
    message: () =>
      'Unauthorized. You must have the permission "force-delete-message" to delete other\'s message as them.',
  },
  /** users.info: an empty userId / username, or no such user (plain failures) */
  'users-invalid-search': { status: 400, message: () => 'Invalid search query.' },
  'users-not-found': { status: 400, message: () => 'User not found.' },
  /** the 0.49 era's users.info: `userId` alone, in words of its own */
  'users-info-userid-required': {
    status: 400,
    message: () => 'The query parameter "userId" must be supplied.',
  },
  'users-info-no-such-id': {
    status: 400,
    message: (p) => `No user was found with the id of "${p.user ?? ''}"`,
  },
  /** chat.sendMessage's own refusals (`executeSendMessage`) */
  /** `reason`: the route's name, as the operation declares it */
  'send-system-message': {
    status: 400,
    message: (p) => `Cannot send system messages using '${p.reason ?? ''}'`,
  },
  'tshow-without-tmid': {
    status: 400,
    message: () => 'tshow provided but missing tmid',
    errorType: 'invalid-params',
  },
  'send-too-long': {
    status: 400,
    message: () => 'Message size exceeds Message_MaxAllowedSize',
    errorType: 'error-message-size-exceeded',
  },
  'send-without-rid': { status: 400, message: () => "The 'rid' property on the message object is missing." },
  'send-invalid-room': { status: 400, message: () => 'error-invalid-room' },
  /** a client `_id` already taken: the fake's own refusal (the real server's answer is not documented) */
  'send-duplicate-id': {
    status: 400,
    message: () => 'A message with this _id already exists',
    errorType: 'error-duplicate-message-id',
  },
  /** a text over `Message_MaxAllowedSize` (5000) */
  'message-too-long': { status: 400, message: () => 'error-message-size-exceeded' },
  /** `validateRoomMessagePermissions`' refusals: plain Errors, no errorType */
  'post-archived': { status: 400, message: () => 'room_is_archived' },
  'post-not-allowed': { status: 400, message: () => 'error-not-allowed' },
  /** a post, or setReaction, in a read-only room without `post-readonly` (a plain Error) */
  'post-read-only': { status: 400, message: () => "You can't send messages because the room is readonly." },
  'post-muted': { status: 400, message: () => 'You_have_been_muted' },
  /** an alias or an avatar without `message-impersonate` (`sendMessage`'s `validateMessage`) */
  'post-impersonate': { status: 400, message: () => 'Not enough permission' },
  /**
   * a room the caller may not see (`canAccessRoom`): the bare 403 of `API.v1.forbidden()`, which
   * says `unauthorized` until 9.0's breaking changes (then `forbidden`)
   */
  'room-forbidden': {
    status: 403,
    message: () => 'unauthorized',
    eras: { '0.49': (message) => ({ success: false, error: message }) },
  },
  'too-many-requests': {
    status: 429,
    message: (p) =>
      `Error, too many requests. Please slow down. You must wait ${p.reason ?? '60'} seconds before trying this endpoint again.`,
    suffixOnly: 'error-too-many-requests',
  },
  /** Restivus (to 7.3) on a known route with a method it lacks; Hono's router (7.6 on) has no 405 */
  'method-not-allowed': {
    status: 405,
    message: () => 'API endpoint does not exist',
    eras: { '0.49': (message) => ({ status: 'error', message }), '7.6': undefined },
  },
  'invalid-params': {
    status: 400,
    message: (p) => p.reason ?? 'invalid params',
    errorType: 'invalid-params',
  },
  /** 8.8's typed routes: the router refuses the query string (ajv's messages, no suffix) */
  'invalid-query': {
    status: 400,
    message: (p) => p.reason ?? 'invalid params',
    eras: { '0.49': (message) => ({ success: false, errorType: 'error-invalid-params', error: message }) },
  },
  /** 8.8's typed routes: the router refuses the body (its error type stayed `invalid-params`) */
  'invalid-body-params': {
    status: 400,
    message: (p) => p.reason ?? 'invalid params',
    eras: { '0.49': (message) => ({ success: false, errorType: 'invalid-params', error: message }) },
  },
  'error-invalid-sort': {
    status: 400,
    message: (p) => `Invalid sort parameter provided: "${p.raw ?? ''}"`,
    errorType: 'error-invalid-sort',
    details: () => parseJsonQuery,
  },
  'error-invalid-query': {
    status: 400,
    message: (p) => `Invalid query parameter provided: "${p.raw ?? ''}"`,
    errorType: 'error-invalid-query',
    details: () => parseJsonQuery,
  },
  'error-invalid-fields': {
    status: 400,
    message: (p) => `Invalid fields parameter provided: "${p.raw ?? ''}"`,
    errorType: 'error-invalid-fields',
    details: () => parseJsonQuery,
  },
  'error-roomid-param-not-provided': {
    status: 400,
    message: () => 'The parameter "roomId" or "roomName" is required',
    errorType: 'error-roomid-param-not-provided',
    e49Message: () => 'The parameter "roomId" is required',
  },
  'error-room-not-found': {
    status: 400,
    message: () => 'The required "roomId" or "roomName" param provided does not match any channel',
    errorType: 'error-room-not-found',
    e49Message: (p) => `No channel found by the id of: ${p.raw ?? ''}`,
  },
  'error-room-archived': {
    status: 400,
    message: (p) => `The channel, ${p.name ?? ''}, is archived`,
    errorType: 'error-room-archived',
  },
  'error-room-param-not-provided': {
    status: 400,
    message: () => 'The parameter "roomId" or "roomName" is required',
    errorType: 'error-room-param-not-provided',
  },
  'error-group-not-found': {
    status: 400,
    message: () => 'The required "roomId" or "roomName" param provided does not match any group',
    errorType: 'error-room-not-found',
    e49Message: (p) => `No private group by the id of: ${p.raw ?? ''}`,
  },
  'error-group-archived': {
    status: 400,
    message: (p) => `The private group, ${p.name ?? ''}, is archived`,
    errorType: 'error-room-archived',
  },
  'group-type-unchanged': {
    status: 400,
    message: () => 'The private group type is the same as what it would be changed to.',
  },
  /** `getValidRoomName`: a name taken by another room (`name` is the trimmed name) */
  'room-name-taken': {
    status: 400,
    message: (p) => `A channel with name '${p.name ?? ''}' exists`,
    errorType: 'error-duplicate-channel-name',
    details: (p) => ({ function: 'RocketChat.getValidRoomName', channel_name: p.name ?? '' }),
    eras: {
      '0.49': (message) => ({ success: false, error: `Error: ${message} [error-duplicate-channel-name]` }),
      '5': undefined,
    },
  },
  /** `getValidRoomName`: a name taken by an archived room */
  'room-name-archived': {
    status: 400,
    message: (p) => `There's an archived channel with name ${p.name ?? ''}`,
    errorType: 'error-archived-duplicate-name',
    details: (p) => ({ function: 'RocketChat.getValidRoomName', channel_name: p.name ?? '' }),
    eras: {
      '0.49': (message) => ({ success: false, error: `Error: ${message} [error-archived-duplicate-name]` }),
      '5': undefined,
    },
  },
  /** `getValidRoomName`: a name the names rule refuses, or a blocked one (HTML-escaped, as the server writes it) */
  'room-name-invalid': {
    status: 400,
    message: (p) => `${escapeHtml(p.name ?? '')} is not a valid room name.`,
    errorType: 'error-invalid-room-name',
    details: (p) => ({ function: 'RocketChat.getValidRoomName', channel_name: p.name ?? '' }),
    eras: {
      '0.49': () => ({ success: false, error: 'Error: Invalid name [error-invalid-name]' }),
      '5': undefined,
    },
  },
  /** `createRoom`: a name of white space only */
  'room-name-blank': {
    status: 400,
    message: () => 'Invalid name',
    errorType: 'error-invalid-name',
    details: () => ({ function: 'RocketChat.createRoom' }),
    eras: {
      '0.49': () => ({ success: false, error: 'Error: Invalid name [error-invalid-name]' }),
      '5': undefined,
    },
  },
  /** channels.create / groups.create without a name (the route's own check, no errorType) */
  'create-name-required': {
    status: 400,
    message: () => 'Param "name" is required',
    e49Message: () => 'Body param "name" is required',
  },
  /** channels.create / groups.create with `members` that is not an array */
  'create-members-not-array': {
    status: 400,
    message: () => 'Param "members" must be an array if provided',
    e49Message: () => 'Body param "members" must be an array if provided',
  },
  /** `check()` refusing an argument inside a method a route calls: Meteor's Match.Error, no errorType */
  'match-error': {
    status: 400,
    message: (p) =>
      `Match error: ${p.reason ?? 'Failed Match.OneOf, Match.Maybe or Match.Optional validation'}`,
  },
  /** `extraData.teamId` naming no team */
  'team-not-found': {
    status: 400,
    message: () => 'The "teamId" param provided does not match any team',
    errorType: 'error-team-not-found',
    details: (p) => ({ method: p.method ?? '' }),
  },
  'readonly-unchanged': {
    status: 400,
    message: () => 'The channel read only setting is the same as what it would be changed to.',
  },
  'type-unchanged': {
    status: 400,
    message: () => 'The channel type is the same as what it would be changed to.',
  },
  'type-required': { status: 400, message: () => 'The bodyParam "type" is required' },
  /** profiles 0.49 and 5: setReadOnly without `readOnly`, before any validator existed */
  'readonly-required': { status: 400, message: () => 'The bodyParam "readOnly" is required' },
  'error-action-not-allowed': {
    status: 400,
    message: () => 'Editing room is not allowed',
    errorType: 'error-action-not-allowed',
    details: () => editRoom,
  },
  'error-action-not-allowed-private': {
    status: 400,
    message: () => 'Changing a public channel to a private room is not allowed',
    errorType: 'error-action-not-allowed',
    details: () => changeType,
  },
  'error-action-not-allowed-public': {
    status: 400,
    message: () => 'Changing a private group to a public channel is not allowed',
    errorType: 'error-action-not-allowed',
    details: () => changeType,
  },
  'error-invalid-room-type': {
    status: 400,
    message: () => 'error-invalid-room-type',
    errorType: 'error-invalid-room-type',
    details: (p) => ({ function: 'RocketChat.saveRoomType', type: p.type }),
  },
  'invalid-json': {
    status: 400,
    message: (p) => `Invalid JSON body: ${p.reason ?? ''}`,
    errorType: 'error-invalid-body',
  },
  'invalid-body': {
    status: 400,
    message: (p) => p.reason ?? 'The request body must be a JSON object',
    errorType: 'error-invalid-body',
  },
  'payload-too-large': {
    status: 413,
    message: () => 'The request body is too large',
    errorType: 'error-payload-too-large',
  },
  'headers-too-large': {
    status: 431,
    message: () => 'The request line and headers are over 16 KB',
    errorType: 'error-headers-too-large',
  },
  'request-timeout': {
    status: 408,
    message: () => 'The request did not arrive in time',
    errorType: 'error-request-timeout',
  },
  'malformed-request': {
    status: 400,
    message: () => 'The request is not valid HTTP',
    errorType: 'error-bad-request',
  },
  'too-many-parameters': {
    status: 413,
    message: () => 'The form body has more than 1000 fields',
    errorType: 'error-payload-too-large',
  },
  'unsupported-media-type': {
    status: 400,
    message: (p) => `Unsupported content type ${p.reason ?? ''}; send application/json or form data`,
    errorType: 'error-unsupported-media-type',
  },
  /**
   * a stub whose body renders over `stubBodyBytes`, or a header value over `stubHeaderBytes`
   * (src/limits.ts): the fake's own refusal, naming the stub (`reason`)
   */
  'stub-render-too-large': {
    status: 413,
    message: (p) => p.reason ?? 'A stub renders over its bound',
    errorType: 'error-stub-render-too-large',
  },
  'bad-request': { status: 400, message: (p) => p.reason ?? 'Bad request', errorType: 'error-bad-request' },
  internal: { status: 500, message: () => 'Internal server error', errorType: 'error-internal' },
  // the pass-through (src/proxy/passthrough.ts): `name` is the target's URL, `reason` why it gave no answer
  'proxy-unanswered': {
    status: 502,
    message: (p) => `The pass-through target ${p.name ?? ''} ${p.reason ?? 'did not answer'}`,
  },
  'proxy-timeout': {
    status: 504,
    message: (p) => `The pass-through target ${p.name ?? ''} ${p.reason ?? 'gave no answer in time'}`,
  },
  'proxy-answer-too-large': {
    status: 502,
    message: (p) =>
      `The pass-through target ${p.name ?? ''} answered more than ${p.reason ?? ''} bytes (the limit proxyAnswerBytes)`,
  },
  'proxy-redirect-refused': {
    status: 502,
    message: (p) =>
      `The pass-through target ${p.name ?? ''} redirected to ${p.reason ?? 'another origin'}: not followed, credentials never go to another origin`,
  },
  'control-unauthorized': {
    status: 401,
    message: () => 'The control API needs "Authorization: Bearer <admin token>"',
    control: true,
  },
  'control-forbidden-host': {
    status: 403,
    message: (p) =>
      `The control API answers only local host names on a server bound to loopback, not "${p.reason ?? ''}"; add it with --allowed-host (allowedHosts)`,
    control: true,
  },
  'control-forbidden-origin': {
    status: 403,
    message: (p) => `The control API refuses changes from another origin ("${p.reason ?? ''}")`,
    control: true,
  },
  'control-unsupported-media-type': {
    status: 415,
    message: (p) => `The control API takes JSON bodies only, not "${p.reason ?? ''}"`,
    control: true,
  },
  'control-not-found': {
    status: 404,
    // without a method: a thing a route looked for (an inspected room), named in `reason`
    message: (p) =>
      p.method === undefined
        ? (p.reason ?? 'Not found')
        : `No control route ${p.method} ${p.reason ?? ''}`.trim(),
    control: true,
  },
  'control-method-not-allowed': {
    status: 405,
    message: (p) => `Method ${p.method ?? ''} is not allowed here; use ${p.allow ?? ''}`,
    control: true,
  },
  'control-no-match': {
    status: 404,
    message: (p) => `No request in the journal matches ${p.reason ?? '{}'}`,
    control: true,
  },
  'control-deliveries-pending': {
    status: 504,
    message: (p) => `Webhook deliveries still pending: ${p.reason ?? ''}`,
    control: true,
  },
  'control-no-fault': { status: 404, message: (p) => `No fault "${p.reason ?? ''}"`, control: true },
  'control-no-stub': { status: 404, message: (p) => `No stub "${p.reason ?? ''}"`, control: true },
  'control-no-session': { status: 404, message: (p) => `No session "${p.reason ?? ''}"`, control: true },
  'control-invalid': { status: 400, message: (p) => p.reason ?? 'Invalid request', control: true },
  'control-payload-too-large': { status: 413, message: () => 'The request body is too large', control: true },
} satisfies Record<string, ErrorSpec>;

/** A name from the error table. */
export type ErrorCode = keyof typeof ERRORS;

/** The error the store and the handlers throw; the error middleware renders it. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly code: ErrorCode;
  readonly params: ErrorParams;
  /** for control errors: each problem, e.g. of a scenario */
  readonly problems: ControlProblem[];

  constructor(code: ErrorCode, params: ErrorParams = {}, problems: ControlProblem[] = []) {
    // a refusal is an answer, not a fault: it carries no stack. Capturing one walks every frame
    // (optimised frames are translated back to their source frames), about a tenth of a refused
    // request's CPU time on the throughput bench; a stack is never shown for a refusal
    const message = `${code}: ${(ERRORS[code] as ErrorSpec).message(params)}`;
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.code = code;
    this.params = params;
    this.problems = problems;
  }

  /**
   * What a webhook route says of this error (`e.error || e.message`): a typed error's type, else
   * its message.
   */
  get webhookText(): string {
    const body = toEnvelope(this.code, this.params) as Partial<ErrorBody>;
    return (
      body.errorType ?? (typeof body.error === 'string' ? body.error : ERRORS[this.code].message(this.params))
    );
  }

  /** Whether this is a control API error (`{error, problems}`). */
  get isControl(): boolean {
    return (ERRORS[this.code] as ErrorSpec).control === true;
  }

  /** The HTTP status of this error. */
  get status(): number {
    return ERRORS[this.code].status;
  }

  /** The Rocket.Chat envelope of this error (as `profile`'s era wrote it), or `{error, problems}` for a control error. */
  toBody(profile?: Profile): ErrorBody | LegacyErrorBody | BareErrorBody | ControlErrorBody {
    if (this.isControl) return { error: ERRORS[this.code].message(this.params), problems: this.problems };
    return toEnvelope(this.code, this.params, profile);
  }
}

/** Renders one row of the table as the Rocket.Chat error body, as `profile`'s era did (default 8.9). */
export function toEnvelope(
  code: ErrorCode,
  params: ErrorParams = {},
  profile: Profile = PROFILES[DEFAULT_PROFILE],
): ErrorBody | LegacyErrorBody | BareErrorBody {
  const spec: ErrorSpec = ERRORS[code];
  const era = spec.eras && byEra(profile, spec.eras);
  if (era) return era(spec.message(params));
  const message =
    spec.e49Message && byEra(profile, E49_WORDS) ? spec.e49Message(params) : spec.message(params);
  const body: ErrorBody = { success: false, error: message };
  if (spec.errorType) {
    body.error = `${message} [${spec.errorType}]`;
    body.errorType = spec.errorType;
  } else if (spec.suffixOnly) {
    body.error = `${message} [${spec.suffixOnly}]`;
  }
  if (spec.details && byEra(profile, DETAILS)) body.details = spec.details(params);
  if (spec.meteorStatus) {
    body.status = 'error';
    body.message = message;
  }
  return body;
}
