import type { MethodChange } from '../journal/journal';
import type { Store } from '../store/store';

/**
 * What a realtime method changed, as a contract's replay needs it (src/pact/build.ts): the room
 * `createChannel` made, the message `sendMessage` sent, the message `deleteMessage` removed, the
 * direct room `createDirectMessage` opened. Read once the method has answered, copied out of the
 * store (a later change of the room must not change what this call did). The REST routes declare
 * the same in their operations' `contract` (src/operations/).
 *
 * Layer: realtime.
 */

type ChangeOf = (result: unknown, params: readonly unknown[], store: Store) => MethodChange | undefined;

function recordOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The facts of a message a replay reads: where, by whom, what. */
function messageFacts(message: Record<string, unknown>): Record<string, unknown> | undefined {
  const author = recordOf(message.u).username;
  if (stringOf(message._id) === undefined || stringOf(message.rid) === undefined) return undefined;
  if (typeof author !== 'string') return undefined;
  return { _id: message._id, rid: message.rid, msg: message.msg, u: { username: author } };
}

const CHANGES: Readonly<Record<string, ChangeOf>> = {
  // 0.49 answers `{rid}` alone: the room is read from the store
  createChannel: (result, _params, store) => {
    const rid = stringOf(recordOf(result).rid);
    const room = rid === undefined ? undefined : store.anyRoom(rid);
    if (room === undefined || (room.t !== 'c' && room.t !== 'p')) return undefined;
    const { _id, name, t, ro, u, usernames } = room as Record<string, unknown>;
    return {
      room: {
        _id,
        name,
        t,
        ...(typeof ro === 'boolean' ? { ro } : {}),
        ...(stringOf(recordOf(u).username) !== undefined ? { u: { username: recordOf(u).username } } : {}),
        usernames: Array.isArray(usernames) ? [...(usernames as unknown[])] : [],
      },
    };
  },
  // a message the method swallowed (an empty result) changed nothing
  sendMessage: (result) => {
    const message = messageFacts(recordOf(result));
    return message === undefined ? undefined : { message };
  },
  deleteMessage: (_result, params) => {
    const id = stringOf(recordOf(params[0])._id);
    return id === undefined ? undefined : { removed: id };
  },
  createDirectMessage: (result) => {
    const { rid, usernames } = recordOf(result);
    if (typeof rid !== 'string' || !Array.isArray(usernames)) return undefined;
    return { direct: { _id: rid, usernames: usernames.filter((u): u is string => typeof u === 'string') } };
  },
};

/** What a method that answered with a result changed, if it is one that changes what contracts replay. */
export function methodChange(
  name: string,
  result: unknown,
  params: readonly unknown[],
  store: Store,
): MethodChange | undefined {
  const of = Object.hasOwn(CHANGES, name) ? CHANGES[name] : undefined;
  return of?.(result, params, store);
}
