import { byEra } from '../eras';
import type { EraTable } from '../eras';
import type { Profile } from '../profiles';
import type { BlockAlgorithm } from '../store/login-guard';
import type { IntegrationRule, StoreRules } from '../store/rules';
import { HIDDEN_ROOM_FIELDS, ROOM_FIELDS_NOT_IN_LISTS } from './views';

/**
 * The store's rules for a server version (src/store/rules.ts): the era tables of the store's
 * transitions, decided here, so the store itself reads plain values and knows no release line.
 *
 * Layer: operations. Nothing of HTTP.
 */

/** Rooms are found by `roomName` too from 5.x; the 0.49 era knew `roomId` only. */
const ROOMS_BY_NAME = { '0.49': false, '5': true };
/** `channels.list` checks view-c-room / view-joined-room from 5.x; the 0.49 era checked nothing. */
const LIST_PERMISSION = { '0.49': false, '5': true };
/** Who reads integrations: 0.49's manage-integrations, 5.x's any of the four, 6.x on by kind. */
const INTEGRATION_RULE: EraTable<IntegrationRule> = {
  '0.49': 'manage-integrations',
  '5': 'any-of-four',
  '6': 'by-kind',
};
/** A message's `urls` carry an empty `meta` (filled when a preview is fetched) from 6.x on. */
const URL_META: EraTable<boolean> = { '0.49': false, '6': true };
/** Brute-force protection of logins: none in 0.49, counted since the last login to 6.3, a sliding window from 6.4. */
const LOGIN_BLOCKING: EraTable<BlockAlgorithm> = { '0.49': 'none', '5': 'since-login', '6.4': 'window' };
/** setReadOnly posts a system message (`msgs` + 1): from 6.x. */
const READ_ONLY_MESSAGE = { '0.49': false, '6': true };
/** Read-only mutes the members who may not post in it (not admins, not its owner): the 0.49 era. */
const READ_ONLY_MUTES = { '0.49': true, '5': false };
/**
 * Teams (5.x on): `channels.list` shows a team's rooms only to their members, and a main room's
 * change of type (`saveRoomSettings`) changes its team's type.
 */
const TEAMS = { '0.49': false, '5': true };

/** The rules a store follows for this profile's server version. */
export function storeRulesOf(profile: Profile): StoreRules {
  return {
    roomsByName: byEra(profile, ROOMS_BY_NAME),
    listPermission: byEra(profile, LIST_PERMISSION),
    integrationRule: byEra(profile, INTEGRATION_RULE),
    urlMeta: byEra(profile, URL_META),
    loginBlocking: byEra(profile, LOGIN_BLOCKING),
    readOnlyMessage: byEra(profile, READ_ONLY_MESSAGE),
    readOnlyMutes: byEra(profile, READ_ONLY_MUTES),
    teams: byEra(profile, TEAMS),
    hiddenRoomFields: HIDDEN_ROOM_FIELDS,
    roomFieldsNotInLists: ROOM_FIELDS_NOT_IN_LISTS,
  };
}
