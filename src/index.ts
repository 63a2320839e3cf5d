/**
 * rocketchat-fake: an in-memory fake of the Rocket.Chat REST API for testing clients, bots and
 * integrations.
 *
 * @packageDocumentation
 */
import { resolveModule, schemaModule } from './lazy';
import type { ResolveOptions } from './scenario/resolve';
import type { World } from './store/types';

export { ROCKETCHAT_VERSION } from './options';
export type { FakeOptions } from './options';
export { createApp, createFakeServer, FakeServer, FakeSession } from './server';
export type { ClockControl, SessionInfo, SessionOptions } from './admin/control';
export type { JournalEntry, RequestFilter } from './journal/journal';
export type { Fault, FaultInput } from './faults/faults';
export type { RateLimitConfig } from './ratelimit/limiter';
export type { Change, Changes, KindChanges } from './store/store';
export type { FakeApp, FakeServerOptions } from './server';
export { ApiError, ERRORS } from './errors';
export type { ControlErrorBody, ControlProblem, ErrorBody, ErrorCode } from './errors';
export { ScenarioError } from './scenario/problems';
export type { Problem } from './scenario/problems';
export type { ScenarioInput } from './scenario/schema';
export type { Integration, Room, User, UserRef, World } from './store/types';
export type { ResolveOptions } from './scenario/resolve';

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
