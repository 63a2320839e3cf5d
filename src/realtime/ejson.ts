/**
 * EJSON as DDP carries Rocket.Chat's documents: dates as `{"$date": <ms>}`. The store keeps ISO
 * text; these are the fields that hold a date, converted both ways (a message's text that looks
 * like a date stays text).
 *
 * Layer: realtime. Plain values.
 */

/** The fields of Rocket.Chat's documents that are dates. */
const DATE_FIELDS = new Set([
  'ts',
  '_updatedAt',
  '_createdAt',
  'createdAt',
  'editedAt',
  'lm',
  'ls',
  'lr',
  'tlm',
  'dlm',
  'pinnedAt',
  'lastLogin',
  'tokenExpires',
  '_deletedAt',
]);

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/** A store document as DDP sends it: its date fields as `{$date}`, at any depth. */
export function toEjson(value: unknown, key?: string): unknown {
  if (typeof value === 'string')
    return key !== undefined && DATE_FIELDS.has(key) && ISO.test(value)
      ? { $date: Date.parse(value) }
      : value;
  if (Array.isArray(value)) return value.map((item) => toEjson(item));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = toEjson(v, k);
  return out;
}

/**
 * A stored document (a message) in EJSON, converted once however many frames carry it (its stream
 * frame to each subscriber, a method's result): the store never changes a document it holds, it
 * stores a new one, so a document's conversion stays right for as long as the document lives.
 */
const converted = new WeakMap<object, unknown>();
export function documentEjson(document: object): unknown {
  let ejson = converted.get(document);
  if (ejson === undefined) {
    ejson = toEjson(document);
    converted.set(document, ejson);
  }
  return ejson;
}

/** An EJSON date (`{$date: ms}`) as ISO text; anything else as it is. */
export function dateOf(value: unknown): string | undefined {
  if (typeof value === 'object' && value !== null && '$date' in value) {
    const ms = (value as { $date: unknown }).$date;
    if (typeof ms === 'number' && Number.isFinite(ms)) return new Date(ms).toISOString();
  }
  return undefined;
}
