/**
 * How deep a JSON text nests, read from the text in one pass before anything parses it: V8's
 * parser takes any depth, but its serialiser (`JSON.stringify`, `structuredClone`) and every
 * recursive walk run out of stack a few thousand levels down, so a deep value must be refused
 * while it is text.
 *
 * Layer: world (the journal keeps only what it can serialise; the realtime API reads frames with it).
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;
const COMMA = 0x2c;

/** Where the string starting after `from` ends: the index of its closing quote (or the text's end). */
function stringEnd(text: string, from: number): number {
  let at = text.indexOf('"', from);
  while (at > 0) {
    let slashes = 0;
    while (text.charCodeAt(at - 1 - slashes) === BACKSLASH) slashes += 1;
    // an even run of backslashes escapes itself, not the quote
    if (slashes % 2 === 0) return at;
    at = text.indexOf('"', at + 1);
  }
  return text.length;
}

/**
 * Whether a JSON text nests (`[`, `{`) deeper than `limit`, read in one pass before it is parsed:
 * brackets inside strings do not count (escaped quotes honoured). A text too short to nest that
 * deep is not read at all. Exact for valid JSON; invalid JSON never parses, whatever it says.
 */
export function nestedDeeperThan(text: string, limit: number): boolean {
  if (text.length <= 2 * limit) return false;
  return jsonOutOfBounds(text, limit, Infinity) === 'depth';
}

/**
 * Which bound a JSON text passes, read in one pass before it is parsed (undefined: neither):
 * `depth`, nesting deeper than `depth`; `values`, holding more than `values` values (arrays,
 * objects and every item or member in them; counted from the commas and openings outside strings,
 * so a value is counted once whatever it is). Parsing costs by the values it makes: a frame of
 * half a million numbers takes eight times as long to parse as a string of the same bytes.
 */
export function jsonOutOfBounds(text: string, depth: number, values: number): 'depth' | 'values' | undefined {
  let nesting = 0;
  // the top value, then one for each comma and each opening (an empty array or object is its opening)
  let count = 1;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) i = stringEnd(text, i + 1);
    else if (c === COMMA) {
      count += 1;
      if (count > values) return 'values';
    } else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      nesting += 1;
      if (nesting > depth) return 'depth';
      count += 1;
      if (count > values) return 'values';
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) nesting -= 1;
  }
  return undefined;
}
