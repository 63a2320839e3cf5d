import type { ServerSettings } from '../types';
import { DEFAULT_SETTINGS } from './login-guard';
import { isDeepStrictEqual } from 'node:util';

import { overMaxSize } from './message-text';
import { isSettingId } from './setting-registry';
import { commit } from './state';

export { overMaxSize };
import type { StoreState } from './state';

/**
 * The server settings: the world's, over the defaults; a control change until the next reset.
 *
 * Layer: store. Plain values; nothing of HTTP.
 */

/** The settings in force: the world's, over the defaults. */
export function settings(state: StoreState): ServerSettings {
  // made once per version of the world's settings (a change replaces the object): the rules of
  // every post and login read them
  let merged = MERGED.get(state.settings);
  if (!merged) {
    merged = Object.freeze({ ...DEFAULT_SETTINGS, ...state.settings });
    MERGED.set(state.settings, merged);
  }
  return merged;
}

/** The settings in force, by the world's own settings object they were made from. */
const MERGED = new WeakMap<Partial<ServerSettings>, Readonly<ServerSettings>>();

/**
 * One setting saved through the chat API (`POST settings/:_id`, DDP `saveSetting`): its value as
 * given (REST checks no type; the value is kept as sent), a change of state unless it is the value
 * in force. False: no such setting, nothing changes.
 */
export function saveSetting(state: StoreState, id: string, value: unknown): boolean {
  if (!isSettingId(id)) return false;
  if (isDeepStrictEqual(settings(state)[id], value)) return true;
  changeSettings(state, { [id]: value } as Partial<ServerSettings>);
  return true;
}

/** Changes some settings (already checked) until the next reset; a change of state. */
export function changeSettings(state: StoreState, changed: Partial<ServerSettings>): ServerSettings {
  state.settings = { ...state.settings, ...changed };
  commit(state, [{ kind: 'settings', changed: { ...changed } }]);
  return settings(state);
}
