import { z } from 'zod';

import { chatPathRoots, isChatPath } from '../operations/table';
import type { SameType } from '../scenario/checks';
import { strictObject } from '../scenario/strict';
import type { FaultInput, FaultSpec } from '../types';

/** What a fault may say, checked when one is added (loaded then, by src/faults/faults.ts). */

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'] as const;

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
    path: z
      .string()
      .regex(/^\/[^\s]*$/, 'a path such as /api/v1/<route>, or a pattern with * (/api/v1/channels.*)')
      .refine(
        reachable,
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
