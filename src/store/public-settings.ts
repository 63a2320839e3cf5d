import type { ServerSettings } from '../types';
import type { JsonObject } from './query';
import { LISTED_SETTING_IDS, SETTINGS } from './setting-registry';

/**
 * The settings as the settings routes answer them, from the registry (src/store/setting-registry.ts)
 * and the values in force: `settings.public` lists the public ones (those clients read before, or
 * instead of, logging in), `GET /api/v1/settings` all of them to a privileged caller. `Site_Url`
 * left at its default (`""`) is the address the client reached the fake at. Each item is what the
 * routes project: `_id`, `value`, `enterprise` (and `invalidValue` and `modules` for an enterprise
 * setting), in `_id` order (MongoDB's binary order: `API_` before `Accounts_`).
 *
 * Layer: store. Plain data.
 */

/** Every id in MongoDB's binary order. */
const BY_ID = [...LISTED_SETTING_IDS].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/** A setting's value as answered: `Site_Url` at its default is the address the client reached. */
export function answeredValue(values: ServerSettings, id: keyof ServerSettings, siteUrl: string): unknown {
  const value = values[id];
  return id === 'Site_Url' && value === '' ? siteUrl : value;
}

/** The settings, each as the list routes answer it, narrowed to `ids` when given. */
export function listedSettings(
  values: ServerSettings,
  siteUrl: string,
  options: { publicOnly: boolean; ids?: readonly string[] | undefined },
): JsonObject[] {
  const wanted = options.ids && new Set(options.ids);
  return BY_ID.filter(
    (id) => (!options.publicOnly || SETTINGS[id].public) && (!wanted || wanted.has(id)),
  ).map((id) => {
    const { enterprise } = SETTINGS[id];
    return {
      _id: id,
      value: answeredValue(values, id, siteUrl),
      enterprise: enterprise !== undefined,
      ...(enterprise ? { invalidValue: enterprise.invalidValue, modules: [...enterprise.modules] } : {}),
    } as JsonObject;
  });
}

/** The public settings, each as `settings.public` answers it, narrowed to `ids` when given. */
export function publicSettings(
  values: ServerSettings,
  siteUrl: string,
  ids?: readonly string[],
): JsonObject[] {
  return listedSettings(values, siteUrl, { publicOnly: true, ids });
}
