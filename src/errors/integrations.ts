import type { ErrorSpec } from './spec';

/**
 * The error rows of integrations (`integrations.*`), part of the one error table (src/errors.ts): each name once, over
 * all tables.
 *
 * Layer: base.
 */
export const INTEGRATION_ERRORS = {} satisfies Record<string, ErrorSpec>;
