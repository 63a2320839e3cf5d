import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import type { Profile } from '../profiles';
import type { IntegrationLayout } from '../store/integrations';
import type { JsonObject } from '../store/query';
import type { Store } from '../store/store';
import type { AnyRoom, Integration, User } from '../types';
import type { CommandContext } from './command';

/**
 * What the integrations' methods share (`addIncomingIntegration`, `addOutgoingIntegration`, their
 * update and delete twins): Meteor's `check`, the permission names per release line, the lookup of
 * a `#room` / `@user` target, and the created integration as each release line answers it.
 *
 * Layer: commands.
 */

/** One key of a Meteor `check(body, Match.ObjectIncluding({...}))` pattern. */
export interface MatchKey {
  readonly type: 'string' | 'boolean' | 'number' | 'strings';
  /** `Match.Maybe(...)`: absent, null or undefined pass */
  readonly optional?: boolean;
}

/** Meteor's words for a value's type (`Expected string, got number`). */
function typeWord(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** Whether a value matches one pattern key's type. */
function fits(value: unknown, type: MatchKey['type']): boolean {
  if (type === 'strings') return Array.isArray(value) && value.every((v) => typeof v === 'string');
  return typeof value === type;
}

/**
 * `check(body, Match.ObjectIncluding(pattern))`: the body's keys in its order (a wrong type is
 * `Expected …, got … in field <key>`), then the first required key missing (`Missing key '<key>'`).
 */
export function matchCheck(body: JsonObject, pattern: Readonly<Record<string, MatchKey>>): void {
  for (const [key, value] of Object.entries(body)) {
    const rule = pattern[key];
    if (!rule) continue;
    if (rule.optional === true && (value === null || value === undefined)) continue;
    if (!fits(value, rule.type)) {
      if (rule.type === 'strings') {
        if (!Array.isArray(value))
          throw new ApiError('match-error', {
            reason: `Expected array, got ${typeWord(value)} in field ${key}`,
          });
        const i = value.findIndex((v) => typeof v !== 'string');
        throw new ApiError('match-error', {
          reason: `Expected string, got ${typeWord(value[i])} in field ${key}[${i}]`,
        });
      }
      throw new ApiError('match-error', {
        reason: `Expected ${rule.type}, got ${typeWord(value)} in field ${key}`,
      });
    }
  }
  for (const [key, rule] of Object.entries(pattern))
    if (rule.optional !== true && !(key in body))
      throw new ApiError('match-error', { reason: `Missing key '${key}'` });
}

/** The permissions that manage integrations of a kind, and their own-only twins, per release line. */
export function managePermissions(store: Store, kind: 'incoming' | 'outgoing'): { all: string; own: string } {
  if (store.rules.integrationRule === 'manage-integrations')
    return { all: 'manage-integrations', own: 'manage-own-integrations' };
  return { all: `manage-${kind}-integrations`, own: `manage-own-${kind}-integrations` };
}

/** A `#room` (by `_id` or name) or `@user` (by `_id` or username) target's record, if any. */
export function targetRecord(store: Store, target: string): AnyRoom | User | undefined {
  const rest = target.slice(1);
  if (target.startsWith('#')) {
    const byId = store.anyRoom(rest);
    if (byId) return byId;
    const id = store.findRoomId(rest);
    return id === undefined ? undefined : store.anyRoom(id);
  }
  if (target.startsWith('@')) {
    const byId = store.userById(rest);
    if (byId) return byId;
    const named = store.userNamed(rest);
    return named?.username === rest ? named : undefined;
  }
  return undefined;
}

/** `Users.findOne({username})`: the user with exactly this username. */
export function userExactly(store: Store, username: string): User | undefined {
  const user = store.userNamed(username);
  return user?.username === username ? user : undefined;
}

/** Ids: Meteor's 17 characters to 5.x, MongoDB's ObjectId (24 hex) from 6.x. */
const OBJECT_IDS: EraTable<boolean> = { '0.49': false, '6': true };

/** How the release line lays a new integration out. */
export function integrationLayout(profile: Profile): IntegrationLayout {
  return { ids: byEra(profile, OBJECT_IDS) ? 'objectId' : 'meteor' };
}

/**
 * How the create answer is laid out: to 7.x the method's in-memory object (the stored keys, no
 * `_updatedAt`, `_id` appended last); 8.x the stored document read back (`_id` first, `_updatedAt` last).
 */
const ANSWER: EraTable<'object' | 'stored'> = { '0.49': 'object', '8': 'stored' };

/** A created integration as the release line's create answers it. */
export function createdView(integration: Integration, profile: Profile): JsonObject {
  if (byEra(profile, ANSWER) === 'stored') return integration as unknown as JsonObject;
  const { _id, _updatedAt, ...rest } = integration;
  return { ...rest, _id } as unknown as JsonObject;
}

/** `scriptEnabled === true` and a script that is not blank: the method compiles it (`scriptCompiled`). */
export function compiles(body: JsonObject): boolean {
  return body.scriptEnabled === true && typeof body.script === 'string' && body.script.trim() !== '';
}

/**
 * The integration a delete or update method acts on: the manage permission reads any, the own one
 * only the caller's (else none is found); neither permission is `not_authorized` (`method` names
 * the method).
 */
export function ownedIntegration(
  { store, user }: CommandContext,
  kind: 'incoming' | 'outgoing',
  method: string,
  id: string,
): Integration | undefined {
  const perms = managePermissions(store, kind);
  if (store.can(user, perms.all)) return store.integration(id);
  if (store.can(user, perms.own)) {
    const own = store.integration(id);
    return own?._createdBy._id === user._id ? own : undefined;
  }
  throw new ApiError('integration-not-authorized', { method });
}

/** A delete method's checks and its one write; none found is `Invalid integration`. */
export function deleteIntegration(
  context: CommandContext,
  kind: 'incoming' | 'outgoing',
  method: string,
  id: string,
): Integration {
  const found = ownedIntegration(context, kind, method, id);
  if (!found) throw new ApiError('integration-invalid', { method });
  return context.store.removeIntegration(found._id);
}
