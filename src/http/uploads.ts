import type { NextFunction, Request, Response } from 'express';

import { MultipartReader, UploadBody, boundaryOf, isMultipartFormData } from '../net/multipart';
import type { MultipartLimits } from '../net/multipart';
import { carriedRoute, carryRoute, routeAt } from './rules';
import { targetOf } from './target';
import type { WorldHost } from './target';

/**
 * The upload routes' bodies (`rooms.upload`, `rooms.media`: an operation whose `openApi.multipart`
 * says so), read before the body parser: a `multipart/form-data` body is streamed through the
 * bounded reader (src/net/multipart.ts), never buffered whole, its file's bytes kept up to the
 * world's remaining upload budget (`uploadBytesPerWorld`) and `FileUpload_MaxFileSize` (one byte
 * more, so that "too large" can be told), the rest dropped as it comes. Any other body is not read
 * at all: the route answers busboy's refusal of it (`Unsupported content type: …`) after its own
 * checks. The body parser then leaves the request alone.
 *
 * Layer: http.
 */

/** busboy's text-field cap (`fieldSize`), its parts, and a part head's length. */
const FIELD_BYTES = 1024 * 1024;
const PARTS = 1000;
const HEADER_BYTES = 16 * 1024;

export function readUploads(host: WorldHost) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    const target = targetOf(host, req.url);
    const { world } = target;
    if (world === undefined) {
      next();
      return;
    }
    // the route, resolved once: carried on for the app's own middleware (src/app.ts)
    const route = carriedRoute(req) ?? routeAt(req.method, target.path);
    carryRoute(req, route);
    if (!route.modelled || route.op?.openApi?.multipart !== true) {
      next();
      return;
    }
    const done = (body: UploadBody): void => {
      // the body parser leaves a request whose body is set alone (src/http/body.ts)
      req.body = body;
      next();
    };
    const type = req.headers['content-type'];
    const boundary = type === undefined ? undefined : boundaryOf(type);
    if (type === undefined || !isMultipartFormData(type) || boundary === undefined) {
      // the body is not read: its bytes go by unkept
      req.resume();
      done(
        UploadBody.refused(
          type === undefined
            ? 'Missing Content-Type'
            : !isMultipartFormData(type)
              ? `Unsupported content type: ${type}`
              : 'Multipart: Boundary not found',
        ),
      );
      return;
    }
    // a setting saved as something else than a number bounds nothing: the budget still does
    const maxFileSize = Number(world.store.settings().FileUpload_MaxFileSize);
    const left = Math.max(0, world.limits.uploadBytesPerWorld - world.store.uploadedBytes());
    const limits: MultipartLimits = {
      fileBytes: Math.min(left, maxFileSize > 0 ? maxFileSize : Number.POSITIVE_INFINITY) + 1,
      fieldBytes: FIELD_BYTES,
      parts: PARTS,
      headerBytes: HEADER_BYTES,
    };
    const reader = new MultipartReader(boundary, limits);
    req.on('data', (chunk: Buffer) => reader.write(chunk));
    // no 'end' when the client goes away before its body arrived: nothing to answer
    req.once('end', () => done(new UploadBody(reader.end())));
  };
}
