/**
 * A stub's answer templates: `{{name.name…}}` lookups into plain data, nothing else. No
 * expressions, calls, indexes or helpers; a name must be a plain key (letters, digits, `_`, `-`,
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
    if (typeof at !== 'object' || at === null || Array.isArray(at)) return undefined;
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

/** A value with its templates filled in (checked ones: see {@link templateProblems}). */
export function render(value: unknown, data: TemplateData): unknown {
  if (typeof value === 'string') {
    if (!value.includes('{{')) return value;
    const whole = /^\{\{([^{}]*)\}\}$/.exec(value);
    // one template alone keeps the value's JSON type (a number stays a number); absent is null
    if (whole) return read(data, whole[1] ?? '') ?? null;
    return value.replace(TEMPLATE, (_m, expression: string) => textOf(read(data, expression)));
  }
  if (Array.isArray(value)) return value.map((item) => render(item, data));
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, render(v, data)]));
  return value;
}

/** A header value with its templates filled in, as text. */
export function renderText(value: string, data: TemplateData): string {
  return textOf(render(value, data));
}
