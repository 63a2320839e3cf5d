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

/**
 * The problems a scenario that must be refused is refused with, as `path: message` (its source
 * named `test.json` unless given); fails the test when it resolves.
 */
export function problemsOf(input: unknown, source = 'test.json'): string[] {
  try {
    resolveScenario(input, { source });
  } catch (error) {
    expect(error).toBeInstanceOf(ScenarioError);
    return (error as ScenarioError).problems.map((p) => `${p.path}: ${p.message}`);
  }
  throw new Error('expected the scenario to be rejected');
}
