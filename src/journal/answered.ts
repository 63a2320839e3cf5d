import type { ServerResponse } from 'node:http';

/**
 * Calls back once a response is over: with its status when it was sent whole, with 0 when the
 * connection closed first (a dropped or cut-off answer). A `ServerResponse` emits 'close' in both
 * cases, after 'finish' when it was sent, so one listener does.
 */
export function whenAnswered(res: ServerResponse, done: (status: number) => void): void {
  res.on('close', () => {
    try {
      done(res.writableFinished ? res.statusCode : 0);
    } catch (error) {
      // a defect in journaling must not end the process: the answer has gone already
      console.error('[rocketchat-fake] internal error:', error);
    }
  });
}
