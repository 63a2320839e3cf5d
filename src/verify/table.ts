import type { Check } from './suite';

/**
 * The README's table of the rules `verify` checks, made from the suite itself (so it cannot
 * drift): `npm run rules-table` writes it between the README's markers, a test compares.
 */

const NEEDS: Record<string, string> = {
  user2: '`--user2`',
  guest: '`--user2` a guest',
  channel: '`--channel`',
  probe: 'a channel with `ro`',
  archived: 'an archived channel',
  integrations: 'a channel with integrations',
  'many-channels': '',
  create: '`--create`',
};

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

export function rulesTable(checks: readonly Check[]): string {
  const rows = checks.map((check) => {
    const needs = (check.needs ?? [])
      .map((need) => NEEDS[need] ?? need)
      .filter((need) => need !== '')
      .join(', ');
    const marks = [
      check.changes ? 'changes `--channel`' : '',
      check.creates ? 'creates, then removes' : '',
      check.lenient ? 'differs in lenient mode' : '',
    ]
      .filter((m) => m !== '')
      .join('; ');
    return `| \`${check.id}\` | ${cell(check.rule)} | ${needs} | ${marks} |`;
  });
  return ['| check | rule | needs | notes |', '| --- | --- | --- | --- |', ...rows].join('\n');
}
