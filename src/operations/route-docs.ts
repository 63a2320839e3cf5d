import { ERRORS, toEnvelope } from '../errors';
import type { ErrorCode } from '../errors';
import type { Operation } from './operation';
import { GROUPS } from './route-groups';
import type { RouteGroup } from './route-groups';
import type { Form } from './validator';

/**
 * What the documents say of a route, read from its declaration: the refusals it can answer and
 * their words on the wire, the release lines of its validator, and the reference's route table
 * (docs/reference.md, between `<!-- routes:table -->` markers) and the README's summary of them
 * (between `<!-- routes:summary -->` markers): `npm run routes-table` writes both, a test compares.
 *
 * Layer: operations.
 */

/** The refusal of a validator of each form (src/operations/schemas.ts). */
const VALIDATOR_REFUSAL: Readonly<Record<Form, ErrorCode>> = {
  legacy: 'invalid-params',
  query: 'invalid-query',
  body: 'invalid-body-params',
};

/** The refusals a route can answer of its own: its validator's, then its declared error rows. */
export function refusalsOf(op: Operation): ErrorCode[] {
  const codes = new Set<ErrorCode>();
  for (const validator of Object.values(op.validator ?? {}))
    if (validator) codes.add(VALIDATOR_REFUSAL[validator.form]);
  for (const code of op.openApi?.errors ?? []) codes.add(code);
  return [...codes];
}

/** A refusal as a client tells it apart: its `errorType`, else its `error` (the bare envelope: `{"success":false}`). */
export function refusalWord(code: ErrorCode): string {
  const body = toEnvelope(code) as { error?: unknown; errorType?: unknown };
  if (typeof body.errorType === 'string') return body.errorType;
  if (typeof body.error !== 'string' || body.error === '') return '{"success":false}';
  // a message with its type as a suffix alone (`… [error-unauthorized]`): the type
  return /\[([\w-]+)\]$/.exec(body.error)?.[1] ?? body.error;
}

/** A route's refusals by HTTP status, each status's words once. */
export function refusalsByStatus(op: Operation): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const code of refusalsOf(op)) {
    const { status } = ERRORS[code];
    const words = out.get(status) ?? [];
    const word = refusalWord(code);
    if (!words.includes(word)) words.push(word);
    out.set(status, words);
  }
  return new Map([...out].sort(([a], [b]) => a - b));
}

/** The release lines of a route's validator: from the first that has one, and where it changed. */
export function validatorEras(op: Operation): string {
  // an era's key is its release line; an integer-like one (`6`) comes first in an object's keys
  const line = (era: string): number[] => era.split('.').map(Number);
  const eras = Object.entries(op.validator ?? {}).sort(([a], [b]) => {
    const [x = 0, y = 0] = line(a);
    const [u = 0, v = 0] = line(b);
    return x - u || y - v;
  });
  const parts: string[] = [];
  for (const [era, validator] of eras) {
    if (validator) parts.push(parts.length === 0 ? `from ${era}` : era);
    else if (parts.length > 0) parts.push(`none from ${era}`);
  }
  if (parts.length <= 1) return parts.join('');
  return `${parts[0] ?? ''} (changed in ${parts.slice(1).join(', ')})`;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

const code = (text: string): string => `\`${text}\``;

/** The reference's table of the chat routes, one row per route, from their declarations. */
export function routeTable(operations: readonly Operation[]): string {
  const rows = operations.map((op) => {
    const facts = op.openApi ?? {};
    const methods = op.also === undefined ? op.method : `${op.method}, ${op.also}`;
    const params = op.openApi?.pathParameters?.map((name) => `<${name}>`).join('/') ?? '<_id>/<token>';
    const path = op.prefix ? `${op.path}${params}` : op.path;
    const auth = op.auth === 'optional' ? 'optional' : op.auth ? 'yes' : 'no';
    const errors = [...refusalsByStatus(op)]
      .map(([status, words]) => (status === 400 ? '' : `${status} `) + words.map(code).join(', '))
      .join('; ');
    return [
      methods,
      code(path),
      auth,
      (facts.changes ?? []).join(', ') || 'no',
      (facts.permissions ?? []).map(code).join(', '),
      validatorEras(op),
      errors,
    ]
      .map(cell)
      .join(' | ');
  });
  return [
    '| method | path | auth | changes | permissions checked | validator (release lines) | errors (errorType, else error; 400 unless shown) |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map((row) => `| ${row} |`),
  ].join('\n');
}

/** A row of the README's summary of what the fake serves: its area, and the groups it lists, or its own text. */
interface SummaryRow {
  readonly area: string;
  readonly groups?: readonly RouteGroup[];
  /** the row's text, from its groups' routes (the rows that are not a list of REST routes) */
  readonly text?: (routes: readonly Operation[]) => string;
}

/**
 * The README's rows ("What it serves"): the groups each lists, its routes in the table's order
 * (another name of a route, `aliasOf`, as "and their `dm.*` names"), then the rows of text. A
 * group no row names gets a row of its own, by its name, before the rows of text.
 */
const SUMMARY: readonly SummaryRow[] = [
  { area: 'login', groups: [GROUPS.login, GROUPS.info] },
  { area: 'channels', groups: [GROUPS.channels] },
  { area: 'groups', groups: [GROUPS.groups] },
  { area: 'messages', groups: [GROUPS.chat] },
  { area: 'direct messages', groups: [GROUPS.im] },
  { area: 'subscriptions, rooms', groups: [GROUPS.subscriptions, GROUPS.rooms] },
  { area: 'users, settings', groups: [GROUPS.users, GROUPS.settings] },
  {
    area: 'webhooks',
    groups: [GROUPS.hooks],
    text: (routes) =>
      `incoming at ${routes.map((op) => code(`${op.path}<id>/<token>`)).join(', ')}; outgoing ones delivered to their URLs`,
  },
  {
    area: 'realtime',
    text: () =>
      'DDP at `/websocket`: login, rooms and messages methods, `stream-room-messages`, `stream-notify-room`, `stream-notify-user`',
  },
  {
    area: 'documents',
    groups: [GROUPS.docs],
    text: (routes) => `${routes.map((op) => code(op.path)).join(', ')} (OpenAPI of the above)`,
  },
];

/** Where the REST routes' paths start unless the summary shows a route's path. */
const V1_PREFIX = GROUPS.channels.prefix;

/** A route as the summary names it: its name when its path is `/api/v1/<name>`, else its path; its note after. */
function summaryName(op: Operation): string {
  const name = code(op.path === `${V1_PREFIX}${op.name}` ? op.name : op.path);
  return op.openApi?.note === undefined ? name : `${name} (${op.openApi.note})`;
}

/** The routes of a row: each route by name, its other names (`dm.*`) said once at the end. */
function summaryRoutes(routes: readonly Operation[]): string {
  const own = routes.filter((op) => op.openApi?.aliasOf === undefined).map(summaryName);
  const prefixes = [
    ...new Set(routes.filter((op) => op.openApi?.aliasOf !== undefined).map((op) => op.name.split('.')[0])),
  ];
  const list = own.join(', ');
  if (prefixes.length === 0) return list;
  return `${list} and their ${prefixes.map((prefix) => code(`${prefix ?? ''}.*`)).join(', ')} names`;
}

/** The README's summary table of what the fake serves (area → routes), from the declarations. */
export function routeSummary(operations: readonly Operation[]): string {
  const named = new Set(SUMMARY.flatMap((row) => (row.groups ?? []).map((group) => group.name)));
  const others: SummaryRow[] = [];
  for (const op of operations) {
    const group = Object.values(GROUPS).find((g) => g.name === op.openApi?.group);
    if (group && !named.has(group.name)) {
      named.add(group.name);
      others.push({ area: group.name, groups: [group] });
    }
  }
  const firstText = SUMMARY.findIndex((row) => row.text !== undefined);
  const rows = [...SUMMARY.slice(0, firstText), ...others, ...SUMMARY.slice(firstText)];
  const lines = rows.map((row) => {
    const routes = (row.groups ?? []).flatMap((group) =>
      operations.filter((op) => op.openApi?.group === group.name),
    );
    const text = row.text ? row.text(routes) : summaryRoutes(routes);
    return `| ${cell(row.area)} | ${cell(text)} |`;
  });
  return [`| area | routes (${code(`${V1_PREFIX}…`)} unless shown) |`, '| --- | --- |', ...lines].join('\n');
}

/**
 * The README with its summary of the routes made from the declarations: the table between
 * `<!-- routes:summary -->` markers, and the number of REST routes in its opening ("It answers the
 * 38 REST routes"). `npm run routes-table` writes it; a test compares.
 */
export function readmeWithRoutes(text: string, operations: readonly Operation[]): string {
  const marked = /(<!-- routes:summary -->)[\s\S]*?(<!-- \/routes:summary -->)/;
  const counted = /(It answers the )\d+( REST routes)/;
  if (!marked.test(text)) throw new Error('README.md has no <!-- routes:summary --> markers');
  if (!counted.test(text)) throw new Error('README.md does not say "It answers the <n> REST routes"');
  return text
    .replace(
      marked,
      (_m, open: string, close: string) => `${open}\n\n${routeSummary(operations)}\n\n${close}`,
    )
    .replace(counted, (_m, before: string, after: string) => `${before}${operations.length}${after}`);
}

/** The reference (docs/reference.md) with its route table between `<!-- routes:table -->` markers. */
export function referenceWithRoutes(text: string, operations: readonly Operation[]): string {
  const marked = /(<!-- routes:table -->)[\s\S]*?(<!-- \/routes:table -->)/;
  if (!marked.test(text)) throw new Error('docs/reference.md has no <!-- routes:table --> markers');
  return text.replace(
    marked,
    (_m, open: string, close: string) => `${open}\n\n${routeTable(operations)}\n\n${close}`,
  );
}
