import type { ErrorSpec } from './spec';

/**
 * The error rows of settings, permissions and roles (`settings`, `permissions.*`, `roles.*`), part of the one error table (src/errors.ts): each name once, over
 * all tables.
 *
 * Layer: base.
 */
export const SETTING_ERRORS = {
  /** `Message_AllowEditing_BlockEditInMinutes` passed since the message was sent (`updateMessage`) */
  'message-editing-blocked': {
    status: 400,
    message: () => 'Message editing is blocked',
    errorType: 'error-message-editing-blocked',
    details: () => ({ method: 'updateMessage' }),
  },
  /** `API.v1.failure()` with nothing to say: an unknown (or hidden) setting, a POST without `value` */
  'setting-failure': { status: 400, message: () => '', eras: { '0.49': () => ({ success: false }) } },
  /** DDP `saveSetting` by no user, or without `edit-privileged-setting` (then with `settingId`) */
  'setting-edit-not-allowed': {
    status: 400,
    message: () => 'Editing settings is not allowed',
    errorType: 'error-action-not-allowed',
    details: (p) => ({ method: 'saveSetting', ...(p.id !== undefined ? { settingId: p.id } : {}) }),
  },
} satisfies Record<string, ErrorSpec>;
