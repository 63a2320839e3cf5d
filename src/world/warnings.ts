/**
 * What the fake says once about how it is being used: a line on stderr and the list the control
 * API answers (`GET /__admin/clock`'s `warnings`). One list per server: its root world and its
 * sessions share it, and a reset or a load keeps it (what it says is about the server's options).
 *
 * Layer: world.
 */

/** How far behind the wall clock a fixed clock may be before realtime clients are warned of: a minute. */
export const CLOCK_BEHIND_MS = 60_000;

/** The warning of a fixed clock behind the wall clock, once a realtime client follows messages. */
export function fixedClockWarning(clock: string): string {
  return (
    `the fake clock is fixed at ${clock}, behind the wall clock, and a realtime client follows messages: ` +
    'real drivers (@rocket.chat/sdk, hubot-rocketchat) drop every message not newer than when they ' +
    'started listening; start the fake with --clock now (the option clock: "now") for them'
  );
}

export class Warnings {
  readonly #said = new Map<string, string>();
  readonly #write: (line: string) => void;

  constructor(write: (line: string) => void = (line) => void process.stderr.write(line)) {
    this.#write = write;
  }

  /** Says `text` under `key` unless it was said already; true when it says it now. */
  once(key: string, text: string): boolean {
    if (this.#said.has(key)) return false;
    this.#said.set(key, text);
    this.#write(`[rocketchat-fake] warning: ${text}\n`);
    return true;
  }

  /** What was said, oldest first. */
  list(): string[] {
    return [...this.#said.values()];
  }
}
