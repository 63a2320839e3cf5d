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
  let depth = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) i = stringEnd(text, i + 1);
    else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) depth -= 1;
  }
  return false;
}
