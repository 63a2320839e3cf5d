import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';

/**
 * "Did you mean …?": the known name nearest to a mistyped one. A name within two edits (or one for
 * short names; two swapped neighbours are one), differing only in case, or listed in `hints` as a
 * known confusion (`readOnly` for a room's `ro`) is suggested; nothing is suggested when no known
 * name is near.
 */

/**
 * Edit distance, case-insensitive, with two neighbouring letters swapped counting as one edit (the
 * commonest typo: `nmae` for `name`), stopping early once past `limit`.
 */
function distance(a: string, b: string, limit: number): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (Math.abs(x.length - y.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i += 1) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= y.length; j += 1) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1])
        value = Math.min(value, (before[j - 2] ?? 0) + 1);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[y.length] ?? limit + 1;
}

/** The known name nearest to `name`, or undefined when none is near enough to be a typo of it. */
export function nearest(
  name: string,
  known: readonly string[],
  hints: Readonly<Record<string, string>> = {},
): string | undefined {
  const hinted = Object.prototype.hasOwnProperty.call(hints, name) ? hints[name] : undefined;
  if (hinted !== undefined && known.includes(hinted)) return hinted;
  const limit = name.length <= 4 ? 1 : 2;
  let best: { name: string; d: number } | undefined;
  for (const candidate of known) {
    const d = distance(name, candidate, limit);
    if (d <= limit && (best === undefined || d < best.d)) best = { name: candidate, d };
  }
  return best?.name;
}

/** `unknown key "role"; did you mean "roles"?` (the suggestion only when one is near). */
export function unknownKeyMessage(
  what: string,
  name: string,
  known: readonly string[],
  hints?: Readonly<Record<string, string>>,
): string {
  const near = nearest(name, known, hints);
  return `unknown ${what} "${name}"${near === undefined ? '' : `; did you mean "${near}"?`}`;
}

type FlagOptions = NonNullable<ParseArgsConfig['options']>;
/** The flags `parseArgs` gives for these options, strict and without positionals. */
export type Flags<T extends FlagOptions> = ReturnType<
  typeof parseArgs<{ args: string[]; options: T; strict: true; allowPositionals: false }>
>['values'];

/**
 * A command line's flags (node:util parseArgs, strict, no positionals), or its problem as a user
 * reads it: an unknown option gets the known one nearest to it (`Unknown option '--fixture'; did you
 * mean --fixtures?`).
 */
export function parseFlags<T extends FlagOptions>(
  args: string[],
  options: T,
): { values: Flags<T> } | { problem: string } {
  try {
    return { values: parseArgs({ args, options, strict: true, allowPositionals: false }).values };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const unknown = /^Unknown option '--([^'=]+)'/.exec(message)?.[1];
    const near = unknown === undefined ? undefined : nearest(unknown, Object.keys(options));
    const first = message.split('.')[0] ?? message;
    return { problem: near === undefined ? message : `${first}; did you mean --${near}?` };
  }
}

/** A message as a sentence: a full stop added unless it ends with one (or a question). */
export function sentence(text: string): string {
  return /[.?!]$/.test(text) ? text : `${text}.`;
}
