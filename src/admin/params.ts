import { ApiError } from '../errors';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})$/;

/** `PUT /__admin/clock`: exactly one of `{"now": ISO}` or `{"advanceMs": integer}`. */
export function readClockChange(body: Record<string, unknown>): { now: string } | { advanceMs: number } {
  const invalid = (reason: string, path: string): ApiError =>
    new ApiError('control-invalid', { reason }, [{ path, message: reason }]);
  const keys = Object.keys(body);
  if (keys.length !== 1 || (keys[0] !== 'now' && keys[0] !== 'advanceMs')) {
    throw invalid('Give exactly one of "now" (an ISO 8601 time) or "advanceMs" (an integer)', '$');
  }
  if ('now' in body) {
    const now = body.now;
    if (typeof now !== 'string' || !ISO.test(now) || Number.isNaN(Date.parse(now))) {
      throw invalid('"now" must be an ISO 8601 time such as 2026-01-01T00:00:00.000Z', '$.now');
    }
    return { now: new Date(Date.parse(now)).toISOString() };
  }
  const advanceMs = body.advanceMs;
  if (typeof advanceMs !== 'number' || !Number.isSafeInteger(advanceMs)) {
    throw invalid('"advanceMs" must be an integer number of milliseconds', '$.advanceMs');
  }
  return { advanceMs };
}
