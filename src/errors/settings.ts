import type { EraBody, ErrorSpec } from './spec';

/** `API.v1.failure(message, type)`: the message as it is (no ` [type]` suffix) and the type beside it. */
const failure = (errorType: string): { '0.49': EraBody } => ({
  '0.49': (message) => ({ success: false, error: message, errorType }),
});

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
  /** `permissions.listAll?updatedSince=` not a date: the route's errorType is a room's, in every release */
  'permissions-updated-since-invalid': {
    status: 400,
    message: () => 'The "updatedSince" query parameter must be a valid date.',
    errorType: 'error-roomId-param-invalid',
  },
  /** `permissions.update` without `access-permissions` until 5.x: the handler's own 400 */
  'permissions-edit-not-allowed': {
    status: 400,
    message: () => 'Editing permissions is not allowed',
    eras: failure('error-edit-permissions-not-allowed'),
  },
  /** `permissions.update`'s body failing `isBodyParamsValidPermissionUpdate` in the handler (6.0 to 7.9) */
  'permissions-invalid-body': {
    status: 400,
    message: () => 'Invalid body params',
    eras: failure('error-invalid-body-params'),
  },
  /** `permissions.update`: a permission unknown (or named twice) */
  'permission-invalid': {
    status: 400,
    message: () => 'Invalid permission',
    eras: failure('error-invalid-permission'),
  },
  /** `permissions.update`: a role unknown */
  'permission-role-invalid': {
    status: 400,
    message: () => 'Invalid role',
    eras: failure('error-invalid-role'),
  },
} satisfies Record<string, ErrorSpec>;
