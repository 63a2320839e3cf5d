import { command } from './command';
import getThreadMessages from './getThreadMessages';

/**
 * `readThreads(tmid)` (the realtime method): threads on, the root (none: nothing done), its room
 * (`This room does not exist`) and its access; then the thread is off the caller's unread threads,
 * and the alert off when it was the last. Its refusals name `getThreadMessages` (as the real
 * method's do).
 */
export interface ReadThreadsArgs {
  readonly tmid: string;
}

export default command<ReadThreadsArgs, undefined>({
  name: 'readThreads',
  run({ store, user }, args) {
    store.readThreads(user, args.tmid, getThreadMessages.name);
    return undefined;
  },
});
