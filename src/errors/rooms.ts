import type { BareErrorBody, EraBody, ErrorSpec } from './spec';

/**
 * The error rows of rooms (`channels.*`, `groups.*`, `rooms.*`, `im.*`) and their members and roles, part of the one error table (src/errors.ts): each name once, over
 * all tables.
 *
 * Layer: base.
 */

/** A method's refusal names the method (`details: {method}`). */
const byMethod = (p: { method?: string }): Record<string, unknown> => ({ method: p.method ?? '' });

/** `saveRoomSettings`' refusals name the method and the action refused. */
const settingsAction = (action: string): Record<string, unknown> => ({ method: 'saveRoomSettings', action });
/**
 * `new Meteor.Error(403, 'Access to Method Forbidden', {method})` through the REST catch: a 400 whose
 * `errorType` is the number 403 (0.49 without `details`). The envelope's types know only a text
 * `errorType`: the body is the bare envelope and these members.
 */
function numericForbidden(details: boolean): (message: string) => BareErrorBody {
  return (message) => {
    const body = {
      success: false as const,
      error: `${message} [403]`,
      errorType: 403,
      ...(details ? { details: { method: 'addAllToRoom' } } : {}),
    };
    return body;
  };
}

/** The unread method's refusals name the method (its name given as `method`) and the action. */
const unreadDetails = (p: { method?: string }): Record<string, unknown> => ({
  method: p.method ?? '',
  action: 'Unread_messages',
});

/** A reason-less Meteor error (`[code]`, errorType the code), in every release line. */
function bracketed(code: string): { readonly '0.49': EraBody } {
  return { '0.49': () => ({ success: false, error: `[${code}]`, errorType: code }) };
}

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
  /**
   * a method's `Not allowed` (createChannel, createPrivateGroup, addUsersToRoom, removeUserFromRoom,
   * leaveRoom, eraseRoom, the role methods; setReaction and starMessage of a message or room not
   * found; getThreadMessages and readThreads of a room the caller may not see)
   */
  'room-not-allowed': {
    status: 400,
    message: () => 'Not allowed',
    errorType: 'error-not-allowed',
    details: byMethod,
  },
  /** a method given a room id that names no room */
  'room-invalid': {
    status: 400,
    message: () => 'Invalid room',
    errorType: 'error-invalid-room',
    details: byMethod,
  },
  /** `addUsersToRoom` or `authorization:addUserToRole` given a username that names no user */
  'room-user-not-found': {
    status: 400,
    message: () => 'User not found',
    errorType: 'error-user-not-found',
    details: byMethod,
  },
  /** a kick or a role method's target who is not a member */
  'user-not-in-room': {
    status: 400,
    message: () => 'User is not in this room',
    errorType: 'error-user-not-in-room',
    details: byMethod,
  },
  /** `leaveRoom` by a caller who is not a member */
  'caller-not-in-room': {
    status: 400,
    message: () => 'You are not in this room',
    errorType: 'error-user-not-in-room',
    details: byMethod,
  },
  /** leaving or being removed as the room's only owner */
  'last-owner': {
    status: 400,
    message: () => 'You are the last owner. Please set new owner before leaving the room.',
    errorType: 'error-you-are-last-owner',
    details: byMethod,
  },
  /** joining a room with a join code, without it */
  'join-code-required': {
    status: 400,
    message: () => 'Code required',
    errorType: 'error-code-required',
    details: byMethod,
  },
  /** joining a room with a join code, with another code (6.x on; the room service's words) */
  'join-code-invalid': {
    status: 400,
    message: () => 'Invalid code',
    errorType: 'error-code-invalid',
    details: byMethod,
  },
  /** the same to 5.x (the method compared the code itself) */
  'join-password-invalid': {
    status: 400,
    message: () => 'Invalid Room Password',
    errorType: 'error-code-invalid',
    details: byMethod,
  },
  /** `channels.invite` whose users all name no one: the route's failure with its text and type swapped */
  'invite-no-users-channel': {
    status: 400,
    message: () => 'invalid-user-invite-list',
    eras: {
      '0.49': () => ({
        success: false,
        error: 'invalid-user-invite-list',
        errorType: 'Cannot invite if no users are provided',
      }),
    },
  },
  /** `groups.invite` whose users all name no one */
  'invite-no-users-group': {
    status: 400,
    message: () => 'Cannot invite if no valid users are provided',
    errorType: 'error-empty-invite-list',
  },
  /** `getUserListFromParams` given no user at all */
  'users-param-not-provided': {
    status: 400,
    message: () => 'Please provide "userId" or "username" or "userIds" or "usernames" as param',
    errorType: 'error-users-params-not-provided',
  },
  /** `getUserFromParams` given no user */
  'user-param-not-provided': {
    status: 400,
    message: () => 'The required "userId" or "username" param was not provided',
    errorType: 'error-user-param-not-provided',
  },
  /** `getUserFromParams` given a user that names no one */
  'user-param-invalid': {
    status: 400,
    message: () => 'The required "userId" or "username" param provided does not match any users',
    errorType: 'error-invalid-user',
  },
  /** a role method's target without a username (or none); `authorization:removeUserFromRole`'s unknown user */
  'role-invalid-user': {
    status: 400,
    message: () => 'Invalid user',
    errorType: 'error-invalid-user',
    details: byMethod,
  },
  'user-already-owner': {
    status: 400,
    message: () => 'User is already an owner',
    errorType: 'error-user-already-owner',
    details: byMethod,
  },
  'user-already-moderator': {
    status: 400,
    message: () => 'User is already a moderator',
    errorType: 'error-user-already-moderator',
    details: byMethod,
  },
  'user-already-leader': {
    status: 400,
    message: () => 'User is already a leader',
    errorType: 'error-user-already-leader',
    details: byMethod,
  },
  'user-not-owner': {
    status: 400,
    message: () => 'User is not an owner',
    errorType: 'error-user-not-owner',
    details: byMethod,
  },
  'user-not-moderator': {
    status: 400,
    message: () => 'User is not a moderator',
    errorType: 'error-user-not-moderator',
    details: byMethod,
  },
  'user-not-leader': {
    status: 400,
    message: () => 'User is not a leader',
    errorType: 'error-user-not-leader',
    details: byMethod,
  },
  /** removeRoomOwner of the room's only owner */
  'remove-last-owner': {
    status: 400,
    message: () => 'This is the last owner. Please set a new owner before removing this one.',
    errorType: 'error-remove-last-owner',
    details: byMethod,
  },
  // rooms-api: rooms.info, rooms.favorite, rooms.adminRooms, rooms.autocomplete.*
  /** rooms.info of a room the caller may not access: `API.v1.failure('not-allowed', 'Not Allowed')`, no suffix */
  'rooms-info-not-allowed': {
    status: 400,
    message: () => 'not-allowed',
    eras: { '0.49': () => ({ success: false, error: 'not-allowed', errorType: 'Not Allowed' }) },
  },
  /** rooms.favorite without `favorite` (to 7.x, the route's own check) */
  'favorite-required': { status: 400, message: () => "The 'favorite' param is required" },
  /** `toggleFavorite` of a room the caller has no subscription to */
  'favorite-not-subscribed': {
    status: 400,
    message: () => 'You must be part of a room to favorite it',
    errorType: 'error-invalid-subscription',
    details: byMethod,
  },
  /** rooms.adminRooms without `view-room-administration`: a plain Error, 400 */
  'admin-rooms-not-authorized': { status: 400, message: () => 'error-not-authorized' },
  /** rooms.autocomplete.channelAndPrivate(.withPagination), users.autocomplete: no `selector` (to 7.x) */
  'selector-required': { status: 400, message: () => "The 'selector' param is required" },
  /** a `selector` that is not JSON, or names nothing: the thrown error's message (`reason`), no errorType */
  'selector-invalid': { status: 400, message: (p) => p.reason ?? 'Unexpected end of JSON input' },
  /** rooms.autocomplete.availableForTeams with a `name` that is not one string (to 7.x) */
  'available-name-invalid': { status: 400, message: () => "The 'name' param is invalid" },
  // rooms-lifecycle: rename, archive, unarchive, delete
  /** channels.rename / groups.rename without a name (the route's own check, before the room) */
  'rename-name-required': { status: 400, message: () => 'The bodyParam "name" is required' },
  /** channels.rename to the name the channel has (5.x on; groups.rename has no such check) */
  'rename-same-name': {
    status: 400,
    message: () => 'The channel name is the same as what it would be renamed to.',
  },
  /** a new room name that a user's username or a team's name holds (`checkUsernameAvailability`, 7.x on) */
  'room-duplicate-handle': {
    status: 400,
    message: (p) => `A room, team or user with name '${p.name ?? ''}' already exists`,
    errorType: 'error-duplicate-handle',
    details: (p) => ({ function: 'RocketChat.updateRoomName', handle: p.name ?? '' }),
  },
  /** archiveRoom without `archive-room`, unarchiveRoom without `unarchive-room` */
  'archive-not-authorized': {
    status: 400,
    message: () => 'Not authorized',
    errorType: 'error-not-authorized',
    details: byMethod,
  },
  /** archiveRoom of a direct room (`type` the room's `t`) */
  'archive-direct-room': {
    status: 400,
    message: (p) => `rooms type: ${p.type ?? ''} can not be archived`,
    errorType: 'error-direct-message-room',
    details: byMethod,
    e49Message: () => 'Direct Messages can not be archived',
  },
  /** channels.unarchive of a channel that is not archived (the route's own failure, no type) */
  'channel-not-archived': {
    status: 400,
    message: (p) => `The channel, ${p.name ?? ''}, is not archived`,
  },
  /** rooms.delete (8.x) of a team's main room */
  'delete-team-main-room': {
    status: 400,
    message: () => 'Cannot delete a team channel',
    errorType: 'error-cannot-delete-team-channel',
    details: byMethod,
  },
  // the room settings routes (setTopic … setDefault) and saveRoomSettings
  /** a `set*` route without its body parameter (the route's `failure`, no type) */
  'room-topic-required': { status: 400, message: () => 'The bodyParam "topic" is required' },
  'room-description-required': { status: 400, message: () => 'The bodyParam "description" is required' },
  'room-purpose-required': { status: 400, message: () => 'The bodyParam "purpose" is required' },
  'room-announcement-required': { status: 400, message: () => 'The bodyParam "announcement" is required' },
  /** `channels.setTopic` / `setDescription` / `setPurpose` given the value the room has */
  'room-topic-unchanged': {
    status: 400,
    message: () => 'The channel topic is the same as what it would be changed to.',
  },
  'room-description-unchanged': {
    status: 400,
    message: () => 'The channel description is the same as what it would be changed to.',
  },
  'room-purpose-unchanged': {
    status: 400,
    message: () => 'The channel purpose (description) is the same as what it would be changed to.',
  },
  'room-custom-fields-required': {
    status: 400,
    message: () => 'The bodyParam "customFields" is required with a type like object.',
  },
  'room-join-code-required': { status: 400, message: () => 'The bodyParam "joinCode" is required' },
  /** `channels.setDefault` without `default`: `failure(text, type)`, the type the route's swapped one */
  'room-default-required': {
    status: 400,
    message: () => 'The bodyParam "default" is required',
    eras: {
      '0.49': (message) => ({
        success: false,
        error: message,
        errorType: 'error-channels-setdefault-is-same',
      }),
    },
  },
  /** `channels.setDefault` given the room's own `default` (the other swapped type) */
  'room-default-unchanged': {
    status: 400,
    message: () => 'The channel default setting is the same as what it would be changed to.',
    eras: {
      '0.49': (message) => ({
        success: false,
        error: message,
        errorType: 'error-channels-setdefault-missing-default-param',
      }),
    },
  },
  /** `saveRoomSettings` given a setting it does not know */
  'room-settings-invalid': {
    status: 400,
    message: () => 'Invalid settings provided',
    errorType: 'error-invalid-settings',
    details: byMethod,
  },
  'room-settings-broadcast': {
    status: 400,
    message: () => 'Editing readOnly/reactWhenReadOnly are not allowed for broadcast rooms',
    errorType: 'error-action-not-allowed',
    details: () => settingsAction('Editing_room'),
  },
  /** `default` and `featured` without `view-room-administration` */
  'room-settings-admin': {
    status: 400,
    message: () => 'Viewing room administration is not allowed',
    errorType: 'error-action-not-allowed',
    details: () => settingsAction('Viewing_room_administration'),
  },
  'room-settings-e2e-public': {
    status: 400,
    message: () => 'Only groups or direct channels can enable encryption',
    errorType: 'error-action-not-allowed',
    details: () => settingsAction('Change_Room_Encrypted'),
  },
  'room-settings-e2e-permission': {
    status: 400,
    message: () => 'You do not have permission to toggle E2E encryption',
    errorType: 'error-action-not-allowed',
    details: () => settingsAction('Change_Room_Encrypted'),
  },
  'room-settings-no-retention': {
    status: 400,
    message: () => 'Room does not have retention policy',
    errorType: 'error-action-not-allowed',
    details: () => settingsAction('Editing_room'),
  },
  'room-settings-retention-permission': {
    status: 400,
    message: () => 'Editing room retention policy is not allowed',
    errorType: 'error-action-not-allowed',
    details: () => settingsAction('Editing_room'),
  },
  'room-settings-avatar-permission': {
    status: 400,
    message: () => 'Editing a room avatar is not allowed',
    errorType: 'error-action-not-allowed',
    details: () => settingsAction('Editing_room'),
  },
  /** `saveRoomCustomFields` given something not an object */
  'room-settings-custom-fields-type': {
    status: 400,
    message: () => 'Invalid roomCustomFields type',
    errorType: 'invalid-roomCustomFields-type',
    details: () => ({ function: 'RocketChat.saveRoomCustomFields' }),
  },
  /** a setting the fake does not save (`field`: its name): its own refusal, before any change */
  'room-settings-not-modelled': {
    status: 400,
    message: (p) =>
      `The fake does not save the room setting ${p.field ?? ''} (see docs/routes-rooms.md, Room settings)`,
    errorType: 'error-not-modelled',
  },
  // members, roles, counters, open/close, addAll, groups.list, im.*, subscriptions.unread
  /** channels.open of a channel the caller is not in (a plain failure) */
  'channel-open-not-member': {
    status: 400,
    message: (p) => `The user/callee is not in the channel "${p.name ?? ''}".`,
  },
  /** channels.close of a channel the caller is not in (the quote misplaced, as the route writes it) */
  'channel-close-not-member': {
    status: 400,
    message: (p) => `The user/callee is not in the channel "${p.name ?? ''}.`,
  },
  'channel-already-open': {
    status: 400,
    message: (p) => `The channel, ${p.name ?? ''}, is already open to the sender`,
  },
  'channel-already-closed': {
    status: 400,
    message: (p) => `The channel, ${p.name ?? ''}, is already closed to the sender`,
  },
  /** groups.open of an open group (0.49 printed the body's `name`, usually undefined) */
  'group-already-open': {
    status: 400,
    message: (p) => `The private group, ${p.name ?? ''}, is already open for the sender`,
  },
  /** groups.close of a closed group (0.49 named the room id instead) */
  'group-already-closed': {
    status: 400,
    message: (p) => `The private group, ${p.name ?? ''}, is already closed to the sender`,
    e49Message: (p) => `The private group with an id "${p.raw ?? ''}" is already closed to the sender`,
  },
  /** addAllUserToRoom without add-all-to-room: Meteor.Error(403), a 400 with a numeric errorType */
  'add-all-forbidden': {
    status: 400,
    message: () => 'Access to Method Forbidden',
    eras: { '0.49': numericForbidden(false), '5': numericForbidden(true) },
  },
  /** addAllUserToRoom over API_User_Limit users */
  'add-all-user-limit': {
    status: 400,
    message: () => 'User Limit Exceeded',
    errorType: 'error-user-limit-exceeded',
    details: () => ({ method: 'addAllToRoom' }),
  },
  /** im.open / im.close / im.members (5.x on) without roomId (0.49: a plain failure) */
  'direct-roomid-required': {
    status: 400,
    message: () => 'Body param "roomId" is required',
    errorType: 'error-room-param-not-provided',
    eras: { '0.49': (message) => ({ success: false, error: message }), '5': undefined },
  },
  /** im.counters (6.x on) without roomId */
  'direct-query-roomid-required': {
    status: 400,
    message: () => 'Query param "roomId" is required',
    errorType: 'error-room-param-not-provided',
  },
  /** findDirectMessageRoom (6.x on): the room is not a direct room */
  'direct-not-found': {
    status: 400,
    message: () => 'The required "roomId" param provided does not match any direct message',
    errorType: 'error-room-not-found',
  },
  /** findDirectMessageRoom (5.x): no direct room the caller may see */
  'direct-not-found-by-user': {
    status: 400,
    message: () => 'The required "roomId" or "username" param provided does not match any direct message',
    errorType: 'error-room-not-found',
  },
  /** 0.49's im.open / im.close: no direct room of the caller by that id (a plain failure) */
  'direct-not-found-by-id': {
    status: 400,
    message: (p) => `No direct message room found by the id of: ${p.raw ?? ''}`,
  },
  /** 0.49's im.open of an open room: prints the body's `name` (usually undefined) */
  'direct-already-open': {
    status: 400,
    message: (p) => `The direct message room, ${p.name ?? ''}, is already open for the sender`,
  },
  /** im.close of a closed room, to 5.x (the body's `name`, usually undefined) */
  'direct-already-closed': {
    status: 400,
    message: (p) => `The direct message room, ${p.name ?? ''}, is already closed to the sender`,
  },
  /** im.close of a closed room, 6.x on (the name left out, the comma kept) */
  'direct-already-closed-unnamed': {
    status: 400,
    message: () => 'The direct message room, is already closed to the sender',
  },
  /** im.close (6.x on) by a user without a subscription */
  'direct-not-subscribed': { status: 400, message: () => 'The user is not subscribed to the room' },
  /** subscriptions.unread (5.x) with a firstUnreadMessage without `_id` and no roomId */
  'unread-param-required': {
    status: 400,
    message: () => 'At least one of "roomId" or "firstUnreadMessage._id" params is required',
  },
  /** unreadMessages: no message id, an unknown message, or the caller's own */
  'unread-not-allowed': {
    status: 400,
    message: () => 'Not allowed',
    errorType: 'error-action-not-allowed',
    details: unreadDetails,
  },
  /** unreadMessages of a room without a visible message */
  'unread-no-message': {
    status: 400,
    message: () => 'There are no messages to mark unread',
    errorType: 'error-no-message-for-unread',
    details: unreadDetails,
  },
  /** unreadMessages from a message of a room the caller has never read (no subscription, or no `ls`) */
  'unread-subscription-not-found': {
    status: 400,
    message: () => 'Subscription not found',
    errorType: 'error-subscription-not-found',
    details: unreadDetails,
  },
  // rooms.createDiscussion, the realtime createDiscussion, the discussion lists
  /** rooms.createDiscussion's hand checks (5.x to 7.x): plain failures, in this order */
  'discussion-prid-required': { status: 400, message: () => 'Body parameter "prid" is required.' },
  'discussion-tname-required': { status: 400, message: () => 'Body parameter "t_name" is required.' },
  'discussion-users-not-array': { status: 400, message: () => 'Body parameter "users" must be an array.' },
  'discussion-encrypted-not-boolean': {
    status: 400,
    message: () => 'Body parameter "encrypted" must be a boolean when included.',
  },
  /** createDiscussion: `Discussion_enabled` off, or neither `start-discussion` nor `start-discussion-other-user` */
  'discussion-not-allowed': {
    status: 400,
    message: () => 'You are not allowed to create a discussion',
    errorType: 'error-action-not-allowed',
    details: (p) => ({ method: p.method ?? '' }),
  },
  /** createDiscussion: the message (`pmid`) is neither in the parent room nor in one of its discussions (sic: the space) */
  'discussion-root-mismatch': {
    status: 400,
    message: () => 'Root message room ID does not match parent room ID ',
    errorType: 'error-invalid-arguments',
    details: () => ({ method: 'DiscussionCreation' }),
  },
  /** the realtime createDiscussion with neither `prid` nor `pmid` */
  'discussion-parent-missing': {
    status: 400,
    message: () => 'Missing parent room ID',
    errorType: 'error-invalid-arguments',
    details: () => ({ method: 'DiscussionCreation' }),
  },
  /**
   * createDiscussion: the parent refused the caller's message (`canSendMessage`'s error re-thrown
   * as a one-argument Meteor.Error: its text is the type); `reason` is the text
   */
  'discussion-cannot-send': {
    status: 400,
    message: (p) => p.reason ?? '',
    eras: { '0.49': (message) => ({ success: false, error: `[${message}]`, errorType: message }) },
  },
  /** createDiscussion under a discussion */
  'discussion-nested': {
    status: 400,
    message: () => 'Cannot create nested discussions',
    errorType: 'error-nested-discussion',
    details: () => ({ method: 'DiscussionCreation' }),
  },
  /** createDiscussion: an encrypted discussion with a `reply` */
  'discussion-encrypted-reply': {
    status: 400,
    message: () => 'Encrypted discussions must not receive an initial reply.',
    errorType: 'error-invalid-arguments',
    details: () => ({ method: 'DiscussionCreation' }),
  },
  // --- rooms.upload, rooms.media, rooms.mediaConfirm, *.files ---
  /** a plain Error's message as the whole body: busboy's (`Unsupported content type: …`, `Unexpected end of form`), `JSON.parse`'s of `customFields` */
  'upload-plain-error': { status: 400, message: (p) => p.reason ?? 'Unexpected end of form' },
  /** a file part named other than `file` (`MeteorError('invalid-field')`) */
  'upload-invalid-field': { status: 400, message: () => '[invalid-field]', eras: bracketed('invalid-field') },
  /** no file part at all: `MeteorError('No file uploaded')` (6, 7); 8.x's MultipartUploadHandler */
  'upload-no-file': {
    status: 400,
    message: () => 'No file uploaded',
    errorType: 'error-no-file',
    eras: { '0.49': bracketed('No file uploaded')['0.49'], '8': undefined },
  },
  /** a second file part: busboy's `files: 1` (a rejected string, no errorType); 8.x's own error */
  'upload-one-file': {
    status: 400,
    message: () => 'Too many files in upload',
    errorType: 'error-too-many-files',
    eras: { '0.49': () => ({ success: false, error: 'Just 1 file is allowed' }), '8': undefined },
  },
  /** a file over `FileUpload_MaxFileSize`: busboy's cut (6, 7), 8.x's MultipartUploadHandler */
  'upload-too-large': {
    status: 400,
    message: () => 'File size exceeds the allowed limit',
    errorType: 'error-file-too-large',
    eras: { '0.49': bracketed('error-file-too-large')['0.49'], '8': undefined },
  },
  /** 5.x: no cut while reading; the store filter's words, the limit as `filesize()` writes it */
  'upload-exceeds-size': {
    status: 400,
    message: (p) => `File exceeds allowed size of ${p.reason ?? ''}.`,
    errorType: 'error-file-too-large',
  },
  'upload-disabled': {
    status: 400,
    message: () => 'File uploads are disabled.',
    errorType: 'error-file-upload-disabled',
  },
  'upload-direct-disabled': {
    status: 400,
    message: () => 'File sharing not allowed in direct messages.',
    errorType: 'error-direct-message-file-upload-not-allowed',
  },
  'upload-invalid-type': {
    status: 400,
    message: () => 'File type is not accepted.',
    errorType: 'error-invalid-file-type',
  },
  /** an empty file (the UFS filter's `min: 1`) */
  'upload-too-small': {
    status: 400,
    message: () => 'File size (size = 0) is too small (min = 1)',
    errorType: 'file-too-small',
  },
  /** rooms.media's `content` field not JSON */
  'upload-invalid-content': {
    status: 400,
    message: () => '[invalid-field-content]',
    eras: bracketed('invalid-field-content'),
  },
  /** rooms.mediaConfirm of an upload that is not there (8.x: not the caller's, not the room's) */
  'upload-invalid-file': { status: 400, message: () => '[invalid-file]', eras: bracketed('invalid-file') },
  /** a file message's description over `Message_MaxAllowedSize` (`MeteorError('error-message-size-exceeded')`) */
  'upload-description-too-long': {
    status: 400,
    message: () => '[error-message-size-exceeded]',
    eras: bracketed('error-message-size-exceeded'),
  },
  /** the world's uploads hold `uploadBytesPerWorld` bytes (src/limits.ts): the fake's own bound */
  'upload-budget': {
    status: 400,
    message: (p) =>
      `This world's uploaded files hold their most bytes (${p.reason ?? ''}, the limit uploadBytesPerWorld)`,
    errorType: 'error-upload-budget',
  },
  /** im.files (5.x, no validator): neither `roomId` nor `username` (`findDirectMessageRoom`) */
  'files-direct-param-required': {
    status: 400,
    message: () => 'Body param "roomId" or "username" is required',
    errorType: 'error-room-param-not-provided',
  },
  // rooms.cleanHistory
  /** rooms.cleanHistory (7.x on): a room the caller may not access */
  'clean-no-access': {
    status: 400,
    message: () => 'User does not have access to the room',
    errorType: 'error-not-allowed',
  },
  /** rooms.cleanHistory: an empty `latest` or `oldest` past the validator (`API.v1.failure`) */
  'clean-latest-required': { status: 400, message: () => 'Body parameter "latest" is required.' },
  'clean-oldest-required': { status: 400, message: () => 'Body parameter "oldest" is required.' },
} satisfies Record<string, ErrorSpec>;
