import { z } from 'zod';

import type { SameType } from './checks';
import { strictObject } from './strict';
import { compileRegex } from '../store/regex';
import type { StubInput } from '../types';
import { templateProblems } from './template';

/** What a stub may say (a scenario's `stubs`, `fake.stub()`), checked when one is added. */

/** HTTP's methods, and `DDP`: a realtime method call, its method's name as the path. */
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'DDP'] as const;

const PATH_SHAPE = 'a path inside the world, such as /api/v1/livechat/rooms';

const regex = z
  .string()
  .min(1)
  .refine((source) => compileRegex(source, '') !== undefined, {
    message: 'an RE2 regular expression of at most 512 characters (no backreferences or lookaround)',
  });

const match = z.union([
  z.string(),
  strictObject({ equals: z.unknown() }),
  strictObject({ contains: z.unknown() }),
  strictObject({ matches: regex }),
]);

const request = strictObject(
  {
    method: z
      .string()
      .transform((m) => m.toUpperCase())
      .pipe(z.enum(METHODS))
      .optional(),
    // a path (`/…`), or with method DDP a method's name: which one is checked with the method below
    path: z
      .string()
      .regex(/^[^\s]+$/, PATH_SHAPE)
      .optional(),
    pathPattern: regex.optional(),
    query: z.record(z.string(), match).optional(),
    headers: z.record(z.string(), match).optional(),
    body: match.optional(),
  },
  { url: 'path', urlPattern: 'pathPattern', queryParameters: 'query', bodyPatterns: 'body' },
)
  .refine((r) => !(r.path !== undefined && r.pathPattern !== undefined), {
    message: 'give path or pathPattern, not both',
  })
  .superRefine((r, ctx) => {
    const ddp = r.method === 'DDP';
    if (r.path !== undefined && ddp === r.path.startsWith('/'))
      ctx.addIssue({
        code: 'custom',
        path: ['path'],
        message: ddp
          ? "with method DDP, path is a realtime method's name (sendMessage), not an HTTP path"
          : PATH_SHAPE,
      });
    // a method call has no query nor headers: a matcher of them would never match
    for (const part of ['query', 'headers'] as const) {
      if (ddp && r[part] !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: [part],
          message: `a realtime method call (method DDP) has no ${part}: match its params with body`,
        });
    }
  });

/** The headers that say how an answer is framed on the connection: the server's to write, never a stub's. */
const FRAMING_HEADERS = ['content-length', 'transfer-encoding', 'connection'];

/** What an HTTP header value may hold (as node:http checks it): tab, printable ASCII, Latin-1. */
export const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

const response = strictObject(
  {
    status: z.number().int().min(200).max(599).optional(),
    headers: z
      .record(
        z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'a header name'),
        z
          .string()
          .regex(HEADER_VALUE, 'a header value: no line breaks or other control characters, Latin-1 only'),
      )
      .optional(),
    body: z.unknown().optional(),
    base64Body: z
      .string()
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, "the body's bytes in base64")
      .refine((b64) => b64.length % 4 === 0, "the body's bytes in base64 (a multiple of 4 characters)")
      .optional()
      .describe('a binary body, sent as these bytes (no templates)'),
  },
  { jsonBody: 'body', code: 'status' },
).superRefine((r, ctx) => {
  if (r.body !== undefined && r.base64Body !== undefined)
    ctx.addIssue({ code: 'custom', message: 'give body or base64Body, not both', path: ['base64Body'] });
  for (const name of Object.keys(r.headers ?? {})) {
    if (FRAMING_HEADERS.includes(name.toLowerCase()))
      ctx.addIssue({
        code: 'custom',
        message:
          'the fake frames the answer itself: Content-Length, Transfer-Encoding and Connection are its own',
        path: ['headers', name],
      });
  }
  for (const problem of [
    ...templateProblems(r.body, ['body']),
    ...templateProblems(r.headers ?? {}, ['headers']),
  ]) {
    // the problem's path is the template's own (inside the body or a header)
    ctx.addIssue({ code: 'custom', message: problem.message, path: problem.path });
  }
});

export const stubSchema = strictObject({
  id: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'letters, digits, _ . - (at most 64)')
    .optional(),
  request,
  response,
  times: z.number().int().min(1).max(1_000_000).optional().describe('default: until removed'),
  priority: z.number().int().min(1).max(100).optional().describe('lower first; default 5'),
  override: z.boolean().optional().describe('may answer a route the fake models'),
}).superRefine((stub, ctx) => {
  // a method call's answer is a result frame: JSON, no headers nor bytes
  if (stub.request.method !== 'DDP') return;
  for (const part of ['headers', 'base64Body'] as const) {
    if (stub.response[part] !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['response', part],
        message: `a realtime method's answer (method DDP) is its result frame: it has no ${part === 'headers' ? 'headers' : 'bytes'}, give body`,
      });
  }
});

/** The stubs of a scenario file. */
export const stubsSchema = z.array(stubSchema).max(1000);

/** Compiles only while the published type (src/types.ts) and this schema describe the same values. */
export type StubSchemaIsItsType = [SameType<StubInput, z.input<typeof stubSchema>>];
