import type { Profile } from '../profiles';
import type { Store } from '../store/store';
import type { User } from '../types';

/**
 * A command: one action on the world, the same for every face that asks for it. A REST route
 * (src/operations) and its realtime method (src/realtime/methods.ts) read their arguments each in
 * their own way, call the one command, and write its answer or its refusal each in their own
 * form; the command holds the action's checks in the real server's order, its permission and the
 * release line's rules (decided from the profile here, handed to the domain as plain values), and
 * calls the domain's one write.
 *
 * A command throws the declared errors (src/errors.ts, `ApiError`): REST answers them in the
 * Rocket.Chat envelope, the realtime API as Meteor's error object.
 *
 * Layer: commands. The domain, the error table and the release lines; nothing of HTTP or DDP.
 */

/** What a command runs with: the world's store and release line, and who asks. */
export interface CommandContext {
  readonly store: Store;
  readonly profile: Profile;
  readonly user: User;
}

/** One command: its name (the real server's method name) and its action. */
export interface Command<A, R> {
  readonly name: string;
  run(context: CommandContext, args: A): R;
}

/** Declares a command (types its arguments and result together). */
export function command<A, R>(spec: Command<A, R>): Command<A, R> {
  return { name: spec.name, run: spec.run };
}
