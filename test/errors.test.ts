import { ApiError, ERRORS, toEnvelope } from '../src/errors';
import type { ErrorCode } from '../src/errors';
import { INTEGRATION_ERRORS } from '../src/errors/integrations';
import { ROOM_ERRORS } from '../src/errors/rooms';
import { SETTING_ERRORS } from '../src/errors/settings';
import { TEAM_ERRORS } from '../src/errors/teams';
import { USER_ERRORS } from '../src/errors/users';
import {
  FORBIDDEN,
  GROUP_NOT_FOUND,
  GROUP_PARAM_MISSING,
  GROUP_TYPE_SAME,
  LOGIN_REFUSED,
  NOT_ALLOWED,
  NOT_LOGGED_IN,
  ROOM_NOT_FOUND,
  ROOM_PARAM_MISSING,
  RO_SAME,
  TYPE_REQUIRED,
  TYPE_SAME,
  archivedBody,
  invalidParams,
  invalidRoomType,
  parseError,
  resourceNotFound,
} from '../src/verify/expected';

describe('the error table', () => {
  it('renders each documented row exactly', () => {
    expect(toEnvelope('error-room-archived', { name: 'attic' })).toEqual(archivedBody('attic'));
    expect(toEnvelope('readonly-unchanged')).toEqual(RO_SAME);
    expect(toEnvelope('error-unauthorized')).toEqual(FORBIDDEN);
    expect(toEnvelope('not-found')).toEqual(resourceNotFound);
    expect(toEnvelope('login-failed')).toEqual(LOGIN_REFUSED);
    expect(toEnvelope('error-invalid-sort', { raw: '{' })).toEqual(parseError('sort', '{'));
  });

  it.each<[ErrorCode, Parameters<typeof toEnvelope>[1], object]>([
    ['not-logged-in', {}, NOT_LOGGED_IN],
    ['login-failed', {}, LOGIN_REFUSED],
    ['error-unauthorized', {}, FORBIDDEN],
    ['not-found', {}, resourceNotFound],
    ['invalid-params', { reason: 'must be number' }, invalidParams('must be number')],
    ['error-invalid-query', { raw: '{x' }, parseError('query', '{x')],
    ['error-invalid-fields', { raw: '[' }, parseError('fields', '[')],
    ['error-roomid-param-not-provided', {}, ROOM_PARAM_MISSING],
    ['error-room-not-found', {}, ROOM_NOT_FOUND],
    ['error-room-param-not-provided', {}, GROUP_PARAM_MISSING],
    ['error-group-not-found', {}, GROUP_NOT_FOUND],
    ['group-type-unchanged', {}, GROUP_TYPE_SAME],
    ['type-unchanged', {}, TYPE_SAME],
    ['type-required', {}, TYPE_REQUIRED],
    ['error-action-not-allowed', {}, NOT_ALLOWED],
    ['error-invalid-room-type', { type: 'x' }, invalidRoomType('x')],
  ])('%s answers the body the conformance suite expects (src/verify/expected.ts)', (code, params, body) => {
    expect(toEnvelope(code, params)).toEqual(body);
  });

  it('every row is a 4xx (but the internal 500, a disabled webhook’s 503 and a wait for webhook calls still in flight, 504, and the pass-through’s 502 and 504) with success:false and, but for the bare failure, an error', () => {
    for (const code of Object.keys(ERRORS) as ErrorCode[]) {
      const error = new ApiError(code);
      const body = error.toBody();
      if (error.isControl) expect(body).toEqual({ error: expect.any(String), problems: [] });
      // chat.getMessage of an unknown id: the real route's `API.v1.failure()` says nothing more
      else if (code === 'message-unknown' || code === 'setting-failure')
        expect(body).toEqual({ success: false });
      else expect(body).toMatchObject({ success: false, error: expect.any(String) });
      if (code === 'internal') expect(error.status).toBe(500);
      // a disabled incoming webhook: the real hook route's 503
      else if (code === 'hook-disabled') expect(error.status).toBe(503);
      // the control API's wait for webhook deliveries that a target has not answered yet
      else if (code === 'control-deliveries-pending') expect(error.status).toBe(504);
      // the pass-through's target gave no answer (502), not in time (504), or one refused (502)
      else if (code.startsWith('proxy-')) expect(error.status).toBe(code === 'proxy-timeout' ? 504 : 502);
      else expect(error.status >= 400 && error.status < 500).toBe(true);
    }
  });
});

describe("the route groups' error rows (src/errors/)", () => {
  it('name each error once over all the tables, so no row hides another', () => {
    const tables = [USER_ERRORS, ROOM_ERRORS, TEAM_ERRORS, INTEGRATION_ERRORS, SETTING_ERRORS];
    const seen = new Map<string, number>();
    for (const table of tables)
      for (const code of Object.keys(table)) seen.set(code, (seen.get(code) ?? 0) + 1);
    const groupCodes = [...seen.keys()];
    expect([...seen].filter(([, n]) => n > 1)).toEqual([]);
    // and every group row is in the one table as it was declared
    for (const table of tables)
      for (const [code, spec] of Object.entries(table))
        expect(ERRORS[code as keyof typeof ERRORS]).toBe(spec);
    expect(groupCodes.every((code) => Object.hasOwn(ERRORS, code))).toBe(true);
  });
});

describe('a refusal carries no stack', () => {
  it('an ApiError has its name and message but no stack frames, and the stack limit is left as it was', () => {
    const before = Error.stackTraceLimit;
    const error = new ApiError('login-failed');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ApiError');
    expect(error.message).toMatch(/^login-failed: /);
    // capturing frames was about a tenth of a refused request's CPU time on the throughput bench
    expect(error.stack).not.toMatch(/\n\s+at /);
    expect(Error.stackTraceLimit).toBe(before);
    // an ordinary error made after it still has its frames
    expect(new Error('after').stack).toMatch(/\n\s+at /);
  });

  it('a code whose message cannot be made leaves the stack limit as it was', () => {
    const before = Error.stackTraceLimit;
    expect(() => new ApiError('no-such-code' as ErrorCode)).toThrow(TypeError);
    expect(Error.stackTraceLimit).toBe(before);
  });
});
