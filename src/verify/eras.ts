import type { LineId, Profile, ProfileId } from '../profiles';
import { DEFAULT_PROFILE, PROFILES } from '../profiles';

/**
 * What the conformance suite expects of each server era, as data: its own statement of how
 * Rocket.Chat's eras differ (0.49, the Restivus 5.x and 6.x, 7, the Hono builds of 8), written
 * independently of the fake's implementation (where each difference lives with the operation or
 * error it changes), so that verifying the fake in every profile checks one against the other.
 *
 * Layer: verify. Imports only the base.
 */

export interface VerifyProfile extends Profile {
  /** `/api/info`: `{version}` (flat), or `{info: {version}}` (the 0.49 era) */
  info: 'flat' | 'nested';
  /** `Cache-Control: no-store` and `Pragma: no-cache` on every answer (E7+) */
  noStoreHeaders: boolean;
  /** Restivus' bodies (E49–E6): a 401 is `{status, message}`, a wrong method `{status, message}` */
  restivus: boolean;
  /** login's success body: without `me` (E49), without `success` (E5x, E6), or both (E7+) */
  loginSuccess: 'token-only' | 'no-success' | 'enveloped';
  /** login's failures: E49's `{status, message}`, E5x/E6's `{status, error, message}`, E7+'s envelope */
  loginFailure: 'e49' | 'e5x' | 'e7';
  /** a permission refusal by the route: `{success:false,error:"unauthorized"}` (≤5.x) or 6.x+'s text */
  forbidden: 'unauthorized' | 'permissions';
  /** a Meteor.Error's `details` reach the body (not in the 0.49 era) */
  details: boolean;
  /** rooms are found by `roomName` too (E5x on); E49 knows `roomId` only */
  roomName: boolean;
  /** E49's room errors: `The parameter "roomId" is required`, `No channel found by the id of: <id>` */
  roomErrors: 'e49' | 'modern';
  /** channels.list: E49 checks no permission; later eras view-c-room / view-joined-room */
  listPermission: boolean;
  /** getIntegrations: `manage-integrations` (E49), any of the four (E5x), Rocket.Chat 7's rule (6.x+) */
  integrationRule: 'manage-integrations' | 'any-of-four' | 'by-kind';
  /** getIntegrations without a room parameter (6.x's TS route falls through to not found) */
  missingIntegrationRoom: 'param-error' | 'not-found' | 'invalid-params';
  /** parameter validation: none (E49, E5x: Restivus), ajv with `[invalid-params]` (6, 7), Hono's (8) */
  validation: 'restivus' | 'ajv' | 'hono';
  /** route permissions before parameter validation (the Hono builds) */
  permissionFirst: boolean;
  /** channels.list refuses `fields` (7.0 to 8.7: the schema's `additionalProperties: false`) */
  listRefusesFields: boolean;
  /** channels.list refuses a parameter its schema does not name (7.0 on); earlier releases ignore it */
  listRefusesUnknown: boolean;
  /** channels.list refuses `count`, `offset` and `sort` too (7.0's schema: `_id` and `query` only) */
  listRefusesPagination: boolean;
  /** setReadOnly's validator coerces `"true"` (8.6 on: the shared ajv); before, it is `must be boolean` */
  readOnlyCoerced: boolean;
  /** setReadOnly posts a system message (`msgs` + 1); the 0.5x servers did not */
  readOnlyMessage: boolean;
  /** read-only mutes the members who lack post-readonly; off unsets `muted` (the 0.49 era) */
  readOnlyMutes: boolean;
  /** logout's answer: the action's object without `success` (to 7.3), or an empty 200 (7.4's router) */
  logout: 'plain' | 'empty';
  /** the REST rate limiter exists (not in the 0.49 era) */
  rateLimiter: boolean;
  /** `GET /api/v1/info` still exists (removed in 3.0): `{info: {version}}` */
  v1Info: boolean;
  /**
   * the users routes (E49): users.create's body by Meteor's `check()` (`Error: Match error: …`),
   * its refusals as `Error: <reason> [<error>]`, users.info by `userId` alone; later eras validate
   * the body with ajv and answer Meteor errors in the envelope
   */
  usersE49: boolean;
  /** permissions.listAll, roles.list, integrations.get and .remove exist (not in the 0.49 era) */
  adminRoutes: boolean;
}

const SEVEN: VerifyProfile = {
  id: '7.10',
  version: '7.10.0',
  info: 'flat',
  noStoreHeaders: true,
  restivus: false,
  loginSuccess: 'enveloped',
  loginFailure: 'e7',
  forbidden: 'permissions',
  details: true,
  roomName: true,
  roomErrors: 'modern',
  listPermission: true,
  integrationRule: 'by-kind',
  missingIntegrationRoom: 'param-error',
  validation: 'ajv',
  permissionFirst: false,
  listRefusesFields: true,
  listRefusesUnknown: true,
  listRefusesPagination: false,
  readOnlyCoerced: false,
  readOnlyMessage: true,
  readOnlyMutes: false,
  logout: 'empty',
  rateLimiter: true,
  v1Info: false,
  usersE49: false,
  adminRoutes: true,
};

/** Every profile: profile 7 and what each era changes. */
const EXPECTATIONS: Readonly<Record<LineId, VerifyProfile>> = {
  '0.49': {
    ...SEVEN,
    id: '0.49',
    logout: 'plain',
    version: '0.49.4',
    info: 'nested',
    noStoreHeaders: false,
    restivus: true,
    loginSuccess: 'token-only',
    loginFailure: 'e49',
    forbidden: 'unauthorized',
    details: false,
    roomName: false,
    roomErrors: 'e49',
    listPermission: false,
    integrationRule: 'manage-integrations',
    validation: 'restivus',
    listRefusesFields: false,
    listRefusesUnknown: false,
    readOnlyMessage: false,
    readOnlyMutes: true,
    rateLimiter: false,
    v1Info: true,
    usersE49: true,
    adminRoutes: false,
  },
  '5': {
    ...SEVEN,
    id: '5',
    logout: 'plain',
    version: '5.4.10',
    noStoreHeaders: false,
    restivus: true,
    loginSuccess: 'no-success',
    loginFailure: 'e5x',
    forbidden: 'unauthorized',
    integrationRule: 'any-of-four',
    validation: 'restivus',
    listRefusesFields: false,
    listRefusesUnknown: false,
    readOnlyMessage: false,
  },
  '6': {
    ...SEVEN,
    id: '6',
    logout: 'plain',
    version: '6.13.1',
    noStoreHeaders: false,
    restivus: true,
    loginSuccess: 'no-success',
    loginFailure: 'e5x',
    missingIntegrationRoom: 'not-found',
    listRefusesFields: true,
    listRefusesUnknown: false,
  },
  '7.0': { ...SEVEN, id: '7.0', version: '7.0.3', listRefusesPagination: true, logout: 'plain' },
  '7.10': SEVEN,
  // the Hono builds: the route's permissions before its parameters; validators as 7.10's
  '8.5': { ...SEVEN, id: '8.5', version: '8.5.0', permissionFirst: true },
  // 8.8's typed channels routes: strict schemas, their own error bodies, `fields` and coercion back
  '8.9': {
    ...SEVEN,
    id: '8.9',
    version: '8.9.0',
    missingIntegrationRoom: 'invalid-params',
    validation: 'hono',
    permissionFirst: true,
    listRefusesFields: false,
    readOnlyCoerced: true,
  },
};

/** A profile (a line or its alias) with what the suite expects of its era. */
export function verifyProfileOf(id: ProfileId | undefined): VerifyProfile {
  return EXPECTATIONS[PROFILES[id ?? DEFAULT_PROFILE].id];
}
