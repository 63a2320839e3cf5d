import { z } from 'zod';

import { chatPathRoots, isChatPath } from '../operations/table';
import type { SameType } from '../scenario/checks';
import { strictObject } from '../scenario/strict';
import type { FaultInput, FaultSpec } from '../types';

/** What a fault may say, checked when one is added (loaded then, by src/faults/faults.ts). */

/** HTTP's methods, and `DDP`: a realtime method call, named by its `path` (a glob of method names). */
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'DDP'] as const;

/** What `path` says when it is no path: a path, or with method DDP a method name. */
const PATH_SHAPE =
  'a path such as /api/v1/<route>, or a pattern with * (/api/v1/channels.*); with method DDP a realtime method name or a pattern of names (sendMessage, create*, *)';

/** SockJS's WebSocket transport: `/sockjs/<server>/<session>/websocket`. */
const SOCKJS_WEBSOCKET = /^\/sockjs\/[^/]+\/[^/]+\/websocket$/;

/**
 * Whether a fault's path can name a path faults act on: the chat API's (the webhooks' route too),
 * `/websocket` and SockJS's WebSocket; a pattern, by what it starts with (up to its first `*`).
 */
function reachable(path: string): boolean {
  const star = path.indexOf('*');
  if (star < 0) return isChatPath(path) || path === '/websocket' || SOCKJS_WEBSOCKET.test(path);
  const start = path.slice(0, star);
  // what paths of each kind begin with, and the two a pattern may stop at
  const roots = [...chatPathRoots().map((root) => (root.endsWith('/') ? root : `${root}/`)), '/sockjs/'];
  const whole = ['/api', '/websocket'];
  return (
    roots.some((r) => r.startsWith(start) || start.startsWith(r)) || whole.some((w) => w.startsWith(start))
  );
}

const delay = z.union(
  [
    z.number().int().min(0).max(60_000),
    strictObject({
      min: z.number().int().min(0).max(60_000),
      max: z.number().int().min(0).max(60_000),
    }).refine((d) => d.min <= d.max, 'min must be <= max'),
  ],
  // neither kind: say what both are (zod's own words for a union are "Invalid input")
  {
    error: (issue) =>
      issue.code === 'invalid_union'
        ? 'whole milliseconds from 0 to 60000, or {"min": ms, "max": ms}'
        : undefined,
  },
);

export const faultSchema = strictObject(
  {
    // a path (`/…`), or with method DDP a method name: which one is checked with the method below
    path: z
      .string()
      .regex(/^[^\s]+$/, PATH_SHAPE)
      .refine(
        (path) => !path.startsWith('/') || reachable(path),
        'faults act on /api/…, /hooks/…, /websocket and /sockjs/<server>/<session>/websocket only (a stub answers other paths)',
      ),
    method: z
      .string()
      .transform((m) => m.toUpperCase())
      .pipe(z.enum(METHODS))
      .optional(),
    times: z.number().int().min(1).max(1_000_000).optional().describe('default: until cleared'),
    status: z.number().int().min(200).max(599).optional(),
    body: z.unknown().optional(),
    delayMs: delay.optional(),
    drop: z.literal(true).optional(),
    partial: z.literal(true).optional(),
    closeCode: z
      .number()
      .int()
      .refine(
        (c) =>
          c === 1000 ||
          c === 1001 ||
          c === 1002 ||
          c === 1003 ||
          (c >= 1007 && c <= 1014) ||
          (c >= 3000 && c <= 4999),
        {
          message: 'a WebSocket close code a server may send: 1000-1003, 1007-1014, 3000-4999',
        },
      )
      .optional()
      .describe('a realtime socket (/websocket) is accepted, then closed with this code'),
  },
  { delay: 'delayMs', wait: 'delayMs', count: 'times', code: 'status', response: 'body' },
)
  .superRefine((f, ctx) => {
    // a realtime method call is named by its method's name; an HTTP request (or a socket's
    // handshake) by its path
    const ddp = f.method === 'DDP';
    if (ddp === f.path.startsWith('/'))
      ctx.addIssue({
        code: 'custom',
        path: ['path'],
        message: ddp
          ? 'with method DDP, path is a realtime method name or a pattern of names (sendMessage, create*, *), not an HTTP path'
          : PATH_SHAPE,
      });
    if (ddp && f.partial)
      ctx.addIssue({
        code: 'custom',
        path: ['partial'],
        message: 'partial cuts an HTTP answer in half: a realtime method call (method DDP) has none to cut',
      });
    if (ddp && f.closeCode !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['closeCode'],
        message:
          "closeCode acts on a socket's handshake (/websocket): for a method call (method DDP) use drop",
      });
  })
  .refine(
    (f) =>
      f.status !== undefined || f.delayMs !== undefined || f.drop || f.partial || f.closeCode !== undefined,
    { message: 'give at least one of status, delayMs, drop, partial, closeCode' },
  )
  .refine((f) => f.closeCode === undefined || (f.status === undefined && !f.drop && !f.partial), {
    message: 'closeCode closes an accepted socket: it cannot go with status, drop or partial',
    path: ['closeCode'],
  })
  .refine((f) => !(f.drop && (f.status !== undefined || f.partial || f.body !== undefined)), {
    message: 'drop sends nothing: it cannot go with status, body or partial',
  })
  .refine((f) => f.body === undefined || f.status !== undefined, {
    message: 'body needs a status',
    path: ['body'],
  });

/** Compiles only while the published types (src/types.ts) and this schema describe the same values. */
export type FaultSchemaIsItsTypes = [
  SameType<FaultInput, z.input<typeof faultSchema>>,
  SameType<FaultSpec, z.output<typeof faultSchema>>,
];
