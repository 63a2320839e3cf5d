import { ApiError } from '../errors';
import { toApiError } from '../http/respond';
import { ScenarioError } from '../scenario/problems';

/**
 * Every error under `/__admin` leaves as `{error, problems}`: a scenario's problems as they are, a
 * chat-API error in its control form. Shared by the Express router and the fast path.
 *
 * Layer: chat-and-control. Loads no Express.
 */
export function toControlError(error: unknown): ApiError {
  if (error instanceof ScenarioError) {
    return new ApiError('control-invalid', { reason: error.message.split('\n')[0] }, error.problems);
  }
  const apiError = toApiError(error);
  if (apiError.isControl || apiError.code === 'internal') return apiError;
  if (apiError.status === 413) return new ApiError('control-payload-too-large');
  const body = apiError.toBody();
  return new ApiError('control-invalid', { reason: 'error' in body ? String(body.error) : apiError.code });
}
