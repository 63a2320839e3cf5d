import type { ErrorSpec } from './spec';

/**
 * The error rows of users (`users.*`) and their tokens, part of the one error table (src/errors.ts): each name once, over
 * all tables.
 *
 * Layer: base.
 */
export const USER_ERRORS = {} satisfies Record<string, ErrorSpec>;
