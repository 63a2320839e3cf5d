import { ApiError } from '../errors';
import type { Limits } from '../limits';
import type { Profile } from '../profiles';
import type { Stub, User } from '../types';
import { stubAnswer, stubRefusal } from './stubs';
import type { StubAnswer, StubCall } from './stubs';

/**
 * A stub's answer to the request it took, as a world gives it: its templates filled in from the
 * request, the caller and the fake clock, within the world's bounds.
 *
 * Layer: world. Plain values; nothing of HTTP.
 */

/**
 * The answer of the stub that took `call`: `user` is who the call authenticated as, if anyone;
 * `now` the fake clock's time. An answer over its bound is the stub's answer still: the refusal,
 * in `profile`'s error envelope.
 */
export function respond(
  stub: Stub,
  call: StubCall,
  user: User | undefined,
  now: string,
  limits: Readonly<Pick<Limits, 'stubBodyBytes' | 'stubHeaderBytes'>>,
  profile: Profile,
): StubAnswer {
  const data = {
    request: {
      method: call.method,
      path: call.path,
      query: call.query,
      headers: call.headers,
      body: call.body,
    },
    user: user
      ? { _id: user._id, username: user.username, ...(user.name !== undefined ? { name: user.name } : {}) }
      : null,
    now,
  };
  const { stubBodyBytes, stubHeaderBytes } = limits;
  try {
    return stubAnswer(stub, data, { bodyBytes: stubBodyBytes, headerBytes: stubHeaderBytes });
  } catch (error) {
    // an answer over its bound is the stub's answer still: the refusal, journaled as the stub's
    if (!(error instanceof ApiError)) throw error;
    return stubRefusal(stub, error.toBody(profile), error.status);
  }
}
