import type { ServerResponse } from 'node:http';

/**
 * Calls back once a response is over: with its status when it was sent whole, with 0 when the
 * connection closed first (a dropped or cut-off answer). A `ServerResponse` emits 'close' in both
 * cases, after 'finish' when it was sent, so one listener does. A started server listens to every
 * response's 'close' already (its in-flight answers): it marks the response ({@link watchAnswer})
 * and its listener calls {@link answerOver}, so a request costs one listener, not two.
 */

/** The callback for when a watched response is over, kept on the response. */
const WHEN_OVER = Symbol('whenOver');

interface Watched {
  [WHEN_OVER]?: (() => void) | undefined;
}

/** Marks a response whose 'close' listener calls {@link answerOver}. */
export function watchAnswer(res: ServerResponse): void {
  (res as Watched)[WHEN_OVER] = undefined;
}

/** From a watched response's 'close' listener: runs the callback {@link whenAnswered} left, once. */
export function answerOver(res: ServerResponse): void {
  const watched = res as Watched;
  const over = watched[WHEN_OVER];
  if (over === undefined) return;
  watched[WHEN_OVER] = undefined;
  over();
}

export function whenAnswered(res: ServerResponse, done: (status: number) => void): void {
  const over = (): void => {
    try {
      done(res.writableFinished ? res.statusCode : 0);
    } catch (error) {
      // a defect in journaling must not end the process: the answer has gone already
      console.error('[rocketchat-fake] internal error:', error);
    }
  };
  const watched = res as Watched;
  // a watched response holds one callback; any other (or a second) listens for itself
  if (WHEN_OVER in watched && watched[WHEN_OVER] === undefined) watched[WHEN_OVER] = over;
  else res.on('close', over);
}
