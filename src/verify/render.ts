import { createTwoFilesPatch } from 'diff';

import type { CheckResult, VerifyReport } from '../types';
import { lineCovers } from '../profiles';

/**
 * The verify report as people read it: one line per check (✓ passed, ✗ failed, – skipped), a
 * failure's request and the expected and actual answer as a diff, then the server's version and
 * the summary.
 */

const MARK = { passed: '✓', failed: '✗', skipped: '–' } as const;
/** A failure's diff is cut after this many lines. */
const MAX_DIFF_LINES = 40;

function pretty(value: unknown): string {
  return `${JSON.stringify(value, null, 2) ?? 'undefined'}\n`;
}

function indent(text: string, by = '      '): string {
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => `${by}${line}`)
    .join('\n');
}

/** The lines of one check. */
export function renderResult(result: CheckResult): string {
  const note = result.note !== undefined ? ` (${result.note})` : '';
  const head = `${MARK[result.status]} ${result.id}: ${result.rule}${note}`;
  const failure = result.failure;
  if (!failure) return head;
  const { request, expected, actual } = failure;
  const lines = [head, `    ${failure.message}`];
  if (request.method !== '') {
    const body = request.body !== undefined ? ` ${JSON.stringify(request.body)}` : '';
    lines.push(`    request: ${request.method} ${request.path} as ${request.as}${body}`);
  }
  if (expected.body !== undefined) {
    const patch = createTwoFilesPatch(
      'expected',
      'actual',
      pretty({ status: expected.status, body: expected.body }),
      pretty({ status: actual.status, body: actual.body }),
      undefined,
      undefined,
      { context: 3 },
    );
    const diff = patch.split('\n').slice(1);
    const shown = diff.slice(0, MAX_DIFF_LINES);
    if (diff.length > MAX_DIFF_LINES)
      shown.push(`… ${diff.length - MAX_DIFF_LINES} more lines (--json has it all)`);
    lines.push(indent(shown.join('\n')));
  } else {
    if (expected.status !== undefined) lines.push(`    expected status: ${expected.status}`);
    lines.push(`    actual: ${actual.status} ${JSON.stringify(actual.body).slice(0, 2000)}`);
  }
  return lines.join('\n');
}

/** The lines after the checks: version, waits, what was left changed, the summary. */
export function renderSummary(report: VerifyReport): string {
  const lines = [''];
  lines.push(
    `server: ${report.target}, version ${report.version ?? 'unknown'}; checked as Rocket.Chat ${report.profile}`,
  );
  // a server of another line fails the checks where the lines differ: say how to check it as its own
  if (report.version !== undefined && !lineCovers(report.profile, report.version))
    lines.push(
      `note: ${report.version} is not a ${report.profile} release; --profile checks a server as its own line (0.49, 5, 6, 7.0, 7.10, 8.5, 8.9)`,
    );
  const waited = report.waits.reduce((sum, w) => sum + w.ms, 0);
  if (report.waits.length > 0) {
    lines.push(`rate limits: waited ${report.waits.length} time(s), ${(waited / 1000).toFixed(1)} s in all`);
  }
  if (report.interrupted) lines.push('interrupted: the checks after the interruption did not run');
  for (const left of report.leftChanged) lines.push(`LEFT CHANGED: ${left}`);
  const { passed, failed, skipped } = report.summary;
  lines.push(`${passed} passed, ${failed} failed, ${skipped} skipped`);
  return lines.join('\n');
}
