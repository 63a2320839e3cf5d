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
    // the heading and the first problem, so an `error` read alone says what is wrong
    const [first, ...more] = error.problems;
    const heading = error.message.split('\n')[0] ?? '';
    const reason =
      first === undefined
        ? heading
        : `${heading} ${first.path}: ${first.message}${more.length > 0 ? ` (and ${more.length} more in "problems")` : ''}`;
    return new ApiError('control-invalid', { reason }, error.problems);
  }
  const apiError = toApiError(error);
  if (apiError.isControl || apiError.code === 'internal') return apiError;
  if (apiError.status === 413) return new ApiError('control-payload-too-large');
  const body = apiError.toBody();
  return new ApiError('control-invalid', { reason: 'error' in body ? String(body.error) : apiError.code });
}
