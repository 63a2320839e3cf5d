import type { ErrorSpec } from './spec';

/**
 * The error rows of the message actions (`chat.react`, `chat.pinMessage`, `chat.unPinMessage`,
 * `chat.starMessage`, `chat.unStarMessage` and their realtime twins), part of the one error table
 * (src/errors.ts): each name once, over all tables. The methods' refusals are Meteor errors
 * (`reason [error]`, with the method in `details`); a few are plain Errors (no `errorType`).
 *
 * Layer: base.
 */
export const MESSAGE_ERRORS = {
  // message-actions helper
  /** 5.x/6.x hand check of `messageId` (chat.react, chat.pinMessage) */
  'messageid-missing': {
    status: 400,
    message: () => 'The required "messageId" param is missing.',
    errorType: 'error-messageid-param-not-provided',
  },
  /** 5.x/6.x hand check of `messageId` (chat.unPinMessage, chat.starMessage, chat.unStarMessage; sic) */
  'messageid-required': {
    status: 400,
    message: () => 'The required "messageId" param is required.',
    errorType: 'error-messageid-param-not-provided',
  },
  /** the routes' own look-up of `messageId` (`Messages.findOneById`) */
  'messageid-not-found': {
    status: 400,
    message: () => 'The provided "messageId" does not match any existing message.',
    errorType: 'error-message-not-found',
  },
  /** chat.react without an emoji (`emoji`, or its alias `reaction`) */
  'emoji-missing': {
    status: 400,
    message: () => 'The required "emoji" param is missing.',
    errorType: 'error-emoji-param-not-provided',
  },
  /** setReaction: a name that is no emoji */
  'reaction-invalid-emoji': {
    status: 400,
    message: () => 'Invalid emoji provided.',
    errorType: 'error-not-allowed',
    details: (p) => ({ method: p.method ?? '' }),
  },
  /** setReaction by a user muted in the room: `id` is the room's */
  'reaction-muted': {
    status: 400,
    message: () => 'You have been muted and cannot speak in this room',
    errorType: 'error-not-allowed',
    details: (p) => ({ rid: p.id ?? '' }),
  },
  /** the fake's own bound: a message holds at most `reason` distinct reactions */
  'reactions-limit': {
    status: 400,
    message: (p) =>
      `This message holds ${p.reason ?? ''} different reactions, the most the fake keeps on one message`,
    errorType: 'error-reactions-limit',
  },
  /** pinMessage / unpinMessage with `Message_AllowPinning` off */
  'pin-not-allowed': {
    status: 400,
    message: () => 'Message pinning not allowed',
    errorType: 'error-action-not-allowed',
    details: (p) => ({ method: p.method ?? '', action: 'Message_pinning' }),
  },
  /** pinMessage: no such message (or, to 6.x, one of a room the caller is not in) */
  'pin-not-found': {
    status: 400,
    message: () => 'Message you are pinning was not found',
    errorType: 'error-invalid-message',
    details: (p) => ({ method: p.method ?? '', action: 'Message_pinning' }),
  },
  /** unpinMessage: no such message, or one of a room the caller is not in */
  'unpin-not-found': {
    status: 400,
    message: () => 'Message you are unpinning was not found',
    errorType: 'error-invalid-message',
    details: (p) => ({ method: p.method ?? '', action: 'Message_pinning' }),
  },
  /** the fake's own bound: a world makes at most `reason` pins since its scenario */
  'pins-limit': {
    status: 400,
    message: (p) =>
      `This world has made ${p.reason ?? ''} pins since its scenario, the most the fake makes: reset it to pin again`,
    errorType: 'error-pins-limit',
  },
  /** starMessage with `Message_AllowStarring` off */
  'star-not-allowed': {
    status: 400,
    message: () => 'Message starring not allowed',
    errorType: 'error-action-not-allowed',
    details: (p) => ({ method: p.method ?? '', action: 'Message_starring' }),
  },
  /** chat.followMessage / chat.unfollowMessage without `mid` (a one-argument Meteor.Error: the text is the type) */
  'follow-mid-missing': {
    status: 400,
    message: () => 'The required "mid" body param is missing.',
    eras: { '0.49': (message) => ({ success: false, error: `[${message}]`, errorType: message }) },
  },
  /** followMessage / unfollowMessage: threads off, or a room the caller may not see */
  'follow-not-allowed': {
    status: 400,
    message: () => 'not-allowed',
    errorType: 'error-not-allowed',
    details: (p) => ({ method: p.method ?? '' }),
  },
  /** followMessage / unfollowMessage: no such message */
  'follow-invalid-message': {
    status: 400,
    message: () => 'Invalid message',
    errorType: 'error-invalid-message',
    details: (p) => ({ method: p.method ?? '' }),
  },
  /** chat.reportMessage's hand checks (5.x to 7.0): plain errors */
  'report-messageid-missing': { status: 400, message: () => 'The required "messageId" param is missing.' },
  'report-description-missing': {
    status: 400,
    message: () => 'The required "description" param is missing.',
  },
  /** reportMessage: a blank description (a plain Error) */
  'report-invalid-description': { status: 400, message: () => 'error-invalid-description' },
  /** reportMessage: no such message, or one of a room the caller may not see (a plain Error) */
  'report-invalid-message': { status: 400, message: () => 'error-invalid-message_id' },
  /** chat.getMentionedMessages / chat.getStarredMessages (5.x/6.x) without `roomId` */
  'list-roomid-missing': {
    status: 400,
    message: () => 'The required "roomId" query param is missing.',
    errorType: 'error-invalid-params',
  },
  /** chat.getPinnedMessages (5.x/6.x) without `roomId` */
  'pinned-list-roomid-missing': {
    status: 400,
    message: () => 'The required "roomId" query param is missing.',
    errorType: 'error-roomId-param-not-provided',
  },
  // method.call / method.callAnon, the DDP-over-REST bridge
  /** the frame is not `{msg: 'method', id, method, params}` and nothing else (isMethodCallProps, to 8.7) */
  'method-call-invalid': { status: 400, message: () => 'Invalid method call' },
  /** `message` is no JSON (the parser's words, `reason`), or nests past the realtime frames' bounds */
  'method-message-unparsed': { status: 400, message: (p) => p.reason ?? 'Unexpected end of JSON input' },
  // threads helper
  /** the thread routes with `Threads_enabled` off (`Meteor.Error('error-not-allowed', 'Threads Disabled')`) */
  'threads-disabled': { status: 400, message: () => 'Threads Disabled', errorType: 'error-not-allowed' },
  /** the thread routes: a room that does not exist or the caller may not see */
  'threads-not-allowed': { status: 400, message: () => 'Not Allowed', errorType: 'error-not-allowed' },
  /** chat.getThreadMessages / chat.syncThreadMessages: no such thread root */
  'threads-invalid-message': {
    status: 400,
    message: () => 'Invalid Message',
    errorType: 'error-invalid-message',
  },
  /** chat.getThreadMessages / chat.syncThreadMessages (5.x/6.x) without `tmid` */
  'threads-tmid-missing': {
    status: 400,
    message: () => 'The required "tmid" query param is missing.',
    errorType: 'error-invalid-params',
  },
  /** chat.syncThreadsList (5.x/6.x) without `rid` */
  'threads-rid-missing': {
    status: 400,
    message: () => 'The required "rid" query param is missing.',
    errorType: 'error-room-id-param-not-provided',
  },
  /** chat.syncThreadMessages / chat.syncThreadsList without `updatedSince` (5.x/6.x) */
  'threads-updatedsince-missing': {
    status: 400,
    message: () => 'The required param "updatedSince" is missing.',
    errorType: 'error-updatedSince-param-invalid',
  },
  /** chat.syncThreadMessages / chat.syncThreadsList, rooms.get: `updatedSince` no date */
  'threads-updatedsince-invalid': {
    status: 400,
    message: () => 'The "updatedSince" query parameter must be a valid date.',
    errorType: 'error-updatedSince-param-invalid',
  },
  /** the getThreadMessages method asked for more than 100 replies */
  'threads-method-max-limit': {
    status: 400,
    message: () => 'max limit: 100',
    errorType: 'error-not-allowed',
    details: (p) => ({ method: p.method ?? '' }),
  },
  /** the getThreadMessages and readThreads methods with `Threads_enabled` off (both say getThreadMessages) */
  'threads-method-disabled': {
    status: 400,
    message: () => 'Threads Disabled',
    errorType: 'error-not-allowed',
    details: (p) => ({ method: p.method ?? '' }),
  },
  /** the readThreads method: the root's room is gone */
  'threads-method-no-room': {
    status: 400,
    message: () => 'This room does not exist',
    errorType: 'error-room-does-not-exist',
    details: (p) => ({ method: p.method ?? '' }),
  },
  /** chat.readThread: the root's room is gone */
  'threads-no-room': {
    status: 400,
    message: () => 'This room does not exist',
    errorType: 'error-room-does-not-exist',
  },
  /** chat.getThreadMessages (8.8 on): `aroundId` not a reply of the thread */
  'threads-around-not-in-thread': {
    status: 400,
    message: () => 'The provided "aroundId" does not belong to the thread',
    errorType: 'error-invalid-message',
  },
  // chat.ignoreUser, chat.getDeletedMessages, chat.syncMessages, chat.search
  /** chat.ignoreUser's hand checks (every line past its validator) */
  'ignore-rid-missing': {
    status: 400,
    message: () => 'The required "rid" param is missing.',
    errorType: 'error-room-id-param-not-provided',
  },
  'ignore-userid-missing': {
    status: 400,
    message: () => 'The required "userId" param is missing.',
    errorType: 'error-user-id-param-not-provided',
  },
  /** ignoreUser: the caller or the ignored user has no subscription to the room */
  'ignore-invalid-subscription': {
    status: 400,
    message: () => 'Invalid subscription',
    errorType: 'error-invalid-subscription',
    details: (p) => ({ method: p.method ?? '' }),
  },
  /** chat.getDeletedMessages' hand checks of 5.x/6.x (one-argument Meteor errors: the text is the type) */
  'deleted-roomid-missing': {
    status: 400,
    message: () => 'The required "roomId" query param is missing.',
    eras: { '0.49': (message) => ({ success: false, error: `[${message}]`, errorType: message }) },
  },
  'deleted-since-missing': {
    status: 400,
    message: () => 'The required "since" query param is missing.',
    eras: { '0.49': (message) => ({ success: false, error: `[${message}]`, errorType: message }) },
  },
  'deleted-since-invalid': {
    status: 400,
    message: () => 'The "since" query parameter must be a valid date.',
    eras: { '0.49': (message) => ({ success: false, error: `[${message}]`, errorType: message }) },
  },
  /** chat.syncMessages of 5.x: no `lastUpdate`, or one that is not a date (its odd error type) */
  'sync-lastupdate-missing': {
    status: 400,
    message: () => 'The required "lastUpdate" query param is missing.',
    errorType: 'error-lastUpdate-param-not-provided',
  },
  /** chat.syncMessages (5.x words), subscriptions.get: `lastUpdate` / `updatedSince` no date */
  'sync-lastupdate-invalid-5': {
    status: 400,
    message: () => 'The "lastUpdate" query parameter must be a valid date.',
    errorType: 'error-roomId-param-invalid',
  },
  /** chat.syncMessages from 6.x: an empty `roomId` past the validator, neither `lastUpdate` nor `type`, a bad date */
  'sync-roomid-required': {
    status: 400,
    message: () => 'The required "roomId" query param is missing',
    errorType: 'error-param-required',
  },
  'sync-param-required': {
    status: 400,
    message: () => 'The "type" or "lastUpdate" parameters must be provided',
    errorType: 'error-param-required',
  },
  'sync-lastupdate-invalid': {
    status: 400,
    message: () => 'The "lastUpdate" query parameter must be a valid date',
    errorType: 'error-lastUpdate-param-invalid',
  },
  /** messages/get's cursor checks (7.10 on) */
  'sync-type-required': {
    status: 400,
    message: () => 'The "type" parameter is required when using the "next" or "previous" parameters',
    errorType: 'error-type-param-required',
  },
  'sync-cursor-conflict': {
    status: 400,
    message: () => 'You cannot provide both "next" and "previous" parameters',
    errorType: 'error-cursor-conflict',
  },
  'sync-cursor-lastupdate-conflict': {
    status: 400,
    message: () => 'The attributes "next", "previous" and "lastUpdate" cannot be used together',
    errorType: 'error-cursor-and-lastUpdate-conflict',
  },
  /** messages/get: a cursor that is not a time (a plain Error) */
  'sync-invalid-cursor': { status: 400, message: () => 'Invalid Date' },
  /** chat.search (5.x/6.x hand checks, 7.x on an empty one past the validator) without `searchText` */
  'search-text-missing': {
    status: 400,
    message: () => 'The required "searchText" query param is missing.',
    errorType: 'error-searchText-param-not-provided',
  },
  /** chat.search (5.x/6.x) of a room the caller may not see: the route reads `docs` of the method's `false` (a TypeError) */
  'search-not-allowed': {
    status: 400,
    message: () => "Cannot read properties of undefined (reading 'docs')",
    eras: {
      '0.49': () => ({ success: false, error: "Cannot read property 'docs' of undefined" }),
      '6': undefined,
    },
  },
  /** chat.search: a regular expression MongoDB refuses, or one RE2 cannot run (backreferences, lookaround) */
  'search-invalid-regex': { status: 400, message: () => 'Regular expression is invalid' },
  // the getThreadsList method
  /** the getThreadsList method: no room by that id, or one the caller may not see (`Not Allowed`, capital A) */
  'threads-list-method-not-allowed': {
    status: 400,
    message: () => 'Not Allowed',
    errorType: 'error-not-allowed',
    details: (p) => ({ method: p.method ?? '' }),
  },
} satisfies Record<string, ErrorSpec>;
