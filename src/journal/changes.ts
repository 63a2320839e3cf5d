import { createHash } from 'node:crypto';

import type { ChangeEvent } from '../store/store';
import type { ChangeOp } from '../store/events';
import type { ChangedKind, RequestChange } from '../types';

/**
 * What the journal keeps of the change events a request committed (src/store/events.ts): for each
 * event, the entity's kind and id and how it changed, and the few facts a contract's replay reads
 * of the entity as the change left it (src/pact/states.ts). Ids and small facts, never a whole
 * document (their strings and lists are the entity's own, not copies), and no secret (an incoming
 * webhook's token only as its SHA-256). A request's notes are bounded: past {@link NOTES_KEPT} of a
 * kind, the rest of that kind and op are counted, not kept.
 *
 * Layer: world (src/journal). Plain values.
 */

/** The kinds of entity a change event names. */
export type ChangeKind = ChangeEvent['kind'];

/**
 * A room made, changed or removed, with what a contract's replay reads of it as the change left
 * it. Every note of a kind has the same fields, set in the same order (one hidden class each:
 * a journal of a thousand entries holds them by the thousand).
 */
export interface RoomNote {
  readonly kind: 'room';
  readonly op: ChangeOp;
  readonly id: string;
  /** a channel's or group's name ('' for a direct room) */
  readonly name: string;
  readonly t: string;
  readonly ro: boolean | undefined;
  readonly archived: boolean | undefined;
  readonly creator: string | undefined;
  /** a private group's or a direct room's members (the room's own list, not a copy) */
  readonly members: readonly string[] | undefined;
}

/** A message, with what the replay reads of it (its text is the stored message's own string). */
export interface MessageNote {
  readonly kind: 'message';
  readonly op: ChangeOp;
  readonly id: string;
  readonly rid: string;
  readonly author: string;
  readonly msg: string;
  /** made by a post: it has a post's fields (`parseUrls`, …) */
  readonly posted: boolean;
}

/** A user, with what the replay reads of it. */
export interface UserNote {
  readonly kind: 'user';
  readonly op: ChangeOp;
  readonly id: string;
  readonly username: string;
  /** the user's own list, not a copy */
  readonly roles: readonly string[];
}

/** What the replay reads of an incoming webhook (its token only as a hash). */
export interface HookNoteFacts {
  readonly name: string;
  readonly channel: readonly string[];
  readonly username: string;
  readonly enabled: boolean;
  readonly override: boolean;
  /** the SHA-256 of its token, in hex: a request's path is matched against it */
  readonly tokenHash: string;
}

/** An integration; an incoming webhook's with what the replay reads of it. */
export interface IntegrationNote {
  readonly kind: 'integration';
  readonly op: ChangeOp;
  readonly id: string;
  readonly hook: HookNoteFacts | undefined;
}

/**
 * Members' subscriptions in one room, changed alike by consecutive events (a post changes every
 * member's): the room's `_id` and the users' ids, one note for them all (shown one per user, as
 * `<rid>/<uid>`).
 */
export interface SubscriptionNote {
  readonly kind: 'subscription';
  readonly op: ChangeOp;
  /** the room's `_id` */
  readonly id: string;
  readonly uids: string[];
}

/**
 * A team (its `_id`), the settings (their names, comma-separated), a permission (its `_id`), or a
 * role given or taken (`<roleId>/<uid>`).
 */
export interface OtherNote {
  readonly kind: 'team' | 'settings' | 'permission' | 'role' | 'role-doc';
  readonly op: ChangeOp;
  readonly id: string;
}

/** One change a request committed: the entity and how it changed. */
export type EntityNote = RoomNote | MessageNote | UserNote | IntegrationNote | SubscriptionNote | OtherNote;

/** Changes of one kind and op past what a request's notes keep: counted, not kept. */
export interface OmittedNote {
  readonly kind: ChangeKind;
  readonly op: ChangeOp;
  readonly omitted: number;
}

export type ChangeNote = EntityNote | OmittedNote;

/** The public name of each kind is the store's (a compile error when one gains a kind). */
const SAME_KINDS: [ChangeKind, ChangedKind] extends [ChangedKind, ChangeKind] ? true : never = true;
void SAME_KINDS;

/**
 * How many notes of one kind a request keeps: a post to a room of many members changes every
 * member's subscription, and a journal of a thousand entries must not keep a thousand such lists.
 */
export const NOTES_KEPT: Readonly<Record<ChangeKind, number>> = {
  room: 256,
  message: 256,
  user: 256,
  integration: 256,
  team: 64,
  settings: 16,
  subscription: 16,
  permission: 64,
  role: 16,
  'role-doc': 16,
};

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** An incoming webhook's token as the notes keep it (and the replay matches a path against). */
export const tokenHash = sha256;

/** The note of one change event. */
export function noteOf(event: ChangeEvent): EntityNote {
  switch (event.kind) {
    case 'room': {
      const { room, op } = event;
      // the members as they are now: a room's list may grow in place later (src/store/member-list.ts)
      if (room.t === 'd')
        return roomNote(op, room._id, '', 'd', undefined, undefined, undefined, [...room.usernames]);
      return roomNote(
        op,
        room._id,
        room.name,
        room.t,
        room.ro,
        room.archived,
        room.u?.username,
        room.t === 'p' ? [...room.usernames] : undefined,
      );
    }
    case 'message': {
      const { message } = event;
      return {
        kind: 'message',
        op: event.op,
        id: message._id,
        rid: message.rid,
        author: message.u.username,
        msg: message.msg,
        posted: 'parseUrls' in message,
      };
    }
    case 'user':
      return {
        kind: 'user',
        op: event.op,
        id: event.user._id,
        username: event.user.username,
        roles: event.user.roles,
      };
    case 'integration': {
      const { integration: i } = event;
      const hook =
        i.type === 'webhook-incoming'
          ? {
              name: i.name,
              channel: i.channel,
              username: i.username,
              enabled: i.enabled,
              override: i.overrideDestinationChannelEnabled,
              tokenHash: sha256(i.token),
            }
          : undefined;
      return { kind: 'integration', op: event.op, id: i._id, hook };
    }
    case 'subscription':
      return { kind: 'subscription', op: event.op, id: event.rid, uids: [event.uid] };
    case 'team':
      return { kind: 'team', op: event.op, id: event.team._id };
    case 'settings':
      return { kind: 'settings', op: 'updated', id: Object.keys(event.changed).sort().join(',') };
    case 'permission':
      return { kind: 'permission', op: event.op, id: event.permission._id };
    case 'role':
      return { kind: 'role', op: event.op, id: `${event.roleId}/${event.u._id}` };
    case 'role-doc':
      return { kind: 'role-doc', op: event.op, id: event.role._id };
  }
}

/** A room's note, its fields always in this order. */
function roomNote(
  op: ChangeOp,
  id: string,
  name: string,
  t: string,
  ro: boolean | undefined,
  archived: boolean | undefined,
  creator: string | undefined,
  members: readonly string[] | undefined,
): RoomNote {
  return { kind: 'room', op, id, name, t, ro, archived, creator, members };
}

/** The notes of one request's change events, as they are committed, within {@link NOTES_KEPT}. */
export class ChangeNotes {
  readonly notes: ChangeNote[] = [];
  /** notes kept per kind (made on the first note of a kind) */
  #kept: Partial<Record<ChangeKind, number>> = {};

  /** One command's events, in order. */
  add(events: readonly ChangeEvent[]): void {
    for (const event of events) {
      const kind = event.kind;
      const kept = this.#kept[kind] ?? 0;
      if (kept < NOTES_KEPT[kind]) {
        this.#kept[kind] = kept + 1;
        const last = this.notes[this.notes.length - 1];
        if (
          event.kind === 'subscription' &&
          last?.kind === 'subscription' &&
          !('omitted' in last) &&
          last.id === event.rid &&
          last.op === event.op
        )
          last.uids.push(event.uid);
        else this.notes.push(noteOf(event));
        continue;
      }
      const op: ChangeOp = event.kind === 'settings' ? 'updated' : event.op;
      const index = this.notes.findIndex((n) => 'omitted' in n && n.kind === kind && n.op === op);
      const found = this.notes[index];
      if (found && 'omitted' in found) this.notes[index] = { kind, op, omitted: found.omitted + 1 };
      else this.notes.push({ kind, op, omitted: 1 });
    }
  }

  /** The notes, in lists of their own length (a list grown by pushes keeps room for more). */
  taken(): ChangeNote[] {
    return this.notes.map((note) =>
      note.kind === 'subscription' && !('omitted' in note) && note.uids.length > 1
        ? { kind: note.kind, op: note.op, id: note.id, uids: note.uids.slice() }
        : note,
    );
  }
}

/** The notes as shown: each entity's kind, id and op (its facts are the replay's, not shown). */
export function changeViews(notes: readonly ChangeNote[] | undefined): RequestChange[] {
  const out: RequestChange[] = [];
  for (const note of notes ?? []) {
    if ('omitted' in note) out.push({ kind: note.kind, op: note.op, omitted: note.omitted });
    else if (note.kind === 'subscription')
      for (const uid of note.uids) out.push({ kind: note.kind, op: note.op, id: `${note.id}/${uid}` });
    else out.push({ kind: note.kind, op: note.op, id: note.id });
  }
  return out;
}
