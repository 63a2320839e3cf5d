import type { ErrorCode } from '../errors';
import { operation } from './operation';
import type { Entity, Operation, OpenApiFacts } from './operation';
import type { Schema } from './validator';

/**
 * The route groups, each with the facts its routes share, declared once: where its paths start,
 * whether its routes need the auth headers, whether the REST rate limiter counts them, and what a
 * body that failed to parse gets. A route module declares itself with {@link route}, stating only
 * what differs from its group.
 *
 * Layer: operations.
 */
export interface RouteGroup {
  /** the group's name, as the reference's route table and the README group the routes */
  readonly name: string;
  /** where its routes' paths start: a route's path is this and its name (or its own `path`) */
  readonly prefix: string;
  readonly auth: Operation['auth'];
  readonly rateLimited: boolean;
  readonly bodyRule: Operation['bodyRule'];
}

/** Rocket.Chat's REST API: `/api/v1/<name>`, the auth headers, the rate limiter, a body that parses. */
const V1 = { prefix: '/api/v1/', auth: true, rateLimited: true, bodyRule: 'strict' } as const;

export const GROUPS = {
  channels: { name: 'channels', ...V1 },
  groups: { name: 'groups', ...V1 },
  chat: { name: 'chat', ...V1 },
  /** `im.*`, and the `dm.*` names the server keeps for them (aliasOf) */
  im: { name: 'im/dm', ...V1 },
  users: { name: 'users', ...V1 },
  subscriptions: { name: 'subscriptions', ...V1 },
  rooms: { name: 'rooms', ...V1 },
  integrations: { name: 'integrations', ...V1 },
  /** `permissions.*`: the permission table */
  permissions: { name: 'permissions', ...V1 },
  /** `roles.*`: the roles and who holds them */
  roles: { name: 'roles', ...V1 },
  /** `licenses.*`: the server's licence (a community server has none) */
  licenses: { name: 'licenses', ...V1 },
  teams: { name: 'teams', ...V1 },
  /** settings.public: no login, headers and body not looked at */
  settings: { name: 'settings', ...V1, auth: false, bodyRule: 'ignored' },
  /** `settings/:_id` and the administration's list of settings: a login */
  settingsAdmin: { name: 'settings', ...V1 },
  login: { name: 'login/me', ...V1 },
  /** `/api/info`: outside the v1 router, a caller optional, never rate limited */
  info: { name: 'info', prefix: '/api/', auth: 'optional', rateLimited: false, bodyRule: 'ignored' },
  /** incoming webhooks: the path names the webhook and its token, no login */
  hooks: { name: 'hooks', prefix: '/hooks/', auth: false, rateLimited: true, bodyRule: 'strict' },
  /** `/api/docs/json`: the OpenAPI document, no login */
  docs: { name: 'docs', prefix: '/api/docs/', auth: false, rateLimited: true, bodyRule: 'ignored' },
  /** `method.call/:method` and `method.callAnon/:method`, the DDP-over-REST bridge: the REST rate limiter off (the DDP one counts) */
  methodCall: { name: 'method.call', ...V1, rateLimited: false },
  // what a client reads when it starts
  /** `spotlight` and `directory` (the server's miscellaneous routes) */
  misc: { name: 'misc', ...V1 },
  /** `emoji-custom.*`: the world's custom emoji */
  emojiCustom: { name: 'emoji-custom', ...V1 },
  /** `commands.*`: slash commands */
  commands: { name: 'commands', ...V1 },
  /** `webdav.*`: the caller's WebDAV accounts (the fake has none) */
  webdav: { name: 'webdav', ...V1 },
  /** `push.*`: the caller's push tokens */
  push: { name: 'push', ...V1 },
} as const satisfies Readonly<Record<string, RouteGroup>>;

/**
 * A route's declaration: the operation's own facts, less those its group gives (each may be
 * overridden), and what the documents and tests read of it.
 */
export type RouteSpec<P> = Omit<
  Operation<P>,
  'path' | 'auth' | 'rateLimited' | 'bodyRule' | 'changesState' | 'openApi'
> &
  Partial<Pick<Operation<P>, 'auth' | 'rateLimited' | 'bodyRule'>> & {
    /** the path after the group's prefix, when it is not the route's name */
    readonly path?: string;
    /**
     * the route's place in the table, the OpenAPI document and the reference's route table, by
     * number (src/operations/table.ts, `inTableOrder`): the routes of the hand-written table keep
     * their places with it. A new route leaves it out: it comes after its group's routes.
     */
    readonly order?: number;
    /** the permissions the route checks (documentation: the store enforces them) */
    readonly permissions?: readonly string[];
    /** the refusals of its own it can answer (the validator's and the group's come on top) */
    readonly errors?: readonly ErrorCode[];
    /** its 200 body on the newest release line, as a JSON Schema */
    readonly response: Schema;
    /** the entities it reads */
    readonly reads?: readonly Entity[];
    /** the entities a successful answer changes (any but `token`: the route changes the world's state) */
    readonly changes?: readonly Entity[];
    /** what the OpenAPI document says of the route beyond its other facts */
    readonly openApi?: Omit<
      OpenApiFacts,
      'group' | 'order' | 'aliasOf' | 'permissions' | 'errors' | 'response' | 'reads' | 'changes'
    >;
  };

/**
 * Declares a route of a group: the group's facts filled in where the spec states none, the
 * documentation facts kept with the operation (`openApi`). The operation has the members of every
 * other, in the same order (src/operations/operation.ts, `operation`).
 */
export function route<P>(group: RouteGroup, spec: RouteSpec<P>): Operation<P> {
  const { order, permissions = [], errors = [], response, reads = [], changes = [] } = spec;
  return operation({
    ...spec,
    path: `${group.prefix}${spec.path ?? spec.name}`,
    auth: spec.auth ?? group.auth,
    rateLimited: spec.rateLimited ?? group.rateLimited,
    bodyRule: spec.bodyRule ?? group.bodyRule,
    // a login token is not the state the journal's state events, webhooks and contracts follow
    changesState: changes.some((entity) => entity !== 'token'),
    openApi: { ...spec.openApi, group: group.name, order, permissions, errors, response, reads, changes },
  });
}
