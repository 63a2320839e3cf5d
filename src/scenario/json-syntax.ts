/**
 * Where a JSON text first breaks the grammar, and why, in words that are the same on every Node
 * version (V8's messages differ between releases and some carry no position): a scanner over the
 * text, iterative so no nesting exhausts the stack. Used only after `JSON.parse` has failed.
 */

export interface JsonSyntaxError {
  /** 1-based line and column of the offending character */
  line: number;
  column: number;
  reason: string;
  /** the offending line (at most 80 characters around the column) and a caret under the column */
  excerpt: string;
}

const WS = new Set([' ', '\t', '\n', '\r']);

function describe(ch: string | undefined): string {
  if (ch === undefined) return 'the end of the text';
  return ch === '"' ? `'"'` : JSON.stringify(ch);
}

/** The first syntax error of `text`, or undefined when it is valid JSON. */
export function findJsonSyntaxError(text: string): JsonSyntaxError | undefined {
  let i = 0;
  const fail = (reason: string): JsonSyntaxError => locate(text, i, reason);
  const skip = (): void => {
    while (i < text.length && WS.has(text[i] as string)) i += 1;
  };
  const string = (): string | undefined => {
    i += 1; // the opening quote
    while (i < text.length) {
      const ch = text[i] as string;
      if (ch === '"') {
        i += 1;
        return undefined;
      }
      if (ch < ' ') return 'a control character (a raw newline or tab) inside a string; escape it';
      if (ch === '\\') {
        const next = text[i + 1];
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return 'a \\u escape needs four hex digits';
          i += 6;
          continue;
        }
        if (next === undefined || !'"\\/bfnrt'.includes(next)) return `an unknown escape \\${next ?? ''}`;
        i += 2;
        continue;
      }
      i += 1;
    }
    return 'a string that is never closed';
  };
  const scalar = (): string | undefined => {
    const rest = text.slice(i);
    const number = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(rest);
    if (number && number[0] !== '' && number[0] !== '-') {
      i += number[0].length;
      return undefined;
    }
    for (const word of ['true', 'false', 'null']) {
      if (rest.startsWith(word)) {
        i += word.length;
        return undefined;
      }
    }
    const ch = text[i];
    if (ch === "'") return 'a single quote: JSON strings use double quotes';
    return `a value was expected, found ${describe(ch)}`;
  };

  /** `"name":`, up to the value. */
  const property = (): string | undefined => {
    if (text[i] !== '"') return `a property name in double quotes was expected, found ${describe(text[i])}`;
    const problem = string();
    if (problem) return problem;
    skip();
    if (text[i] !== ':') return `":" was expected after the property name, found ${describe(text[i])}`;
    i += 1;
    return undefined;
  };

  // the stack of open containers: what each expects next
  const stack: ('{' | '[')[] = [];
  let expectValue = true;
  for (;;) {
    skip();
    if (expectValue) {
      const ch = text[i];
      if (ch === '{' || ch === '[') {
        i += 1;
        skip();
        if (text[i] === (ch === '{' ? '}' : ']')) {
          i += 1;
          expectValue = false;
          continue;
        }
        stack.push(ch);
        const problem = ch === '{' ? property() : undefined;
        if (problem) return fail(problem);
        continue;
      }
      const problem = ch === '"' ? string() : scalar();
      if (problem) return fail(problem);
      expectValue = false;
      continue;
    }
    const open = stack[stack.length - 1];
    if (open === undefined) {
      if (i < text.length) return fail(`the text goes on after the JSON value: ${describe(text[i])}`);
      return undefined;
    }
    const ch = text[i];
    const close = open === '{' ? '}' : ']';
    if (ch === close) {
      stack.pop();
      i += 1;
      continue;
    }
    if (ch !== ',') {
      return fail(
        ch === undefined
          ? `the text ends before this ${open === '{' ? 'object' : 'array'} is closed with "${close}"`
          : `"," or "${close}" was expected, found ${describe(ch)}`,
      );
    }
    i += 1;
    skip();
    if (open === '[') {
      if (text[i] === ']') return fail('a trailing comma before "]"');
      expectValue = true;
      continue;
    }
    if (text[i] === '}') return fail('a trailing comma before "}"');
    const problem = property();
    if (problem) return fail(problem);
    expectValue = true;
  }
}

/** Line, column and excerpt of offset `at`. */
function locate(text: string, at: number, reason: string): JsonSyntaxError {
  let line = 1;
  let start = 0;
  for (let k = 0; k < at && k < text.length; k += 1) {
    if (text[k] === '\n') {
      line += 1;
      start = k + 1;
    }
  }
  const end = text.indexOf('\n', start);
  const whole = text.slice(start, end === -1 ? text.length : end).replace(/\r$/, '');
  const column = at - start + 1;
  // a window of at most 80 characters around the column; tabs shown as one space so the caret lines up
  const from = Math.max(0, column - 1 - 60);
  const shown = whole
    .slice(from, from + 80)
    .split('')
    .map((c) => (c < ' ' ? ' ' : c))
    .join('');
  const caret = ' '.repeat(column - 1 - from) + '^';
  return { line, column, reason, excerpt: `${shown}\n${caret}` };
}

/** A key an object of a JSON text repeats (`JSON.parse` keeps the last value, silently). */
export interface JsonDuplicateKey {
  /** the JSON path of the key: the object's path and the key */
  path: (string | number)[];
  /** where the repeated key is */
  at: JsonSyntaxError;
  /** 1-based line and column of its first occurrence */
  first: { line: number; column: number };
}

/**
 * The keys each object of a valid JSON text repeats, in the order of the text (keys compared as
 * `JSON.parse` reads them, escapes decoded). A scanner over the text, iterative like
 * {@link findJsonSyntaxError}; used only after `JSON.parse` has succeeded.
 */
export function findDuplicateKeys(text: string): JsonDuplicateKey[] {
  type Frame = { kind: '{'; keys: Map<string, number>; key?: string } | { kind: '['; index: number };
  const stack: Frame[] = [];
  const out: JsonDuplicateKey[] = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (ch === '"') {
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      const top = stack[stack.length - 1];
      if (top?.kind === '{' && expectKey) {
        // the text is valid JSON: a key without an escape is its own text, unparsed
        const raw = text.slice(i + 1, end);
        const key = raw.includes('\\') ? (JSON.parse(text.slice(i, end + 1)) as string) : raw;
        const first = top.keys.get(key);
        if (first !== undefined) {
          const path = stack
            .slice(0, -1)
            .map((f): string | number => (f.kind === '{' ? (f.key ?? '') : f.index));
          const { line, column } = locate(text, first, '');
          out.push({
            path: [...path, key],
            at: locate(text, i, `duplicate key "${key}"`),
            first: { line, column },
          });
        } else top.keys.set(key, i);
        top.key = key;
        expectKey = false;
      }
      i = end;
    } else if (ch === '{') {
      stack.push({ kind: '{', keys: new Map() });
      expectKey = true;
    } else if (ch === '[') stack.push({ kind: '[', index: 0 });
    else if (ch === '}' || ch === ']') stack.pop();
    else if (ch === ',') {
      const top = stack[stack.length - 1];
      if (top?.kind === '{') expectKey = true;
      else if (top) top.index += 1;
    }
  }
  return out;
}
