/**
 * Deferred loading, for the modules a cold start should not pay for (Express and body-parser take
 * about 100 ms to load, zod about 65 ms, faker about 30 ms, against about 160 ms for a bare
 * `node:http` server's whole spawn-to-first-answer). Each deferred `require` sits in the module
 * that uses it, with an `import type` beside it, so the import graph shows the real dependency:
 *
 *     import type * as AppModule from './app';
 *     const appModule = lazy(() => require('./app') as typeof AppModule);
 *
 * Layer: base. Imports nothing.
 */

/**
 * Memoises a loader: the first call loads, later calls return what it loaded (`require` resolves
 * the path again on every call, which generating 100,000 entities notices).
 */
export function lazy<T>(load: () => T): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= load());
}
