import { byEra } from '../eras';
import { roomView } from '../operations/views';
import type { Profile } from '../profiles';
import type {
  ChangeOp,
  CleanedNotice,
  MessageChange,
  PermissionChange,
  RoleChange,
  RoleDocChange,
  UserChange,
} from '../store/events';
import type { ChangeEvent, Store } from '../store/store';
import type { AnyRoom, User } from '../types';
import { settingRow } from '../store/setting-registry';
import { documentEjson } from './ejson';

/**
 * The one table from the store's change events (src/store/events.ts) to the realtime streams:
 * for each event's kind and op, which stream, which event name and to whom, or why it reaches
 * none. Each DDP connection hears every commit (`FakeWorld.watchChanges`) and sends what this
 * table says, through {@link deliver}.
 *
 * How a commit's events become frames:
 * - what the commit adds (a room, a subscription) goes first, then the rest in the commit's order:
 *   the real server inserts a joiner's subscription (`notifyOnSubscriptionChangedById(id,
 *   'inserted')`) before it posts the join's `uj`, where the store tells the `uj` first;
 * - a message's frames reach a socket in the order the socket subscribed (each sub gets at most
 *   one frame of it), as they were checked against the real server; another change's go route by
 *   route, in the table's order (a room's insertion before its members' subscriptions);
 * - a message posted tells its members' `rooms-changed` and `subscriptions-changed` itself (the
 *   frames checked against the real server: one of each per message, sent as the message is), so
 *   a room update and subscription updates in a commit with a message of that room are not told
 *   again (`unless: 'room-told'`, `unless: 'subscriptions-told'`); a deletion tells the room the
 *   same way;
 * - a reply kept in its thread (`tmid` without `tshow`) tells every member's `rooms-changed` but
 *   not their subscriptions: `notifyUsersOnMessage` stops there for it, and the thread's hooks
 *   (`updateThreadUsersSubscriptions`, `reply`) tell only the users whose subscriptions they
 *   changed (the replier, the thread's followers, the users mentioned), each hearing its own once;
 * - a message deleted tells every member `rooms-changed`; the subscriptions it changes (a thread
 *   reply's: the thread no longer unread) are not told (the real server tells only the deleter);
 * - a message changed (an edit, a reaction, a pin, a thread's new reply count) reaches the room's
 *   streams only (`notifyOnMessageChange`); when it is the room's last message, the room's update
 *   in the same commit tells the members' `rooms-changed`;
 * - a room added with members tells each member's subscription as inserted, unless the commit
 *   inserts that subscription itself (a direct room's do: `unless: 'subscription-inserted'`).
 *
 * Layer: realtime.
 */

/** The streams a client may follow. */
export type StreamName =
  | 'stream-room-messages'
  | 'stream-notify-room'
  | 'stream-notify-user'
  | 'stream-notify-all'
  | 'stream-notify-logged'
  | 'stream-user-presence';

/**
 * Who gets a route's frame:
 * - `room`: the subs of the room's own stream (`stream-room-messages` `<rid>`);
 * - `my-messages`: `stream-room-messages` `__my_messages__` of a user who may see the room;
 * - `room-event`: `stream-notify-room` `<rid>/<event>`;
 * - `members`: `stream-notify-user` `<uid>/<event>` of each member of the room as the change left it;
 * - `user`: `stream-notify-user` `<uid>/<event>` of the subscription's own user;
 * - `anyone`: `stream-notify-all` `<event>`, a logged-out socket too;
 * - `setting-readers`: `stream-notify-logged` `<event>` of a user with `view-privileged-setting`,
 *   `edit-privileged-setting` or `manage-selected-settings` (who may subscribe to it);
 * - `logged`: `stream-notify-logged` `<event>` of any logged-in user;
 * - `presence-watchers`: a connection's `stream-user-presence` sub watching the user (logged in
 *   or not; the connection keeps the watched ids, src/realtime/connection.ts).
 */
export type Audience =
  | 'room'
  | 'my-messages'
  | 'room-event'
  | 'members'
  | 'user'
  | 'anyone'
  | 'setting-readers'
  | 'logged'
  | 'presence-watchers';

/**
 * What a frame carries after the op (if any):
 * - `message`: the message as EJSON;
 * - `message-about`: the message and `{roomParticipant, roomType, roomName}`;
 * - `message-id`: `{_id}` of the message;
 * - `room`: the room as the notify streams send it (without what no response carries);
 * - `subscription`: the reader's subscription to the room as `subscriptions.getOne` answers it;
 * - `setting`: `{_id, value, enterprise}` of each setting changed (listeners.module's `value`);
 * - `permission`: the permission's document `{_id, _updatedAt, roles}` as EJSON;
 * - `role`: `{type: "added" | "removed", _id, u: {_id, username}, scope}` (`user.roleUpdate`);
 * - `role-doc`: `{type: "changed", _id}` of a role made or changed (`user.roleUpdate`);
 * - `user-status`: `[[_id, username, statusNum, statusText, name, roles]]` (5.x: the first four);
 * - `user-presence`: `[[username, statusNum, statusText]]`;
 * - `user-name`: `{_id, name, username}` of a user renamed (`user.nameChanged`);
 * - `user-deleted`: `{userId}` of a user deleted.
 */
export type Payload =
  | 'message'
  | 'message-about'
  | 'message-id'
  | 'room'
  | 'subscription'
  | 'setting'
  | 'permission'
  | 'role'
  | 'role-doc'
  | 'user-status'
  | 'user-presence'
  | 'user-name'
  | 'user-deleted';

/** When a route is not sent, as another event of the same commit tells it (see the module's doc). */
export type Cover = 'room-told' | 'subscriptions-told' | 'subscription-inserted' | 'private-setting';

/** One stream a change reaches. */
export interface StreamRoute {
  readonly stream: StreamName;
  /** the event after `<rid>/` or `<uid>/` (the notify streams); none for a room's messages */
  readonly event?:
    | 'rooms-changed'
    | 'subscriptions-changed'
    | 'deleteMessage'
    | 'public-settings-changed'
    | 'private-settings-changed'
    | 'permissions-changed'
    | 'roles-change'
    | 'user-status'
    | 'Users:NameChanged'
    | 'Users:Deleted';
  readonly to: Audience;
  /** the first argument, for `rooms-changed` and `subscriptions-changed` */
  readonly op?: 'inserted' | 'updated' | 'removed';
  readonly payload: Payload;
  readonly unless?: Cover;
}

/** A change no stream carries (yet), and why. */
export interface NotStreamed {
  readonly streamed: false;
  readonly why: string;
}

export type TableEntry = readonly StreamRoute[] | NotStreamed;

/** The ops each kind of change may have (settings have none: one entry for all). */
type OpsOf<K extends ChangeEvent['kind']> =
  Extract<ChangeEvent, { kind: K }> extends { op: infer O } ? (O extends ChangeOp ? O : never) : never;

/** Every kind and op of {@link ChangeEvent}, each with its routes or why it has none. */
export type StreamTable = {
  readonly [K in ChangeEvent['kind']]: [OpsOf<K>] extends [never]
    ? TableEntry
    : { readonly [O in OpsOf<K>]: TableEntry };
};

const notStreamed = (why: string): NotStreamed => ({ streamed: false, why });

/** A message's own streams: the room's, and `__my_messages__` of the users who may see the room. */
const MESSAGE_STREAMS: readonly StreamRoute[] = [
  { stream: 'stream-room-messages', to: 'room', payload: 'message' },
  { stream: 'stream-room-messages', to: 'my-messages', payload: 'message-about' },
];

/** A reply kept in its thread (`tmid` without `tshow`): its streams, then each member's room. */
const REPLY_POSTED: readonly StreamRoute[] = [
  ...MESSAGE_STREAMS,
  { stream: 'stream-notify-user', event: 'rooms-changed', to: 'members', op: 'updated', payload: 'room' },
];

/** A message posted: as a reply kept in its thread, then each member's subscription too. */
const MESSAGE_POSTED: readonly StreamRoute[] = [
  ...REPLY_POSTED,
  {
    stream: 'stream-notify-user',
    event: 'subscriptions-changed',
    to: 'members',
    op: 'updated',
    payload: 'subscription',
  },
];

export const STREAM_TABLE: StreamTable = {
  room: {
    // `notifyOnRoomChanged(room, 'inserted')`, then each member's new subscription
    inserted: [
      {
        stream: 'stream-notify-user',
        event: 'rooms-changed',
        to: 'members',
        op: 'inserted',
        payload: 'room',
      },
      {
        stream: 'stream-notify-user',
        event: 'subscriptions-changed',
        to: 'members',
        op: 'inserted',
        payload: 'subscription',
        unless: 'subscription-inserted',
      },
    ],
    updated: [
      {
        stream: 'stream-notify-user',
        event: 'rooms-changed',
        to: 'members',
        op: 'updated',
        payload: 'room',
        unless: 'room-told',
      },
    ],
    // `deleteRoom` removes the members' subscriptions first (each told `subscriptions-changed`
    // `removed`, which ends the member's `rooms-changed` listening to the room), then the room:
    // its own `rooms-changed` `removed` finds no listener left
    removed: notStreamed(
      'a room is removed after its subscriptions: each member hears its subscription removed, and no longer hears the room',
    ),
  },
  subscription: {
    // `notifyOnSubscriptionChangedById(id, 'inserted')`: a join, a direct room opened
    inserted: [
      {
        stream: 'stream-notify-user',
        event: 'subscriptions-changed',
        to: 'user',
        op: 'inserted',
        payload: 'subscription',
      },
    ],
    // a read, a direct room opened again; a post's are told by its message
    updated: [
      {
        stream: 'stream-notify-user',
        event: 'subscriptions-changed',
        to: 'user',
        op: 'updated',
        payload: 'subscription',
        unless: 'subscriptions-told',
      },
    ],
    // a kick, a leave (`notifyOnSubscriptionChanged(sub, 'removed')`): the subscription as it was
    removed: [
      {
        stream: 'stream-notify-user',
        event: 'subscriptions-changed',
        to: 'user',
        op: 'removed',
        payload: 'subscription',
      },
    ],
  },
  message: {
    inserted: MESSAGE_POSTED,
    // `notifyOnMessageChange`: the room's streams; a last message's room update tells the members
    updated: MESSAGE_STREAMS,
    // a deletion changes the room (`msgs`, `lastMessage`), not the members' subscriptions
    removed: [
      { stream: 'stream-notify-room', event: 'deleteMessage', to: 'room-event', payload: 'message-id' },
      { stream: 'stream-notify-user', event: 'rooms-changed', to: 'members', op: 'updated', payload: 'room' },
    ],
  },
  user: {
    inserted: notStreamed(
      'a user made reaches no stream of its own: its subscriptions (a default channel’s) are streamed',
    ),
    // a presence change (`Presence.broadcast` / the listeners' `presence.status`): `user-status` to
    // every logged-in reader (5.x on), and `stream-user-presence` to the connections watching the
    // user (5.x on); a new name or username (`user.nameChanged`): `Users:NameChanged` to every
    // logged-in reader (each event's own flag says which it is)
    updated: [
      { stream: 'stream-notify-logged', event: 'user-status', to: 'logged', payload: 'user-status' },
      { stream: 'stream-user-presence', to: 'presence-watchers', payload: 'user-presence' },
      { stream: 'stream-notify-logged', event: 'Users:NameChanged', to: 'logged', payload: 'user-name' },
    ],
    // `user.deleted` (deleteUser): `Users:Deleted` to every logged-in reader
    removed: [
      { stream: 'stream-notify-logged', event: 'Users:Deleted', to: 'logged', payload: 'user-deleted' },
    ],
  },
  integration: {
    inserted: notStreamed('integrations reach no stream a client of the fake may follow'),
    updated: notStreamed('integrations reach no stream a client of the fake may follow'),
    removed: notStreamed('integrations reach no stream a client of the fake may follow'),
  },
  team: {
    inserted: notStreamed(
      'a team made reaches no stream: its main room and its members’ subscriptions are streamed',
    ),
    updated: notStreamed('a team changes with its main room, whose own event is streamed'),
    removed: notStreamed(
      'a team deleted reaches no stream: its rooms’ and members’ subscriptions’ own events are streamed',
    ),
  },
  // `watch.settings` (listeners.module): a public setting to everyone first, then every setting to
  // the users who may read the private ones
  settings: [
    {
      stream: 'stream-notify-all',
      event: 'public-settings-changed',
      to: 'anyone',
      op: 'updated',
      payload: 'setting',
      unless: 'private-setting',
    },
    {
      stream: 'stream-notify-logged',
      event: 'private-settings-changed',
      to: 'setting-readers',
      op: 'updated',
      payload: 'setting',
    },
  ],
  // `user.roleUpdate` (listeners.module), sent while UI_DisplayRoles is on (the fake has no such
  // setting: always); every logged-in user may follow it
  role: {
    inserted: [{ stream: 'stream-notify-logged', event: 'roles-change', to: 'logged', payload: 'role' }],
    removed: [{ stream: 'stream-notify-logged', event: 'roles-change', to: 'logged', payload: 'role' }],
  },
  // a role made or changed, `user.roleUpdate` `{type: 'changed', _id}` while
  // UI_DisplayRoles is on (always, as above); a role deleted is told on the `roles` publication
  // (`stream-roles`, 6.x on), which the fake does not serve
  'role-doc': {
    inserted: [{ stream: 'stream-notify-logged', event: 'roles-change', to: 'logged', payload: 'role-doc' }],
    updated: [{ stream: 'stream-notify-logged', event: 'roles-change', to: 'logged', payload: 'role-doc' }],
    removed: notStreamed('a role deleted is told on stream-roles (6.x on), which the fake does not serve'),
  },
  // `notifyOnPermissionChangedById` (notifyListener.ts): every logged-in user may follow it
  permission: {
    updated: [
      {
        stream: 'stream-notify-logged',
        event: 'permissions-changed',
        to: 'logged',
        op: 'updated',
        payload: 'permission',
      },
    ],
  },
};

/** The entry of one event's kind and op. */
export function entryOf(event: ChangeEvent): TableEntry {
  switch (event.kind) {
    case 'room':
      return STREAM_TABLE.room[event.op];
    case 'subscription':
      return STREAM_TABLE.subscription[event.op];
    case 'message':
      return STREAM_TABLE.message[event.op];
    case 'user':
      return STREAM_TABLE.user[event.op];
    case 'integration':
      return STREAM_TABLE.integration[event.op];
    case 'team':
      return STREAM_TABLE.team[event.op];
    case 'settings':
      return STREAM_TABLE.settings;
    case 'permission':
      return STREAM_TABLE.permission[event.op];
    case 'role':
      return STREAM_TABLE.role[event.op];
    case 'role-doc':
      return STREAM_TABLE['role-doc'][event.op];
  }
}

/** The routes of one event: none for an entry not streamed, nor for a provider state's quiet edit. */
function routesOf(event: ChangeEvent): readonly StreamRoute[] {
  if (event.kind === 'message' && event.quiet === true) return [];
  const entry = entryOf(event);
  if ('streamed' in entry) return [];
  if (entry === MESSAGE_POSTED && event.kind === 'message' && event.message.tmid !== undefined)
    return event.message.tshow === true ? entry : REPLY_POSTED;
  return entry;
}

/** Whether a message's routes tell the members' `event` (`rooms-changed`, `subscriptions-changed`). */
function tellsMembers(routes: readonly StreamRoute[], event: StreamRoute['event']): boolean {
  return routes.some((route) => route.to === 'members' && route.event === event);
}

/** The events that reach streams: room, subscription and message changes. */
type StreamedEvent = Extract<ChangeEvent, { kind: 'room' | 'subscription' | 'message' }>;

/** One event of a commit and the routes told together (sub by sub), once the commit's covers are applied. */
export interface Step {
  readonly event: StreamedEvent;
  readonly routes: readonly StreamRoute[];
}

/** A commit as the streams tell it: its steps, and the subscriptions it inserts (`<rid> <uid>`). */
export interface Plan {
  readonly steps: readonly Step[];
  readonly inserted: ReadonlySet<string>;
}

const EMPTY_PLAN: Plan = { steps: [], inserted: new Set() };

/** The plans made, one per commit: every connection hears the same array of events. */
const plans = new WeakMap<readonly ChangeEvent[], Plan>();

function ridOf(event: StreamedEvent): string {
  if (event.kind === 'room') return event.room._id;
  if (event.kind === 'subscription') return event.rid;
  return event.message.rid;
}

const isInsertion = (event: ChangeEvent): boolean =>
  (event.kind === 'room' || event.kind === 'subscription') && event.op === 'inserted';

/** The steps of one commit (made once, whoever asks): insertions first, covered routes left out. */
export function planOf(events: readonly ChangeEvent[]): Plan {
  const made = plans.get(events);
  if (made) return made;
  // the rooms whose members' rooms and subscriptions a message of the commit tells itself
  let roomsTold: Set<string> | undefined;
  let subscriptionsTold: Set<string> | undefined;
  let inserted: Set<string> | undefined;
  // each message's routes, read once for its covers and again for its step
  const messageRoutes = new Map<ChangeEvent, readonly StreamRoute[]>();
  for (const event of events) {
    if (event.kind === 'message') {
      const routes = routesOf(event);
      messageRoutes.set(event, routes);
      if (tellsMembers(routes, 'rooms-changed')) (roomsTold ??= new Set()).add(event.message.rid);
      // a deletion's subscription changes (a thread reply's: the thread no longer unread) are not
      // told either: the real server tells them only to the deleter (`deleteThreadMessage`)
      if (event.op === 'removed' || tellsMembers(routes, 'subscriptions-changed'))
        (subscriptionsTold ??= new Set()).add(event.message.rid);
    } else if (event.kind === 'subscription' && event.op === 'inserted')
      (inserted ??= new Set()).add(`${event.rid} ${event.uid}`);
  }
  const ordered = events.some(isInsertion)
    ? [...events.filter(isInsertion), ...events.filter((event) => !isInsertion(event))]
    : events;
  const steps: Step[] = [];
  for (const event of ordered) {
    if (event.kind !== 'room' && event.kind !== 'subscription' && event.kind !== 'message') continue;
    const rid = ridOf(event);
    const routes = (messageRoutes.get(event) ?? routesOf(event)).filter(
      (route) =>
        (route.unless !== 'room-told' || roomsTold?.has(rid) !== true) &&
        (route.unless !== 'subscriptions-told' || subscriptionsTold?.has(rid) !== true),
    );
    // a message's frames go sub by sub; another change's route by route (a room's insertion, then
    // its members' subscriptions)
    if (event.kind === 'message') {
      if (routes.length > 0) steps.push({ event, routes });
    } else for (const route of routes) steps.push({ event, routes: [route] });
  }
  const plan = steps.length === 0 && !inserted ? EMPTY_PLAN : { steps, inserted: inserted ?? new Set() };
  plans.set(events, plan);
  return plan;
}

/** One stream sub of a connection. */
export interface StreamSub {
  readonly id: string;
  readonly name: string;
  /** the room id and event, the user id and event, or `__my_messages__` */
  readonly key: string;
}

/** A connection as the table's frames reach it. */
export interface StreamReader {
  /** the connection's user, if logged in */
  readonly user: User | undefined;
  readonly subs: ReadonlyMap<string, StreamSub>;
  readonly store: Store;
  /** the release line the world answers as (the presence frames' shape) */
  readonly profile: Pick<Profile, 'version'>;
  /** sends one stream event (`ejson`: the args are EJSON already) */
  changed(sub: StreamSub, args: unknown[], ejson: boolean): void;
}

/** A room as the notify streams send it: without what no response carries (a join code). */
export function roomOf(room: AnyRoom): unknown {
  return room.t === 'd' ? room : roomView(room);
}

/** The room a step is about, as the change left it (a subscription's is read from the store). */
function roomOfStep(event: StreamedEvent, store: Store): AnyRoom | undefined {
  return event.kind === 'subscription' ? store.anyRoom(event.rid) : event.room;
}

/** Whether a sub is the route's, for this reader (undefined user: logged out). */
function reaches(
  route: StreamRoute,
  sub: StreamSub,
  event: StreamedEvent,
  rid: string,
  reader: StreamReader,
  plan: Plan,
): boolean {
  if (sub.name !== route.stream) return false;
  const user = reader.user;
  switch (route.to) {
    case 'room':
      return sub.key === rid;
    case 'room-event':
      return sub.key === `${rid}/${route.event ?? ''}`;
    case 'my-messages': {
      if (sub.key !== '__my_messages__' || user === undefined) return false;
      const room = roomOfStep(event, reader.store);
      return room !== undefined && reader.store.maySee(user, room);
    }
    case 'members': {
      if (user === undefined || sub.key !== `${user._id}/${route.event ?? ''}`) return false;
      const room = roomOfStep(event, reader.store);
      if (room === undefined || !room.usernames.includes(user.username)) return false;
      return route.unless !== 'subscription-inserted' || !plan.inserted.has(`${rid} ${user._id}`);
    }
    case 'anyone':
    case 'setting-readers':
    case 'logged':
    case 'presence-watchers':
      return false;
    case 'user':
      return (
        user !== undefined &&
        event.kind === 'subscription' &&
        event.uid === user._id &&
        sub.key === `${user._id}/${route.event ?? ''}`
      );
  }
}

/** The args of a route's frame for this reader, and whether they are EJSON already; none to send. */
function argsOf(
  route: StreamRoute,
  event: StreamedEvent,
  rid: string,
  reader: StreamReader,
): { args: unknown[]; ejson: boolean } | undefined {
  const head = route.op !== undefined ? [route.op] : [];
  switch (route.payload) {
    case 'message':
      return { args: [documentEjson((event as MessageChange).message)], ejson: true };
    case 'message-about': {
      const { message, room } = event as MessageChange;
      const user = reader.user;
      const about = {
        roomParticipant: user !== undefined && room.usernames.includes(user.username),
        roomType: room.t,
        ...(room.t !== 'd' ? { roomName: room.name } : {}),
      };
      return { args: [documentEjson(message), about], ejson: true };
    }
    case 'message-id':
      return { args: [{ _id: (event as MessageChange).message._id }], ejson: false };
    case 'room': {
      const room = roomOfStep(event, reader.store);
      return room === undefined ? undefined : { args: [...head, roomOf(room)], ejson: false };
    }
    case 'subscription': {
      if (event.kind === 'subscription' && event.op === 'removed')
        return event.removed ? { args: [...head, event.removed], ejson: false } : undefined;
      const subscription = reader.user && reader.store.subscriptionFor(reader.user, rid);
      return subscription ? { args: [...head, subscription], ejson: false } : undefined;
    }
    case 'setting':
    case 'permission':
    case 'role':
    case 'role-doc':
    case 'user-status':
    case 'user-presence':
    case 'user-name':
    case 'user-deleted':
      return undefined;
  }
}

/** Who may read the private settings' stream (`stream-notify-logged` `private-settings-changed`). */
export function readsPrivateSettings(store: Store, user: User): boolean {
  return ['view-privileged-setting', 'edit-privileged-setting', 'manage-selected-settings'].some(
    (permission) => store.can(user, permission),
  );
}

/** A settings change: each setting changed, to each route's subs this reader may hear. */
function deliverSettings(changed: Readonly<Record<string, unknown>>, reader: StreamReader): void {
  const routes = STREAM_TABLE.settings;
  if ('streamed' in routes) return;
  for (const [id, value] of Object.entries(changed)) {
    const row = settingRow(id);
    if (!row) continue;
    const payload = { _id: id, value, enterprise: row.enterprise !== undefined };
    for (const route of routes) {
      if (route.unless === 'private-setting' && !row.public) continue;
      if (route.to === 'setting-readers' && !(reader.user && readsPrivateSettings(reader.store, reader.user)))
        continue;
      for (const sub of reader.subs.values())
        if (sub.name === route.stream && sub.key === route.event)
          reader.changed(sub, [route.op, payload], false);
    }
  }
}

/**
 * A permission changed (its document), or a role given or taken (the `roles-change` notice): to
 * each logged-in reader's subs of the route.
 */
function deliverToLogged(event: PermissionChange | RoleChange | RoleDocChange, reader: StreamReader): void {
  if (reader.user === undefined) return;
  const entry = entryOf(event);
  if ('streamed' in entry) return;
  const args =
    event.kind === 'permission'
      ? ['updated', documentEjson(event.permission)]
      : event.kind === 'role-doc'
        ? [{ type: 'changed', _id: event.role._id }]
        : [
            {
              type: event.op === 'inserted' ? 'added' : 'removed',
              _id: event.roleId,
              u: { ...event.u },
              ...(event.scope !== undefined ? { scope: event.scope } : {}),
            },
          ];
  for (const route of entry)
    for (const sub of reader.subs.values())
      if (sub.name === route.stream && sub.key === route.event) reader.changed(sub, args, true);
}

/** The status numbers of the presence frames (`STATUS_MAP`): an unknown status is `null`. */
const STATUS_NUMBER: Readonly<Record<string, number>> = { offline: 0, online: 1, away: 2, busy: 3 };

/** The presence frames each release line sends: 0.49 none (its `activeUsers` publication is not modelled), 5.x the short `user-status` tuple. */
const PRESENCE_FORM: Readonly<Record<string, 'none' | 'short' | 'long'>> = {
  '0.49': 'none',
  '5': 'short',
  '6': 'long',
};

/** Whether a release line has `stream-user-presence` (4.1 on). */
export const USER_PRESENCE_SERVED = { '0.49': false, '5': true };

const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** `stream-user-presence`'s args for a user's presence change: `[[username, statusNum, statusText]]`. */
export function userPresenceArgs(user: UserChange['user']): unknown[] {
  return [
    [user.username, STATUS_NUMBER[String(user.status ?? 'offline')] ?? null, textOrNull(user.statusText)],
  ];
}

/**
 * A presence change: `user-status` to each logged-in reader's sub of it, `[[_id, username,
 * statusNum, statusText, name, roles]]` (5.x: the first four). The Presence service's changes
 * carry no `name` (`null`), a missing `statusText` is `null`.
 */
function deliverPresence(event: UserChange, reader: StreamReader): void {
  const form = byEra(reader.profile, PRESENCE_FORM);
  if (reader.user === undefined || form === 'none' || event.presence === undefined) return;
  const { user } = event;
  const head = [
    user._id,
    user.username,
    STATUS_NUMBER[String(user.status ?? 'offline')] ?? null,
    textOrNull(user.statusText),
  ];
  const tuple =
    form === 'short'
      ? head
      : [...head, event.presence.withName ? textOrNull(user.name) : null, [...(user.roles ?? [])]];
  for (const sub of reader.subs.values())
    if (sub.name === 'stream-notify-logged' && sub.key === 'user-status') reader.changed(sub, [tuple], true);
}

/**
 * A user renamed (`Users:NameChanged`, `[{_id, name, username}]`) or deleted (`Users:Deleted`,
 * `[{userId}]`): to each logged-in reader's sub of it, in every release line.
 */
function deliverUserNotice(event: UserChange, reader: StreamReader): void {
  if (reader.user === undefined) return;
  const { user } = event;
  const notice =
    event.op === 'removed'
      ? { key: 'Users:Deleted', args: [{ userId: user._id }] }
      : event.op === 'updated' && event.renamed === true
        ? { key: 'Users:NameChanged', args: [{ _id: user._id, name: user.name, username: user.username }] }
        : undefined;
  if (notice === undefined) return;
  for (const sub of reader.subs.values())
    if (sub.name === 'stream-notify-logged' && sub.key === notice.key)
      reader.changed(sub, notice.args, false);
}

/**
 * A room's history cleaned (`notify.deleteMessageBulk`): `stream-notify-room`
 * `<rid>/deleteMessageBulk` with `{rid, excludePinned, ignoreDiscussion, ts, users[, ids]}`, the
 * window's ends as EJSON dates under `$gte`/`$lte` (inclusive) or `$gt`/`$lt`.
 */
function deliverCleaned(notice: CleanedNotice, reader: StreamReader): void {
  const key = `${notice.rid}/deleteMessageBulk`;
  const [gt, lt] = notice.inclusive ? ['$gte', '$lte'] : ['$gt', '$lt'];
  const args = [
    {
      rid: notice.rid,
      excludePinned: notice.excludePinned,
      ignoreDiscussion: notice.ignoreDiscussion,
      ts: { [gt]: { $date: Date.parse(notice.oldest) }, [lt]: { $date: Date.parse(notice.latest) } },
      users: [...notice.users],
      ...(notice.ids ? { ids: [...notice.ids] } : {}),
    },
  ];
  for (const sub of reader.subs.values())
    if (sub.name === 'stream-notify-room' && sub.key === key) reader.changed(sub, args, true);
}

/**
 * One commit's frames to one connection: step by step (see {@link planOf}), each step's frames in
 * the order the connection subscribed.
 */
export function deliver(events: readonly ChangeEvent[], reader: StreamReader): void {
  for (const event of events)
    if (event.kind === 'settings') deliverSettings(event.changed, reader);
    else if (event.kind === 'permission' || event.kind === 'role' || event.kind === 'role-doc')
      deliverToLogged(event, reader);
    else if (event.kind === 'user') {
      if (event.op === 'updated') deliverPresence(event, reader);
      deliverUserNotice(event, reader);
    } else if (event.kind === 'room' && event.cleaned) deliverCleaned(event.cleaned, reader);
  const plan = planOf(events);
  for (const { event, routes } of plan.steps) {
    // another user's subscription: nothing of it reaches this connection
    if (event.kind === 'subscription' && reader.user?._id !== event.uid) continue;
    const rid = ridOf(event);
    for (const sub of reader.subs.values())
      for (const route of routes) {
        if (!reaches(route, sub, event, rid, reader, plan)) continue;
        const frame = argsOf(route, event, rid, reader);
        if (frame) reader.changed(sub, frame.args, frame.ejson);
        break;
      }
  }
}
