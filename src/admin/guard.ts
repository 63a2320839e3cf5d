import { isIP } from 'node:net';

import type { RequestHandler } from 'express';

import { ApiError } from '../errors';
import { contextOf } from '../http/context';
import { baseUrlOf } from '../http/target';

/**
 * The control API is not a web page's to drive. As Vite and webpack-dev-server do:
 * - bound to loopback, a request whose `Host` is not `localhost`, a `*.localhost` name, an IP
 *   address or one of `allowedHosts` is refused (a DNS-rebinding page reaches the server under
 *   its own name, and could otherwise read `/__admin/state`, passwords and tokens included);
 * - a state-changing request (POST, PUT, DELETE, PATCH) from another origin (an `Origin` header
 *   that is not the server's own) is refused, and so is one with a body or content type that is
 *   not JSON: a page can send text/plain, form or multipart posts without asking (CORS "simple"
 *   requests), never JSON.
 * `GET /__admin/health` is exempt: it says nothing but "ok".
 */

/** Where the control API is reachable from. */
export interface ControlGuard {
  /** the server listens on loopback only: Host names are checked */
  loopbackOnly: boolean;
  /** further Host names to accept (without port), e.g. a name /etc/hosts points at 127.0.0.1 */
  allowedHosts: readonly string[];
}

const CHANGES = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

/** The host name of a Host header, without port or IPv6 brackets. */
function hostName(host: string): string {
  if (host.startsWith('[')) return host.slice(1, host.indexOf(']'));
  const colon = host.lastIndexOf(':');
  return (colon === -1 ? host : host.slice(0, colon)).toLowerCase();
}

function isLocalName(name: string, allowed: readonly string[]): boolean {
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    isIP(name) !== 0 ||
    allowed.some((a) => a.toLowerCase() === name)
  );
}

export function guardControl(): RequestHandler {
  return (req, _res, next) => {
    if (req.method === 'GET' && req.path === '/health') {
      next();
      return;
    }
    const { guard } = contextOf(req);
    const host = req.get('host');
    if (guard?.loopbackOnly && host !== undefined && !isLocalName(hostName(host), guard.allowedHosts))
      throw new ApiError('control-forbidden-host', { reason: host });
    if (CHANGES.has(req.method)) {
      const origin = req.get('origin');
      if (origin !== undefined && origin !== baseUrlOf(req))
        throw new ApiError('control-forbidden-origin', { reason: origin });
      const type = req.get('content-type');
      if (type !== undefined && !/^application\/json\s*(;|$)/i.test(type))
        throw new ApiError('control-unsupported-media-type', { reason: type });
    }
    next();
  };
}
