import { ApiError } from '../errors';
import { settingRow } from '../store/setting-registry';
import type { SettingType } from '../store/setting-registry';
import { command } from './command';

/** What saving one setting takes: its id, the value, and whether the value is checked by its type. */
export interface SaveSettingArgs {
  readonly id: string;
  readonly value: unknown;
  /**
   * the face's own check of the value against the setting's type (`undefined`: no such setting),
   * after the permission: DDP `saveSetting`'s `check(value, Boolean|Number|String)`; REST has none
   */
  readonly checkValue?: (type: SettingType | undefined) => void;
}

/** The method's name. */
const NAME = 'saveSetting';

/**
 * Saves one setting (`POST settings/:_id`, DDP `saveSetting`): `edit-privileged-setting` (or
 * `manage-selected-settings` with the setting's own `change-setting-<id>`, which the fake's table
 * does not grant), then the value's type where the face checks it, then the write. Answers whether
 * the setting exists (an unknown id changes nothing).
 */
export default command<SaveSettingArgs, boolean>({
  name: NAME,
  run({ store, user }, { id, value, checkValue }) {
    const selected = store.can(user, 'manage-selected-settings') && store.can(user, `change-setting-${id}`);
    if (!store.can(user, 'edit-privileged-setting') && !selected)
      throw new ApiError('setting-edit-not-allowed', { id });
    checkValue?.(settingRow(id)?.type);
    return store.saveSetting(id, value);
  },
});
