/**
 * The entities of the world, in Rocket.Chat's wire shape. A scenario document, the store's state
 * and `fake.state()` all use these shapes, so a real server's response can be pasted into a scenario.
 */

/** Global roles a user can have. */
export const USER_ROLES = ['admin', 'user', 'bot', 'guest'] as const;
/** Roles a permission can be granted to: the global ones and the room-scoped ones. */
export const GRANTABLE_ROLES = [...USER_ROLES, 'owner', 'moderator'] as const;

export type UserRole = (typeof USER_ROLES)[number];
export type GrantableRole = (typeof GRANTABLE_ROLES)[number];

/** A user as Rocket.Chat refers to one inside another entity. */
export interface UserRef {
  _id: string;
  username: string;
}

export interface Email {
  address: string;
  verified: boolean;
}

export interface User {
  _id: string;
  username: string;
  /** the fake's own field: the password `login` accepts (never sent on the wire) */
  password: string;
  name: string;
  emails: Email[];
  roles: UserRole[];
  active: boolean;
  [extra: string]: unknown;
}

export type RoomType = 'c' | 'p';

export interface Room {
  _id: string;
  name: string;
  fname?: string;
  t: RoomType;
  usernames: string[];
  usersCount: number;
  msgs: number;
  u?: UserRef;
  ts: string;
  ro?: boolean;
  sysMes: boolean;
  _updatedAt: string;
  joinCodeRequired: boolean;
  /** stored, never returned */
  joinCode?: string;
  muted: string[];
  topic?: string;
  description?: string;
  archived?: boolean;
  default?: boolean;
  [extra: string]: unknown;
}

export interface Integration {
  _id: string;
  type: 'webhook-outgoing';
  event: string;
  enabled: boolean;
  name: string;
  username: string;
  userId: string;
  alias: string;
  avatar: string;
  channel: string[];
  triggerWords: string[];
  urls: string[];
  token: string;
  script: string;
  scriptEnabled: boolean;
  scriptCompiled: string;
  scriptError: null;
  impersonateUser: boolean;
  _createdAt: string;
  _createdBy: UserRef;
  _updatedAt: string;
  [extra: string]: unknown;
}

export interface TokenRecord {
  username: string;
  authToken: string;
}

/** Permission name → the roles that hold it. */
export type PermissionTable = Record<string, GrantableRole[]>;

/** A whole world: what a scenario resolves to, what the store holds, what `state()` returns. */
/** Rate limiting as a scenario turns it on: `limit` calls per `windowMs` per client and route. */
export interface RateLimitSettings {
  limit: number;
  windowMs: number;
}

export interface World {
  seed: number;
  clock: string;
  users: User[];
  channels: Room[];
  integrations: Integration[];
  tokens: TokenRecord[];
  permissions: PermissionTable;
  /** present when the scenario turns rate limiting on */
  rateLimit?: RateLimitSettings;
}
