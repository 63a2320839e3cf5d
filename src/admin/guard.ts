import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
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

/** What a control request's checks read: its method, path under `/__admin`, and headers. */
export interface ControlRequestHead {
  method: string;
  /** the path under `/__admin`, e.g. `/reset` */
  path: string;
  headers: IncomingHttpHeaders;
  /** the server's own base URL as the client reached it (an Origin that is not it is refused) */
  baseUrl: string;
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Constant-time comparison of a presented token with the configured one. */
function sameToken(presented: string, expected: string): boolean {
  const digest = (s: string): Buffer => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}

/**
 * Why a control request is refused before any route runs, if it is: a Host or Origin the guard
 * does not accept, a body type a page could send, or (with an admin token) a missing or wrong
 * `Authorization: Bearer`. The Express router and the fast path both ask this.
 */
export function controlRefusal(
  head: ControlRequestHead,
  guard: ControlGuard | undefined,
  adminToken: string | undefined,
): ApiError | undefined {
  const { method, path, headers } = head;
  if (method === 'GET' && path === '/health') return undefined;
  const host = header(headers.host);
  if (guard?.loopbackOnly && host !== undefined && !isLocalName(hostName(host), guard.allowedHosts))
    return new ApiError('control-forbidden-host', { reason: host });
  if (CHANGES.has(method)) {
    const origin = header(headers.origin);
    if (origin !== undefined && origin !== head.baseUrl)
      return new ApiError('control-forbidden-origin', { reason: origin });
    const type = header(headers['content-type']);
    if (type !== undefined && !/^application\/json\s*(;|$)/i.test(type))
      return new ApiError('control-unsupported-media-type', { reason: type });
  }
  // the inspector's page holds no data: it asks for the token, and every call it makes carries it
  if (adminToken === undefined || (method === 'GET' && (path === '/ui' || path === '/ui/'))) return undefined;
  // the scheme's name in any case (RFC 9110 §11.1)
  const match = /^Bearer +(.+)$/i.exec(header(headers.authorization) ?? '');
  if (!match?.[1] || !sameToken(match[1], adminToken)) return new ApiError('control-unauthorized');
  return undefined;
}

/** The Express face of {@link controlRefusal}: every control request passes it first. */
export function guardControl(): RequestHandler {
  return (req, _res, next) => {
    const { guard, adminToken } = contextOf(req);
    const refusal = controlRefusal(
      { method: req.method, path: req.path, headers: req.headers, baseUrl: baseUrlOf(req) },
      guard,
      adminToken,
    );
    if (refusal) throw refusal;
    next();
  };
}
