import type { Profile } from './profiles';

/**
 * Era tables: how one piece of behaviour differs between Rocket.Chat releases, written next to the
 * operation (or error) it changes and read through {@link byEra}. A table maps the first release
 * of each era (`'0.49'`, `'6'`, `'8'`) to that era's value; a profile gets the value of the
 * latest era at or before its version.
 *
 * Layer: base.
 */
export type EraTable<T> = Readonly<Record<string, T>>;

function compare(a: string, b: string): number {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < Math.max(x.length, y.length); i += 1) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** Each table's value per server version, worked out once (the pipeline reads some on every request). */
const resolved = new WeakMap<object, Map<string, unknown>>();

/** The value of the era `profile`'s server version belongs to. The table must name the oldest era. */
export function byEra<T>(profile: Pick<Profile, 'version'>, table: EraTable<T>): T {
  let known = resolved.get(table);
  const kept = known?.get(profile.version);
  // a value worked out before costs one look-up (two when the era's value is undefined)
  if (kept !== undefined || known?.has(profile.version) === true) return kept as T;
  const value = lookUp(profile.version, table);
  if (!known) {
    known = new Map();
    resolved.set(table, known);
  }
  known.set(profile.version, value);
  return value;
}

function lookUp<T>(version: string, table: EraTable<T>): T {
  let best: string | undefined;
  for (const since of Object.keys(table)) {
    if (compare(since, version) <= 0 && (best === undefined || compare(since, best) > 0)) best = since;
  }
  if (best === undefined)
    throw new Error(`[rocketchat-fake] no era of ${Object.keys(table).join(', ')} covers ${version}`);
  return table[best] as T;
}
