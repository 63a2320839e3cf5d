import type * as Re2Module from 're2js';

/**
 * The `$regex` of a query, evaluated by RE2 (re2js, pure JavaScript): linear time in the length of
 * the text whatever the pattern, so no query can hold the event loop the way a backtracking engine
 * can (`^(([\d:.TZ-]+)+)+!$`). RE2 has no backreferences or lookaround; such a pattern is refused
 * like any invalid one. Loaded on the first `$regex` (about 30 ms), never at start-up.
 */

/** The longest `$regex` source accepted. */
export const MAX_REGEX_LENGTH = 512;

/** A compiled pattern: `test(text)` is true when it matches anywhere in the text. */
export interface TextPattern {
  test(text: string): boolean;
}

let re2: typeof Re2Module | undefined;

function engine(): typeof Re2Module {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on the first $regex only
  re2 ??= require('re2js') as typeof Re2Module;
  return re2;
}

/** Compiles a pattern with MongoDB's `i`, `m` and `s` options; undefined when RE2 cannot run it. */
export function compileRegex(source: string, options: string): TextPattern | undefined {
  if (source.length > MAX_REGEX_LENGTH) return undefined;
  const { RE2JS } = engine();
  let flags = 0;
  if (options.includes('i')) flags |= RE2JS.CASE_INSENSITIVE;
  if (options.includes('m')) flags |= RE2JS.MULTILINE;
  if (options.includes('s')) flags |= RE2JS.DOTALL;
  try {
    const pattern = RE2JS.compile(source, flags);
    return { test: (text) => pattern.matcher(text).find() };
  } catch {
    return undefined;
  }
}
