/**
 * The subset of MongoDB's query language that `channels.list` and `channels.getIntegrations` accept
 * in their `query`, `sort` and `fields` parameters: equality on (dotted) fields, `$or`, `$and`,
 * `$regex` with `$options`. Anything else is refused before it is evaluated. Pure functions, no I/O.
 */

import { compileRegex } from './regex';
import type { TextPattern } from './regex';

/**
 * Bounds on the work one query may ask for, as MongoDB bounds it (a sort on at most 32 keys,
 * documents nested at most 100 deep) and tighter where the fake scans every document per term.
 */
export const QUERY_LIMITS = {
  /** keys in a `sort` (MongoDB refuses more than 32) */
  sortKeys: 32,
  /** `$or`/`$and` nesting (MongoDB refuses documents nested deeper than 100) */
  depth: 100,
  /** field conditions and `$or`/`$and` clauses in one query, all together (each is a pass over the rooms) */
  terms: 128,
} as const;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** A query reduced to what the matcher evaluates. */
export type Query =
  | { kind: 'and'; parts: Query[] }
  | { kind: 'or'; parts: Query[] }
  | { kind: 'eq'; path: string[]; value: Json }
  | { kind: 'regex'; path: string[]; regex: TextPattern };

export type SortSpec = [path: string[], direction: 1 | -1][];

export interface Projection {
  mode: 'include' | 'exclude';
  paths: string[][];
  /** `_id` explicitly excluded from an inclusion */
  dropId: boolean;
}

const REGEX_OPTIONS = /^[ims]*$/;

/** A JSON object: not null, not an array. */
export function isPlainObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Fields the wire never shows; a query or projection that names them is quietly ignored there. */
function isHidden(key: string, hidden: readonly string[]): boolean {
  return hidden.some((h) => key === h || key.startsWith(`${h}.`));
}

/**
 * Compiles a parsed `query` parameter. Returns `undefined` for anything outside the supported
 * subset (an unknown operator, a malformed `$or`, an invalid regular expression).
 */
export function compileQuery(input: unknown, hidden: readonly string[] = []): Query | undefined {
  const budget = { terms: QUERY_LIMITS.terms };
  return compileLevel(input, hidden, 0, budget);
}

function compileLevel(
  input: unknown,
  hidden: readonly string[],
  depth: number,
  budget: { terms: number },
): Query | undefined {
  if (!isPlainObject(input) || depth > QUERY_LIMITS.depth) return undefined;
  const parts: Query[] = [];
  for (const key of Object.keys(input)) {
    const value = input[key] as Json;
    if (key === '$or' || key === '$and') {
      if (!Array.isArray(value) || value.length === 0) return undefined;
      const sub: Query[] = [];
      for (const clause of value) {
        budget.terms -= 1;
        if (budget.terms < 0) return undefined;
        const compiled = compileLevel(clause, hidden, depth + 1, budget);
        if (!compiled) return undefined;
        sub.push(compiled);
      }
      parts.push({ kind: key === '$or' ? 'or' : 'and', parts: sub });
      continue;
    }
    if (key.startsWith('$') || key === '') return undefined;
    budget.terms -= 1;
    if (budget.terms < 0) return undefined;
    const field = compileField(key, value);
    if (!field) return undefined;
    if (!isHidden(key, hidden)) parts.push(field);
  }
  return { kind: 'and', parts };
}

function compileField(key: string, value: Json): Query | undefined {
  const path = key.split('.');
  if (path.some((p) => p === '')) return undefined;
  if (!isPlainObject(value)) return { kind: 'eq', path, value };
  const keys = Object.keys(value);
  const operators = keys.filter((k) => k.startsWith('$'));
  if (operators.length === 0) return { kind: 'eq', path, value };
  if (operators.length !== keys.length) return undefined;
  const { $regex: source, $options: options = '' } = value;
  if (operators.some((k) => k !== '$regex' && k !== '$options')) return undefined;
  if (typeof source !== 'string' || typeof options !== 'string' || !REGEX_OPTIONS.test(options))
    return undefined;
  const regex = compileRegex(source, options);
  return regex && { kind: 'regex', path, regex };
}

/** The values at a dotted path, descending through arrays as MongoDB does. Own properties only. */
function valuesAt(doc: unknown, path: readonly string[]): unknown[] {
  let current: unknown[] = [doc];
  for (const segment of path) {
    const next: unknown[] = [];
    for (const value of current) {
      if (Array.isArray(value)) {
        for (const item of value)
          if (isPlainObject(item) && Object.hasOwn(item, segment)) next.push(item[segment]);
      } else if (isPlainObject(value) && Object.hasOwn(value, segment)) {
        next.push(value[segment]);
      }
    }
    current = next;
  }
  return current;
}

/** Deep equality of JSON values; object keys compared in order, as MongoDB compares documents. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((v, i) => jsonEqual(v, b[i]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k, i) => k === kb[i] && jsonEqual(a[k], b[k]));
  }
  return false;
}

/** Whether a document satisfies a compiled query. */
export function matches(doc: unknown, query: Query): boolean {
  switch (query.kind) {
    case 'and':
      return query.parts.every((q) => matches(doc, q));
    case 'or':
      return query.parts.some((q) => matches(doc, q));
    case 'eq': {
      const values = valuesAt(doc, query.path);
      if (query.value === null && values.length === 0) return true;
      return values.some(
        (v) =>
          jsonEqual(v, query.value) || (Array.isArray(v) && v.some((item) => jsonEqual(item, query.value))),
      );
    }
    case 'regex':
      return valuesAt(doc, query.path).some((v) =>
        (Array.isArray(v) ? v : [v]).some((s) => typeof s === 'string' && query.regex.test(s)),
      );
  }
}

/** Compiles a parsed `sort` parameter: an object whose values are 1 or -1. */
export function compileSort(input: unknown): SortSpec | undefined {
  if (!isPlainObject(input) || Object.keys(input).length > QUERY_LIMITS.sortKeys) return undefined;
  const spec: SortSpec = [];
  for (const key of Object.keys(input)) {
    const direction = input[key];
    if ((direction !== 1 && direction !== -1) || key === '' || key.startsWith('$')) return undefined;
    spec.push([key.split('.'), direction]);
  }
  return spec;
}

function typeRank(v: unknown): number {
  if (v === undefined || v === null) return 0;
  if (typeof v === 'number') return 1;
  if (typeof v === 'string') return 2;
  if (Array.isArray(v)) return 4;
  if (typeof v === 'object') return 3;
  return 5;
}

function compareValues(a: unknown, b: unknown): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra - rb;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (ra === 0) return 0;
  const sa = JSON.stringify(a);
  const sb = JSON.stringify(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

/** The values a document is sorted by, one per sort field (the first value at each path). */
export function sortKeysOf(doc: unknown, spec: SortSpec): unknown[] {
  return spec.map(([path]) => valuesAt(doc, path)[0]);
}

/** Compares two values of one sort field, in the field's direction; 0 when they tie. */
export function compareSortValue(a: unknown, b: unknown, direction: 1 | -1): number {
  return compareValues(a, b) * direction;
}

/** Compares two documents' sort keys under a sort; 0 when they tie. */
export function compareSortKeys(a: readonly unknown[], b: readonly unknown[], spec: SortSpec): number {
  for (let k = 0; k < spec.length; k += 1) {
    const c = compareValues(a[k], b[k]);
    if (c !== 0) return c * (spec[k]?.[1] ?? 1);
  }
  return 0;
}

/** Sorts documents by a sort; ties keep their order (a stable sort, as MongoDB's natural order). */
export function sortBy<T>(docs: T[], spec: SortSpec): T[] {
  const keyed = docs.map((doc, i) => ({ doc, i, keys: sortKeysOf(doc, spec) }));
  keyed.sort((a, b) => compareSortKeys(a.keys, b.keys, spec) || a.i - b.i);
  return keyed.map((k) => k.doc);
}

/**
 * Compiles a parsed `fields` parameter: an inclusion or an exclusion projection (values 1/0 or
 * true/false), never both, except that `_id` may be excluded from an inclusion.
 */
export function compileProjection(input: unknown, hidden: readonly string[] = []): Projection | undefined {
  if (!isPlainObject(input)) return undefined;
  const include: string[][] = [];
  const exclude: string[][] = [];
  let dropId = false;
  for (const key of Object.keys(input)) {
    const v = input[key];
    if (v !== 1 && v !== 0 && v !== true && v !== false) return undefined;
    if (key === '' || key.startsWith('$') || key.split('.').some((p) => p === '')) return undefined;
    if (isHidden(key, hidden)) continue;
    const on = v === 1 || v === true;
    if (key === '_id') {
      if (!on) dropId = true;
      continue;
    }
    (on ? include : exclude).push(key.split('.'));
  }
  if (include.length > 0 && exclude.length > 0) return undefined;
  if (include.length > 0) return { mode: 'include', paths: include, dropId };
  return { mode: 'exclude', paths: dropId ? [...exclude, ['_id']] : exclude, dropId };
}

function pick(source: JsonObject, target: JsonObject, path: readonly string[]): void {
  const [head, ...rest] = path;
  if (head === undefined || !Object.hasOwn(source, head)) return;
  const value = source[head] as Json;
  if (rest.length === 0) {
    target[head] = value;
    return;
  }
  if (!isPlainObject(value)) return;
  const existing = target[head];
  const child: JsonObject = isPlainObject(existing) ? existing : {};
  pick(value, child, rest);
  if (Object.keys(child).length > 0) target[head] = child;
}

function omit(source: JsonObject, path: readonly string[]): JsonObject {
  const [head, ...rest] = path;
  if (head === undefined || !Object.hasOwn(source, head)) return source;
  if (rest.length === 0)
    return Object.fromEntries(Object.entries(source).filter(([k]) => k !== head)) as JsonObject;
  const copy: JsonObject = { ...source };
  const value = source[head];
  if (isPlainObject(value)) copy[head] = omit(value, rest);
  return copy;
}

/** Applies a projection to a wire object. The result keeps the document's own key order. */
export function project(doc: JsonObject, projection: Projection | undefined): JsonObject {
  if (!projection) return doc;
  if (projection.mode === 'exclude') return projection.paths.reduce(omit, doc);
  const picked: JsonObject = {};
  if (!projection.dropId) pick(doc, picked, ['_id']);
  for (const path of projection.paths) pick(doc, picked, path);
  const ordered: JsonObject = {};
  for (const key of Object.keys(doc)) if (Object.hasOwn(picked, key)) ordered[key] = picked[key] as Json;
  return ordered;
}
