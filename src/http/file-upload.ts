import type { NextFunction, Request, Response } from 'express';

import type { User } from '../types';
import { contextOf } from './context';

/**
 * `GET /file-upload/:fileId/:name` (and HEAD): an uploaded file's bytes, as the real server's
 * `/file-upload/` handler serves them: found by its id alone (the name is any text), then, with
 * `FileUpload_ProtectFiles` (the default), the caller's credentials from the query
 * (`rc_uid`/`rc_token`), the cookies of those names, or the `X-User-Id`/`X-Auth-Token` headers,
 * and with `FileUpload_Restrict_to_room_members` (the default) the caller a member of the file's
 * room. A refusal is an empty 403; a file the world does not hold goes on to the rest of the
 * world's rules (a stub, the pass-through, else the real server's empty 404).
 *
 * Not modelled: `Range`, compression, `?replyWithRedirectUrl`, JSON web tokens, livechat visitors.
 *
 * Layer: http.
 */

/** One cookie's value from the `Cookie` header. */
function cookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (header === undefined) return undefined;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === name) {
      const value = pair.slice(eq + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return undefined;
}

function first(value: unknown): string | undefined {
  const one: unknown = Array.isArray(value) ? value[0] : value;
  return typeof one === 'string' ? one : undefined;
}

/** The caller the request's credentials name, in `requestCanAccessFiles`' order. */
function callerOf(
  req: Request,
  authenticate: (uid: string, token: string) => User | undefined,
): User | undefined {
  const query = req.query as Record<string, unknown>;
  const pairs: Array<[string | undefined, string | undefined]> = [
    [first(query.rc_uid), first(query.rc_token)],
    [cookie(req, 'rc_uid'), cookie(req, 'rc_token')],
    [first(req.headers['x-user-id']), first(req.headers['x-auth-token'])],
  ];
  for (const [uid, token] of pairs) if (uid && token) return authenticate(uid, token);
  return undefined;
}

export function serveFileUpload(req: Request, res: Response, next: NextFunction): void {
  const { world } = contextOf(req);
  const { store } = world;
  const id = req.path.split('/')[2] ?? '';
  const upload = store.upload(id);
  if (!upload) {
    next();
    return;
  }
  const settings = store.settings();
  const user = callerOf(req, (uid, token) => store.authenticate(uid, token));
  let status = 200;
  if (settings.FileUpload_ProtectFiles) {
    const room = store.anyRoom(upload.doc.rid);
    if (!user) status = 403;
    else if (settings.FileUpload_Restrict_to_room_members && !room?.usernames.includes(user.username))
      status = 403;
  }
  world.recordRequest({
    method: req.method,
    path: req.path,
    query: req.query as Record<string, unknown>,
    body: null,
    user: user?.username ?? null,
    modelled: true,
    status,
  });
  res.removeHeader('Pragma');
  res.removeHeader('Cache-Control');
  if (status !== 200) {
    res.status(status).end();
    return;
  }
  const { doc, bytes } = upload;
  res.setHeader('Content-Security-Policy', "default-src 'none'");
  res.setHeader('Cache-Control', 'max-age=31536000');
  res.setHeader('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(doc.name)}`);
  res.setHeader('Content-Type', doc.type === '' ? 'application/octet-stream' : doc.type);
  res.setHeader('Content-Length', String(bytes.length));
  const uploadedAt = doc.uploadedAt;
  if (typeof uploadedAt === 'string') res.setHeader('Last-Modified', new Date(uploadedAt).toUTCString());
  res.status(200);
  if (req.method === 'HEAD') res.end();
  else res.end(bytes);
}
