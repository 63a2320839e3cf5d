import { ERRORS, toEnvelope } from '../errors';
import type { ErrorCode } from '../errors';
import type { Operation } from './operation';
import type { Form } from './validator';

/**
 * What the documents say of a route, read from its declaration: the refusals it can answer and
 * their words on the wire, the release lines of its validator, and the reference's route table
 * (docs/reference.md, between `<!-- routes:table -->` markers: `npm run routes-table` writes it,
 * a test compares).
 *
 * Layer: operations.
 */

/** The refusal of a validator of each form (src/operations/schemas.ts). */
const VALIDATOR_REFUSAL: Readonly<Record<Form, ErrorCode>> = {
  legacy: 'invalid-params',
  query: 'invalid-query',
  body: 'invalid-body-params',
};

/** The refusals a route can answer of its own: its validator's, then its declared error rows. */
export function refusalsOf(op: Operation): ErrorCode[] {
  const codes = new Set<ErrorCode>();
  for (const validator of Object.values(op.validator ?? {}))
    if (validator) codes.add(VALIDATOR_REFUSAL[validator.form]);
  for (const code of op.openApi?.errors ?? []) codes.add(code);
  return [...codes];
}

/** A refusal as a client tells it apart: its `errorType`, else its `error` (the bare envelope: `{"success":false}`). */
export function refusalWord(code: ErrorCode): string {
  const body = toEnvelope(code) as { error?: unknown; errorType?: unknown };
  if (typeof body.errorType === 'string') return body.errorType;
  if (typeof body.error !== 'string' || body.error === '') return '{"success":false}';
  // a message with its type as a suffix alone (`… [error-unauthorized]`): the type
  return /\[([\w-]+)\]$/.exec(body.error)?.[1] ?? body.error;
}

/** A route's refusals by HTTP status, each status's words once. */
export function refusalsByStatus(op: Operation): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const code of refusalsOf(op)) {
    const { status } = ERRORS[code];
    const words = out.get(status) ?? [];
    const word = refusalWord(code);
    if (!words.includes(word)) words.push(word);
    out.set(status, words);
  }
  return new Map([...out].sort(([a], [b]) => a - b));
}

/** The release lines of a route's validator: from the first that has one, and where it changed. */
export function validatorEras(op: Operation): string {
  // an era's key is its release line; an integer-like one (`6`) comes first in an object's keys
  const line = (era: string): number[] => era.split('.').map(Number);
  const eras = Object.entries(op.validator ?? {}).sort(([a], [b]) => {
    const [x = 0, y = 0] = line(a);
    const [u = 0, v = 0] = line(b);
    return x - u || y - v;
  });
  const parts: string[] = [];
  for (const [era, validator] of eras) {
    if (validator) parts.push(parts.length === 0 ? `from ${era}` : era);
    else if (parts.length > 0) parts.push(`none from ${era}`);
  }
  if (parts.length <= 1) return parts.join('');
  return `${parts[0] ?? ''} (changed in ${parts.slice(1).join(', ')})`;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

const code = (text: string): string => `\`${text}\``;

/** The reference's table of the chat routes, one row per route, from their declarations. */
export function routeTable(operations: readonly Operation[]): string {
  const rows = operations.map((op) => {
    const facts = op.openApi ?? {};
    const methods = op.also === undefined ? op.method : `${op.method}, ${op.also}`;
    const path = op.prefix ? `${op.path}<_id>/<token>` : op.path;
    const auth = op.auth === 'optional' ? 'optional' : op.auth ? 'yes' : 'no';
    const errors = [...refusalsByStatus(op)]
      .map(([status, words]) => (status === 400 ? '' : `${status} `) + words.map(code).join(', '))
      .join('; ');
    return [
      methods,
      code(path),
      auth,
      (facts.changes ?? []).join(', ') || 'no',
      (facts.permissions ?? []).map(code).join(', '),
      validatorEras(op),
      errors,
    ]
      .map(cell)
      .join(' | ');
  });
  return [
    '| method | path | auth | changes | permissions checked | validator (release lines) | errors (errorType, else error; 400 unless shown) |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map((row) => `| ${row} |`),
  ].join('\n');
}
