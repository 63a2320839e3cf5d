import type { Command } from '../commands/command';
import { MeteorError } from './methods';
import type { Method, MethodContext } from './methods';

/**
 * A realtime method that is a command's second face: its row says how the method's positional
 * arguments become the command's arguments (Meteor's `check`s: a refusal is `Match failed`) and
 * how the command's result goes back; the command does the rest, as it does for its REST route.
 * A caller that has not logged in is `error-invalid-user`, as Rocket.Chat's methods answer it.
 *
 * Layer: realtime.
 */
export interface MethodRow<A, R> {
  /** the method's arguments as the command takes them; throws `Match failed` for a bad one */
  args(params: readonly unknown[], context: MethodContext): A;
  /** the command's result as the method answers it (EJSON dates already) */
  result(result: R, context: MethodContext): unknown;
}

/** The method that runs a command. */
export function commandMethod<A, R>(command: Command<A, R>, row: MethodRow<A, R>): Method {
  return (context, params) => {
    const { user } = context;
    if (!user) throw new MeteorError('error-invalid-user', 'Invalid user', { method: command.name });
    const args = row.args(params, context);
    return row.result(command.run({ store: context.store, profile: context.profile, user }, args), context);
  };
}

/** Meteor's `check` refusing an argument: error 400 `Match failed` (its sanitized error). */
export function matchFailed(): MeteorError {
  return new MeteorError(400, 'Match failed');
}
