/**
 * The documented success shapes, by route name: each route's declared `response`
 * (src/operations/<route>.ts, built with src/operations/responses.ts), and `error`, the refusal
 * envelope. Endpoint tests assert a 200 body against its route's with `toMatchShape`.
 */
import { REFUSAL } from '../../src/operations/responses';
import { OPERATIONS } from '../../src/operations/table';
import type { Schema } from '../../src/operations/validator';

export const SHAPES: Readonly<Record<string, Schema>> = {
  ...Object.fromEntries(
    OPERATIONS.flatMap((op) => (op.openApi?.response ? [[op.name, op.openApi.response]] : [])),
  ),
  error: REFUSAL,
};

/** A route's name (a declared response), or `error`. */
export type ShapeName = string;
