import type { Integration, Room, User, World } from '../store/types';

/** The fake clock as tests drive it. */
export interface ClockControl {
  /** the current fake time, ISO 8601 */
  now(): string;
  /** sets the clock to an ISO time */
  set(iso: string): void;
  /** moves the clock by `ms` (negative moves it back) */
  advance(ms: number): void;
}

/**
 * What the control API does, as methods. `FakeServer` implements it; the `/__admin` routes only
 * translate HTTP to these calls, so the programmatic API and the control API are one implementation.
 */
export interface Control {
  reset(): Promise<void>;
  load(scenario: unknown, source?: string): Promise<void>;
  state(): World;
  addUser(user: unknown, source?: string): User;
  addChannel(channel: unknown, source?: string): Room;
  addIntegration(integration: unknown, source?: string): Integration;
  readonly clock: ClockControl;
  shutdown(): Promise<void>;
}
