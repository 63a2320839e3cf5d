import { copyJson } from '../json-copy';
import type {
  CustomEmoji,
  SlashCommand,
  AnyRoom,
  Changes,
  DirectRoom,
  InspectRoom,
  Integration,
  Message,
  RoleDoc,
  Room,
  RoomType,
  ServerSettings,
  Subscription,
  Team,
  TeamType,
  User,
  UserRole,
  WebhookDelivery,
  World,
} from '../types';
import * as access from './access';
import type { ChannelScope, IntegrationScope } from './access';
import type { Baseline } from './baseline';
import type { FakeClock } from './clock';
import type { PostInput } from './compose';
import * as directs from './directs';
import * as discussions from './discussions';
import * as editing from './editing';
import * as favorites from './favorites';
import type { UpdateInput } from './editing';
import * as reading from './history';
import type { MessageFilter } from './history';
import * as inspect from './inspect';
import * as inspectWorld from './inspect-world';
import type { ChangeRow, InspectUser, WorldKind } from './inspect-world';
import type { InspectedMessages, PageWindow } from './inspect';
import * as integrations from './integrations';
import * as membership from './membership';
import * as messageActions from './message-actions';
import type { ListOptions, ListResult } from './lists';
import type { HistoryWindow } from './messages';
import type { PermissionDoc } from './events';
import * as permissionTable from './permission-table';
import * as personalTokens from './personal-tokens';
import * as posting from './posting';
import * as presence from './presence';
import type { SendInput } from './posting';
import type { JsonObject, SortSpec } from './query';
import * as roles from './roles';
import * as roomSearch from './room-search';
import * as roomReads from './room-reads';
import type { RoomMemberFilter, RoomMemberOrder } from './room-reads';
import * as rooms from './rooms';
import * as roomLifecycle from './room-lifecycle';
import * as messageSearch from './message-search';
import * as roomSettings from './room-settings';
import type { NewRoom, RoomLayout, RoomRef } from './rooms';
import type { StoreRules } from './rules';
import type { RoomRole, SubscriptionState } from './subscription-states';
import * as settings from './settings';
import * as snapshot from './snapshot';
import * as startup from './startup';
import type { EntityLookup } from './snapshot';
import { anyRoom, createState, userNamed } from './state';
import type { StoreOptions, StoreState } from './state';
import * as subscriptions from './subscriptions';
import * as teamReads from './team-reads';
import * as teamRooms from './team-rooms';
import type { MemberFilter } from './team-reads';
import * as teamWrites from './team-writes';
import * as threadReads from './thread-reads';
import * as uploads from './uploads';
import * as users from './users';
import type { LoginAttempt } from './users';
import * as userAccounts from './user-accounts';
import * as userLookups from './user-lookups';
import * as roomMutes from './room-mutes';
import type { NewUser, UserPatch } from './user-accounts';
import type { Trigger } from './webhooks';

export type { ChannelScope, IntegrationScope } from './access';
export type { PostInput } from './compose';
export type { UpdateInput } from './editing';
export type { ChangeEvent, MessageEvent, PermissionDoc } from './events';
export type { MessageFilter } from './history';
export type { ListOptions, ListResult } from './lists';
export type { AdminRoomsQuery } from './room-search';
export type { RoomRef } from './rooms';
export type { RenameRules } from './room-lifecycle';
export type { StoreRules } from './rules';
export type { RoomRole } from './subscription-states';
export type { RoomMemberFilter, RoomMemberOrder } from './room-reads';
export type { SendInput } from './posting';
export type { EntityLookup } from './snapshot';
export type { StoreOptions } from './state';
export type { Credentials, LoginAttempt } from './users';
export type { NewUser, UserPatch } from './user-accounts';

/**
 * The in-memory world and its transitions. It knows nothing of HTTP: methods take plain values and
 * return wire objects or throw `ApiError`. Entities are replaced, never mutated, and every check of
 * a transition runs before its single write, so a refused request changes nothing; each write is
 * one commit (src/store/state.ts) that tells its change events (src/store/events.ts).
 *
 * A thin façade: each method is one aggregate module's function over the one shared state
 * (src/store/state.ts): users, access, settings, rooms, directs, subscriptions, posting, editing,
 * history, integrations, snapshot.
 */
export class Store {
  readonly #state: StoreState;
  readonly clock: FakeClock;

  /** Starts from a baseline: layers over its indexes and shares its (frozen) entities, copying nothing. */
  constructor(baseline: Baseline, options: StoreOptions = {}) {
    this.#state = createState(baseline, options);
    this.clock = this.#state.clock;
  }

  /** The rules this store follows (src/store/rules.ts): decided from the server version by its maker. */
  get rules(): StoreRules {
    return this.#state.rules;
  }

  /** Counts changes of state: anything derived from the state is valid for one version. */
  get version(): number {
    return this.#state.version;
  }

  // users (src/store/users.ts)

  /** A login: the credentials, then the brute-force protection; a fresh token (see `users.login`). */
  login(attempt: LoginAttempt): { user: User; authToken: string } {
    return users.login(this.#state, attempt);
  }

  /** The user a token belongs to, if it belongs to `userId`. */
  authenticate(userId: string, authToken: string): User | undefined {
    return users.authenticate(this.#state, userId, authToken);
  }

  /** The user a login token belongs to (a realtime `resume`), if it is live. */
  tokenOwner(authToken: string): User | undefined {
    return users.tokenOwner(this.#state, authToken);
  }

  /** Voids a token. */
  logout(authToken: string): void {
    users.logout(this.#state, authToken);
  }

  /** A fresh login token for a user, as a login would issue (a provider state logs a user in). */
  issueToken(user: User): string {
    return users.issueToken(this.#state, user);
  }

  /** `users.info`: a user by `_id` or username, as the caller may see them. */
  userInfo(caller: User, ref: users.UserInfoRef): JsonObject {
    return users.userInfo(this.#state, caller, ref);
  }

  /** `users.list`: every user as the caller may see them, filtered, sorted, a page. */
  listUsers(caller: User, options: ListOptions): ListResult {
    return users.listUsers(this.#state, caller, options);
  }

  /** A user by username (any case), for the provider states of a contract. */
  userNamed(username: string): User | undefined {
    return userNamed(this.#state, username);
  }

  /** A user by e-mail address (any case). */
  userWithEmail(email: string): User | undefined {
    return users.userWithEmail(this.#state, email);
  }

  /** Gives a user these roles (a provider state's caller). */
  putUserRoles(id: string, roles: UserRole[]): void {
    users.putUserRoles(this.#state, id, roles);
  }

  /** Adds one user, already resolved and checked (see src/scenario/entity.ts); a change of state. */
  addUser(user: User): User {
    return users.addUser(this.#state, user);
  }

  // settings (src/store/settings.ts)

  /** The settings in force: the world's, over the defaults. */
  settings(): ServerSettings {
    return settings.settings(this.#state);
  }

  /** Changes some settings (already checked) until the next reset; a change of state. */
  changeSettings(changed: Partial<ServerSettings>): ServerSettings {
    return settings.changeSettings(this.#state, changed);
  }

  /** Whether a text is longer than `Message_MaxAllowedSize` allows (a non-string never is). */
  overMaxSize(text: unknown): boolean {
    return settings.overMaxSize(settings.settings(this.#state), text);
  }

  // access (src/store/access.ts)

  /** Whether the user holds a permission (in a room, for room-scoped ones). */
  can(user: User, permission: string, room?: AnyRoom): boolean {
    return access.can(this.#state, user, permission, room);
  }

  /** Whether a user may see a room's messages: a member always; else a public channel, with `permission`. */
  maySee(user: User, room: AnyRoom, permission: 'view-c-room' | 'preview-c-room' = 'view-c-room'): boolean {
    return access.maySee(this.#state, user, room, permission);
  }

  /** Throws the 403 when the user lacks a (route-level) permission. */
  requirePermission(user: User, permission: string): void {
    access.requirePermission(this.#state, user, permission);
  }

  /** Which public channels `channels.list` shows the user (a 403 when none). */
  channelScope(user: User): ChannelScope {
    return access.channelScope(this.#state, user);
  }

  /** Whether some room belongs to a team and the rules know teams: lists then depend on the caller. */
  get hasTeamRooms(): boolean {
    return access.hasTeamRooms(this.#state);
  }

  /** The integrations a caller may read (a 403 when none). */
  integrationScope(user: User): IntegrationScope {
    return access.integrationScope(this.#state, user);
  }

  // rooms (src/store/rooms.ts)

  /** A room's id by `_id` or by name (`getRoomIdByNameOrId`), a direct room's too. */
  roomIdOf(nameOrId: string): string | undefined {
    return rooms.roomIdOf(this.#state, nameOrId);
  }

  /** A room of any kind by `_id`. */
  anyRoom(id: string): AnyRoom | undefined {
    return anyRoom(this.#state, id);
  }

  /** A room's `_id` by name. */
  findRoomId(name: string): string | undefined {
    return this.#state.roomNames.get(name);
  }

  /** Finds a channel the `channels.*` routes may act on (`t:"c"`, or any room when lenient). */
  findChannel(given: RoomRef, options: { checkArchived: boolean }): Room {
    return rooms.findChannel(this.#state, given, options);
  }

  /** A private group the caller is in, by id or name (`findPrivateGroupByIdOrName`). */
  findGroup(user: User, ref: RoomRef): Room {
    return rooms.findGroup(this.#state, user, ref);
  }

  /** A team by `_id`, as it is now. */
  team(id: string): Team | undefined {
    return rooms.team(this.#state, id);
  }

  /** A user joins a public channel (`joinRoom`); a member already is a no-op. */
  joinChannel(user: User, rid: string): void {
    rooms.joinChannel(this.#state, user, rid);
  }

  /** `channels.setReadOnly`, checks in the real server's order. */
  setReadOnly(user: User, ref: RoomRef, readOnly: boolean): JsonObject {
    return rooms.setReadOnly(this.#state, user, ref, readOnly);
  }

  /** `channels.setType`, checks in the real server's order. */
  setType(user: User, ref: RoomRef, type: string): JsonObject {
    return rooms.setType(this.#state, user, ref, type);
  }

  /** `groups.setType`: a group the caller is in, then the checks of {@link setType}. */
  setGroupType(user: User, ref: RoomRef, type: string): JsonObject {
    return rooms.setGroupType(this.#state, user, ref, type);
  }

  /** `channels.list`: public rooms only, all of them or the joined ones. */
  listChannels(user: User, options: ListOptions, scope?: ChannelScope): ListResult {
    return rooms.listChannels(this.#state, user, options, scope);
  }

  /** `channels.list.joined`: the public channels the caller is in, by name unless `sort` says otherwise. */
  listJoinedChannels(user: User, options: ListOptions): ListResult {
    return rooms.listChannels(this.#state, user, options, 'joined');
  }

  /** `rooms.get`: the rooms the caller is in, those changed after `updatedSince` when given. */
  roomsFor(user: User, updatedSince?: string): { update: JsonObject[]; remove: JsonObject[] } {
    return rooms.roomsFor(this.#state, user, updatedSince);
  }

  /** Sets a room's type, read-only, archived flags and members as a provider state says. */
  putRoom(
    id: string,
    fields: { t?: RoomType; ro?: boolean; archived?: boolean; usernames?: string[] },
  ): void {
    rooms.putRoom(this.#state, id, fields);
  }

  /** Adds one room, already resolved and checked; a change of state. */
  /** `createRoom`: a channel or a group with its members, all checks before its one write (src/store/rooms.ts). */
  createRoom(input: NewRoom, layout: RoomLayout): Room {
    return rooms.createRoom(this.#state, input, layout);
  }

  addChannel(room: Room): Room {
    return rooms.addChannel(this.#state, room);
  }

  // direct rooms (src/store/directs.ts)

  /** `im.create`: the direct room with the users named, made if there is none. */
  createDirect(user: User, usernames: readonly string[], excludeSelf: boolean): JsonObject {
    return directs.createDirect(this.#state, user, usernames, excludeSelf);
  }

  /** The direct room `im.history` and `im.messages` read (made when named by user and missing). */
  findDirect(user: User, ref: { roomId?: string; username?: string }): DirectRoom {
    return directs.findDirect(this.#state, user, ref);
  }

  /** `im.list`: the direct rooms the caller is in. */
  listDirects(user: User, options: ListOptions): ListResult {
    return directs.listDirects(this.#state, user, options);
  }

  /** The direct room of these users, made if there is none, whatever their permissions (a provider state). */
  putDirect(members: readonly User[]): DirectRoom {
    return directs.putDirect(this.#state, members);
  }

  // subscriptions (src/store/subscriptions.ts)

  /** `subscriptions.get`: the caller's subscriptions, those changed after `updatedSince` when given. */
  subscriptionsFor(user: User, updatedSince?: string): { update: Subscription[]; remove: JsonObject[] } {
    return subscriptions.subscriptionsFor(this.#state, user, updatedSince);
  }

  /** `subscriptions.getOne`: the caller's subscription to a room, or null. */
  subscriptionFor(user: User, rid: string): Subscription | null {
    return subscriptions.subscriptionFor(this.#state, user, rid);
  }

  /** `subscriptions.read`: the caller has read the room now. */
  markRead(user: User, rid: string, readThreads = false): void {
    subscriptions.markRead(this.#state, user, rid, readThreads);
  }

  // posting and editing (src/store/posting.ts, src/store/editing.ts)

  /** `chat.postMessage`: each target found (a public channel joined), the rules, the message stored. */
  postMessage(user: User, post: PostInput): { channel: string; message: Message } {
    return posting.postMessage(this.#state, user, post);
  }

  /** `chat.sendMessage`: the message as the client built it, to a room by id (its room's rules). */
  sendMessage(user: User, input: SendInput): Message {
    return posting.sendMessage(this.#state, user, input);
  }

  /** The thread a reply to `tmid` joins (its parent's room, the parent's thread), if the parent exists. */
  threadOf(tmid: string): { rid: string; tmid: string } | undefined {
    return posting.threadOf(this.#state, tmid);
  }

  /** `chat.update`: a message's new text, checked. */
  updateMessage(user: User, input: UpdateInput): Message {
    return editing.updateMessage(this.#state, user, input);
  }

  /** `chat.delete` (`canDeleteMessage`), checked. */
  deleteMessage(caller: User, input: { roomId: string; msgId: string; asUser: boolean }): Message {
    return editing.deleteMessage(this.#state, caller, input);
  }

  /** A message with this `_id` in a room, as a provider state says. */
  putMessage(author: User, rid: string, _id: string, text: string, posted = false): void {
    editing.putMessage(this.#state, author, rid, _id, text, posted);
  }

  // reading messages (src/store/history.ts)

  /** `loadHistory`: a room's messages newest first, before `end` (or now), `limit` of them. */
  loadHistory(user: User, rid: string, end: string | undefined, limit: number): Message[] {
    return reading.loadHistory(this.#state, user, rid, end, limit);
  }

  /** The room of a message by id. */
  messageRoom(id: string): string | undefined {
    return reading.messageRoom(this.#state, id);
  }

  /** `unreads=true` (`getChannelHistory`): the unread messages before the page's oldest. */
  unreadsBefore(
    window: HistoryWindow,
    page: readonly Message[],
  ): { firstUnread?: Message; unreadNotLoaded: number } {
    return reading.unreadsBefore(this.#state, window, page);
  }

  /** `channels.history`: a public channel's messages, newest first. */
  history(user: User, ref: RoomRef, window: HistoryWindow): Message[] {
    return reading.history(this.#state, user, ref, window);
  }

  /** `groups.history`: a group's messages, newest first. */
  groupHistory(user: User, ref: RoomRef, window: HistoryWindow): Message[] {
    return reading.groupHistory(this.#state, user, ref, window);
  }

  /** `im.history`: a direct room's messages, newest first. */
  directHistory(user: User, roomId: string, window: HistoryWindow): Message[] {
    return reading.directHistory(this.#state, user, roomId, window);
  }

  /** `channels.messages`: a channel's messages filtered, sorted, a page. */
  roomMessages(user: User, roomId: string, filter: MessageFilter): ListResult {
    return reading.roomMessages(this.#state, user, roomId, filter);
  }

  /** `im.messages`: a direct room's messages filtered as `channels.messages` does. */
  directMessages(user: User, ref: { roomId?: string; username?: string }, filter: MessageFilter): ListResult {
    return reading.directMessages(this.#state, user, ref, filter);
  }

  /** `chat.getMessage`: a message by id, when the caller may see its room. */
  getMessage(user: User, id: string): Message {
    return reading.getMessage(this.#state, user, id);
  }

  // integrations (src/store/integrations.ts)

  /** An integration by `_id`, as it is now. */
  integration(id: string): Integration | undefined {
    return integrations.integration(this.#state, id);
  }

  /** `channels.getIntegrations` for a room already found. */
  listIntegrations(
    user: User,
    scope: IntegrationScope,
    room: Room,
    includeAllPublicChannels: boolean,
    options: ListOptions,
  ): ListResult {
    return integrations.listIntegrations(this.#state, user, scope, room, includeAllPublicChannels, options);
  }

  /** Whether a change queued webhook triggers not yet taken. */
  hasTriggers(): boolean {
    return integrations.hasTriggers(this.#state);
  }

  /** The webhook triggers queued since the last call (the world delivers them). */
  takeTriggers(): Trigger[] {
    return integrations.takeTriggers(this.#state);
  }

  /** Turns an outgoing webhook off (its URL answered 410 Gone). */
  disableIntegration(id: string): void {
    integrations.disableIntegration(this.#state, id);
  }

  /** An outgoing webhook's reply posted back; throws the post's refusal. */
  postReply(trigger: Trigger, reply: JsonObject): Message {
    return integrations.postReply(this.#state, trigger, reply);
  }

  /** An incoming webhook's call (`/hooks/:id/:token`); an empty body posts nothing. */
  incomingHook(id: string, token: string, body: JsonObject | undefined): Message | undefined {
    return integrations.incomingHook(this.#state, id, token, body);
  }

  /** Adds one integration, already resolved and checked; a change of state. */
  addIntegration(integration: Integration): Integration {
    return integrations.addIntegration(this.#state, integration);
  }

  // the state read whole (src/store/snapshot.ts)

  /** The world as an entity to be added is checked against: ids, names, users, counts. */
  lookup(): EntityLookup {
    return snapshot.lookup(this.#state);
  }

  /** What changed since the baseline, per kind. */
  changes(): Changes {
    return snapshot.changes(this.#state);
  }

  /** A deep copy of the whole world, in scenario shape. */
  state(): World {
    return snapshot.world(this.#state);
  }

  // teams and integrations made through the API (src/store/integrations.ts, src/store/teams.ts)

  /** Adds an integration an API call made, stamped and stored as MongoDB keeps it; refused past the bound. */
  createIntegration(input: integrations.NewIntegration, layout: integrations.IntegrationLayout): Integration {
    return integrations.createIntegration(this.#state, input, layout);
  }

  /** Updates an integration as its method's `$set` / `$unset` say (already checked). */
  updateIntegration(id: string, update: integrations.IntegrationUpdate): Integration {
    return integrations.updateIntegration(this.#state, id, update);
  }

  /** Removes an integration (already checked); returns it as it was. */
  removeIntegration(id: string): Integration {
    return integrations.removeIntegration(this.#state, id);
  }

  /** `integrations.list`: the integrations the caller's scope reads, filtered, a page. */
  listAllIntegrations(
    user: User,
    scope: IntegrationScope,
    filter: integrations.IntegrationFilter,
    options: ListOptions,
  ): ListResult {
    return integrations.listAllIntegrations(this.#state, user, scope, filter, options);
  }

  /** Every integration as it is now, in the order they were added. */
  allIntegrations(): Integration[] {
    return integrations.allIntegrations(this.#state);
  }

  /** The outgoing webhooks' delivery attempts the world made, oldest first. */
  deliveries(): readonly WebhookDelivery[] {
    return integrations.deliveries(this.#state);
  }

  /** Whether a user is subscribed to a room (a member of it), by ids. */
  isSubscribed(userId: string, rid: string): boolean {
    const room = anyRoom(this.#state, rid);
    const user = this.#state.users.get(userId);
    return room !== undefined && user !== undefined && room.usernames.includes(user.username);
  }

  /** A user by `_id`. */
  userById(id: string): User | undefined {
    return this.#state.users.get(id);
  }

  // settings, permissions and roles (src/store/settings.ts, src/store/setting-registry.ts)

  /** Saves one setting as the chat API gives it (any JSON value); false: no such setting. */
  saveSetting(id: string, value: unknown): boolean {
    return settings.saveSetting(this.#state, id, value);
  }

  // users.* group (src/store/user-accounts.ts): users made, edited, (de)activated and deleted

  /** Whether a human (`type: "user"`) admin exists: the first-admin rule of a new user. */
  hasHumanAdmin(): boolean {
    return userAccounts.hasHumanAdmin(this.#state);
  }

  /** Makes a user, the default rooms joined (checked against the bound `usersPerWorld`); one commit. */
  createUser(input: NewUser): User {
    return userAccounts.createUser(this.#state, input);
  }

  /** Edits a user (a new username renamed in its rooms); one commit. */
  updateUser(id: string, patch: UserPatch): User {
    return userAccounts.updateUser(this.#state, id, patch);
  }

  /** (De)activates a user (a deactivated one logged out everywhere); undefined for an unknown id. */
  setUserActive(id: string, active: boolean, confirmRelinquish: boolean): User | undefined {
    return userAccounts.setUserActive(this.#state, id, active, confirmRelinquish);
  }

  /** Deletes a user: out of its rooms, its tokens ended, its direct rooms removed; one commit. */
  deleteUser(id: string, confirmRelinquish: boolean): void {
    userAccounts.deleteUser(this.#state, id, confirmRelinquish);
  }

  /** Ends every login token of a user, personal access tokens too (`users.logout`); how many there were. */
  logoutUser(id: string): number {
    return userAccounts.dropTokens(this.#state, id);
  }

  // rooms group: members and room roles (src/store/membership.ts)
  /** A member's roles in a room (`owner`, `moderator`, `leader`): as given or taken, else as it was made. */
  roomRoles(room: Room, userId: string): readonly RoomRole[] {
    return membership.roomRoles(this.#state, room, userId);
  }

  /** The usernames of a room's members who hold a role there. */
  membersWithRole(room: Room, role: RoomRole): string[] {
    return membership.membersWithRole(this.#state, room, role);
  }

  /** `addUsersToRoom`'s write: the users not yet members join, each with an `au` message by the actor. */
  addMembers(actor: User, room: Room, users: readonly User[]): Room {
    return membership.addMembers(this.#state, actor, room, users);
  }

  /** A member leaves (`ul`) or is removed (`ru`): the subscription removed, the message posted. */
  removeMember(actor: User, room: Room, member: User, t: 'ru' | 'ul'): Room {
    return membership.removeMember(this.#state, actor, room, member, t);
  }

  /** A room role given or taken, with its system message. */
  setRoomRole(actor: User, room: Room, member: User, role: RoomRole, give: boolean): void {
    membership.setRoomRole(this.#state, actor, room, member, role, give);
  }

  // teams (src/store/teams.ts, src/store/team-writes.ts, src/store/team-reads.ts)

  /** `teams.create`: a team with its main room and its members' subscriptions, in one commit. */
  createTeam(input: teamWrites.NewTeam, layout: RoomLayout): Team {
    return teamWrites.createTeam(this.#state, input, layout);
  }

  /** A team as the routes taking `teamId` or `teamName` find it (`getTeamByIdOrName`). */
  teamByIdOrName(ref: { teamId?: string; teamName?: string }): Team | undefined {
    if (ref.teamId) return this.#state.teams.get(ref.teamId);
    if (ref.teamName) return this.#state.teams.values().find((team) => team.name === ref.teamName);
    return undefined;
  }

  /** Every team, the scenario's then those made since, each as it is now. */
  allTeams(): Team[] {
    return this.#state.teams.values();
  }

  /** How many rooms name the team in `teamId` (its main room too). */
  teamRoomCount(teamId: string): number {
    return teamReads.teamRoomCount(this.#state, teamId);
  }

  /** Whether a user is one of the team's members. */
  isTeamMember(team: Team, user: User): boolean {
    return teamReads.isTeamMember(team, user);
  }

  /** `teams.members`: the team's active members that pass the filter, as the route lists them. */
  teamMembers(team: Team, filter: MemberFilter): JsonObject[] {
    return teamReads.teamMembers(this.#state, team, filter);
  }

  /** `teams.addMembers` (already checked): the new members, each not in it joining the main room; one commit. */
  addTeamMembers(team: Team, caller: User, members: readonly teamWrites.TeamMemberInput[]): void {
    teamWrites.addTeamMembers(this.#state, team, caller, members);
  }

  // permissions and roles (src/store/permission-table.ts, src/store/roles.ts): the permission
  // table as state, the roles users hold

  /** Every permission as a document `{_id, _updatedAt, roles}`, in the table's order. */
  permissionDocs(): PermissionDoc[] {
    return permissionTable.permissionDocs(this.#state);
  }

  /** One permission as a document; undefined: the table has no such permission. */
  permissionDoc(id: string): PermissionDoc | undefined {
    return permissionTable.permissionDoc(this.#state, id);
  }

  /** Replaces permissions' roles (already checked), each stamped; one commit. Returns the new documents. */
  setPermissionRoles(changes: readonly permissionTable.PermissionRoles[]): PermissionDoc[] {
    return permissionTable.setPermissionRoles(this.#state, changes);
  }

  /** Gives (`add`) or takes a global role (already checked); one commit with the `roles-change` notice. */
  setUserRole(userId: string, role: UserRole, add: boolean, username: string): User | undefined {
    return roles.setUserRole(this.#state, userId, role, add, username);
  }

  /** When the world begins (the baseline's clock): the `_updatedAt` of what it was made with (permissions, roles). */
  worldStart(): string {
    return this.#state.baseline.world.clock;
  }

  /** The active users and active guests a licence counts (`licenses.info?loadValues=true`). */
  activeUserCounts(): { activeUsers: number; guestUsers: number } {
    return roles.activeUserCounts(this.#state);
  }

  /** The users holding a global role, by username. */
  usersInRole(role: string): User[] {
    return roles.usersInRole(this.#state, role).map((user) => copyJson(user));
  }

  // rooms-api (src/store/favorites.ts, src/store/room-search.ts): the favourite mark, and the
  // administration's and the pickers' room searches

  /** `toggleFavorite`'s write: the caller's subscription's `f`; false, nothing written, without one. */
  setFavorite(user: User, rid: string, favorite: boolean): boolean {
    return favorites.setFavorite(this.#state, user, rid, favorite);
  }

  /** `rooms.adminRooms`: every room by filter and types, one page with the administration's fields. */
  adminRooms(query: roomSearch.AdminRoomsQuery): { rooms: JsonObject[]; total: number } {
    return roomSearch.adminRooms(this.#state, query);
  }

  /** `rooms.autocomplete.channelAndPrivate`: ten of the caller's rooms whose name starts so. */
  channelAndPrivateAutocomplete(user: User, name: string): JsonObject[] {
    return roomSearch.channelAndPrivateAutocomplete(this.#state, user, name);
  }

  /** `rooms.autocomplete.channelAndPrivate.withPagination`: one page of them, and their number. */
  channelAndPrivatePage(
    user: User,
    name: string,
    page: { sort: SortSpec | undefined; offset: number; count: number },
  ): { items: JsonObject[]; total: number } {
    return roomSearch.channelAndPrivatePage(this.#state, user, name, page);
  }

  /** `rooms.autocomplete.availableForTeams`: ten rooms the caller owns, in no team, whose name starts so. */
  roomsAvailableForTeams(user: User, name: string): JsonObject[] {
    return roomSearch.roomsAvailableForTeams(this.#state, user, name);
  }

  // rooms-lifecycle: rename, archive, unarchive, delete (src/store/room-lifecycle.ts)

  /** `saveRoomName` (already permitted): the name's rules, then the room, its subscriptions and the `r` message; one commit. */
  renameRoom(actor: User, room: Room, name: string, rules: roomLifecycle.RenameRules): Room {
    return roomLifecycle.renameRoom(this.#state, actor, room, name, rules);
  }

  /** `archiveRoom` / `unarchiveRoom` (already checked): the room, its subscriptions and the system message; one commit. */
  setArchived(actor: User, room: Room, archived: boolean): Room {
    return roomLifecycle.setArchived(this.#state, actor, room, archived);
  }

  /** `deleteRoom` (already checked): the room, its messages and subscriptions gone; one commit. */
  eraseRoom(actor: User, room: AnyRoom): void {
    roomLifecycle.eraseRoom(this.#state, actor, room);
  }

  // room roles through the roles routes, the public roles' holders (src/store/roles.ts)

  /**
   * A room role given or taken in a member's subscription of the room `scope` names (already
   * checked), no system message; one commit with the `roles-change` notice (scoped).
   */
  setSubscriptionRole(
    scope: string | undefined,
    member: User,
    role: RoomRole,
    add: boolean,
    username: string,
  ): void {
    roles.setSubscriptionRole(this.#state, scope, member, role, add, username);
  }

  /** The holders of the public roles (global, with a description), each with only those, by username. */
  usersInPublicRoles(): { _id: string; username: string; roles: string[] }[] {
    return roles.usersInPublicRoles(this.#state);
  }

  // a room's settings saved (src/store/room-settings.ts), the checks of a
  // change of type shared with setType (src/store/rooms.ts)

  /** `saveRoomSettings`' savers and their one write (already checked); the room as answers show it. */
  saveRoomSettings(user: User, room: Room, settings: Readonly<Record<string, unknown>>): JsonObject {
    return roomSettings.saveRoomSettings(this.#state, user, room, settings);
  }

  /** `saveRoomSettings(roomType)`'s checks after `edit-room` (`create-p` / `create-c`, a known type). */
  checkTypeChange(user: User, room: Room, type: string): void {
    rooms.checkTypeChange(this.#state, user, room, type);
  }

  // the roles as the world's state (src/store/roles.ts): the seeded ones, the
  // scenario's custom ones and those made since

  /** Every role, in the collection's order (`roles.list`), each a copy. */
  roles(): RoleDoc[] {
    return roles.allRoles(this.#state).map((r) => ({ ...r }));
  }

  /** The ids of the global roles (`scope: "Users"`), those a user may hold, in the world's order (no copies). */
  globalRoleIds(): string[] {
    return roles.globalRoleIds(this.#state);
  }

  /** A role by id. */
  roleById(id: string): RoleDoc | undefined {
    const found = roles.roleById(this.#state, id);
    return found && { ...found };
  }

  /** A role by id, else by name (`Roles.findOneByIdOrName`). */
  roleByIdOrName(ref: string): RoleDoc | undefined {
    const found = roles.roleByIdOrName(this.#state, ref);
    return found && { ...found };
  }

  /** Whether the world has a role of this id (a permission may be granted to it). */
  isRoleId(id: string): boolean {
    return roles.isRoleId(this.#state, id);
  }

  /** How many roles the world holds, and how many it may (a fixed bound). */
  roleCount(): { count: number; limit: number } {
    return { count: this.#state.roles.size, limit: roles.ROLES_PER_WORLD };
  }

  /** Whether a user or a member in some room holds the role. */
  roleInUse(role: RoleDoc): boolean {
    return roles.roleInUse(this.#state, role);
  }

  /** A custom role made (already checked; past the bound refused), its `_id` the name or a fresh id; one commit. */
  insertRole(
    fields: Pick<RoleDoc, 'name' | 'scope' | 'description' | 'mandatory2fa'>,
    idIsName: boolean,
  ): RoleDoc {
    return roles.insertRole(this.#state, fields, idIsName);
  }

  /** A role's name, scope, description and 2FA flag replaced (already checked); one commit. */
  updateRole(
    id: string,
    fields: Pick<RoleDoc, 'name' | 'scope' | 'description' | 'mandatory2fa'>,
  ): RoleDoc | undefined {
    return roles.updateRole(this.#state, id, fields);
  }

  /** A custom role deleted (already checked); one commit. */
  deleteRole(id: string): void {
    roles.deleteRole(this.#state, id);
  }

  /** The API document's lenient transitions: a route's "same value" refusal lets the change through. */
  get lenient(): boolean {
    return this.#state.lenient;
  }

  // the teams' rooms and members after their making (src/store/team-rooms.ts)

  /** The rooms that name the team in `teamId` (its main room too), in the world's order. */
  teamRoomsOf(teamId: string): Room[] {
    return [...this.#state.rooms.values()].filter((room) => room.teamId === teamId);
  }

  /** The rooms of any kind with these ids, each once, in the world's order (`Rooms.findManyByRoomIds`). */
  roomsInWorldOrder(ids: readonly string[]): AnyRoom[] {
    const wanted = new Set(ids);
    const out: AnyRoom[] = [];
    for (const room of this.#state.rooms.values()) if (wanted.has(room._id)) out.push(room);
    for (const room of this.#state.directs.values()) if (wanted.has(room._id)) out.push(room);
    return out;
  }

  /** `teams.addRooms` (already checked): the rooms into the team; one commit. Returns them as changed. */
  addTeamRooms(team: Team, caller: User, rooms: readonly Room[]): Room[] {
    return teamRooms.addTeamRooms(this.#state, team, caller, rooms);
  }

  /** `teams.removeRoom` (already checked): the room out of the team; one commit. */
  removeTeamRoom(team: Team, caller: User, room: Room): Room {
    return teamRooms.removeTeamRoom(this.#state, team, caller, room);
  }

  /** `teams.updateRoom` (already checked): `teamDefault`, and a default room's new members; one commit. */
  setTeamDefault(caller: User, room: Room, isDefault: boolean, members: readonly User[]): Room {
    return teamRooms.setTeamDefault(this.#state, caller, room, isDefault, members);
  }

  /** `teams.removeMember` / `teams.leave` (already checked): out of the team, its main room and the rooms named. */
  removeTeamMember(
    team: Team,
    member: User,
    by: { main?: User; rooms?: User },
    rooms: readonly Room[],
  ): void {
    teamRooms.removeTeamMember(this.#state, team, member, by, rooms);
  }

  /** `teams.updateMember`: the member's roles in the team and its main room; one commit. */
  updateTeamMember(team: Team, member: User, roles: readonly string[]): void {
    teamRooms.updateTeamMember(this.#state, team, member, roles);
  }

  /** `teams.delete` / `teams.convertToChannel` (already checked); one commit. */
  endTeam(team: Team, caller: User, end: teamRooms.TeamEnd): void {
    teamRooms.endTeam(this.#state, team, caller, end);
  }

  /** `teams.update` (already checked): the main room renamed / retyped, the team's name and type; one commit. */
  updateTeam(team: Team, caller: User, data: { name?: string; type?: TeamType }, layout: RoomLayout): void {
    teamRooms.updateTeam(this.#state, team, caller, data, layout);
  }

  /** `channels.convertToTeam` (checked but the team's name): the room becomes a team's main room; one commit. */
  convertRoomToTeam(room: Room, caller: User, layout: RoomLayout): Team {
    return teamRooms.convertRoomToTeam(this.#state, room, caller, layout);
  }

  // personal access tokens, presence, autocomplete, one's own account
  // (src/store/personal-tokens.ts, src/store/user-lookups.ts)

  /** A user's live personal access tokens as `users.getPersonalAccessTokens` lists them. */
  personalTokens(user: User): personalTokens.TokenListing[] {
    return personalTokens.listTokens(this.#state, user);
  }

  /** Adds a named personal access token (the name free, at most `max` live ones); the token; one commit. */
  addPersonalToken(
    userId: string,
    input: { name: string; bypassTwoFactor: boolean; method: string },
    max: number,
  ): string {
    return personalTokens.addToken(this.#state, userId, input, max);
  }

  /** Makes a named personal access token again (the old one ends); the new token; one commit. */
  regeneratePersonalToken(userId: string, name: string, method: string): string {
    return personalTokens.regenerateToken(this.#state, userId, name, method);
  }

  /** Removes a named personal access token (it ends at once); one commit. */
  removePersonalToken(userId: string, name: string, method: string): void {
    personalTokens.removeToken(this.#state, userId, name, method);
  }

  /** Ends a user's login tokens but `keep` and the personal access tokens (a new password's logout of the others). */
  dropOtherLoginTokens(userId: string, keep: string | undefined): void {
    personalTokens.dropLoginTokensExcept(this.#state, userId, keep);
  }

  /** `users.presence`: who is online (or changed since `since`), as `{users, full}`. */
  presence(
    caller: User,
    query: { ids?: readonly string[]; since?: string },
  ): { users: JsonObject[]; full: boolean } {
    return userLookups.presence(this.#state, caller, query);
  }

  /** `users.autocomplete`: at most 10 users the caller may mention, contacts first. */
  autocompleteUsers(caller: User, selector: userLookups.AutocompleteSelector): JsonObject[] {
    return userLookups.autocompleteUsers(this.#state, caller, selector);
  }

  /** How many usernames match a pattern (`getUsernameSuggestion`'s count of `<name>-<n>`). */
  countUsernames(pattern: RegExp): number {
    return userLookups.countUsernames(this.#state, pattern);
  }

  // members, room roles, counters, groups.list, and a member's subscription
  // flags (src/store/room-reads.ts)

  /** A room's active members that pass the filter, in the order asked for (`findUsersOfRoom`). */
  roomMemberUsers(room: AnyRoom, filter: RoomMemberFilter, order: RoomMemberOrder): User[] {
    return roomReads.roomMemberUsers(this.#state, room, filter, order);
  }

  /** A member's subscription as `im.members` (8.x) shows it: `{_id, ts, roles?}`. */
  memberSubscription(room: AnyRoom, user: User): JsonObject {
    return roomReads.memberSubscription(this.#state, room, user);
  }

  /** `getRoomRoles`: the members holding a room role, `{_id, rid, u, roles}` by username. */
  roomRoleHolders(room: Room): JsonObject[] {
    return roomReads.roomRoleHolders(this.#state, room);
  }

  /** The room's moderators as `{_id, username, name}`. */
  roomModerators(room: Room): JsonObject[] {
    return roomReads.roomModerators(this.#state, room);
  }

  /** How many visible messages a room has from `from` to `to`, both included. */
  countVisibleBetween(rid: string, from: string, to: string): number {
    return roomReads.countVisibleBetween(this.#state, rid, from, to);
  }

  /** A room's newest visible message, if any. */
  lastVisibleMessage(rid: string): Message | undefined {
    return roomReads.lastVisibleMessage(this.#state, rid);
  }

  /** A member's subscription state (open, alert, unread, ls…), or undefined for a non-member. */
  memberState(room: AnyRoom, user: User): SubscriptionState | undefined {
    return roomReads.memberState(this.#state, room, user);
  }

  /** `openRoom` / `hideRoom`: a member's subscription opened, or closed (its alert off); one commit. */
  setSubscriptionOpen(user: User, rid: string, open: boolean): void {
    roomReads.setSubscriptionOpen(this.#state, user, rid, open);
  }

  /** `unreadMessages`' write: the member's subscription unread from `ls`; one commit (a non-member: nothing). */
  markUnread(user: User, rid: string, ls: string): void {
    roomReads.markUnread(this.#state, user, rid, ls);
  }

  /** `addAllUserToRoom`'s write: the users not yet members join, each with their `uj`; one commit. */
  addAllUsers(room: Room, users: readonly User[]): Room {
    return roomReads.addAllUsers(this.#state, room, users);
  }

  /** Every user of the world, the inactive ones too unless `activeOnly`. */
  allUsers(activeOnly: boolean): User[] {
    return roomReads.allUsers(this.#state, activeOnly);
  }

  /** A message by `_id`, whoever asks (`unreadMessages` reads it before any access rule). */
  messageById(id: string): Message | undefined {
    return this.#state.messages.get(id);
  }

  /** `groups.list` (the caller's private groups) and `groups.listAll` (every one, `all`). */
  listGroups(user: User, options: ListOptions, all: boolean): ListResult {
    return roomReads.listGroups(this.#state, user, options, all);
  }

  // presence and loadHistory's page (src/store/presence.ts)

  /** A realtime login: the connection (its session id) is the user's, online; the user's presence follows. */
  presenceConnect(uid: string, session: string): void {
    presence.connect(this.#state, uid, session);
  }

  /** A realtime logout or a closed connection: the connection is no one's; its user's presence follows. */
  presenceDisconnect(session: string): void {
    presence.disconnect(this.#state, session);
  }

  /** `UserPresence:online` / `:away`: whether the connection's record changed. */
  setConnectionStatus(uid: string, session: string, status: presence.ConnectionStatus): boolean {
    return presence.setConnectionStatus(this.#state, uid, session, status);
  }

  /** The user's `statusDefault` (and `statusText`), its `status` worked out again; whether the user changed. */
  setDefaultStatus(uid: string, change: { statusDefault?: string; statusText?: string }): boolean {
    return presence.setDefaultStatus(this.#state, uid, change);
  }

  /** `loadHistory`'s page: the messages, newest first, and the unread mark after `ls`. */
  historyPage(
    user: User,
    rid: string,
    request: presence.HistoryRequest,
  ): { messages: Message[]; firstUnread?: Message; unreadNotLoaded: number } {
    return presence.historyPage(this.#state, user, rid, request);
  }

  // reactions, pins, stars

  /** `setReaction`'s write: the caller's reaction toggled (or set as asked); false: nothing to do. */
  setReaction(
    user: User,
    message: Message,
    emoji: string,
    shouldReact: boolean | undefined,
    method: string,
  ): boolean {
    return messageActions.setReaction(this.#state, user, message, emoji, shouldReact, method);
  }

  /** `pinMessage`'s write: the message pinned and its `message_pinned` posted; answers the system message. */
  pinMessage(
    user: User,
    message: Message | undefined,
    rules: messageActions.PinRules,
    pinnedAt?: string,
  ): Message {
    return messageActions.pinMessage(this.#state, user, message, rules, pinnedAt);
  }

  /** `unpinMessage`'s write: `pinned: false`, `pinnedAt` and `pinnedBy` the caller's; one commit. */
  unpinMessage(user: User, message: Message | undefined, method: string): void {
    messageActions.unpinMessage(this.#state, user, message, method);
  }

  /** A message as the caller's answers show it: `starred` cut to the caller's own. */
  messageForUser(message: Message, user: User): Message {
    return messageActions.forUser(message, user);
  }

  /** `starMessage`'s write: the caller's star added or taken; false: not the caller's room's message. */
  starMessage(user: User, input: { _id: string; rid: string; starred: boolean }, method: string): boolean {
    return messageActions.starMessage(this.#state, user, input, method);
  }

  /** `followMessage` / `unfollowMessage`'s write: the caller in (or out of) the thread root's `replies`. */
  followMessage(user: User, mid: string, follow: boolean, method: string): void {
    messageActions.followMessage(this.#state, user, mid, follow, method);
  }

  /** `reportMessage`'s checks (the report is not kept). */
  reportMessage(user: User, messageId: string, description: string): void {
    messageActions.reportMessage(this.#state, user, messageId, description);
  }

  /** A room's mentioned, starred or pinned messages, a page; undefined: no such room, or not the caller's to see. */
  listMessages(
    user: User,
    rid: string,
    kind: messageActions.MessageListKind,
    page: { offset: number; count: number },
  ): { messages: Message[]; total: number } | undefined {
    return messageActions.listMessages(this.#state, user, rid, kind, page);
  }

  // discussions made and listed (src/store/discussions.ts)

  /** `createDiscussion`'s write (checked): the room, its members, its first messages; one commit. */
  createDiscussion(input: discussions.NewDiscussion, layout: RoomLayout): Room {
    return discussions.createDiscussion(this.#state, input, layout);
  }

  /** A parent room's discussions, by title, a page and how many in all. */
  discussionsOf(rid: string, page: { offset: number; count: number }): { rooms: Room[]; total: number } {
    return discussions.discussionsOf(this.#state, rid, page);
  }

  /** A room's `discussion-created` messages, newest first, their text holding `text`; a page. */
  discussionMessages(
    rid: string,
    text: string,
    page: { offset: number; count: number },
  ): { messages: Message[]; total: number } {
    return discussions.discussionMessages(this.#state, rid, text, page);
  }

  // spotlight, directory, custom emoji, slash commands, push tokens (src/store/startup.ts)

  /** `spotlight`: at most five users and five public channels matching a text, as the caller may see them. */
  spotlight(caller: User, query: startup.SpotlightQuery): { users: JsonObject[]; rooms: JsonObject[] } {
    return startup.spotlight(this.#state, caller, query);
  }

  /** `browseChannels`: a page of channels, users or teams and their number; undefined: nothing to answer. */
  directory(
    caller: User,
    query: startup.DirectoryQuery,
  ): { result: JsonObject[]; total: number } | undefined {
    return startup.directory(this.#state, caller, query);
  }

  /** The world's custom emoji (a scenario's `emojis`). */
  customEmojis(): readonly CustomEmoji[] {
    return startup.customEmojis(this.#state);
  }

  /** The world's own slash commands (a scenario's `commands`). */
  slashCommands(): readonly SlashCommand[] {
    return startup.slashCommands(this.#state);
  }

  /** A user's push tokens, oldest first. */
  pushTokens(userId: string): readonly startup.PushToken[] {
    return startup.pushTokensOf(this.#state, userId);
  }

  /** `push.token`'s write: the token registered (or updated); the document before and after; one commit. */
  registerPushToken(
    userId: string,
    input: startup.PushTokenInput,
  ): { before: startup.PushToken; after: startup.PushToken } {
    return startup.registerPushToken(this.#state, userId, input);
  }

  /** `DELETE push.token`'s write: the user's documents of that token removed; how many. */
  removePushToken(userId: string, token: string): number {
    return startup.removePushToken(this.#state, userId, token);
  }

  // REST users.setStatus's presence (src/store/presence.ts)

  /**
   * `users.setStatus`'s write: the message, then `status` and `statusDefault` as given, each told
   * as a presence change with the user's name (one commit). The user as it ends.
   */
  setStatusAsGiven(uid: string, change: { status?: string; statusText?: string }): User | undefined {
    return presence.setStatusAsGiven(this.#state, uid, change);
  }

  // a room's threads and a thread's replies (src/store/thread-reads.ts)

  /** `chat.getThreadsList`: threads on, the room seen, then a page of its threads (newest reply first). */
  threadsList(
    user: User,
    rid: string,
    filter: threadReads.ThreadsFilter,
    page: threadReads.ThreadPage,
  ): { threads: Message[]; total: number } {
    return threadReads.threadsList(this.#state, user, rid, filter, page);
  }

  /** `chat.getThreadMessages`: threads on, the root, its room seen, then a page of its replies (oldest first). */
  threadMessages(
    user: User,
    tmid: string,
    page: threadReads.ThreadPage,
    hidden: boolean,
    aroundId?: string,
  ): { messages: Message[]; total: number; offset: number } {
    return threadReads.threadMessages(this.#state, user, tmid, page, hidden, aroundId);
  }

  /** `chat.syncThreadMessages`: the thread's replies changed after `since`. */
  syncThreadMessages(
    user: User,
    tmid: string,
    since: string,
    page: threadReads.ThreadPage,
  ): { update: Message[]; remove: Message[] } {
    return threadReads.syncThreadMessages(this.#state, user, tmid, since, page);
  }

  /** `chat.syncThreadsList`: the room's threads changed after `since`. */
  syncThreadsList(
    user: User,
    rid: string,
    since: string,
    page: threadReads.ThreadPage,
  ): { update: Message[]; remove: Message[] } {
    return threadReads.syncThreadsList(this.#state, user, rid, since, page);
  }

  /** `Threads_enabled` off: `Threads Disabled` (the routes that check it before their parameters). */
  requireThreads(): void {
    threadReads.requireThreads(this.#state);
  }

  /** The `getThreadMessages` method: the root and its replies newest first; the thread read for the caller. */
  threadMessagesMethod(
    user: User,
    input: { tmid: string; limit: number; skip: number },
    emptyWithoutReplies: boolean,
    method: string,
  ): Message[] {
    return threadReads.threadMessagesMethod(this.#state, user, input, emptyWithoutReplies, method);
  }

  /** The `readThreads` method: the thread read for the caller (off its unread threads). */
  readThreads(user: User, tmid: string, method: string): void {
    threadReads.readThreads(this.#state, user, tmid, method);
  }

  /** `chat.readThread`: the thread read for the caller. */
  readThread(user: User, tmid: string): void {
    threadReads.readThreadRoute(this.#state, user, tmid);
  }

  // uploads (src/store/uploads.ts)

  /** Stores an uploaded file, within the world's byte budget (`uploadBytesPerWorld`); one commit. */
  addUpload(input: uploads.NewUpload): uploads.UploadDoc {
    return uploads.addUpload(this.#state, input);
  }

  /** An upload (its document and bytes) by id. */
  upload(id: string): uploads.StoredUpload | undefined {
    return uploads.uploadById(this.#state, id);
  }

  /** A temporary upload confirmed (`expiresAt` unset, the description kept); one commit. */
  confirmUpload(id: string, description: string | undefined): uploads.UploadDoc {
    return uploads.confirmUpload(this.#state, id, description);
  }

  /** A room's uploads, oldest first. */
  roomUploads(rid: string): uploads.UploadDoc[] {
    return uploads.roomUploads(this.#state, rid);
  }

  /** The message whose `file` is an upload, if there is one (in the upload's room). */
  fileMessage(fileId: string): Message | undefined {
    return uploads.fileMessage(this.#state, fileId);
  }

  /** An upload deleted alone (its message, if any, stays); one commit. */
  deleteUpload(fileId: string): void {
    uploads.deleteUpload(this.#state, fileId);
  }

  /** The bytes the world's uploads hold. */
  uploadedBytes(): number {
    return this.#state.uploads.bytes;
  }

  // deleted messages, sync, search, ignore

  /** `chat.getDeletedMessages`: a room's messages deleted at or after `since` (ms), a page, and the total. */
  deletedMessages(
    rid: string,
    since: number,
    page: messageSearch.PageWindow,
  ): { messages: { _id: string }[]; total: number } {
    return messageSearch.deletedMessages(this.#state, rid, since, page);
  }

  /** `chat.syncMessages`: what changed since `lastUpdate`, or a cursor's page; undefined: no such room, or not the caller's to see. */
  syncMessages(
    user: User,
    rid: string,
    query: messageSearch.SyncQuery,
  ): messageSearch.SyncResult | undefined {
    return messageSearch.syncMessages(this.#state, user, rid, query);
  }

  /** `chat.search`: a page of what the search text finds; undefined: no such room, or not the caller's to see. */
  searchMessages(
    user: User,
    rid: string,
    text: string,
    page: messageSearch.PageWindow,
  ): Message[] | undefined {
    return messageSearch.searchMessages(this.#state, user, rid, text, page);
  }

  /** `ignoreUser`'s write: the user's `_id` in (or out of) the caller's subscription's `ignored`. */
  ignoreUser(user: User, input: { rid: string; userId: string; ignore: boolean }, method: string): void {
    messageSearch.ignoreUser(this.#state, user, input, method);
  }

  /** `cleanRoomHistory`'s write (already checked): the messages removed, or (filesOnly) their files; the count. */
  cleanRoomHistory(room: AnyRoom, input: messageSearch.CleanInput): number {
    return messageSearch.cleanRoomHistory(this.#state, room, input);
  }

  // a reset that keeps logins

  /** The login tokens issued since the baseline that still log their user in, as `[token, userId]`. */
  loginsIssued(): [string, string][] {
    return users.loginsIssued(this.#state);
  }

  /** Gives back another store's login tokens whose user is in this one (a reset that keeps logins); how many. */
  keepLogins(logins: readonly (readonly [string, string])[]): number {
    return users.keepLogins(this.#state, logins);
  }

  // the inspector (issue 49): pages read from the indexes

  /** The rooms by last message, then name; with `user`, that user's, with the user's counts (src/store/inspect.ts). */
  inspectRooms(options: PageWindow & { user?: User; q?: string }): { rooms: InspectRoom[]; total: number } {
    return inspect.inspectRooms(this.#state, options);
  }

  /** A room's newest top-level messages before `before`, as people read them (src/store/inspect.ts). */
  inspectMessages(
    rid: string,
    options: { count: number; before?: string },
  ): InspectedMessages | 'no-room' | 'before-unknown' {
    return inspect.inspectMessages(this.#state, rid, options);
  }

  /** The users by username, `q` a part of the username or name (src/store/inspect-world.ts). */
  inspectUsers(options: PageWindow & { q?: string }): { users: InspectUser[]; total: number } {
    return inspectWorld.inspectUsers(this.#state, options);
  }

  /** A page of users, rooms or integrations as `state()` shows them, and which changed (src/store/inspect-world.ts). */
  inspectWorld(
    kind: WorldKind,
    options: PageWindow & { q?: string },
  ): { rows: unknown[]; total: number; changed: Record<string, 'added' | 'changed'> } {
    return inspectWorld.inspectWorld(this.#state, kind, options);
  }

  /** What changed since the baseline, one row per entity, newest first (src/store/inspect-world.ts). */
  inspectChanges(window: PageWindow): { changes: ChangeRow[]; total: number } {
    return inspectWorld.inspectChanges(this.#state, window);
  }

  // helper H (issue 46): teams.autocomplete

  /** `teams.autocomplete`: ten teams' main rooms whose name starts so, public or the caller's. */
  teamsAutocomplete(user: User, name: string): JsonObject[] {
    return roomSearch.teamsAutocomplete(this.#state, user, name);
  }

  // /mute and /unmute

  /** A user muted or unmuted in a room, with its system message (src/store/room-mutes.ts). */
  setMuted(actor: User, room: Room, username: string, muted: boolean): void {
    roomMutes.setMuted(this.#state, actor, room, username, muted);
  }

  // /status's message alone, /hide @user's direct room

  /**
   * `setStatusText` (`/status text`, `setUserStatus(undefined, text)`): only the user's
   * `statusText` (trimmed, 120 characters at most), told as a presence change with the user's name
   * (`presence.status`); the presence fields stay. Nothing when the text is the user's already.
   * Whether the user changed.
   */
  setStatusText(uid: string, text: string): boolean {
    const user = this.#state.users.get(uid);
    if (!user || user.statusText === text.trim().slice(0, 120)) return false;
    presence.setStatusAsGiven(this.#state, uid, { statusText: text });
    return true;
  }

  /** The direct room whose members are exactly these users (any order, each once), if there is one. */
  directWith(uids: readonly string[]): DirectRoom | undefined {
    return directs.directWithMembers(this.#state, [...new Set(uids)].sort());
  }
}
