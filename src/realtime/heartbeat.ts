/**
 * Meteor's DDP heartbeat, server side: when a connection has sent nothing for an interval, the
 * server sends `{"msg":"ping"}`; when nothing (a `pong`, or any frame) comes back within the
 * timeout, it closes the connection. Meteor's defaults are 15 seconds each. Timers are the wall
 * clock's (as Meteor's are), never keep the process alive, and stop with the connection.
 *
 * Layer: realtime.
 */

/** How often the server checks a quiet connection, and how long it waits for an answer (ms). */
export interface HeartbeatTimes {
  intervalMs: number;
  timeoutMs: number;
}

/** Meteor's `heartbeatInterval` and `heartbeatTimeout`. */
export const METEOR_HEARTBEAT: HeartbeatTimes = { intervalMs: 15_000, timeoutMs: 15_000 };

export class Heartbeat {
  readonly #times: HeartbeatTimes;
  readonly #ping: () => void;
  readonly #timedOut: () => void;
  #interval: NodeJS.Timeout | undefined;
  #timeout: NodeJS.Timeout | undefined;
  /** a frame arrived since the last check: no ping needed this round */
  #seen = false;

  constructor(times: HeartbeatTimes, ping: () => void, timedOut: () => void) {
    this.#times = times;
    this.#ping = ping;
    this.#timedOut = timedOut;
  }

  start(): void {
    if (this.#interval || this.#times.intervalMs <= 0) return;
    this.#interval = setInterval(() => this.#check(), this.#times.intervalMs);
    this.#interval.unref();
  }

  /** Any frame from the client counts as a sign of life (a pong included). */
  received(): void {
    this.#seen = true;
    if (this.#timeout) {
      clearTimeout(this.#timeout);
      this.#timeout = undefined;
    }
  }

  stop(): void {
    clearInterval(this.#interval);
    clearTimeout(this.#timeout);
    this.#interval = undefined;
    this.#timeout = undefined;
  }

  #check(): void {
    if (!this.#seen && !this.#timeout) {
      this.#ping();
      this.#timeout = setTimeout(() => {
        this.stop();
        this.#timedOut();
      }, this.#times.timeoutMs);
      this.#timeout.unref();
    }
    this.#seen = false;
  }
}
