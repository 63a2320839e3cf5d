import { pinMembers } from './member-list';
import type {
  AnyRoom,
  Author,
  DirectRoom,
  Integration,
  Message,
  PermissionTable,
  RoleDoc,
  Room,
  ServerSettings,
  User,
  WebhookDelivery,
} from '../types';
import type { Baseline } from './baseline';
import { initialPushTokens } from './push-token';
import type { PushToken } from './push-token';
import { FakeClock } from './clock';
import type { ClockMode } from './clock';
import type { ChangeEvent, ChangeOp, MessageEvent } from './events';
import { LayeredMap } from './layered';
import { KindLists } from './lists';
import { LoginGuard } from './login-guard';
import { Messages } from './messages';
import { objectIdMiddle } from './message-text';
import type { JsonObject } from './query';
import { DEFAULT_RULES } from './rules';
import type { StoreRules } from './rules';
import { SubscriptionStates } from './subscription-states';
import { Teams } from './teams';
import { newUploads } from './upload-table';
import type { Uploads } from './upload-table';
import { roomViewsOf } from './views';
import type { RoomViews } from './views';
import type { OutgoingIndex, Trigger } from './webhooks';

/**
 * One store's state, shared by every aggregate module (users, rooms, directs, subscriptions,
 * posting, editing, history, integrations, settings, access, snapshot): the layered maps over the
 * baseline, the indexes, the clock, the version, the ordered lists. Each module's functions take it
 * as their first argument; `commit` is the one way a command's change is told.
 *
 * Layer: store. Plain values; nothing of HTTP.
 */

/** Options that change the rules, not the data. */
export interface StoreOptions {
  /** told of every message stored, changed or removed, after the change (the realtime streams) */
  observer?: (event: MessageEvent) => void;
  /** told of every change's events (src/store/events.ts), in order, once the change is made */
  onChange?: (events: readonly ChangeEvent[]) => void;
  /** the API document's "from any state" transitions: same values succeed, `channels.*` finds `p` rooms */
  lenient?: boolean;
  /** how the clock moves (src/store/clock.ts): `fixed` (default), `running` or `now` */
  clock?: ClockMode;
  /** the rules of the server version to answer as (src/operations/store-rules.ts); default 8.9's */
  rules?: StoreRules;
  /** how far the world may grow through the API (src/limits.ts); default 10,000 each */
  bounds?: StoreBounds;
  /** the outgoing webhooks' delivery attempts the world made (`integrations.history` reads them) */
  deliveries?: () => readonly WebhookDelivery[];
}

/** How far a world may grow through the API: past these a command is refused. */
export interface StoreBounds {
  /** the users the world may hold (`usersPerWorld`) */
  readonly users: number;
  /** the integrations the world may hold (`integrationsPerWorld`) */
  readonly integrations: number;
  /** the teams the world may hold (`teamsPerWorld`) */
  readonly teams: number;
  /** the channels and groups the API may add (`roomsPerWorld`) */
  readonly rooms: number;
  /** the members one channel or group may hold (`membersPerRoom`) */
  readonly members: number;
  /** the bytes the world's uploaded files may hold together (`uploadBytesPerWorld`) */
  readonly uploadBytes?: number;
}

/** The bounds of a store made without any (the limits' defaults). */
const DEFAULT_BOUNDS: StoreBounds = Object.freeze({
  users: Number.POSITIVE_INFINITY,
  integrations: 10_000,
  teams: 10_000,
  rooms: 10_000,
  members: 10_000,
  uploadBytes: 64 * 1024 * 1024,
});

export interface StoreState {
  readonly clock: FakeClock;
  readonly seed: number;
  readonly lenient: boolean;
  readonly rules: StoreRules;
  readonly bounds: StoreBounds;
  readonly deliveries: () => readonly WebhookDelivery[];
  readonly views: RoomViews;
  readonly observer: ((event: MessageEvent) => void) | undefined;
  readonly onChange: ((events: readonly ChangeEvent[]) => void) | undefined;
  /** the permission table in force: the baseline's, replaced whole by a change of roles */
  permissions: PermissionTable;
  /** each permission's `_updatedAt` once a change stamped it (the others: the baseline's clock) */
  permissionStamps: Readonly<Record<string, string>>;
  readonly baseline: Baseline;
  readonly users: LayeredMap<string, User>;
  readonly userKeys: LayeredMap<string, string>;
  readonly rooms: LayeredMap<string, Room>;
  /** direct-message rooms, by `_id` */
  readonly directs: LayeredMap<string, DirectRoom>;
  /** the subscription states the baseline gives and those changed since (the rest are derived from the rooms) */
  readonly subscriptions: SubscriptionStates;
  /** username → the ids of the rooms the user is in; rebuilt after a change of membership */
  memberIndex: Map<string, string[]> | undefined;
  /** the member lists this store made and may append to in place (src/store/member-list.ts) */
  readonly ownedMembers: WeakSet<readonly string[]>;
  /**
   * the ids of the rooms a new user joins (`default: true`), once asked for: kept up to date by
   * every room change (a new user's joins must not read every room of a large world)
   */
  defaultRooms: Set<string> | undefined;
  readonly roomNames: LayeredMap<string, string>;
  /** how many channels and groups were deleted since the baseline (a new room's id counts them: never reused) */
  roomsRemoved: number;
  /** how many pins were made since the baseline (`pinMessage`; the fake's bound, src/store/message-actions.ts) */
  pinsMade: number;
  /** the rooms, subscriptions and messages deleted since the baseline, as Rocket.Chat's trash answers them (oldest first, bounded) */
  readonly trash: {
    readonly rooms: TrashEntry[];
    readonly subscriptions: TrashEntry[];
    /** messages removed (`chat.delete`, `rooms.cleanHistory`), with their room (`rid`) */
    readonly messages: TrashEntry[];
  };
  readonly integrations: LayeredMap<string, Integration>;
  /** the roles by `_id`: the seeded ones, the scenario's custom ones, those made since (src/store/roles.ts) */
  readonly roles: LayeredMap<string, RoleDoc>;
  readonly tokens: LayeredMap<string, string>;
  /** the login tokens issued since the baseline (a login, `createToken`), by token: a reset that keeps logins keeps these */
  readonly logins: Map<string, string>;
  /** the settings the world gives (the rest are the defaults, src/store/login-guard.ts) */
  settings: Partial<ServerSettings>;
  /** failed and successful logins, for the brute-force protection */
  readonly loginGuard: LoginGuard;
  readonly teams: Teams;
  /** some room belongs to a team: `channels.list` then filters per caller */
  teamRooms: boolean;
  /** the messages: the baseline's, and what was posted, edited or deleted since */
  readonly messages: Messages;
  /** each user's author object, shared by the messages they post */
  readonly authors: WeakMap<User, Author>;
  /** the middle of this world's message ids (see `objectId`) */
  readonly idMiddle: string;
  /** the outgoing webhooks that may fire, by channel key; rebuilt after a change of integrations */
  outgoing: OutgoingIndex | undefined;
  /** the messages that triggered outgoing webhooks, not yet taken for delivery */
  triggers: Trigger[];
  /** counts changes of state; cached orderings are valid for one version */
  version: number;
  /**
   * the ids of the users, rooms, direct rooms and integrations the committed change events named
   * since the baseline, in the order first named (`changes` reads these, not the whole maps)
   */
  readonly changed: ChangedIds;
  /** rooms and integrations in the orders lists ask for, kept current change by change */
  readonly roomLists: KindLists<Room>;
  readonly integrationLists: KindLists<Integration>;
  /** the push tokens users hold (the scenario's, then `push.token`'s), by user id (src/store/startup.ts) */
  readonly pushTokens: Map<string, readonly PushToken[]>;
  /** how many push tokens were registered since the baseline (a new one's id counts them) */
  pushTokensMade: number;
  /** the files uploaded since the baseline and their bytes (src/store/uploads.ts) */
  readonly uploads: Uploads;
}

/**
 * A document deleted, as the trash keeps it for the `updatedSince` reads (`rooms.get`,
 * `subscriptions.get`: `{_id, _deletedAt}`); a subscription's user, to read a user's own.
 */
export interface TrashEntry {
  readonly _id: string;
  readonly _deletedAt: string;
  readonly uid?: string;
  /** a message's room */
  readonly rid?: string;
  /** a message's `ts` (the trash's `ts` order) */
  readonly ts?: string;
  /** a message's author, thread and who deleted it (the inspector shows it in place) */
  readonly u?: Author;
  readonly tmid?: string;
  readonly by?: string;
}

/** The trash entries kept per kind: past this, the oldest are forgotten (a world stays bounded). */
export const TRASH_KEPT = 10_000;

/** Puts a deleted document in the trash, the oldest forgotten past {@link TRASH_KEPT}. */
export function trashed(list: TrashEntry[], entry: TrashEntry): void {
  list.push(entry);
  if (list.length > TRASH_KEPT) list.splice(0, list.length - TRASH_KEPT);
}

/**
 * Takes a message out of the world into the trash (`chat.getDeletedMessages`, `chat.syncMessages`
 * and the inspector read it there), with its author and thread; `by`, who deleted it, when one
 * person did.
 */
export function trashMessage(state: StoreState, message: Message, ts: string, by?: string): void {
  state.messages.remove(message._id);
  trashed(state.trash.messages, {
    _id: message._id,
    _deletedAt: ts,
    rid: message.rid,
    ts: message.ts,
    u: message.u,
    ...(message.tmid === undefined ? {} : { tmid: message.tmid }),
    ...(by === undefined ? {} : { by }),
  });
}

/** The trash's entries deleted after a time (a user's own, with `uid`), as `{_id, _deletedAt}`, oldest first. */
export function deletedSince(
  list: readonly TrashEntry[],
  since: string,
  uid?: string,
): { _id: string; _deletedAt: string }[] {
  return list
    .filter((entry) => entry._deletedAt > since && (uid === undefined || entry.uid === uid))
    .map((entry) => ({ _id: entry._id, _deletedAt: entry._deletedAt }));
}

/** The ids the change events named since the baseline, per kind, in the order first named. */
export interface ChangedIds {
  readonly users: Set<string>;
  readonly rooms: Set<string>;
  readonly directs: Set<string>;
  readonly integrations: Set<string>;
  readonly roles: Set<string>;
}

/** An integration as lists show it: all of it. */
export const integrationView = (integration: Integration): JsonObject => integration as unknown as JsonObject;

/** A state over a baseline: layers over its indexes and shares its (frozen) entities, copying nothing. */
export function createState(baseline: Baseline, options: StoreOptions): StoreState {
  const rules = options.rules ?? DEFAULT_RULES;
  const views = roomViewsOf(rules);
  const rooms = new LayeredMap(baseline.rooms);
  const integrations = new LayeredMap(baseline.integrations);
  return {
    clock: new FakeClock(baseline.world.clock, options.clock),
    seed: baseline.world.seed,
    lenient: options.lenient ?? false,
    rules,
    bounds: options.bounds ?? DEFAULT_BOUNDS,
    deliveries: options.deliveries ?? (() => []),
    views,
    observer: options.observer,
    onChange: options.onChange,
    permissions: baseline.world.permissions,
    permissionStamps: {},
    baseline,
    users: new LayeredMap(baseline.users),
    userKeys: new LayeredMap(baseline.userKeys),
    rooms,
    directs: new LayeredMap(baseline.directs),
    subscriptions: new SubscriptionStates(baseline.subscriptions),
    memberIndex: undefined,
    ownedMembers: new WeakSet(),
    defaultRooms: undefined,
    roomNames: new LayeredMap(baseline.roomNames),
    roomsRemoved: 0,
    pinsMade: 0,
    trash: { rooms: [], subscriptions: [], messages: [] },
    integrations,
    roles: new LayeredMap(baseline.roles),
    tokens: new LayeredMap(baseline.tokens),
    logins: new Map(),
    settings: { ...baseline.world.settings },
    loginGuard: new LoginGuard(rules.loginBlocking),
    teams: new Teams(baseline.teams),
    teamRooms: baseline.hasTeamRooms,
    messages: new Messages(baseline.messages),
    authors: new WeakMap(),
    idMiddle: objectIdMiddle(baseline.world.seed),
    outgoing: undefined,
    triggers: [],
    version: 0,
    changed: {
      users: new Set(),
      rooms: new Set(),
      directs: new Set(),
      integrations: new Set(),
      roles: new Set(),
    },
    roomLists: new KindLists({
      current: () => rooms.values(),
      baseline: baseline.roomLists,
      id: (room) => room._id,
      view: views.listView,
    }),
    integrationLists: new KindLists({
      current: () => integrations.values(),
      baseline: baseline.integrationLists,
      id: (integration) => integration._id,
      view: integrationView,
    }),
    pushTokens: initialPushTokens(baseline.world),
    pushTokensMade: 0,
    uploads: newUploads(),
  };
}

/**
 * The one commit of a command, after its checks and at its write: the version moves, the ordered
 * lists follow the rooms and integrations it changed, the realtime observer hears of its messages
 * (all but a provider state's quiet edit), and `onChange` of all its events, in order.
 */
export function commit(state: StoreState, events: readonly ChangeEvent[]): void {
  state.version += 1;
  const { version, observer, changed, baseline } = state;
  for (const event of events) {
    if (event.kind === 'room') {
      const direct = event.room.t === 'd';
      if (state.defaultRooms && !direct) {
        if (event.op !== 'removed' && (event.room as Room).default === true)
          state.defaultRooms.add(event.room._id);
        else state.defaultRooms.delete(event.room._id);
      }
      if (!direct) {
        // a room removed leaves the lists (its version before is the one they hold)
        const removed = event.op === 'removed';
        const before = removed
          ? (event.room as Room)
          : event.before === undefined
            ? undefined
            : pinMembers(state.ownedMembers, event.before as Room, event.room as Room);
        state.roomLists.record(version, before, removed ? undefined : (event.room as Room));
      }
      named(
        changed[direct ? 'directs' : 'rooms'],
        direct ? baseline.directs : baseline.rooms,
        event.room._id,
        event.op,
      );
    } else if (event.kind === 'integration') {
      state.integrationLists.record(
        version,
        event.op === 'removed' ? event.integration : event.before,
        event.op === 'removed' ? undefined : event.integration,
      );
      named(changed.integrations, baseline.integrations, event.integration._id, event.op);
    } else if (event.kind === 'user') named(changed.users, baseline.users, event.user._id, event.op);
    else if (event.kind === 'role-doc') named(changed.roles, baseline.roles, event.role._id, event.op);
  }
  if (observer)
    for (const event of events)
      if (event.kind === 'message' && event.quiet !== true)
        observer({ kind: event.op, message: event.message, room: event.room });
  if (events.length > 0) state.onChange?.(events);
}

/**
 * An entity a change event named, in the order first named: one the baseline lacks and the change
 * removed is named no more (made again, it comes after those named since, as the maps order it).
 */
function named(ids: Set<string>, base: ReadonlyMap<string, unknown>, id: string, op: ChangeOp): void {
  if (op === 'removed' && !base.has(id)) ids.delete(id);
  else ids.add(id);
}

/**
 * The one write of an added entity, already checked against the lookup (src/store/snapshot.ts)
 * and stamped with `clock.next()`: the clock ticks, `write` stores it and says what changed, the
 * change is committed. Returns the caller's copy.
 */
export function added<T>(state: StoreState, entity: T, write: (entity: T) => ChangeEvent[]): T {
  state.clock.tick();
  commit(state, write(entity));
  return structuredClone(entity);
}

/** A room of any kind by `_id`: a channel, a group or a direct room. */
export function anyRoom(state: StoreState, id: string): AnyRoom | undefined {
  return state.rooms.get(id) ?? state.directs.get(id);
}

/** A user by username (any case). */
export function userNamed(state: StoreState, username: string): User | undefined {
  return state.users.get(state.userKeys.get(`u:${username.toLowerCase()}`) ?? '');
}
