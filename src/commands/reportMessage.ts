import { command } from './command';

/**
 * `reportMessage` (Rocket.Chat's moderation function, which `chat.reportMessage` calls): a blank
 * description, then the message and its room's access (src/store/message-actions.ts). The fake
 * keeps no moderation reports: a report that passes changes nothing.
 */
export interface ReportMessageArgs {
  readonly messageId: string;
  readonly description: string;
}

const NAME = 'reportMessage';

export default command<ReportMessageArgs, undefined>({
  name: NAME,
  run({ store, user }, args) {
    store.reportMessage(user, args.messageId, args.description);
    return undefined;
  },
});
