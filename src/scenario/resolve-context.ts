import { lazy } from '../lazy';
import type { BuildContext } from './build';
import type * as GenerateModule from './generate';
import type { ReadScenario, ReadableScenario } from './read';

/**
 * What every part of a scenario's resolution shares (./resolve.ts builds the world from the parts:
 * ./resolve-users.ts, ./resolve-rooms.ts, ./resolve-messages.ts and the rest): the scenario as
 * read, the seed and clock its entities are built from, and the one list its problems go to.
 */

/** Generated entities: faker, loaded only for a scenario with `generate`. */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- deferred load (src/lazy.ts)
export const generateModule = lazy(() => require('./generate') as typeof GenerateModule);

/** A problem at `path` (a JSON path's parts), added to the report. */
export type ProblemAt = (path: PropertyKey[], message: string) => void;

export interface ResolveContext {
  /** the scenario as read, with the entities that failed their shape check */
  readonly read: ReadScenario;
  /** `read.scenario`: its well-formed parts */
  readonly scenario: ReadableScenario;
  /** the seed and clock the entities are built from */
  readonly build: BuildContext;
  /** `build.clock` in milliseconds */
  readonly clockMs: number;
  readonly problem: ProblemAt;
}
