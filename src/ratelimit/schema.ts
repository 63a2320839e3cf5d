import { z } from 'zod';

/** The rate limiter's settings, checked when they are given (loaded then: see src/lazy.ts). */
export const rateLimitSchema = z.strictObject({
  limit: z
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .describe('calls allowed per window (the server default is 10)'),
  windowMs: z
    .number()
    .int()
    .min(1)
    .max(86_400_000)
    .describe('the window, in fake-clock milliseconds (default 60000)'),
});

/** `{limit, windowMs}`: e.g. `{ limit: 10, windowMs: 60000 }`, the real server's default. */
export type RateLimitConfig = z.output<typeof rateLimitSchema>;
