/**
 * A stub's answer templates: `{{name.name…}}` lookups into plain data, nothing else. No
 * expressions, calls or helpers (an array's item is read by its index as a name, `body.0`); a name must be a plain key (letters, digits, `_`, `-`,
 * `$`), never `__proto__`, `prototype` or `constructor`, and each step reads an own property of
 * plain data only. So a template can read the request and the caller and cannot reach the process.
 * Templates are checked when a stub is added: a bad one is refused with its path and why.
 *
 * Layer: scenario (checked with a stub; filled in by src/stubs/stubs.ts). Plain values.
 */

const TEMPLATE = /\{\{([^{}]*)\}\}/g;
const NAME = /^[A-Za-z0-9_$-]+$/;
const FORBIDDEN = new Set(['__proto__', 'prototype', 'constructor']);

/** The roots a template may read, and whether a name may follow each. */
const ROOTS: Readonly<Record<string, 'leaf' | 'tree' | readonly string[]>> = {
  now: 'leaf',
  request: ['method', 'path', 'query', 'headers', 'body'],
  user: ['_id', 'username', 'name'],
};

/** What a template reads: the request as it came, the caller, the fake clock. */
export interface TemplateData {
  request: {
    method: string;
    path: string;
    query: unknown;
    headers: unknown;
    body: unknown;
  };
  user: { _id: string; username: string; name?: string } | null;
  now: string;
}

/** Why one template is refused, or undefined when it is fine. */
function problemOf(expression: string): string | undefined {
  const names = expression.trim().split('.');
  if (names.some((n) => !NAME.test(n)))
    return 'a template is {{name.name…}}: plain names joined by dots, no expressions';
  if (names.some((n) => FORBIDDEN.has(n))) return `"${names.find((n) => FORBIDDEN.has(n))}" may not be read`;
  const [root, second, ...rest] = names as [string, ...string[]];
  const shape = Object.hasOwn(ROOTS, root) ? ROOTS[root] : undefined;
  if (shape === undefined) return `unknown template root "${root}"; use request, user or now`;
  if (shape === 'leaf') return second === undefined ? undefined : `"${root}" has no fields`;
  if (second === undefined) return `name a field of ${root}: ${(shape as readonly string[]).join(', ')}`;
  if (!(shape as readonly string[]).includes(second))
    return `unknown field "${root}.${second}"; use ${(shape as readonly string[]).join(', ')}`;
  if (root === 'user' && rest.length > 0) return `"user.${second}" has no fields`;
  if (root === 'request' && (second === 'method' || second === 'path') && rest.length > 0)
    return `"request.${second}" has no fields`;
  if (root === 'request' && (second === 'query' || second === 'headers') && rest.length !== 1)
    return `name one ${second === 'query' ? 'parameter' : 'header'}: {{request.${second}.NAME}}`;
  return undefined;
}

/** A template's problem: where it is (keys and indexes below the value checked) and what it is. */
export interface TemplateProblem {
  path: (string | number)[];
  message: string;
}

/** Every problem of the templates in a value (strings at any depth), with their paths in it. */
export function templateProblems(value: unknown, path: (string | number)[] = []): TemplateProblem[] {
  if (typeof value === 'string') {
    const problems: TemplateProblem[] = [];
    if (value.includes('{{') && value.replace(TEMPLATE, '').includes('{{'))
      problems.push({ path, message: 'an unclosed {{ in a template' });
    for (const match of value.matchAll(TEMPLATE)) {
      const message = problemOf(match[1] ?? '');
      if (message !== undefined) problems.push({ path, message: `${message}: "${match[0]}"` });
    }
    return problems;
  }
  if (Array.isArray(value)) return value.flatMap((item, i) => templateProblems(item, [...path, i]));
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([k, v]) => templateProblems(v, [...path, k]));
  return [];
}

/** Reads a checked template's value: own properties of plain data only; undefined when absent. */
function read(data: TemplateData, expression: string): unknown {
  const names = expression.trim().split('.');
  let at: unknown = data;
  for (const [i, name] of names.entries()) {
    // an array's item by its index (a realtime method's params: `{{request.body.0}}`)
    if (Array.isArray(at)) {
      if (!/^(?:0|[1-9][0-9]{0,8})$/.test(name)) return undefined;
      at = at[Number(name)];
      if (at === undefined) return undefined;
      continue;
    }
    if (typeof at !== 'object' || at === null) return undefined;
    // header names are any case in a request: a template names them as it likes
    const key = names[i - 1] === 'headers' && i === 2 ? name.toLowerCase() : name;
    if (!Object.hasOwn(at, key)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The expression of a string that is one template alone, else undefined. */
function wholeTemplate(value: string): string | undefined {
  return /^\{\{([^{}]*)\}\}$/.exec(value)?.[1];
}

/** A rendering that ran past its bound (in bytes). */
export class RenderTooLarge extends Error {
  override name = 'RenderTooLarge';

  constructor(readonly limit: number) {
    super(`renders over ${limit} bytes`);
  }
}

/** A value's JSON in UTF-8 bytes (`undefined`, in an array, is `null`). */
function jsonBytes(value: unknown): number {
  return Buffer.byteLength(JSON.stringify(value) ?? 'null');
}

/** How a rendering weighs the text it writes, and what of it it keeps. */
interface Measure {
  /** a piece of text's bytes where it is written */
  bytes(text: string): number;
  /** what is kept of a piece (a header's value: what a header may hold) */
  keep(text: string): string;
}

const same = (text: string): string => text;
/** Text in a JSON string: its bytes with their escapes, not the quotes. */
const IN_JSON: Measure = { bytes: (text) => jsonBytes(text) - 2, keep: same };
/** Text as it is sent. */
const AS_TEXT: Measure = { bytes: (text) => Buffer.byteLength(text), keep: same };

/**
 * One rendering within a bound: each piece is counted as it is made, and the rendering stops
 * (RenderTooLarge) as soon as the count passes the bound, before the whole is ever built. A
 * template written many times is read, written and weighed once.
 */
class Rendering {
  #used = 0;
  readonly #pieces = new Map<string, { text: string; bytes: number }>();
  readonly #wholes = new Map<string, { value: unknown; bytes: number }>();

  constructor(
    readonly data: TemplateData,
    readonly limit: number,
    readonly measure: Measure,
  ) {}

  count(bytes: number): void {
    this.#used += bytes;
    if (this.#used > this.limit) throw new RenderTooLarge(this.limit);
  }

  /** A string's templates filled in as text, piece by piece, each counted as it is added. */
  fill(template: string): string {
    const pieces: string[] = [];
    let at = 0;
    for (const match of template.matchAll(TEMPLATE)) {
      pieces.push(this.#literal(template.slice(at, match.index)));
      const piece = this.#piece(match[1] ?? '');
      this.count(piece.bytes);
      pieces.push(piece.text);
      at = match.index + match[0].length;
    }
    pieces.push(this.#literal(template.slice(at)));
    return pieces.join('');
  }

  /** One template alone: its value (absent: null), counted by `weigh`. */
  whole(expression: string, weigh: (value: unknown) => number): unknown {
    let whole = this.#wholes.get(expression);
    if (whole === undefined) {
      const value = read(this.data, expression) ?? null;
      whole = { value, bytes: weigh(value) };
      this.#wholes.set(expression, whole);
    }
    this.count(whole.bytes);
    return whole.value;
  }

  #literal(text: string): string {
    const kept = this.measure.keep(text);
    this.count(this.measure.bytes(kept));
    return kept;
  }

  #piece(expression: string): { text: string; bytes: number } {
    let piece = this.#pieces.get(expression);
    if (piece === undefined) {
      const text = this.measure.keep(textOf(read(this.data, expression)));
      piece = { text, bytes: this.measure.bytes(text) };
      this.#pieces.set(expression, piece);
    }
    return piece;
  }
}

/** A value inside a JSON body, its templates filled in, counted as its JSON. */
function renderJson(value: unknown, rendering: Rendering): unknown {
  if (typeof value === 'string') {
    if (!value.includes('{{')) {
      rendering.count(jsonBytes(value));
      return value;
    }
    const whole = wholeTemplate(value);
    if (whole !== undefined) return rendering.whole(whole, jsonBytes);
    rendering.count(2); // its quotes
    return rendering.fill(value);
  }
  if (Array.isArray(value)) {
    // the brackets and the commas between the items
    rendering.count(Math.max(2, value.length + 1));
    return value.map((item) => renderJson(item, rendering));
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    rendering.count(Math.max(2, entries.length + 1));
    return Object.fromEntries(
      entries.map(([key, item]) => {
        rendering.count(jsonBytes(key) + 1); // the key and its colon
        return [key, renderJson(item, rendering)];
      }),
    );
  }
  rendering.count(jsonBytes(value));
  return value;
}

/** A body filled in: its value (what the journal keeps) and its text as sent. */
export interface RenderedBody {
  value: unknown;
  text: string;
}

/**
 * A body with its templates filled in, and its text as sent (a string as it is, anything else as
 * JSON); RenderTooLarge as soon as that text passes `limit` bytes. One template alone keeps its
 * value's JSON type (a number stays a number; absent is null); in a longer string it is written as
 * text (an object as its JSON, absent as nothing).
 */
export function renderBody(body: unknown, data: TemplateData, limit: number): RenderedBody {
  if (body === undefined) return { value: undefined, text: '' };
  if (typeof body !== 'string') {
    const value = renderJson(body, new Rendering(data, limit, IN_JSON));
    return { value, text: JSON.stringify(value) };
  }
  const rendering = new Rendering(data, limit, AS_TEXT);
  const whole = wholeTemplate(body);
  if (whole === undefined) {
    const text = rendering.fill(body);
    return { value: text, text };
  }
  const value = rendering.whole(whole, (v) => (typeof v === 'string' ? Buffer.byteLength(v) : jsonBytes(v)));
  return { value, text: typeof value === 'string' ? value : JSON.stringify(value) };
}

/**
 * A header value with its templates filled in, as text, keeping of each piece what `keep` keeps;
 * RenderTooLarge as soon as it passes `limit` bytes (a header is sent a byte a character).
 */
export function renderHeader(
  value: string,
  data: TemplateData,
  limit: number,
  keep: (text: string) => string,
): string {
  return new Rendering(data, limit, { bytes: (text) => text.length, keep }).fill(value);
}
