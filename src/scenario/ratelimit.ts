import { z } from 'zod';

import type { RateLimitConfig } from '../types';
import type { SameType } from './checks';
import { strictObject } from './strict';

/** The rate limiter's settings, as a scenario, an option or `PUT /__admin/rate-limit` gives them. */
export const rateLimitSchema = strictObject(
  {
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
  },
  { max: 'limit', window: 'windowMs', windowMS: 'windowMs' },
);

/** Compiles only while the published type (src/types.ts) and this schema describe the same value. */
export type RateLimitSchemaIsItsType = SameType<RateLimitConfig, z.output<typeof rateLimitSchema>>;
