import bodyParser from 'body-parser';
import type { NextFunction, Request, Response } from 'express';

import { ApiError } from '../errors';
import { hasBody } from './head';
import { keepRawBody as keepRaw } from './raw-body';
import { toApiError } from './respond';

/**
 * Body parsing whose failures wait: a protected route answers 401 before it complains about a
 * malformed body (the real server's order), so a parse error is kept: the chat pipeline throws
 * it after authentication (src/http/chat.ts), the control API by {@link checkBody}.
 */

const failures = new WeakMap<Request, ApiError>();

/** Bodies that were JSON, but not an object or an array (`null`, `"text"`, `5`): refused as such. */
const notObjects = new WeakSet<Request>();

/** Whether body-parser refused a body that is valid JSON (its strict mode takes objects and arrays only). */
function isJsonScalar(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { type, body } = error as { type?: unknown; body?: unknown };
  if (type !== 'entity.parse.failed' || typeof body !== 'string') return false;
  try {
    JSON.parse(body);
    return true;
  } catch {
    return false;
  }
}

function isAborted(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && (error as { type?: unknown }).type === 'request.aborted'
  );
}

/** JSON and form bodies up to `limit`; anything else with a body is refused (later, by checkBody). */
export function parseBody(limit: string | number = '1mb') {
  const json = bodyParser.json({ limit, verify: keepRaw });
  const form = bodyParser.urlencoded({ extended: false, limit, parameterLimit: 1000, verify: keepRaw });
  // any other type is read as bytes for the pass-through alone: for the fake it stays unparsed
  const raw = bodyParser.raw({ type: () => true, limit, verify: keepRaw });
  return (req: Request, res: Response, next: NextFunction): void => {
    // no body, or one already read (an upload route's, src/http/uploads.ts)
    if (!hasBody(req) || req.body !== undefined) {
      next();
      return;
    }
    const done = (error?: unknown): void => {
      // the client went away before its body arrived: there is no request to answer or journal
      if (isAborted(error)) return;
      if (error) {
        failures.set(req, toApiError(error));
        if (isJsonScalar(error)) notObjects.add(req);
      } else if (req.body === undefined && hasBody(req) && req.method !== 'GET' && req.method !== 'HEAD') {
        failures.set(
          req,
          new ApiError('unsupported-media-type', { reason: req.get('content-type') ?? '(none)' }),
        );
      }
      next();
    };
    const other = (error?: unknown): void => {
      if (error || req.body !== undefined) {
        done(error);
        return;
      }
      raw(req, res, (rawError?: unknown) => {
        if (isAborted(rawError)) return;
        // the bytes are kept (or not, when too large); the body stays what the fake cannot read
        req.body = undefined;
        done();
      });
    };
    json(req, res, (error?: unknown) => (error ? done(error) : form(req, res, other)));
  };
}

/** Why the request's body failed to parse, if it did (the chat pipeline throws it where its operation says). */
export function bodyFailureOf(req: Request): ApiError | undefined {
  return failures.get(req);
}

/** Throws the body's parse error, if it had one (JSON that is no object is said to be so). */
export function checkBody(req: Request, _res: Response, next: NextFunction): void {
  if (notObjects.has(req))
    throw new ApiError('control-invalid', { reason: 'The body must be a JSON object' });
  const failure = failures.get(req);
  if (failure) throw failure;
  next();
}
