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
import type { VerifyOptions, VerifyReport, World } from './types';
import type * as VerifyModule from './verify/index';

// Layer: faces. The public API. Types come from src/types.ts, the module of published types, or
// from the module that owns them (options, server, control, errors, the scenario's input types).
export { ROCKETCHAT_VERSION } from './options';
export type { FakeOptions } from './options';
export { DEFAULT_LIMITS } from './limits';
export type { Limits, LimitName } from './limits';
export { createApp, createFakeServer, FakeServer, FakeSession } from './server';
export type { FakeApp, FakeServerOptions } from './server';
export type { ResetOptions, SessionOptions } from './control';
export { ApiError, ERRORS } from './errors';
export type { ControlErrorBody, ControlProblem, ErrorBody, ErrorCode } from './errors';
export { ScenarioError } from './scenario/problems';
export type { ScenarioInput } from './scenario/schema';
export type { ResolveOptions } from './scenario/resolve';
export type {
  Change,
  Changes,
  CheckRequest,
  CheckResult,
  CheckStatus,
  ClockControl,
  DdpFrameNote,
  DeliveryOutcome,
  DirectRoom,
  AnyRoom,
  Fault,
  FaultInput,
  FaultMethod,
  IncomingIntegration,
  InspectMessage,
  InspectRoom,
  Integration,
  JournalEntry,
  KindChanges,
  OutgoingIntegration,
  PactBody,
  PactDocument,
  PactFileOptions,
  PactGenerator,
  PactInteraction,
  PactMatchers,
  PactOptions,
  PactProviderState,
  Problem,
  ProfileId,
  ProviderStateChange,
  RateLimitConfig,
  RequestChange,
  RequestExchange,
  RequestFilter,
  RoleDoc,
  ChangedKind,
  UnmatchedRoute,
  Room,
  ServerSettings,
  SessionInfo,
  Stub,
  StubInput,
  StubRequest,
  StubResponse,
  Subscription,
  Team,
  TeamType,
  User,
  UserRef,
  VerifyOptions,
  VerifyReport,
  WebhookDelivery,
  World,
  WorldEvent,
} from './types';
export { VerifyError } from './verify/run';

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

/** The conformance suite (loaded on first call). */
const verifyModule = lazy(() => require('./verify/index') as typeof VerifyModule);

/**
 * Runs the conformance suite against a Rocket.Chat server (or a fake) and returns the report;
 * the programmatic `rocketchat-fake verify`. Throws `VerifyError` when it cannot start (a bad or
 * unreachable target, a refused login). See the README, "Prove it against your server".
 */
export function verify(options: VerifyOptions): Promise<VerifyReport> {
  return verifyModule().verify(options);
}
