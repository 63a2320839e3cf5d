import type { ErrorSpec } from './spec';

/**
 * The error rows of settings, permissions and roles (`settings`, `permissions.*`, `roles.*`), part of the one error table (src/errors.ts): each name once, over
 * all tables.
 *
 * Layer: base.
 */
export const SETTING_ERRORS = {} satisfies Record<string, ErrorSpec>;
