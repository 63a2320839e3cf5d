/* eslint-disable @typescript-eslint/no-require-imports -- deferred loads (src/lazy.ts) */
import { lazy } from '../lazy';
import { parseOrThrow } from '../scenario/checks';
import { checkGenerated } from '../scenario/load';
import type * as EntityModule from '../scenario/entity';
import type * as RateLimitSchemaModule from '../scenario/ratelimit';
import type * as SettingsSchemaModule from '../scenario/settings';
import type * as ResolveModule from '../scenario/resolve';
import type { Baseline } from '../store/baseline';
import { buildBaseline } from '../store/baseline';
import type { EntityLookup, Store } from '../store/store';
import type { Integration, RateLimitConfig, Room, ServerSettings, User } from '../types';

/**
 * What a world is given, read through the scenario layer: scenarios, the entities the control API
 * adds, rate limits and settings, each validated (every problem in one ScenarioError, and nothing
 * changes) and resolved before the store sees it. The schemas (zod) and the resolution (faker when a
 * scenario generates entities) load with the first input that needs them, not at start.
 *
 * Layer: world.
 */

/** Scenario validation and resolution (zod; faker when a scenario generates entities). */
const resolveModule = lazy(() => require('../scenario/resolve') as typeof ResolveModule);
/** Entities added to a running world, validated and resolved like a scenario's (zod). */
const entityModule = lazy(() => require('../scenario/entity') as typeof EntityModule);
/** The rate-limit schema (zod). */
const rateLimitSchema = lazy(
  () => (require('../scenario/ratelimit') as typeof RateLimitSchemaModule).rateLimitSchema,
);

/** The settings schema (zod). */
const settingsSchema = lazy(
  () => (require('../scenario/settings') as typeof SettingsSchemaModule).settingsSchema,
);

/** A rate limit, checked. */
export function checkRateLimit(config: unknown, source: string): RateLimitConfig {
  return parseOrThrow(rateLimitSchema(), config, source, 'rate limit');
}

/** Settings to change, checked. */
export function checkSettings(settings: unknown, source: string): Partial<ServerSettings> {
  return parseOrThrow(settingsSchema(), settings, source, 'settings');
}

/**
 * A scenario checked whole (no more than `maxGenerated` entities generated) and resolved, as the
 * baseline a world resets to.
 */
export function baselineOf(
  scenario: unknown,
  options: { source: string; seed: number | undefined; maxGenerated: number | undefined },
): Baseline {
  checkGenerated(scenario, options.maxGenerated, options.source);
  return buildBaseline(
    resolveModule().resolveScenario(scenario, { source: options.source, seed: options.seed }),
  );
}

/**
 * Checks and resolves an entity to add against the current state, stamped with the change's
 * clock (throws ScenarioError, and nothing changes), then the store adds it.
 */
function resolve<T>(
  store: Store,
  make: (lookup: EntityLookup, stamp: { seed: number; clock: string }) => T,
): T {
  const lookup = store.lookup();
  return make(lookup, { seed: lookup.seed, clock: store.clock.next() });
}

/** Adds a user to the store's state (missing fields filled deterministically) and returns it. */
export function addUser(store: Store, user: unknown, source: string): User {
  return store.addUser(
    resolve(store, (lookup, ctx) => entityModule().resolveUser(user, lookup, ctx, source)),
  );
}

/** Adds a channel to the store's state (`ro: false` unless given) and returns it. */
export function addChannel(store: Store, channel: unknown, source: string): Room {
  return store.addChannel(
    resolve(store, (lookup, ctx) => entityModule().resolveChannel(channel, lookup, ctx, source)),
  );
}

/** Adds an integration to the store's state and returns it. */
export function addIntegration(store: Store, integration: unknown, source: string): Integration {
  return store.addIntegration(
    resolve(store, (lookup, ctx) => entityModule().resolveIntegration(integration, lookup, ctx, source)),
  );
}
