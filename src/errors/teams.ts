import type { ErrorSpec } from './spec';

/**
 * The error rows of teams (`teams.*`), part of the one error table (src/errors.ts): each name once, over
 * all tables.
 *
 * Layer: base.
 */
export const TEAM_ERRORS = {} satisfies Record<string, ErrorSpec>;
