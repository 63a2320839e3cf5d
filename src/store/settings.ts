import type { ServerSettings } from '../types';
import { DEFAULT_SETTINGS } from './login-guard';
import { overMaxSize } from './message-text';
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
  return { ...DEFAULT_SETTINGS, ...state.settings };
}

/** Changes some settings (already checked) until the next reset; a change of state. */
export function changeSettings(state: StoreState, changed: Partial<ServerSettings>): ServerSettings {
  state.settings = { ...state.settings, ...changed };
  commit(state, [{ kind: 'settings', changed: { ...changed } }]);
  return settings(state);
}
