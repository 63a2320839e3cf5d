import { STATUS_CODES } from 'node:http';

import { ApiError, toEnvelope } from '../errors';
import { MeteorError } from './method';

/**
 * The frames a connection writes of its own: Meteor's error object (from a status, a refusal of
 * the store, or a method's own error) and a frame's JSON text made without throwing.
 *
 * Layer: realtime.
 */

/** A DDP frame as JSON. */
export type Frame = Record<string, unknown>;

/** A Meteor error as a DDP frame carries it. */
export function meteorError(
  error: string | number,
  reason: string | undefined,
  details?: Record<string, unknown>,
): Frame {
  return {
    isClientSafe: true,
    error,
    ...(reason !== undefined ? { reason } : {}),
    ...(details ? { details } : {}),
    message: reason !== undefined ? `${reason} [${String(error)}]` : `[${String(error)}]`,
    errorType: 'Meteor.Error',
  };
}

/**
 * The error a status answers a method call with (a fault's, a stub's with no body): Meteor's error
 * of that status, its reason the HTTP reason phrase (`Service Unavailable [503]`).
 */
export function statusError(status: number): Frame {
  return meteorError(status, STATUS_CODES[status] ?? `HTTP ${status}`);
}

/** A frame's JSON text, or undefined when it has none (nested past what the serialiser takes). */
export function stringified(frame: Frame): string | undefined {
  try {
    return JSON.stringify(frame);
  } catch {
    return undefined;
  }
}

/** A value's JSON text ('' when it has none: it was sent in a frame, so it has one). */
export function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

/** A refusal of the store or a method as Meteor's error object. */
export function errorOf(error: unknown): Frame {
  if (error instanceof MeteorError) return meteorError(error.error, error.reason, error.details);
  if (error instanceof ApiError) {
    const body = toEnvelope(error.code, error.params) as {
      error?: string;
      errorType?: string;
      details?: Record<string, unknown>;
    };
    const type = body.errorType;
    const text = typeof body.error === 'string' ? body.error : 'error';
    const reason = type !== undefined ? text.replace(` [${type}]`, '') : text;
    return meteorError(type ?? reason, reason, body.details);
  }
  return meteorError(500, 'Internal server error');
}
