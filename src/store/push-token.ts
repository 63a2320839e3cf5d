/**
 * A push token as the fake keeps it (Rocket.Chat's `_raix_push_app_tokens` document): its own
 * module, so that the state (src/store/state.ts) and the start-up module (src/store/startup.ts)
 * both name it without a cycle.
 *
 * Layer: store.
 */
import type { PushTokenRecord, World } from '../types';

export interface PushToken {
  readonly _id: string;
  readonly token: Readonly<Record<string, string>>;
  /** the hashed login token that registered it (`Accounts._hashLoginToken`) */
  readonly authToken: string;
  readonly appName: string;
  readonly userId: string;
  readonly enabled: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly voipToken?: string;
}

/**
 * the push tokens a world starts with (a scenario's `pushTokens`, owners by
 * username), by owner's `_id` as the state keeps them; a token whose owner is not among the users
 * is left out.
 */
export function initialPushTokens(world: World): Map<string, readonly PushToken[]> {
  const out = new Map<string, PushToken[]>();
  if (!world.pushTokens) return out;
  const ids = new Map(world.users.map((u) => [u.username, u._id]));
  for (const record of world.pushTokens) {
    const userId = ids.get(record.username);
    if (userId === undefined) continue;
    const list = out.get(userId) ?? [];
    // the keys in the order `push.token` writes them (its answer to 8.5 shows the document as kept)
    list.push({
      _id: record._id,
      token: { ...record.token },
      authToken: record.authToken,
      appName: record.appName,
      userId,
      enabled: record.enabled,
      createdAt: record.createdAt,
      updatedAt: record.updatedAt,
      metadata: structuredClone(record.metadata),
      ...(record.voipToken === undefined ? {} : { voipToken: record.voipToken }),
    });
    out.set(userId, list);
  }
  return out;
}

/** A push token as `state()` and `changes()` give it: its owner by username (undefined: no such user). */
export function pushTokenRecord(doc: PushToken, username: string | undefined): PushTokenRecord | undefined {
  if (username === undefined) return undefined;
  const { userId: _userId, _id, ...rest } = structuredClone(doc) as PushToken & Record<string, unknown>;
  return { _id, username, ...(rest as Omit<PushTokenRecord, '_id' | 'username'>) };
}
