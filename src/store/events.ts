import type {
  AnyRoom,
  Integration,
  Message,
  RoleDoc,
  ServerSettings,
  Subscription,
  Team,
  User,
} from '../types';
import type { SubscriptionState } from './subscription-states';

/**
 * What a command changed, told once it is done: each state-changing command of the store writes
 * once, and at that write hands these events, in the order it wrote, to `commit` (src/store/state.ts),
 * which moves the version and tells the store's listeners. A refused command commits nothing.
 *
 * Layer: store. Plain values; nothing of HTTP.
 */

/** How an entity changed: added, replaced by a new version, or taken away. */
export type ChangeOp = 'inserted' | 'updated' | 'removed';

/** A room of any kind (a channel, a group, a direct room): `before` is its version before, if any. */
export interface RoomChange {
  readonly kind: 'room';
  readonly op: ChangeOp;
  readonly room: AnyRoom;
  readonly before?: AnyRoom;
  /** its history cleaned (`cleanRoomHistory`): the notice its `<rid>/deleteMessageBulk` carries */
  readonly cleaned?: CleanedNotice;
}

/** What a clean of a room's history removed, as `notify.deleteMessageBulk` tells it. */
export interface CleanedNotice {
  readonly rid: string;
  readonly excludePinned: boolean;
  readonly ignoreDiscussion: boolean;
  /** the window: `$gte`/`$lte` (inclusive) or `$gt`/`$lt`, ISO times */
  readonly inclusive: boolean;
  readonly oldest: string;
  readonly latest: string;
  readonly users: readonly string[];
  /** the messages picked first (a `limit` given) */
  readonly ids?: readonly string[];
}

/** A member's subscription state in a room (the rest of a subscription is the room's and the user's). */
export interface SubscriptionChange {
  readonly kind: 'subscription';
  readonly op: 'inserted' | 'updated' | 'removed';
  readonly rid: string;
  readonly uid: string;
  readonly subscription: SubscriptionState;
  /** a removal's subscription as it was (once removed it can no longer be read) */
  readonly removed?: Subscription;
}

/** A message, and its room as the change left it. */
export interface MessageChange {
  readonly kind: 'message';
  readonly op: ChangeOp;
  readonly message: Message;
  readonly room: AnyRoom;
  /** a provider state's edit: not told to the realtime streams (no {@link MessageEvent}) */
  readonly quiet?: true;
}

export interface UserChange {
  readonly kind: 'user';
  /** `removed`: a user deleted (users.delete, the realtime deleteUser) */
  readonly op: 'inserted' | 'updated' | 'removed';
  readonly user: User;
  /**
   * a change of the user's presence (`status`, `statusText`): the streams broadcast it
   * (`user-status`, `stream-user-presence`), with the user's `name` or without (the Presence
   * service's broadcasts leave it out)
   */
  readonly presence?: { readonly withName: boolean };
  /** a new `name` or `username`: the streams tell every logged-in user (`Users:NameChanged`) */
  readonly renamed?: true;
}

export interface IntegrationChange {
  readonly kind: 'integration';
  readonly op: 'inserted' | 'updated' | 'removed';
  readonly integration: Integration;
  readonly before?: Integration;
}

/**
 * A team made (`teams.create`, with its main room), changed (its type with its main room's, the
 * main room added, its members, its name), or deleted (`teams.delete`, `teams.convertToChannel`).
 */
export interface TeamChange {
  readonly kind: 'team';
  readonly op: 'inserted' | 'updated' | 'removed';
  readonly team: Team;
}

/** Settings changed: the ones given, as given. */
export interface SettingsChange {
  readonly kind: 'settings';
  readonly changed: Partial<ServerSettings>;
}

/** A permission as the permission table holds it (`permissions.listAll`'s items). */
export interface PermissionDoc {
  readonly _id: string;
  readonly roles: readonly string[];
  readonly _updatedAt: string;
}

/** A permission's roles replaced (`permissions.update`, DDP `authorization:addPermissionToRole` …), one per permission. */
export interface PermissionChange {
  readonly kind: 'permission';
  readonly op: 'updated';
  readonly permission: PermissionDoc;
  readonly before: PermissionDoc;
}

/** A user given a role (`inserted`) or taken one (`removed`): `roles-change`'s `added` / `removed`. */
export interface RoleChange {
  readonly kind: 'role';
  readonly op: 'inserted' | 'removed';
  readonly roleId: string;
  /** the user, with the username as the caller sent it */
  readonly u: { readonly _id: string; readonly username: string };
  /** the room of a room role */
  readonly scope?: string;
}

/** A role made (`roles.create`, `authorization:saveRole`), changed (`roles.update`) or deleted (`roles.delete`). */
export interface RoleDocChange {
  readonly kind: 'role-doc';
  readonly op: ChangeOp;
  readonly role: RoleDoc;
}

/** One change of the world's state, as a command's commit tells it. */
export type ChangeEvent =
  | RoomChange
  | SubscriptionChange
  | MessageChange
  | UserChange
  | IntegrationChange
  | TeamChange
  | SettingsChange
  | PermissionChange
  | RoleChange
  | RoleDocChange;

/** What happened to a message, for those who follow the world live (the realtime API). */
export interface MessageEvent {
  readonly kind: 'inserted' | 'updated' | 'removed';
  readonly message: Message;
  /** the room as the change left it */
  readonly room: AnyRoom;
}
