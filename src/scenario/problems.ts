import type { Problem } from '../types';

export type { Problem } from '../types';

/** Formats a path of keys and indexes as a JSON path: `["channels", 2, "u"]` → `$.channels[2].u`. */
export function jsonPath(segments: readonly PropertyKey[]): string {
  let out = '$';
  for (const s of segments) {
    if (typeof s === 'number') out += `[${s}]`;
    else if (typeof s === 'string' && /^[A-Za-z_$][\w$]*$/.test(s)) out += `.${s}`;
    else out += `[${JSON.stringify(String(s))}]`;
  }
  return out;
}

/**
 * A scenario rejected whole, with every problem found, named by file and JSON path; `what` names
 * the document when it is a part of one given alone (a fault, a stub, the settings, a user).
 */
export class ScenarioError extends Error {
  override name = 'ScenarioError';
  readonly problems: Problem[];
  readonly source: string;

  constructor(source: string, problems: Problem[], what = 'scenario') {
    const lines = problems.map((p) => `  ${source}: ${p.path}: ${p.message}`);
    super(
      `[rocketchat-fake] invalid ${what} ${source} (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${lines.join('\n')}`,
    );
    this.problems = problems;
    this.source = source;
  }
}
