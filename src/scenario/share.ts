import type { Integration, Room, UserRef, World } from '../types';

/**
 * Shares equal nested values between the entities of a freshly resolved world: the members list,
 * the `muted` list and the creator ref that thousands of generated rooms have in common, the
 * target and trigger lists of integrations. A 100,000-channel world then holds some 300,000 fewer
 * objects: less memory, and a cached world (src/scenario/cache.ts keeps the sharing) reads back
 * faster. Safe because a baseline is frozen and entities are replaced, never changed, and every
 * copy handed out is made entity by entity (`state()`, `changes()`), so no caller sees the sharing.
 * Only for worlds the fake keeps: `resolveScenario()` hands out unshared ones.
 */

class Pool<T> {
  readonly #values = new Map<string, T>();

  constructor(private readonly keyOf: (value: T) => string | undefined) {}

  share(value: T): T {
    const key = this.keyOf(value);
    if (key === undefined) return value;
    const found = this.#values.get(key);
    if (found !== undefined) return found;
    this.#values.set(key, value);
    return value;
  }
}

/** A key for a list of strings (and only strings); undefined for anything else. */
function listKey(list: unknown): string | undefined {
  if (!Array.isArray(list) || !list.every((item) => typeof item === 'string')) return undefined;
  return `${list.length}\u0000${list.join('\u0000')}`;
}

/** A key for a plain `{_id, username}` ref; undefined for a ref with anything more. */
function refKey(ref: UserRef): string | undefined {
  const keys = Object.keys(ref);
  return keys.length === 2 && keys[0] === '_id' && keys[1] === 'username'
    ? `${ref._id}\u0000${ref.username}`
    : undefined;
}

/** Shares equal nested values in place (the world must be the caller's own fresh one); returns it. */
export function shareNestedValues(world: World): World {
  const lists = new Pool<string[]>(listKey);
  const refs = new Pool<UserRef>(refKey);
  world.channels.forEach((room: Room) => {
    room.usernames = lists.share(room.usernames);
    room.muted = lists.share(room.muted);
    if (room.u !== undefined) room.u = refs.share(room.u);
  });
  world.integrations.forEach((integration: Integration) => {
    integration.channel = lists.share(integration.channel);
    if (integration.type === 'webhook-outgoing') {
      integration.triggerWords = lists.share(integration.triggerWords);
      integration.urls = lists.share(integration.urls);
    }
    integration._createdBy = refs.share(integration._createdBy);
  });
  return world;
}
