import { byEra } from '../eras';
import type { EraTable } from '../eras';
import { ApiError } from '../errors';
import { BUILT_IN_COMMANDS } from '../store/startup';
import type { Store } from '../store/store';
import { command } from './command';
import { ephemeralMessage } from './ephemeral';
import sendMessage from './sendMessage';
import { BUILT_IN_CALLBACKS } from './slash-builtins';

/**
 * A slash command run (`slashCommands.run`), the same for `POST commands.run` and the realtime
 * `slashCommand` method: each face finds the command its own way (REST any case, the method by its
 * exact name) and makes its own checks first, then runs this. A command without a server callback
 * does nothing; one with a callback needs the message's room (`invalid-command-usage`, which only
 * the method can reach); then a scenario's command posts its `reply` as the caller (in the thread,
 * with `tmid`), a text command posts its art where the release line's server did, and another
 * built-in command runs its callback (src/commands/slash-builtins.ts). Answers the ephemeral
 * messages the callback sends the caller in the message's room (each face sends them on
 * `stream-notify-user` `<uid>/message`); the callback's own result is always none.
 */
export interface SlashCommandArgs {
  /** the command's registered name (lower case) */
  readonly name: string;
  readonly params: string;
  /** the message's room (the method's `msg.rid`; REST's `roomId`) */
  readonly rid: string | undefined;
  readonly tmid?: string;
}

/** What a run tells the caller: the texts of its ephemeral messages, in the order sent, and their room. */
export interface SlashOutcome {
  readonly rid: string;
  readonly notices: readonly string[];
  /** the callback's refusal after its notices were sent: each face answers it once they are */
  readonly refusal?: ApiError;
}

const NOTHING: SlashOutcome = { rid: '', notices: [] };

/**
 * What each face (`commands.run`, the realtime `slashCommand`) does with an outcome: each notice
 * to the caller as an ephemeral message on `stream-notify-user` `<uid>/message` (none when the
 * face has no one to tell), then the refusal that followed them, thrown.
 */
export function deliverNotices(
  store: Store,
  uid: string,
  { rid, notices, refusal }: SlashOutcome,
  notify: ((event: { uid: string; event: 'message'; args: unknown[] }) => void) | undefined,
): void {
  for (const notice of notices)
    notify?.({ uid, event: 'message', args: [ephemeralMessage(store, rid, notice)] });
  if (refusal) throw refusal;
}

/**
 * The text commands (`/gimme`, `/shrug`, …): 5.x's server callback posts the text with its art
 * as the caller; 6.x on the server registers them without a callback (the client posts), so
 * running them there does nothing (the version of the change UNVERIFIED).
 */
const ART: Readonly<Record<string, (params: string) => string>> = {
  gimme: (p) => `༼ つ ◕_◕ ༽つ ${p}`,
  lennyface: (p) => `${p} ( ͡° ͜ʖ ͡°)`,
  shrug: (p) => `${p} ¯\\_(ツ)_/¯`,
  tableflip: (p) => `${p} (╯°□°）╯︵ ┻━┻`,
  unflip: (p) => `${p} ┬─┬ ノ( ゜-゜ノ)`,
};
const ART_POSTED: EraTable<boolean> = { '0.49': true, '6': false };

const BUILT_IN: ReadonlySet<string> = new Set(BUILT_IN_COMMANDS.map((c) => c.command));

/** Whether a command of that exact name is registered (the scenario's or a built-in one). */
export function commandRegistered(commands: readonly { command: string }[], name: string): boolean {
  return BUILT_IN.has(name) || commands.some((c) => c.command === name);
}

export default command<SlashCommandArgs, SlashOutcome>({
  name: 'slashCommand',
  run({ store, profile, user }, { name, params, rid, tmid }) {
    const own = store.slashCommands().find((c) => c.command === name);
    const art = ART[name];
    // no server callback: nothing done (a text command from 6.x)
    if (!own && art && !byEra(profile, ART_POSTED)) return NOTHING;
    if (rid === undefined || rid === '') throw new ApiError('slash-command-usage');
    const thread = tmid === undefined ? {} : { tmid };
    const builtIn = own ? undefined : BUILT_IN_CALLBACKS[name];
    if (builtIn) {
      const notices: string[] = [];
      try {
        builtIn({ store, profile, user }, { params, rid, ...thread }, (text) => notices.push(text));
      } catch (error) {
        // a refusal after notices: the faces send the notices, then answer the refusal
        if (error instanceof ApiError && notices.length > 0) return { rid, notices, refusal: error };
        throw error;
      }
      return { rid, notices };
    }
    // a scenario's command posts its reply (if any); a text command its art
    const reply = own ? own.reply : art?.(params);
    if (reply !== undefined) sendMessage.run({ store, profile, user }, { rid, text: reply, ...thread });
    return { rid, notices: [] };
  },
});
