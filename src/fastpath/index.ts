import type { RequestListener } from 'node:http';

import { LIST, answerList } from './list';
import { fastBodyHead, fastBodyLimit, isFastOperation, readThenAnswer } from './post';
import { sendJson } from './reply';
import type { FastPathHost } from './target';
import { targetOf } from './target';

export type { FastPathHost } from './target';

/**
 * The fast path in front of Express, for the requests that dominate client test suites and the
 * first request a CI script makes:
 *
 * - `GET /__admin/health` (the root's, when the control API is on);
 * - a repeated `GET channels.list` page whose finished body is cached for the current state;
 * - `POST channels.setReadOnly` and `channels.setType` with a plain JSON body that succeeds.
 *
 * It answers only when nothing else could change the answer (no fault, no rate limit, a valid
 * token) and journals the request exactly as the Express path does. Anything else goes to Express
 * untouched, or, once a POST body has been read, replayed (see {@link replayRequest}): every
 * refusal and error is Express's own.
 */
export interface FastPathOptions {
  /** false when the control API is off (health then answers 404, from Express) */
  admin: boolean;
  /** the body limit in bytes, if it was given as a number */
  bodyLimit?: number | string;
}

const HEALTH = '/__admin/health';

/** Wraps the Express app (built on first use by `express`) with the fast path. */
export function withFastPath(
  host: FastPathHost,
  options: FastPathOptions,
  express: () => RequestListener,
): RequestListener {
  const limit = fastBodyLimit(options.bodyLimit);
  let warmed = false;
  return (req, res) => {
    const url = req.url ?? '';
    if (req.method === 'GET' && !req.headers['content-length'] && !req.headers['transfer-encoding']) {
      if (url === HEALTH && options.admin) {
        sendJson(res, 200, JSON.stringify({ status: 'ok', profile: host.root.profile.id }));
        // a CI script's first request: build Express while the client starts its tests
        if (!warmed) res.once('finish', () => setImmediate(express));
        warmed = true;
        return;
      }
      const target = targetOf(host, url);
      if (target?.path === LIST && answerList(target, req, res)) return;
    } else if (req.method === 'POST' && fastBodyHead(req, limit)) {
      const target = targetOf(host, url);
      if (target && isFastOperation(target.path)) {
        readThenAnswer(host, req, res, express);
        return;
      }
    }
    express()(req, res);
  };
}
