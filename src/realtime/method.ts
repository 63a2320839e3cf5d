import { ApiError } from '../errors';
import type { Command } from '../commands/command';
import type { Profile } from '../profiles';
import type { Store } from '../store/store';
import type { User } from '../types';
import type { UserEvent } from '../world';

/** A Meteor.Error as DDP sends it: `{isClientSafe, error, reason, message, errorType}`. */
export class MeteorError extends Error {
  override name = 'MeteorError';
  constructor(
    readonly error: string | number,
    readonly reason: string | undefined,
    readonly details?: Record<string, unknown>,
  ) {
    super(reason === undefined ? `[${String(error)}]` : `${reason} [${String(error)}]`);
  }
}

/** What a method runs with: the world's store, and the connection's user (after `login`). */
export interface MethodContext {
  readonly store: Store;
  /** the release line the world answers as */
  readonly profile: Profile;
  readonly user: User | undefined;
  /** the connection's login token, once logged in */
  readonly token: string | undefined;
  /** the client's address (the login blocking's key) */
  readonly ip: string;
  /** the connection's session id (a user's presence counts its connections by it) */
  readonly session: string;
  /** logs the connection in (or out, with undefined) */
  setUser(user: User | undefined, token: string | undefined): void;
  /** sends an event to one user's connections (`stream-notify-user`) */
  notifyUser(event: UserEvent): void;
  /** passes a write to a room's stream to the connections following it, this one aside */
  emitRoomStream(eventName: string, args: unknown[]): void;
}

/** One method: its arguments as the frame's `params`, its result as the `result` frame carries it. */
export type Method = (context: MethodContext, params: unknown[]) => unknown;

/**
 * A method's shape (its context, its errors), and a realtime method that is a command's second face: its row says how the method's positional
 * arguments become the command's arguments (Meteor's `check`s: a refusal is `Match failed`) and
 * how the command's result goes back; the command does the rest, as it does for its REST route.
 * A caller that has not logged in is `error-invalid-user`, as Rocket.Chat's methods answer it.
 *
 * Layer: realtime.
 */
export interface MethodRow<A, R> {
  /**
   * Meteor's `check`s a method runs before it asks who calls (`sendMessage`'s
   * `check(message, {...})`): a refusal is `Match failed`, logged in or not. A row without it
   * checks its arguments in `args`, after the login.
   */
  check?(params: readonly unknown[], context: MethodContext): void;
  /**
   * How the method refuses a caller not logged in: `Invalid user [error-invalid-user]` (most
   * methods, the default) or `Not allowed [error-not-allowed]` (`unmuteUserInRoom`); details
   * name the method either way.
   */
  loggedOut?: 'error-invalid-user' | 'error-not-allowed';
  /** the method's arguments as the command takes them; throws `Match failed` for a bad one */
  args(params: readonly unknown[], context: MethodContext): A;
  /** the command's result as the method answers it (EJSON dates already) */
  result(result: R, context: MethodContext): unknown;
  /**
   * How the method answers a declared refusal of the command or of `args` (`ApiError`): its
   * result instead, or the error it throws. Without it, the refusal is the method's error.
   */
  refused?(error: ApiError, context: MethodContext, params: readonly unknown[]): unknown;
}

/** The method that runs a command. */
export function commandMethod<A, R>(command: Command<A, R>, row: MethodRow<A, R>): Method {
  return (context, params) => {
    row.check?.(params, context);
    const { user } = context;
    if (!user) {
      const error = row.loggedOut ?? 'error-invalid-user';
      throw new MeteorError(error, error === 'error-invalid-user' ? 'Invalid user' : 'Not allowed', {
        method: command.name,
      });
    }
    let result: R;
    try {
      const args = row.args(params, context);
      result = command.run({ store: context.store, profile: context.profile, user }, args);
    } catch (error) {
      if (row.refused && error instanceof ApiError) return row.refused(error, context, params);
      throw error;
    }
    return row.result(result, context);
  };
}
