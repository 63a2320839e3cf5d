import type { ErrorSpec } from './spec';

/**
 * The error rows of rooms (`channels.*`, `groups.*`, `rooms.*`, `im.*`) and their members and roles, part of the one error table (src/errors.ts): each name once, over
 * all tables.
 *
 * Layer: base.
 */
export const ROOM_ERRORS = {} satisfies Record<string, ErrorSpec>;
