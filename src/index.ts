/**
 * rocketchat-fake: an in-memory fake of the Rocket.Chat REST API for testing clients, bots and
 * integrations.
 *
 * @packageDocumentation
 */
/* eslint-disable @typescript-eslint/no-require-imports -- deferred loads (src/lazy.ts) */
import { lazy } from './lazy';
import type * as ResolveModule from './scenario/resolve';
import type { ResolveOptions } from './scenario/resolve';
import type * as SchemaModule from './scenario/schema';
import type { World } from './types';

// Layer: faces. The public API. Types come from src/types.ts, the module of published types, or
// from the module that owns them (options, server, control, errors, the scenario's input types).
export { ROCKETCHAT_VERSION } from './options';
export type { FakeOptions } from './options';
export { createApp, createFakeServer, FakeServer, FakeSession } from './server';
export type { FakeApp, FakeServerOptions } from './server';
export type { SessionOptions } from './control';
export { ApiError, ERRORS } from './errors';
export type { ControlErrorBody, ControlProblem, ErrorBody, ErrorCode } from './errors';
export { ScenarioError } from './scenario/problems';
export type { ScenarioInput } from './scenario/schema';
export type { ResolveOptions } from './scenario/resolve';
export type {
  Change,
  Changes,
  ClockControl,
  Fault,
  FaultInput,
  IncomingIntegration,
  Integration,
  JournalEntry,
  KindChanges,
  OutgoingIntegration,
  Problem,
  RateLimitConfig,
  RequestFilter,
  Room,
  SessionInfo,
  User,
  UserRef,
  World,
} from './types';

/** Validation and resolution: zod and faker are not part of start-up. */
const resolveModule = lazy(() => require('./scenario/resolve') as typeof ResolveModule);
/** The scenario schema (zod), for `scenarioJsonSchema()`. */
const schemaModule = lazy(() => require('./scenario/schema') as typeof SchemaModule);

/**
 * Validates a scenario document whole and builds the world it describes; throws
 * {@link ScenarioError} naming every problem. (Loaded on first call: zod and faker are not part
 * of start-up.)
 */
export function resolveScenario(input: unknown, options?: ResolveOptions): World {
  return resolveModule().resolveScenario(input, options);
}

/** The JSON Schema (draft 2020-12) of a scenario file, as shipped in `scenario.schema.json`. */
export function scenarioJsonSchema(): Record<string, unknown> {
  return schemaModule().scenarioJsonSchema();
}
