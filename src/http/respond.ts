import type { NextFunction, Request, Response } from 'express';

import { ApiError } from '../errors';
import { maybeContextOf } from './context';
import { sendJsonText } from './send';

/** Sets `Cache-Control: no-store` and `Pragma: no-cache` on an answer the chat pipeline does not write (the control API, 404s). */
export function noStore(res: Response): void {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Pragma', 'no-cache');
}

interface BodyParserError {
  type?: unknown;
  status?: unknown;
  message?: unknown;
}

/** What body-parser's errors mean on the wire. */
export function fromBodyParserError(error: unknown): ApiError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { type, message } = error as BodyParserError;
  const reason = typeof message === 'string' ? message : undefined;
  switch (type) {
    case 'entity.parse.failed':
      return new ApiError('invalid-json', { reason });
    case 'entity.too.large':
      return new ApiError('payload-too-large');
    case 'parameters.too.many':
      return new ApiError('too-many-parameters');
    case 'encoding.unsupported':
    case 'charset.unsupported':
    case 'entity.verify.failed':
    case 'request.size.invalid':
    case 'stream.encoding.set':
      return new ApiError('bad-request', { reason });
    case 'request.aborted':
      return new ApiError('bad-request', { reason: 'request aborted' });
    default:
      if (!isClientStatus((error as BodyParserError).status)) return undefined;
      // a body its Content-Encoding does not decode (zlib's or brotli's error, made a 400 by
      // body-parser, with no type of its own): says so, never a 500
      if (type === undefined && isDecodingError(error))
        return new ApiError('bad-request', {
          reason: 'The body could not be decoded as its Content-Encoding says',
        });
      // any other refusal of body-parser's (an http-errors 4xx): a 400 that says what it was, never a 500
      return typeof type === 'string' ? new ApiError('bad-request', { reason }) : undefined;
  }
}

/**
 * zlib's, brotli's and zstd's errors carry their library's code (`Z_DATA_ERROR`,
 * `ERR__ERROR_FORMAT_PADDING_1`, `ZSTD_error_…`); no other error's code starts so.
 */
function isDecodingError(error: object): boolean {
  const { code } = error as { code?: unknown };
  return typeof code === 'string' && /^(Z_|ERR__ERROR_|ZSTD_)/.test(code);
}

function isClientStatus(status: unknown): boolean {
  return typeof status === 'number' && status >= 400 && status < 500;
}

/** Turns a thrown error into an ApiError: known ones as they are, anything else as a 500. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const fromParser = fromBodyParserError(error);
  if (fromParser) return fromParser;
  if (error instanceof URIError)
    return new ApiError('bad-request', { reason: 'Malformed percent-encoding in the URL' });
  return new ApiError('internal');
}

/** The one error middleware: every error leaves as the Rocket.Chat envelope. */
export function errorHandler(error: unknown, req: Request, res: Response, next: NextFunction): void {
  const apiError = toApiError(error);
  if (apiError.code === 'internal') console.error('[rocketchat-fake] internal error:', error);
  if (res.headersSent) {
    next(error);
    return;
  }
  if (apiError.params.allow) res.setHeader('Allow', apiError.params.allow);
  // the chat API answers as the world's era; the control API is the fake's own
  if (req.path.includes('/__admin')) {
    res.status(apiError.status).json(apiError.toBody());
    return;
  }
  // a chat answer, written as the pipeline writes its answers (Content-Type exactly application/json)
  const profile = maybeContextOf(req)?.world.profile;
  sendJsonText(res, apiError.status, false, undefined, JSON.stringify(apiError.toBody(profile)));
}
