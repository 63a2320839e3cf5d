import type { RateLimitConfig } from '../types';

/**
 * Rocket.Chat's API rate limiter: N calls per window per client address and route. The window
 * runs on the fake clock, so a test advances the clock instead of sleeping.
 */

/** The outcome of one call: the header values, and whether it is over the limit. */
export interface RateLimitHit {
  limit: number;
  remaining: number;
  /** epoch milliseconds (fake clock) when the window ends */
  reset: number;
  limited: boolean;
  /** whole seconds to wait, for the 429 message */
  waitSeconds: number;
}

interface Window {
  start: number;
  count: number;
}

export class RateLimiter {
  #config: RateLimitConfig | undefined;
  #windows = new Map<string, Window>();

  constructor(config?: RateLimitConfig) {
    this.#config = config;
  }

  get config(): RateLimitConfig | undefined {
    return this.#config && { ...this.#config };
  }

  /** Whether limiting is on (without copying the config: the pipeline asks on every request). */
  get enabled(): boolean {
    return this.#config !== undefined;
  }

  /** Turns limiting on with a config, or off with `undefined`; counters start again. */
  configure(config: RateLimitConfig | undefined): void {
    this.#config = config;
    this.#windows.clear();
  }

  /** Counts a call for `key` (client address and route) at fake time `now`; `undefined` when off. */
  hit(key: string, now: number): RateLimitHit | undefined {
    const config = this.#config;
    if (!config) return undefined;
    let window = this.#windows.get(key);
    if (!window || now >= window.start + config.windowMs || now < window.start) {
      window = { start: now, count: 0 };
      this.#windows.set(key, window);
    }
    window.count += 1;
    const reset = window.start + config.windowMs;
    return {
      limit: config.limit,
      remaining: Math.max(0, config.limit - window.count),
      reset,
      limited: window.count > config.limit,
      waitSeconds: Math.max(1, Math.ceil((reset - now) / 1000)),
    };
  }
}
