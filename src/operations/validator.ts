/**
 * The shape of a release's parameter validator (src/operations/schemas.ts holds them): kept apart
 * so that an operation's declaration can name its validator without a cycle.
 *
 * Layer: operations.
 */

/** A JSON schema, as data (the subset these validators use). */
export type Schema = Readonly<Record<string, unknown>>;

/** How ajv coerces: not at all (a local `new Ajv()`), scalars (`true`), or also one-item arrays (`'array'`). */
export type Coercion = false | true | 'array';

/** Where the server validated, which decides the refusal's body. */
export type Form = 'legacy' | 'query' | 'body';

/** One era's validator: its schema, ajv's coercion and the refusal's form; none when that era had none. */
export interface Validator {
  readonly schema: Schema;
  readonly coerce: Coercion;
  readonly form: Form;
}
