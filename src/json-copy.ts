/**
 * A deep copy of a JSON value: plain objects and arrays copied member by member, anything else
 * that is an object (a caller's `Date`, a typed array, …) by `structuredClone`. The world's
 * documents are JSON values (from scenario files, request bodies and the control API), and a copy
 * of one is made on every answer that hands a document out: `structuredClone` serialises and
 * deserialises, about 5 µs for a user document on the benchmark's machine against well under a
 * microsecond member by member. A value's nesting is bounded where it enters (the body, frame and
 * scenario depth limits), so the recursion is too.
 *
 * Layer: base. Plain values.
 */
export function copyJson<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item: unknown) => copyJson(item)) as T;
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return structuredClone(value);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) out[key] = copyJson((value as Record<string, unknown>)[key]);
  return out as T;
}
