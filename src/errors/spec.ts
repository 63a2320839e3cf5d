import type { EraTable } from '../eras';

/**
 * The shape of a row of the error table (src/errors.ts) and of the bodies it renders: shared by the
 * table and by the route groups' own rows (src/errors/*.ts), which the table gathers.
 *
 * Layer: base.
 */

/**
 * The body of an error of the older eras (Restivus, profiles 0.49 to 6): no `success` member; a
 * 401 is `{status, message}`, a login refused in E5x/E6 also has `error`.
 */
export interface LegacyErrorBody {
  status: 'error';
  error?: string | number;
  details?: Record<string, unknown>;
  message: string;
}

/** The wire body of an error: always `success: false`, the rest as the real server sends it. */
export interface ErrorBody {
  success: false;
  error: string;
  errorType?: string;
  details?: Record<string, unknown>;
  status?: 'error';
  message?: string;
}

export interface ErrorParams {
  /** the raw parameter a parse error quotes */
  raw?: string;
  /** a room name */
  name?: string;
  /** a validation message, e.g. "must be number" */
  reason?: string;
  /** a room type as given */
  type?: string;
  /** a user's name or id as given */
  user?: string;
  /** an entity's id as given (a setting, a role, a team, an integration) */
  id?: string;
  /** a role's name */
  role?: string;
  /** a field or parameter's name */
  field?: string;
  /** an HTTP method and the methods allowed */
  method?: string;
  allow?: string;
}

export interface ErrorSpec {
  status: number;
  /** the human message; for typed errors the wire adds ` [errorType]` */
  message: (p: ErrorParams) => string;
  /** typed errors carry `errorType` and the ` [type]` suffix */
  errorType?: string;
  /** the suffix without an `errorType` field (the 403 body) */
  suffixOnly?: string;
  details?: (p: ErrorParams) => Record<string, unknown>;
  /** Meteor-style 401 bodies repeat the message as `status: "error"`, `message` */
  meteorStatus?: boolean;
  /** the 0.49 era's own message (profile `0.49`'s room errors) */
  e49Message?: (p: ErrorParams) => string;
  /** a control API error: `{error, problems}` instead of the Rocket.Chat envelope */
  control?: boolean;
  /** how an era wrote this error's body in a way of its own (undefined: the common envelope) */
  eras?: EraTable<EraBody | undefined>;
}

/** An era's own body for an error, from its message. */
export type EraBody = (message: string) => ErrorBody | LegacyErrorBody | BareErrorBody;

/** `API.v1.failure()` called with nothing: the envelope alone. */
export interface BareErrorBody {
  success: false;
}
