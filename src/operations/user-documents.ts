import { copyJson } from '../json-copy';
import { createHash } from 'node:crypto';

import { ApiError } from '../errors';
import type { EraTable } from '../eras';
import type { JsonObject } from '../store/query';
import type { User } from '../types';
import type { Params } from './operation';
import type { Schema, Validator } from './validator';

/**
 * What the users.* routes share: a user's document as their answers project it (`parseJsonQuery`'s
 * exclusions for `/v1/users.` routes), the release lines' body validators, and Meteor's `check`
 * of the older routes.
 *
 * Layer: operations.
 */

/** What no answer shows: the fake's own fields, and `API.v1.defaultFieldsToExclude`. */
const HIDDEN = new Set(['password', 'personalAccessTokens', 'joinCode', 'members', 'importIds', 'e2e']);
/** `limitedUserFieldsToExcludeIfIsPrivilegedUser`: a caller with `view-full-other-user-info`. */
const PRIVILEGED_OUT = new Set(['services', 'inviteToken']);
/** `limitedUserFieldsToExclude`: a caller without it (and anyone, on `users.register`). */
const LIMITED_OUT = new Set([
  'avatarOrigin',
  'emails',
  'phone',
  'statusConnection',
  'createdAt',
  'lastLogin',
  'services',
  'requirePasswordChange',
  'requirePasswordChangeReason',
  'roles',
  'statusDefault',
  '_updatedAt',
  'settings',
  'inviteToken',
]);

/**
 * How an answer projects a user: 0.49's whole document (`services.password.bcrypt` too), the
 * privileged projection, or the limited one.
 */
export type DocumentLevel = 'whole' | 'privileged' | 'limited';

/** A stand-in for the bcrypt hash 0.49 answered with: its shape, never the password. */
function bcryptOf(user: User): string {
  const digest = createHash('sha256').update(`${user._id}|${user.password}`).digest('base64');
  return `$2b$10$${digest
    .replace(/[^A-Za-z0-9]/g, '.')
    .slice(0, 53)
    .padEnd(53, '.')}`;
}

/** A user's stored document as a users.* answer projects it, in stored order. */
export function userDocument(user: User, level: DocumentLevel): JsonObject {
  const out: Record<string, unknown> = {};
  const left = level === 'limited' ? LIMITED_OUT : level === 'privileged' ? PRIVILEGED_OUT : undefined;
  for (const [key, value] of Object.entries(user)) {
    if (HIDDEN.has(key) || left?.has(key) === true || value === undefined) continue;
    out[key] = copyJson(value);
    if (key === 'createdAt' && level === 'whole') out.services = { password: { bcrypt: bcryptOf(user) } };
  }
  return out as JsonObject;
}

/** A name `validateNameChars` refuses (7.x on): `<`, `>`, `/` or `\`. */
export function hasInvalidNameChars(name: unknown): boolean {
  return typeof name === 'string' && /[<>/\\]/.test(name);
}

const str = { type: 'string' } as const;
const nullableStr = { type: 'string', nullable: true } as const;
const nullableBool = { type: 'boolean', nullable: true } as const;

/** `isUserCreateParamsPOST`'s properties (rest-typings, late 5.x to 7.10). */
const CREATE_FIELDS = {
  email: str,
  name: str,
  password: str,
  username: str,
  active: nullableBool,
  bio: nullableStr,
  nickname: nullableStr,
  statusText: nullableStr,
  roles: { type: 'array', items: str },
  joinDefaultChannels: nullableBool,
  requirePasswordChange: nullableBool,
  setRandomPassword: nullableBool,
  sendWelcomeEmail: nullableBool,
  verified: nullableBool,
  customFields: { type: 'object' },
  fields: str,
};

function createSchema(extra: Readonly<Record<string, unknown>>): Schema {
  return {
    type: 'object',
    properties: { ...CREATE_FIELDS, ...extra },
    required: ['email', 'name', 'password', 'username'],
    additionalProperties: false,
  };
}

/** users.create: Meteor's `check` until 5.x's AJV; 7.11 on also `freeSwitchExtension`. */
export const USERS_CREATE_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '5': { schema: createSchema({}), coerce: true, form: 'legacy' },
  '7.11': { schema: createSchema({ freeSwitchExtension: nullableStr }), coerce: true, form: 'legacy' },
};

/** users.register (`isUserRegisterParamsPOST`): `username`, `email`, `pass`; `name`, `secret`, `reason`, `customFields`. */
export const USERS_REGISTER_VALIDATOR: EraTable<Validator | undefined> = {
  '0.49': undefined,
  '5': {
    schema: {
      type: 'object',
      properties: {
        username: str,
        name: nullableStr,
        email: str,
        pass: str,
        secret: nullableStr,
        reason: nullableStr,
        customFields: { type: 'object', nullable: true },
      },
      required: ['username', 'email', 'pass'],
      additionalProperties: false,
    },
    coerce: true,
    form: 'legacy',
  },
};

/** What Meteor's `check` expects of a field. */
type Pattern = 'string' | 'boolean' | 'array' | 'object';

/** A value's kind as Meteor's `check` names it. */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function fits(value: unknown, pattern: Pattern): boolean {
  if (pattern === 'array') return Array.isArray(value);
  if (pattern === 'object') return typeof value === 'object' && value !== null && !Array.isArray(value);
  return typeof value === pattern;
}

/**
 * Meteor's `check(body, {...})` of an exact object: each key as sent (an unknown one, or one of
 * another type, refused), then the required keys missing; optional ones are `Match.Maybe`.
 */
export function meteorCheck(
  body: Params,
  required: Readonly<Record<string, Pattern>>,
  optional: Readonly<Record<string, Pattern>>,
  path = '',
): void {
  for (const [key, value] of Object.entries(body)) {
    const pattern = required[key] ?? optional[key];
    if (pattern === undefined)
      throw new ApiError('users-match-error', { reason: `Unknown key in field ${path}${key}` });
    if (key in optional && (value === null || value === undefined)) continue;
    if (!fits(value, pattern))
      throw new ApiError('users-match-error', {
        reason: `Expected ${pattern}, got ${kindOf(value)} in field ${path}${key}`,
      });
  }
  for (const key of Object.keys(required))
    if (!(key in body)) throw new ApiError('users-match-error', { reason: `Missing key '${path}${key}'` });
}

/** The body's value as a string, when it is one. */
export function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The body's value as a boolean, when it is one. */
export function booleanOf(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}
