import type { BlockAlgorithm } from './login-guard';

/**
 * The rules a store follows where server versions differ, decided before the store is made (by
 * src/operations/store-rules.ts, from a profile's era tables): the store reads these plain values,
 * never a version or an era table. Also which room fields its answers leave out (the wire's
 * declaration, src/wire.ts, passed in the same way).
 *
 * Layer: store. Plain values.
 */

/** Who reads integrations: 0.49's manage-integrations, 5.x's any of the four, 6.x on by kind. */
export type IntegrationRule = 'manage-integrations' | 'any-of-four' | 'by-kind';

export interface StoreRules {
  /** rooms are found by `roomName` too (5.x on), not by `roomId` alone */
  readonly roomsByName: boolean;
  /** `channels.list` checks view-c-room / view-joined-room (5.x on) */
  readonly listPermission: boolean;
  readonly integrationRule: IntegrationRule;
  /** a message's `urls` carry an empty `meta` (6.x on) */
  readonly urlMeta: boolean;
  /** the brute-force protection of logins */
  readonly loginBlocking: BlockAlgorithm;
  /** setReadOnly posts a system message (6.x on) */
  readonly readOnlyMessage: boolean;
  /** read-only mutes the members who may not post in it (the 0.49 era) */
  readonly readOnlyMutes: boolean;
  /** teams are known (5.x on): team rooms listed per caller, a main room's type moves its team's */
  readonly teams: boolean;
  /** the room fields no answer carries */
  readonly hiddenRoomFields: readonly string[];
  /** the room fields a list page leaves out (the hidden ones included) */
  readonly roomFieldsNotInLists: readonly string[];
}

/**
 * The rules of the default profile (8.9), for a store made without any: the same values
 * `storeRulesOf(profileOf(undefined))` decides (test/store.events.test.ts checks they agree).
 */
export const DEFAULT_RULES: StoreRules = Object.freeze({
  roomsByName: true,
  listPermission: true,
  integrationRule: 'by-kind',
  urlMeta: true,
  loginBlocking: 'window',
  readOnlyMessage: true,
  readOnlyMutes: false,
  teams: true,
  hiddenRoomFields: Object.freeze(['joinCode']),
  roomFieldsNotInLists: Object.freeze(['joinCodeRequired', 'joinCode', 'muted']),
});
