import type { EraTable } from '../../eras';
import getThreadMessages from '../../commands/getThreadMessages';
import readThreads from '../../commands/readThreads';
import { documentEjson } from '../ejson';
import { MeteorError, commandMethod } from '../method';
import type { Method } from '../method';

/**
 * The realtime methods of threads: `getThreadMessages` (the root and its replies, the thread read)
 * and `readThreads` (a thread read).
 *
 * Layer: realtime.
 */

/** A number given, else 0 (`limit` and `skip` absent: no limit, none skipped). */
function numberOf(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/**
 * `getThreadMessages({tmid, limit, skip})`: no `check()`; a `tmid` that is no string finds no
 * root (an empty answer). The messages as EJSON.
 */
const getThreadMessagesMethod = commandMethod(getThreadMessages, {
  args: (params) => {
    const given = params[0];
    const input = typeof given === 'object' && given !== null ? (given as Record<string, unknown>) : {};
    return {
      tmid: typeof input.tmid === 'string' ? input.tmid : '',
      limit: numberOf(input.limit),
      skip: numberOf(input.skip),
    };
  },
  result: (messages) => messages.map((message) => documentEjson(message)),
});

/** `readThreads(tmid)`: `check(tmid, String)`; an empty result. */
const readThreadsMethod = commandMethod(readThreads, {
  args: (params) => {
    const tmid = params[0];
    if (typeof tmid !== 'string') throw new MeteorError(400, 'Match failed');
    return { tmid };
  },
  result: () => undefined,
});

/** The thread methods, by name (spread into METHODS, src/realtime/methods.ts). */
export const THREAD_METHODS: Readonly<Record<string, Method>> = {
  [getThreadMessages.name]: getThreadMessagesMethod,
  [readThreads.name]: readThreadsMethod,
};

/** Threads came in 1.0: 0.49 serves neither method. */
export const THREAD_METHODS_SERVED: Readonly<Record<string, EraTable<boolean>>> = {
  getThreadMessages: { '0.49': false, '5': true },
  readThreads: { '0.49': false, '5': true },
};
