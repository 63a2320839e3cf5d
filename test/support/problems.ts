import { ScenarioError } from '../../src/scenario/problems';
import { resolveScenario } from '../../src/scenario/resolve';

/** The problems a scenario is refused with, as `path: message`; none when it resolves. */
export function scenarioProblems(input: unknown): string[] {
  try {
    resolveScenario(input);
  } catch (error) {
    if (error instanceof ScenarioError) return error.problems.map((p) => `${p.path}: ${p.message}`);
    throw error;
  }
  return [];
}
