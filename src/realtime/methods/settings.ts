import saveSettingCommand from '../../commands/saveSetting';
import { ApiError } from '../../errors';
import type { SettingType } from '../../store/setting-registry';
import { MeteorError } from '../method';
import type { Method } from '../method';

/**
 * The realtime methods of settings, permissions and roles, each as the real server answers it.
 *
 * Layer: realtime.
 */

/** Meteor's `check` refusing an argument: error 400 `Match failed`. */
function matchFailed(): MeteorError {
  return new MeteorError(400, 'Match failed');
}

/** `check(value, …)` by the setting's type: Boolean, Number, else String (an unknown id too). */
function checkByType(value: unknown): (type: SettingType | undefined) => void {
  return (type) => {
    const expected = type === 'boolean' ? 'boolean' : type === 'int' ? 'number' : 'string';
    if (typeof value !== expected) throw matchFailed();
  };
}

/**
 * `saveSetting(_id, value, editor)`: no user, or neither `edit-privileged-setting` nor
 * `manage-selected-settings` with the setting's own permission, is `error-action-not-allowed`;
 * then `check(_id, String)`, then the value checked by the setting's type (`Match failed`); then
 * the value saved. Answers `true`, for an unknown id too (nothing is saved).
 */
const saveSetting: Method = (context, params) => {
  const [id, value] = params;
  const user = context.user;
  if (!user) throw new ApiError('setting-edit-not-allowed');
  if (typeof id !== 'string') {
    if (!context.store.can(user, 'edit-privileged-setting')) throw new ApiError('setting-edit-not-allowed');
    throw matchFailed();
  }
  const run = { store: context.store, profile: context.profile, user };
  saveSettingCommand.run(run, { id, value, checkValue: checkByType(value) });
  return true;
};

export const SETTINGS_METHODS: Readonly<Record<string, Method>> = { saveSetting };
