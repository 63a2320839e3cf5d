import { ApiError } from '../errors';
import { binaryNote } from '../journal/journal';
import { lazy } from '../lazy';
import { parseOrThrow } from '../scenario/checks';
import { jsonEqual } from '../store/query';
import { compileRegex } from '../store/regex';
import type { TextPattern } from '../store/regex';
import type { Stub, StubInput, StubMatch } from '../types';
import type * as SchemaModule from '../scenario/stubs';
import { RenderTooLarge, renderBody, renderHeader } from '../scenario/template';
import type { TemplateData } from '../scenario/template';

/** The stub schema (zod), loaded when the first stub is added. */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- deferred load (src/lazy.ts)
const schemaModule = lazy(() => require('../scenario/stubs') as typeof SchemaModule);

/**
 * Stubs: answers for routes outside the fake's model, WireMock's way. A stub matches on method,
 * path (exact or an RE2 pattern), query, headers and body, and answers with a status, headers and a
 * body whose templates read the request and the caller (src/scenario/template.ts). The one with the
 * lowest `priority` answers, the newest among equals; `times` bounds it. A stub never answers a
 * route the fake models unless it says `override: true`. Each world has its own; a reset brings
 * back its scenario's.
 *
 * Layer: world. Plain values; nothing of HTTP.
 */

/** The default priority (WireMock's). */
const DEFAULT_PRIORITY = 5;

/** A request as a stub sees it. */
export interface StubCall {
  method: string;
  path: string;
  query: Record<string, unknown>;
  /** lower-case names */
  headers: Record<string, string | string[] | undefined>;
  /** the parsed body (JSON), or undefined */
  body: unknown;
}

/** A stub's answer, ready to send. */
export interface StubAnswer {
  stub: Stub;
  status: number;
  headers: Record<string, string>;
  /** the body with its templates filled in (what the journal keeps) */
  data: unknown;
  /** the body as sent; JSON unless the stub's body is a string ('' for a binary body) */
  text: string;
  /** a binary body's bytes (`base64Body`), sent in place of `text` */
  bytes?: Buffer;
  contentType: string;
}

interface Entry {
  stub: Stub;
  /** when it was added: among equal priorities the newest answers */
  order: number;
  path: TextPattern | undefined;
  /** the compiled `matches` of its query, headers and body, by where they are */
  patterns: Map<string, TextPattern>;
}

/** Whether a part of `actual` holds everything `expected` does (objects by key, arrays by element). */
function containsJson(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(expected))
    return Array.isArray(actual) && expected.every((e) => actual.some((a) => containsJson(a, e)));
  if (typeof expected === 'object' && expected !== null) {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) return false;
    return Object.entries(expected).every(
      ([k, v]) => Object.hasOwn(actual, k) && containsJson((actual as Record<string, unknown>)[k], v),
    );
  }
  return jsonEqual(actual, expected);
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value ?? null);
}

/** Whether one value of a request passes a stub's match (`pattern`: its compiled `matches`). */
function passes(actual: unknown, match: StubMatch, pattern: TextPattern | undefined, json: boolean): boolean {
  if (actual === undefined) return false;
  if (typeof match === 'string') return textOf(actual) === match;
  if ('equals' in match)
    return json ? jsonEqual(actual, match.equals) : textOf(actual) === textOf(match.equals);
  if ('contains' in match) {
    if (json && typeof match.contains === 'object' && match.contains !== null)
      return containsJson(actual, match.contains);
    return textOf(actual).includes(textOf(match.contains));
  }
  return pattern?.test(textOf(actual)) ?? false;
}

/** The first value of a query parameter or header (a repeated one: any of them may match). */
function values(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

function compileAll(input: StubInput): Map<string, TextPattern> {
  const patterns = new Map<string, TextPattern>();
  const add = (where: string, match: StubMatch | undefined): void => {
    if (match !== undefined && typeof match === 'object' && 'matches' in match) {
      const pattern = compileRegex(match.matches, '');
      if (pattern) patterns.set(where, pattern);
    }
  };
  for (const [k, m] of Object.entries(input.request.query ?? {})) add(`query.${k}`, m);
  for (const [k, m] of Object.entries(input.request.headers ?? {})) add(`headers.${k.toLowerCase()}`, m);
  add('body', input.request.body);
  return patterns;
}

export class StubSet {
  #entries: Entry[] = [];
  #count = 0;
  #order = 0;
  /** told when a stub's count runs out (it is removed then) */
  readonly #spent: () => void;

  constructor(spent: () => void = () => undefined) {
    this.#spent = spent;
  }

  /** Validates and adds a stub (throws ScenarioError naming each problem); a stub of the same id is replaced. */
  add(input: unknown, source = 'stub()'): Stub {
    const spec = parseOrThrow(schemaModule().stubSchema, input, source, 'stub') as StubInput;
    return this.#put(spec);
  }

  /** Adds stubs already checked (a scenario's, at a reset). */
  addChecked(specs: readonly StubInput[]): void {
    // an id a later stub names is not given to an earlier one without an id
    const named = new Set(specs.flatMap((spec) => (spec.id === undefined ? [] : [spec.id])));
    for (const spec of specs) this.#put(spec, named);
  }

  #put(spec: StubInput, reserved: ReadonlySet<string> = new Set()): Stub {
    this.#count += 1;
    this.#order += 1;
    // a made-up id is never one in use (or named): it would replace that stub
    let id = spec.id ?? `stub-${this.#count}`;
    while (spec.id === undefined && (reserved.has(id) || this.#entries.some((e) => e.stub.id === id))) {
      this.#count += 1;
      id = `stub-${this.#count}`;
    }
    this.#entries = this.#entries.filter((e) => e.stub.id !== id);
    const stub: Stub = {
      ...structuredClone(spec),
      id,
      priority: spec.priority ?? DEFAULT_PRIORITY,
      hits: 0,
      remaining: spec.times ?? null,
    };
    const source = spec.request.pathPattern;
    this.#entries.push({
      stub,
      order: this.#order,
      path: source === undefined ? undefined : compileRegex(`^(?:${source})$`, ''),
      patterns: compileAll(spec),
    });
    return structuredClone(stub);
  }

  /** The stubs in the order they are tried. */
  list(): Stub[] {
    return this.#ordered().map((e) => structuredClone(e.stub));
  }

  get size(): number {
    return this.#entries.length;
  }

  /** Removes one stub; false if there was none. */
  remove(id: string): boolean {
    const before = this.#entries.length;
    this.#entries = this.#entries.filter((e) => e.stub.id !== id);
    return this.#entries.length < before;
  }

  clear(): void {
    this.#entries = [];
    this.#count = 0;
  }

  #ordered(): Entry[] {
    return [...this.#entries].sort((a, b) => a.stub.priority - b.stub.priority || b.order - a.order);
  }

  /**
   * The stub that answers a request, counted as a hit (gone once its `times` are spent); none when
   * none matches, or the route is modelled and no matching stub overrides it.
   */
  take(call: StubCall, modelled: boolean): Stub | undefined {
    if (this.#entries.length === 0) return undefined;
    const entry = this.#ordered().find(
      (e) => (!modelled || e.stub.override === true) && this.#matches(e, call),
    );
    if (!entry) return undefined;
    const { stub } = entry;
    stub.hits += 1;
    if (stub.remaining !== null) {
      stub.remaining -= 1;
      if (stub.remaining === 0) {
        this.remove(stub.id);
        this.#spent();
      }
    }
    return structuredClone(stub);
  }

  #matches(entry: Entry, call: StubCall): boolean {
    const { request } = entry.stub;
    // a realtime method call (`DDP`) is taken only by a stub that names that method, and those only it
    if (request.method === undefined ? call.method === 'DDP' : request.method.toUpperCase() !== call.method)
      return false;
    if (request.path !== undefined && request.path !== call.path) return false;
    if (request.pathPattern !== undefined && !(entry.path?.test(call.path) ?? false)) return false;
    for (const [name, match] of Object.entries(request.query ?? {})) {
      const pattern = entry.patterns.get(`query.${name}`);
      const given = Object.hasOwn(call.query, name) ? call.query[name] : undefined;
      if (!values(given).some((v) => passes(v, match, pattern, false))) return false;
    }
    for (const [name, match] of Object.entries(request.headers ?? {})) {
      const key = name.toLowerCase();
      const pattern = entry.patterns.get(`headers.${key}`);
      const given = Object.hasOwn(call.headers, key) ? call.headers[key] : undefined;
      if (!values(given).some((v) => passes(v, match, pattern, false))) return false;
    }
    if (request.body !== undefined && !passes(call.body, request.body, entry.patterns.get('body'), true))
      return false;
    return true;
  }
}

/** Characters a header value may not hold (see the stub schema's HEADER_VALUE). */
const NOT_IN_HEADER = /[^\t\x20-\x7e\x80-\xff]/g;

/** What keeps a header value filled in from the request to what a header may hold. */
const inHeader = (text: string): string => text.replace(NOT_IN_HEADER, '');

/** How large a stub's answer may render (`stubBodyBytes`, `stubHeaderBytes`). */
export interface StubBounds {
  bodyBytes: number;
  headerBytes: number;
}

/** The request a stub answers, as its refusal names it. */
interface Called {
  method: string;
  path: string;
}

/** A part of a stub's answer filled in, or the 413 naming the stub when it renders over its bound. */
function bounded<T>(stub: Stub, call: Called, what: string, fill: () => T): T {
  try {
    return fill();
  } catch (error) {
    if (!(error instanceof RenderTooLarge)) throw error;
    throw new ApiError('stub-render-too-large', {
      reason: `stub ${stub.id} (${call.method} ${call.path}) renders ${what}over ${error.limit} bytes`,
    });
  }
}

/** A stub's headers filled in: its own Content-Type apart (it wins over the body's kind). */
function stubHeaders(
  stub: Stub,
  data: TemplateData,
  limit: number,
): { headers: Record<string, string>; own: string | undefined } {
  const headers: Record<string, string> = {};
  let own: string | undefined;
  for (const [name, value] of Object.entries(stub.response.headers ?? {})) {
    // a value filled in from the request keeps only what a header may hold (a line break sent in a
    // query would otherwise split the answer's head, or fail it)
    const text = bounded(stub, data.request, `header ${name} `, () =>
      renderHeader(value, data, limit, inHeader),
    );
    if (name.toLowerCase() === 'content-type') own = text;
    else headers[name] = text;
  }
  return { headers, own };
}

/**
 * A stub's answer to a request: its templates filled in from the request and the caller, each
 * header value within `bounds.headerBytes` and the body within `bounds.bodyBytes` (else an
 * ApiError `stub-render-too-large` naming the stub, thrown as soon as the bound is passed).
 */
export function stubAnswer(stub: Stub, data: TemplateData, bounds: StubBounds): StubAnswer {
  const { response } = stub;
  const { headers, own } = stubHeaders(stub, data, bounds.headerBytes);
  const status = response.status ?? 200;
  if (response.base64Body !== undefined) {
    const bytes = Buffer.from(response.base64Body, 'base64');
    const contentType = own ?? 'application/octet-stream';
    return {
      stub,
      status,
      headers,
      data: binaryNote(bytes.length, contentType),
      text: '',
      bytes,
      contentType,
    };
  }
  const body = bounded(stub, data.request, '', () => renderBody(response.body, data, bounds.bodyBytes));
  const contentType =
    own ??
    (typeof body.value === 'string'
      ? 'text/plain; charset=utf-8'
      : body.value === undefined
        ? ''
        : 'application/json');
  return { stub, status, headers, data: body.value, text: body.text, contentType };
}

/** A stub's refusal to answer (its answer renders over a bound) as its answer: the error's envelope. */
export function stubRefusal(stub: Stub, body: unknown, status: number): StubAnswer {
  return {
    stub,
    status,
    headers: {},
    data: body,
    text: JSON.stringify(body),
    contentType: 'application/json',
  };
}
