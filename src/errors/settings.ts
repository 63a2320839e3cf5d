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
} satisfies Record<string, ErrorSpec>;
