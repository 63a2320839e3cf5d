/**
 * Matching rules for a recorded response: what may differ between servers by nature matches by
 * type or by pattern, what the request or the provider state decides matches by value.
 *
 * - Secrets (a login's `authToken`, a webhook's `token`) are never written: a placeholder stands in,
 *   matched by type.
 * - The envelope (`success`, `error`, `errorType`, `status`, `message`, `details`) by value.
 * - Timestamps (ISO 8601) by pattern; numbers (counts, `msgs`) as integers; ids, tokens and other
 *   strings by type; arrays by type, each element like the first.
 * - The room a change was asked for keeps `name`, `t`, `ro` and `archived` by value: the provider
 *   state makes them so.
 * - A room's `lm` and `lastMessage` are left out: its history, not its provider state, decides them.
 * - A list page (`channels`, `integrations`) becomes one template element with the fields every
 *   recorded element had, at every depth, matched by type: another server lists other channels.
 *
 * Layer: world (src/pact). Plain data in, plain data out.
 */

import { redactSecrets } from '../journal/journal';
import type { ContractFacts } from '../operations/operation';
import type { PactMatchers } from '../types';

type Matcher = PactMatchers['matchers'][number];
type MatcherList = PactMatchers;

/** Pact's matching rules of one category: JSON path → matchers. */
export type Rules = Record<string, MatcherList>;

export const ISO_PATTERN = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,3})?Z$';
const ISO = new RegExp(ISO_PATTERN);
export const VERSION_PATTERN = '^\\d+\\.\\d+(\\.\\d+)?.*$';

const ENVELOPE = new Set(['success', 'error', 'errorType', 'status', 'message', 'details']);
/** The fields of a room a change was asked for, which the provider state decides. */
const ROOM_BY_VALUE = new Set(['name', 't', 'ro', 'archived']);
/**
 * Keys whose value is a list page, made one template element: another server lists other
 * entities, and an entity's optional fields (a subscription's `ls`, a message's `t`) differ.
 */
const LISTS = new Set([
  'channels',
  'integrations',
  'messages',
  'users',
  'ims',
  'update',
  'remove',
  'settings',
]);

function rule(...matchers: Matcher[]): MatcherList {
  return { combine: 'AND', matchers };
}

/** A JSON path step: `.key`, or `['key']` for a key that is not an identifier. */
function step(key: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? `.${key}` : `['${key.replace(/'/g, "\\'")}']`;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isObject(value: Json): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** What a secret in a response (a login's token, a webhook's token) is written as. */
const HIDDEN = '<secret: not written to the contract>';

/** Rules for a value whose every leaf matches by type or pattern (an entity of the provider's). */
function byType(value: Json, path: string, rules: Rules): void {
  if (Array.isArray(value)) {
    rules[path] = rule({ match: 'type', min: 0 });
    if (value.length > 0) byType(value[0] ?? null, `${path}[*]`, rules);
    return;
  }
  if (isObject(value)) {
    for (const [key, child] of Object.entries(value)) byType(child, `${path}${step(key)}`, rules);
    return;
  }
  if (typeof value === 'string')
    rules[path] = ISO.test(value) ? rule({ match: 'regex', regex: ISO_PATTERN }) : rule({ match: 'type' });
  else if (typeof value === 'number')
    rules[path] = Number.isInteger(value) ? rule({ match: 'integer' }) : rule({ match: 'type' });
  else if (typeof value === 'boolean') rules[path] = rule({ match: 'boolean' });
}

/** What a leaf is matched as: a value's kind under {@link byType}'s rules. */
function kindOf(value: Json): string {
  if (typeof value === 'string') return ISO.test(value) ? 'iso' : 'string';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return value === null ? 'null' : typeof value;
}

/**
 * The value every one of `values` fits under type matching, at every depth: an object keeps the
 * keys all of them have (a direct room's `u` without `name` takes `name` out of the template), an
 * array of objects one element every element fits, a leaf the first value when all are of its
 * kind; undefined when they are of different shapes (then the key is left out).
 */
function commonOf(values: Json[]): Json | undefined {
  const first = values[0] ?? null;
  if (values.every(isObject)) {
    const out: { [key: string]: Json } = {};
    for (const key of Object.keys(first as { [key: string]: Json })) {
      if (!values.every((value) => key in value)) continue;
      const shared = commonOf(values.map((value) => value[key] ?? null));
      if (shared !== undefined) out[key] = shared;
    }
    return out;
  }
  if (values.every(Array.isArray)) {
    const elements = values.flat();
    if (elements.length === 0 || !elements.every(isObject)) return first;
    const shared = commonOf(elements);
    return shared === undefined ? [] : [shared];
  }
  const kind = kindOf(first);
  return values.every((value) => !isObject(value) && !Array.isArray(value) && kindOf(value) === kind)
    ? first
    : undefined;
}

/** The element of a list page every recorded element fits: the fields all of them have, at every depth. */
function template(items: Json[]): Json[] {
  const objects = items.filter(isObject);
  if (objects.length === 0) return items.slice(0, 1);
  const shared = commonOf(objects);
  return shared === undefined ? [] : [shared];
}

/**
 * A room's fields that its history decides, not its provider state: `lm` and `lastMessage` are
 * there once something was posted (by this client's earlier requests, or anyone's on a real
 * server). A contract leaves them out of every room it shows; Pact lets the provider send more.
 */
const HISTORY_FIELDS = ['lm', 'lastMessage'];

/** Whether an object is a room (a channel, a group, a direct room): `_id`, a type and a message count. */
function isRoom(value: { [key: string]: Json }): boolean {
  return typeof value._id === 'string' && typeof value.t === 'string' && typeof value.msgs === 'number';
}

/** The value with the history fields taken out of every room in it, at any depth. */
function withoutHistory(value: Json): Json {
  if (Array.isArray(value)) return value.map(withoutHistory);
  if (!isObject(value)) return value;
  const room = isRoom(value);
  const out: { [key: string]: Json } = {};
  for (const [key, child] of Object.entries(value)) {
    if (room && HISTORY_FIELDS.includes(key)) continue;
    out[key] = withoutHistory(child);
  }
  return out;
}

export interface Shaped {
  /** the body as the contract holds it (list pages made one template element) */
  body: Json;
  rules: Rules;
}

/**
 * The body as the contract shows it, and its matching rules. `facts` are the operation's: a
 * change's room (`channel`, `group`) keeps its deciding fields by value, `info` its version by
 * pattern, `me` and `login` the username.
 */
export function shapeResponse(body: Json, facts: ContractFacts = {}): Shaped {
  const rules: Rules = {};
  // an answer the same on every server (a logout's), word for word
  if (!isObject(body) || facts.exact) return { body, rules };
  const hidden = withoutHistory(redactSecrets(body, HIDDEN) as Json);
  if (!isObject(hidden)) return { body: hidden, rules };
  const out: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(hidden)) {
    const at = `$${step(key)}`;
    // `message` is the envelope's text, or (chat.*) the message itself: an entity of the provider's
    if (ENVELOPE.has(key) && !(key === 'message' && isObject(value))) {
      out[key] = value;
    } else if (LISTS.has(key) && Array.isArray(value)) {
      out[key] = template(value);
      byType(out[key], at, rules);
    } else if ((key === 'channel' || key === 'group') && isObject(value)) {
      out[key] = value;
      for (const [field, child] of Object.entries(value)) {
        if (!ROOM_BY_VALUE.has(field)) byType(child, `${at}${step(field)}`, rules);
      }
    } else if (key === 'offset' && typeof value === 'number') {
      out[key] = value;
    } else if (key === 'version' && facts.versionPattern) {
      out[key] = value;
      rules[at] = rule({ match: 'regex', regex: VERSION_PATTERN });
    } else {
      out[key] = value;
      byType(value, at, rules);
    }
  }
  // the username a login or `me` answers with is the one the state logged in
  delete rules['$.data.me.username'];
  delete rules['$.username'];
  return { body: out, rules };
}
