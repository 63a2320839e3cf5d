/* eslint-disable @typescript-eslint/no-require-imports -- this module is where loading is deferred */
import type * as AppModule from './app';
import type * as FaultSchemaModule from './faults/schema';
import type * as RateLimitSchemaModule from './ratelimit/schema';
import type * as EntityModule from './scenario/entity';
import type * as GenerateModule from './scenario/generate';
import type * as ResolveModule from './scenario/resolve';
import type * as SchemaModule from './scenario/schema';

/**
 * Modules loaded when first needed, not at start-up. Loading is most of a cold start: here Express
 * and body-parser take about 100 ms, zod about 65 ms and faker about 30 ms, against about 160 ms
 * for a bare `node:http` server's whole spawn-to-first-answer. The health check and a scenario
 * that is already resolved need none of them; the first request Express serves, the first
 * validation and the first generation load them. Each loader keeps what it loaded: `require`
 * resolves the path again on every call (microseconds, which generating 100,000 entities notices).
 */

function once<T>(load: () => T): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= load());
}

/** Express and the routes (src/app.ts). */
export const appModule = once((): typeof AppModule => require('./app') as typeof AppModule);

/** Scenario validation and resolution: zod, and faker when a scenario generates entities. */
export const resolveModule = once(
  (): typeof ResolveModule => require('./scenario/resolve') as typeof ResolveModule,
);

/** The fault schema (zod). */
export const faultSchemaModule = once(
  (): typeof FaultSchemaModule => require('./faults/schema') as typeof FaultSchemaModule,
);

/** The rate-limit schema (zod). */
export const rateLimitSchemaModule = once(
  (): typeof RateLimitSchemaModule => require('./ratelimit/schema') as typeof RateLimitSchemaModule,
);

/** Generated entities: faker, only for a scenario with `generate`. */
export const generateModule = once(
  (): typeof GenerateModule => require('./scenario/generate') as typeof GenerateModule,
);

/** The scenario schema (zod), for `scenarioJsonSchema()`. */
export const schemaModule = once(
  (): typeof SchemaModule => require('./scenario/schema') as typeof SchemaModule,
);

/** Entities added to a running world, validated like a scenario's (zod). */
export const entityModule = once(
  (): typeof EntityModule => require('./scenario/entity') as typeof EntityModule,
);
