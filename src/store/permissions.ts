import type { PermissionTable, Room, User } from '../types';

/**
 * Rocket.Chat 7's default grants for the permissions the five operations check.
 * A scenario's `permissions` replaces single rows of this table.
 */
export const DEFAULT_PERMISSIONS: PermissionTable = {
  'view-c-room': ['admin', 'user', 'bot'],
  // without view-c-room, channels.list shows the public channels the user is a member of
  'view-joined-room': ['guest', 'bot'],
  'edit-room': ['admin', 'owner', 'moderator'],
  'create-c': ['admin', 'user', 'bot'],
  'create-p': ['admin', 'user', 'bot'],
  // posting in a read-only room; profile 0.49 mutes the members without it when a room turns read-only
  'post-readonly': ['admin', 'owner', 'moderator'],
  // posting with an alias or an avatar (the real server also grants the app role)
  'message-impersonate': ['bot'],
  // editing and deleting messages (a user's own too: Message_AllowEditing / _AllowDeleting are on)
  'edit-message': ['admin', 'owner', 'moderator'],
  'delete-message': ['admin', 'owner', 'moderator'],
  'delete-own-message': ['admin', 'user'],
  'force-delete-message': ['admin', 'owner'],
  // editing and deleting past Message_AllowEditing_BlockEditInMinutes / _BlockDeleteInMinutes
  // (the real server also grants the app role)
  'bypass-time-limit-edit-and-delete': ['bot'],
  // users.info and users.list: another user's e-mails, roles, last login
  'view-full-other-user-info': ['admin'],
  // joining a room that has a join code without the code (realtime joinRoom); the real server also grants the app role
  'join-without-join-code': ['admin', 'bot'],
  // users.info?includeUserRooms=true for another user
  'view-other-user-channels': ['admin'],
  // users.list
  'view-d-room': ['admin', 'user', 'bot', 'guest'],
  // making a direct room (im.create, a post to @user); the real server also grants the app role
  'create-d': ['admin', 'user', 'bot'],
  // reading a public channel's history without joining it (and the anonymous role)
  'preview-c-room': ['admin', 'user'],
  'manage-integrations': ['admin'],
  'manage-outgoing-integrations': ['admin'],
  'manage-own-outgoing-integrations': ['admin'],
  'manage-incoming-integrations': ['admin'],
  'manage-own-incoming-integrations': ['admin'],
  // /api/info's build details: get-server-info until 6.4, view-statistics since
  'get-server-info': ['admin'],
  // GET settings/:_id and the whole admin list; POST settings/:_id and DDP saveSetting; the
  // private-settings-changed stream (with manage-selected-settings)
  'view-privileged-setting': ['admin'],
  'edit-privileged-setting': ['admin'],
  'manage-selected-settings': ['admin'],
  'view-statistics': ['admin'],
  // the users.* group: making, editing, (de)activating and deleting users
  'create-user': ['admin'],
  'assign-admin-role': ['admin'],
  'assign-roles': ['admin'],
  'edit-other-user-info': ['admin'],
  'edit-other-user-password': ['admin'],
  'edit-other-user-active-status': ['admin'],
  'manage-moderation-actions': ['admin'],
  'delete-user': ['admin'],
  'logout-other-user': ['admin'],
  // rooms: members and roles (the real server also grants the app role, and leave-* the anonymous one)
  'add-user-to-joined-room': ['admin', 'owner', 'moderator'],
  'add-user-to-any-c-room': ['admin'],
  'add-user-to-any-p-room': [],
  'remove-user': ['admin', 'owner', 'moderator'],
  'kick-user-from-any-c-room': [],
  'kick-user-from-any-p-room': [],
  'leave-c': ['admin', 'user', 'bot'],
  'leave-p': ['admin', 'user', 'bot'],
  'set-owner': ['admin', 'owner'],
  'set-moderator': ['admin', 'owner'],
  'set-leader': ['admin', 'owner'],
  'archive-room': ['admin', 'owner'],
  'unarchive-room': ['admin'],
  'delete-c': ['admin', 'owner'],
  'delete-p': ['admin', 'owner'],
  // rooms.delete and eraseRoom: a direct room, a team's room (in the team's main room)
  'delete-d': ['admin'],
  'delete-team-channel': ['admin', 'owner', 'moderator'],
  'delete-team-group': ['admin', 'owner', 'moderator'],
  // teams (Rocket.Chat 3.13 on): making one, seeing all, and what a team's owners and moderators may do in it
  'create-team': ['admin', 'user'],
  'view-all-teams': ['admin'],
  'view-all-team-channels': ['admin', 'owner'],
  'add-team-member': ['admin', 'owner', 'moderator'],
  'edit-team-member': ['admin', 'owner', 'moderator'],
  'add-team-channel': ['admin', 'owner', 'moderator'],
  'move-room-to-team': ['admin', 'owner', 'moderator'],
  'remove-team-channel': ['admin', 'owner', 'moderator'],
  'edit-team': ['admin', 'owner'],
  'delete-team': ['admin', 'owner'],
  // a team room's settings, a team turned back into a room (a team room's deletion: above)
  'edit-team-channel': ['admin', 'owner', 'moderator'],
  'convert-team': ['admin', 'owner'],
  // permissions.update, the roles routes and their realtime twins
  'access-permissions': ['admin'],
  // rooms.adminRooms (rooms-api) and saveRoomSettings' validators (rooms-settings): the
  // administration's list of every room; default and featured; E2E; retention; the avatar
  'view-room-administration': ['admin'],
  'toggle-room-e2e-encryption': ['owner'],
  'edit-room-retention-policy': ['admin'],
  'edit-room-avatar': ['admin', 'owner', 'moderator'],
  // users-rest: personal access tokens, users.createToken for another user, users.autocomplete beyond one's rooms
  'create-personal-access-tokens': ['admin', 'user'],
  'user-generate-access-token': ['admin'],
  'view-outside-room': ['admin', 'owner', 'moderator', 'user'],
  // a broadcast room's members, channels.addAll / groups.addAll (counters of
  // another user and groups.listAll read view-room-administration, above)
  'view-broadcast-member-list': ['admin', 'owner', 'moderator'],
  'add-all-to-room': ['admin'],
  // chat.pinMessage / chat.unPinMessage and their realtime twins (room-scoped)
  'pin-message': ['owner', 'moderator', 'admin'],
  // rooms.createDiscussion and the realtime createDiscussion, either one (room-scoped
  // to the parent; the real server also grants the app role)
  'start-discussion': ['admin', 'user', 'guest'],
  'start-discussion-other-user': ['admin', 'user', 'owner'],
  // rooms.cleanHistory and its realtime twin cleanRoomHistory (room-scoped)
  'clean-channel-history': ['admin'],
  // /mute and /unmute (muteUserInRoom, unmuteUserInRoom; room-scoped)
  'mute-user': ['admin', 'owner', 'moderator'],
};

/** The names a scenario may override. */
export const PERMISSION_NAMES = Object.keys(DEFAULT_PERMISSIONS);

/** The default table with a scenario's overrides applied. */
export function buildPermissions(overrides: PermissionTable = {}): PermissionTable {
  const table: PermissionTable = {};
  for (const name of PERMISSION_NAMES)
    table[name] = [...(overrides[name] ?? DEFAULT_PERMISSIONS[name] ?? [])];
  return table;
}

/**
 * The user's roles, plus those the user holds in the room: `given` (the subscription's, once
 * given or taken), else `owner` in a room the user created.
 */
export function rolesIn(user: User, room?: Room, given?: readonly string[]): string[] {
  const roles: string[] = [...user.roles];
  if (given !== undefined) roles.push(...given);
  else if (room?.u && room.u._id === user._id) roles.push('owner');
  return roles;
}

/** Whether the user holds the permission, globally or (with a room) in that room. */
export function hasPermission(
  table: PermissionTable,
  permission: string,
  user: User,
  room?: Room,
  given?: readonly string[],
): boolean {
  const granted: readonly string[] = table[permission] ?? [];
  return rolesIn(user, room, given).some((role) => granted.includes(role));
}
