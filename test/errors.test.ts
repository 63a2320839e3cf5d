import { ApiError, ERRORS, toEnvelope } from '../src/errors';
import type { ErrorCode } from '../src/errors';

describe('the error table', () => {
  it('renders each documented row exactly', () => {
    expect(toEnvelope('error-room-archived', { name: 'attic' })).toEqual({
      success: false,
      error: 'The channel, attic, is archived [error-room-archived]',
      errorType: 'error-room-archived',
    });
    expect(toEnvelope('readonly-unchanged')).toEqual({
      success: false,
      error: 'The channel read only setting is the same as what it would be changed to.',
    });
    expect(toEnvelope('error-unauthorized')).toEqual({
      success: false,
      error: 'User does not have the permissions required for this action [error-unauthorized]',
    });
    expect(toEnvelope('not-found')).toEqual({ success: false, error: 'Resource not found' });
    expect(toEnvelope('login-failed')).toEqual({
      success: false,
      error: 'Unauthorized',
      status: 'error',
      message: 'Unauthorized',
    });
    expect(toEnvelope('error-invalid-sort', { raw: '{' })).toEqual({
      success: false,
      error: 'Invalid sort parameter provided: "{" [error-invalid-sort]',
      errorType: 'error-invalid-sort',
      details: { helperMethod: 'parseJsonQuery' },
    });
  });

  it('every row is a 4xx (but the one internal 500) with success:false', () => {
    for (const code of Object.keys(ERRORS) as ErrorCode[]) {
      const error = new ApiError(code);
      const body = error.toBody();
      if (error.isControl) expect(body).toEqual({ error: expect.any(String), problems: [] });
      else expect(body).toMatchObject({ success: false, error: expect.any(String) });
      if (code === 'internal') expect(error.status).toBe(500);
      else expect(error.status >= 400 && error.status < 500).toBe(true);
    }
  });
});
