/**
 * rocketchat-fake: an in-memory fake of the Rocket.Chat REST API for testing clients, bots and
 * integrations.
 *
 * @packageDocumentation
 */
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
export { resolveScenario } from './scenario/resolve';
export { scenarioJsonSchema } from './scenario/schema';
export type { ScenarioInput } from './scenario/schema';
export type { Integration, Room, User, UserRef, World } from './store/types';
