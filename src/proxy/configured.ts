/* eslint-disable @typescript-eslint/no-require-imports -- deferred load (src/lazy.ts) */
import { lazy } from '../lazy';
import type { PassThrough, PassThroughOptions } from './passthrough';
import type * as PassThroughModule from './passthrough';

/** The pass-through to a real server (and the login it makes there): loaded when one is configured. */
const passThroughModule = lazy(() => require('./passthrough') as typeof PassThroughModule);

/**
 * The pass-through a world's `proxyUnmodelled` option asks for (a target's URL, or its options), if
 * any, taking answers of up to `answerBytes`: src/proxy/passthrough.ts loads only then.
 *
 * Layer: world.
 */
export function passThroughOf(
  proxy: string | PassThroughOptions | undefined,
  answerBytes: number,
): PassThrough | undefined {
  return proxy === undefined
    ? undefined
    : new (passThroughModule().PassThrough)(typeof proxy === 'string' ? { target: proxy } : proxy, {
        answerBytes,
      });
}
