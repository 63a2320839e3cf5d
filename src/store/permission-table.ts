import type { PermissionTable } from '../types';
import type { PermissionChange, PermissionDoc } from './events';
import { jsonEqual } from './query';
import { commit } from './state';
import type { StoreState } from './state';

/**
 * The permission table as the world holds it: the baseline's (a scenario's overrides over the
 * defaults), each permission a document `{_id, _updatedAt, roles}` as `permissions.listAll`
 * answers it; a change of roles replaces the table and stamps the permissions it names, in one
 * commit with one change event per permission. A reset starts from the baseline's again.
 *
 * Layer: store. Plain values; nothing of HTTP.
 */

/** One permission as a document: its roles and when they last changed (the baseline's clock until then). */
export function permissionDoc(state: StoreState, id: string): PermissionDoc | undefined {
  const roles = state.permissions[id];
  if (roles === undefined) return undefined;
  return { _id: id, _updatedAt: state.permissionStamps[id] ?? state.baseline.world.clock, roles: [...roles] };
}

/** Every permission as a document, in the table's order. */
export function permissionDocs(state: StoreState): PermissionDoc[] {
  return Object.keys(state.permissions).map((id) => permissionDoc(state, id) as PermissionDoc);
}

/** A permission of the baseline's table as a document (what `changes()` compares against). */
export function baselinePermissionDoc(state: StoreState, id: string): PermissionDoc | undefined {
  const roles = state.baseline.world.permissions[id];
  return roles === undefined
    ? undefined
    : { _id: id, _updatedAt: state.baseline.world.clock, roles: [...roles] };
}

/** A permission's new roles (already checked: the permission and the roles exist). */
export interface PermissionRoles {
  readonly _id: string;
  readonly roles: readonly string[];
}

/**
 * Replaces the roles of the permissions given (already checked), each stamped with the change's
 * time (the real `setRoles` sets `_updatedAt` even when the roles are the same): one commit, one
 * `permission` change event per permission, in the order given. Returns the new documents.
 */
export function setPermissionRoles(state: StoreState, changes: readonly PermissionRoles[]): PermissionDoc[] {
  if (changes.length === 0) return [];
  const stamp = state.clock.tick();
  const table: PermissionTable = { ...state.permissions };
  const stamps: Record<string, string> = { ...state.permissionStamps };
  const events: PermissionChange[] = [];
  const docs: PermissionDoc[] = [];
  for (const { _id, roles } of changes) {
    const before = permissionDoc(state, _id);
    if (!before) continue;
    table[_id] = [...roles];
    stamps[_id] = stamp;
    const permission: PermissionDoc = { _id, _updatedAt: stamp, roles: [...roles] };
    events.push({ kind: 'permission', op: 'updated', permission, before });
    docs.push(permission);
  }
  state.permissions = table;
  state.permissionStamps = stamps;
  commit(state, events);
  return docs;
}

/** The permissions whose document differs from the baseline's (roles or `_updatedAt`), in the table's order. */
export function changedPermissions(state: StoreState): { before: PermissionDoc; after: PermissionDoc }[] {
  const out: { before: PermissionDoc; after: PermissionDoc }[] = [];
  for (const id of Object.keys(state.permissionStamps)) {
    const before = baselinePermissionDoc(state, id);
    const after = permissionDoc(state, id);
    if (before && after && !jsonEqual(before, after)) out.push({ before, after });
  }
  const order = Object.keys(state.permissions);
  return out.sort((a, b) => order.indexOf(a.after._id) - order.indexOf(b.after._id));
}
