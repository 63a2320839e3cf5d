import type { ErrorParams, ErrorSpec } from './spec';

/**
 * The error rows of integrations (`integrations.*`), part of the one error table (src/errors.ts): each name once, over
 * all tables.
 *
 * Layer: base.
 */

/**
 * Where a method's Meteor.Error says it was thrown: `{function}` for `validateOutgoingIntegration`'s
 * (`field` names the function), else `{method}`.
 */
function where(p: ErrorParams): Record<string, unknown> {
  return p.field !== undefined ? { function: p.field } : { method: p.method };
}

/** A Meteor.Error of the integrations' methods: `<reason> [<type>]`, with where it was thrown. */
function methodError(type: string, reason: (p: ErrorParams) => string): ErrorSpec {
  return { status: 400, message: reason, errorType: type, details: where };
}

export const INTEGRATION_ERRORS = {
  /** the world holds `integrationsPerWorld` integrations (src/limits.ts): the fake's own bound */
  'integrations-limit': {
    status: 400,
    message: (p) =>
      `This world holds ${p.reason ?? ''} integrations, its integrationsPerWorld limit: remove one before adding another`,
    errorType: 'error-integrations-limit',
  },
  /** 0.49's integrations.remove naming neither */
  'integration-remove-needs-id': {
    status: 400,
    message: () => 'An integrationId or target_url needs to be provided.',
  },
  /** integrations.remove / integrations.update: nothing by that id (or target_url) */
  'integration-none-found': { status: 400, message: () => 'No integration found.' },
  /** integrations.create / remove / update: a `type` that passed the unanchored pattern but names no kind */
  'integration-invalid-type': { status: 400, message: () => 'Invalid integration type.' },
  /** the incoming methods: neither manage permission (`not_authorized`, with the method) */
  'integration-not-authorized': methodError('not_authorized', () => 'Unauthorized'),
  /** `addOutgoingIntegration`: neither manage permission; a Meteor.Error with no reason at all */
  'integration-not-authorized-bare': {
    status: 400,
    message: () => '[not_authorized]',
    eras: { '0.49': (message) => ({ success: false, error: message, errorType: 'not_authorized' }) },
  },
  'integration-invalid-channel': methodError('error-invalid-channel', () => 'Invalid channel'),
  'integration-invalid-channel-chars': methodError(
    'error-invalid-channel-start-with-chars',
    () => 'Invalid channel. Start with @ or #',
  ),
  'integration-invalid-username': methodError('error-invalid-username', () => 'Invalid username'),
  /** the webhook's user does not exist (`reason`: the outgoing method's longer words) */
  'integration-invalid-user': methodError('error-invalid-user', (p) => p.reason ?? 'Invalid user'),
  /** a `#room` or `@user` target that is no room or user */
  'integration-invalid-room': methodError('error-invalid-room', () => 'Invalid room'),
  /** a target the caller may not use (capital C: not subscribed and not holding both permissions) */
  'integration-channel-forbidden': methodError('error-invalid-channel', () => 'Invalid Channel'),
  'integration-invalid-event': methodError('error-invalid-event-type', () => 'Invalid event type'),
  'integration-invalid-target-room': methodError('error-invalid-targetRoom', () => 'Invalid Target Room'),
  'integration-invalid-urls': methodError('error-invalid-urls', () => 'Invalid URLs'),
  'integration-invalid-permissions': methodError(
    'error-invalid-permissions',
    () => 'Invalid permission for required Integration creation.',
  ),
  'integration-invalid-trigger-words': methodError(
    'error-invalid-triggerWords',
    () => 'Invalid triggerWords',
  ),
  /** integrations.remove / update: the caller may manage only its own, and this is not */
  'integration-invalid': methodError('error-invalid-integration', () => 'Invalid integration'),
  /** integrations.update of an outgoing one sent without `token` */
  'integration-invalid-token': methodError('error-invalid-token', () => 'Invalid token'),
  /** integrations.update of an outgoing one that is gone */
  'integration-update-not-found': methodError(
    'invalid_integration',
    () => '[methods] updateOutgoingIntegration -> integration not found',
  ),
  /** integrations.update of an incoming one whose user is gone */
  'integration-invalid-post-as': methodError('error-invalid-post-as-user', () => 'Invalid Post As User'),
  /** integrations.get: no integration by that id (sic) */
  'integration-does-not-exist': { status: 400, message: () => 'The integration does not exists.' },
  /** integrations.get: one the caller may not read (a plain Error) */
  'integration-get-not-authorized': { status: 400, message: () => 'not-authorized' },
} satisfies Record<string, ErrorSpec>;
