import { createHash } from 'node:crypto';

import type { ChangeEvent } from '../store/store';
import type { ChangeOp } from '../store/events';
import type { ChangedKind, RequestChange } from '../types';

/**
 * What the journal keeps of the change events a request committed (src/store/events.ts): for each
 * event, the entity's kind and id and how it changed, and the few facts a contract's replay reads
 * of the entity as the change left it (src/pact/states.ts). Ids and small facts, never a whole
 * document, and no secret (an incoming webhook's token only as its SHA-256). A request's notes are
 * bounded: past {@link NOTES_KEPT} of a kind, the rest of that kind and op are counted, not kept.
 *
 * Layer: world (src/journal). Plain values.
 */

/** The kinds of entity a change event names. */
export type ChangeKind = ChangeEvent['kind'];

/** What a contract's replay reads of a room as the change left it. */
export interface RoomNoteFacts {
  readonly name: string;
  readonly t: string;
  readonly ro?: boolean;
  readonly archived?: boolean;
  readonly creator?: string;
  /** a private group's or a direct room's members (the room's own list, not a copy) */
  readonly members?: readonly string[];
}

/** What a contract's replay reads of a message. */
export interface MessageNoteFacts {
  readonly rid: string;
  readonly author: string;
  readonly msg: string;
  /** made by a post: it has a post's fields (`parseUrls`, …) */
  readonly posted: boolean;
}

/** What a contract's replay reads of a user. */
export interface UserNoteFacts {
  readonly username: string;
  readonly roles: readonly string[];
}

/** What a contract's replay reads of an incoming webhook (its token only as a hash). */
export interface HookNoteFacts {
  readonly name: string;
  readonly channel: readonly string[];
  readonly username: string;
  readonly enabled: boolean;
  readonly override: boolean;
  /** the SHA-256 of its token, in hex: a request's path is matched against it */
  readonly tokenHash: string;
}

/** One change a request committed: the entity and how it changed. */
export type EntityNote =
  | { readonly kind: 'room'; readonly op: ChangeOp; readonly id: string; readonly facts: RoomNoteFacts }
  | { readonly kind: 'message'; readonly op: ChangeOp; readonly id: string; readonly facts: MessageNoteFacts }
  | { readonly kind: 'user'; readonly op: ChangeOp; readonly id: string; readonly facts: UserNoteFacts }
  | {
      readonly kind: 'integration';
      readonly op: ChangeOp;
      readonly id: string;
      /** an incoming webhook's (no other integration's facts are read) */
      readonly facts?: HookNoteFacts;
    }
  | {
      readonly kind: 'subscription' | 'team' | 'settings';
      readonly op: ChangeOp;
      /** a subscription's `<rid>/<uid>`; a team's `_id`; the settings' names, comma-separated */
      readonly id: string;
    };

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
      const { room } = event;
      if (room.t === 'd')
        return {
          kind: 'room',
          op: event.op,
          id: room._id,
          facts: { name: '', t: 'd', members: room.usernames },
        };
      const facts: RoomNoteFacts = {
        name: room.name,
        t: room.t,
        ...(room.ro !== undefined ? { ro: room.ro } : {}),
        ...(room.archived !== undefined ? { archived: room.archived } : {}),
        ...(room.u ? { creator: room.u.username } : {}),
        ...(room.t === 'p' ? { members: room.usernames } : {}),
      };
      return { kind: 'room', op: event.op, id: room._id, facts };
    }
    case 'message': {
      const { message } = event;
      return {
        kind: 'message',
        op: event.op,
        id: message._id,
        facts: {
          rid: message.rid,
          author: message.u.username,
          msg: message.msg,
          posted: 'parseUrls' in message,
        },
      };
    }
    case 'user':
      return {
        kind: 'user',
        op: event.op,
        id: event.user._id,
        facts: { username: event.user.username, roles: event.user.roles },
      };
    case 'integration': {
      const { integration: i } = event;
      if (i.type !== 'webhook-incoming') return { kind: 'integration', op: event.op, id: i._id };
      return {
        kind: 'integration',
        op: event.op,
        id: i._id,
        facts: {
          name: i.name,
          channel: i.channel,
          username: i.username,
          enabled: i.enabled,
          override: i.overrideDestinationChannelEnabled,
          tokenHash: sha256(i.token),
        },
      };
    }
    case 'subscription':
      return { kind: 'subscription', op: event.op, id: `${event.rid}/${event.uid}` };
    case 'team':
      return { kind: 'team', op: event.op, id: event.team._id };
    case 'settings':
      return { kind: 'settings', op: 'updated', id: Object.keys(event.changed).sort().join(',') };
  }
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
        this.notes.push(noteOf(event));
        continue;
      }
      const op: ChangeOp = event.kind === 'settings' ? 'updated' : event.op;
      const index = this.notes.findIndex((n) => 'omitted' in n && n.kind === kind && n.op === op);
      const found = this.notes[index];
      if (found && 'omitted' in found) this.notes[index] = { kind, op, omitted: found.omitted + 1 };
      else this.notes.push({ kind, op, omitted: 1 });
    }
  }
}

/** The notes as shown: each entity's kind, id and op (its facts are the replay's, not shown). */
export function changeViews(notes: readonly ChangeNote[] | undefined): RequestChange[] {
  return (notes ?? []).map((note) =>
    'omitted' in note
      ? { kind: note.kind, op: note.op, omitted: note.omitted }
      : { kind: note.kind, op: note.op, id: note.id },
  );
}
