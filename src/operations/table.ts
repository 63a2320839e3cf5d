import { nearest } from '../suggest';
import { registerOperations } from './registry';
import type { Operation } from './operation';
import { GROUPS } from './route-groups';
import { ROUTES } from './routes.generated';

/** The groups' names in the order route-groups.ts declares them. */
const GROUP_NAMES: readonly string[] = Object.values(GROUPS).map((group) => group.name);

/**
 * The routes in the table's order, which is the declarations' own (never the order they were
 * imported in):
 * 1. a route that declares its `order` comes by it (the routes of the hand-written table keep
 *    their places so: the OpenAPI document and the reference's route table list them as before);
 * 2. a route that declares none comes right after the last route of its group that does, else,
 *    of a group none of whose routes does, at the end, by the groups' order in route-groups.ts;
 *    several such routes of one group by name;
 * 3. another name of a route (`aliasOf`: the `dm.*` names) comes right after that route, several
 *    by name.
 */
export function inTableOrder(routes: readonly Operation[]): Operation[] {
  const names = new Set(routes.map((op) => op.name));
  const aliases = routes.filter((op) => op.openApi?.aliasOf !== undefined && names.has(op.openApi.aliasOf));
  const primaries = routes.filter((op) => !aliases.includes(op));
  /** each group's last declared place */
  const last = new Map<string | undefined, number>();
  for (const op of primaries) {
    const { group, order } = op.openApi ?? {};
    if (order !== undefined) last.set(group, Math.max(order, last.get(group) ?? -Infinity));
  }
  const groupIndex = (op: Operation): number => {
    const index = GROUP_NAMES.indexOf(op.openApi?.group ?? '');
    return index === -1 ? GROUP_NAMES.length : index;
  };
  /** [place, then: -1 declared, else its group's index] */
  const key = (op: Operation): [number, number] => {
    const order = op.openApi?.order;
    if (order !== undefined) return [order, -1];
    return [last.get(op.openApi?.group) ?? Infinity, groupIndex(op)];
  };
  const compare = <T>(a: T, b: T): number => (a < b ? -1 : a > b ? 1 : 0);
  const byName = (a: Operation, b: Operation): number => compare(a.name, b.name);
  const sorted = [...primaries].sort((a, b) => {
    const [x, y] = key(a);
    const [u, v] = key(b);
    return compare(x, u) || compare(y, v) || byName(a, b);
  });
  /** a route followed by its other names, theirs in turn after each (an alias of an alias) */
  const withAliases = (op: Operation): Operation[] => [
    op,
    ...aliases
      .filter((alias) => alias.openApi?.aliasOf === op.name)
      .sort(byName)
      .flatMap(withAliases),
  ];
  return sorted.flatMap(withAliases);
}

/**
 * The operation table: every chat operation the fake serves, one row each, in the table's order
 * ({@link inTableOrder}). The request pipeline, both HTTP adapters, the journal, contracts and the
 * inspector find operations here and nowhere else. Adding an operation is one module in this
 * folder: `npm run routes-index` (the build runs it) adds it to routes.generated.ts, which imports
 * every route module.
 */
export const OPERATIONS: readonly Operation[] = inTableOrder(ROUTES);

registerOperations(OPERATIONS);

const byPath = new Map(OPERATIONS.map((op) => [op.path, op]));
/** the operations whose parameters are in their paths, found by where their paths start */
const byPrefix = OPERATIONS.filter((op) => op.prefix === true);
const byName = new Map(OPERATIONS.map((op) => [op.name, op]));

/** The operation served at a path inside a world (any method), if any. */
export function operationAt(path: string): Operation | undefined {
  return byPath.get(path) ?? byPrefix.find((op) => path.startsWith(op.path));
}

/** An operation by its name (as the journal records it). */
export function operationNamed(name: string): Operation | undefined {
  return byName.get(name);
}

/** What every path the chat pipeline answers begins with: `/api`, and each route with parameters in its path. */
export function chatPathRoots(): string[] {
  return ['/api', ...byPrefix.map((op) => op.path)];
}

/** Whether a path inside a world is the chat API's (the pipeline answers it, known or not): `/api`, and the routes with parameters in their paths. */
export function isChatPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/') || byPrefix.some((op) => path.startsWith(op.path));
}

/** Each operation's methods, worked out once (every request asks). */
const METHODS = new Map<Operation, readonly string[]>();

/** The methods an operation answers (HEAD with GET, as the router does). */
export function methodsOf(op: Operation): readonly string[] {
  let methods = METHODS.get(op);
  if (!methods) {
    const own: string[] = op.also === undefined ? [op.method] : [op.method, op.also];
    methods = own.includes('GET') ? [...own, 'HEAD'] : own;
    METHODS.set(op, methods);
  }
  return methods;
}

/** Every modelled route as `METHOD /path` (a prefix route's path as it starts). */
const ROUTE_NAMES: readonly string[] = OPERATIONS.flatMap((op) =>
  methodsOf(op)
    .filter((m) => m !== 'HEAD')
    .map((m) => `${m} ${op.path}`),
);

/**
 * The modelled route nearest to one the fake does not model, as `METHOD /path`: the same path
 * with another method, else the path within two edits of it (a typo, a letter's case), else null.
 */
export function nearestRoute(method: string, path: string): string | null {
  const op = operationAt(path);
  if (op) return `${op.method} ${op.path}`;
  const paths = OPERATIONS.map((o) => o.path);
  const near = nearest(path, paths);
  if (near === undefined) return null;
  return (
    ROUTE_NAMES.find((name) => name === `${method} ${near}`) ??
    ROUTE_NAMES.find((name) => name.endsWith(` ${near}`)) ??
    null
  );
}
