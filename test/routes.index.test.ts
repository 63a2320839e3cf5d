/**
 * The route index: src/operations/routes.generated.ts imports every route module (a module whose
 * default export is a `route(…)`, `operation(…)` or `aliasOf(…)` declaration) as
 * scripts/write-routes-index.js writes it (`npm run routes-index`; the build runs it), and the
 * table puts the routes in an order of their own declarations (`inTableOrder`), whatever the order
 * they were imported in: a new route module needs no edit anywhere else.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import { aliasOf, success } from '../src/operations/operation';
import type { Operation } from '../src/operations/operation';
import { GROUPS, route } from '../src/operations/route-groups';
import type { RouteGroup } from '../src/operations/route-groups';
import { ROUTES } from '../src/operations/routes.generated';
import { OPERATIONS, inTableOrder } from '../src/operations/table';

const ROOT = join(__dirname, '..');
const DIR = join(ROOT, 'src', 'operations');
const INDEX = join(DIR, 'routes.generated.ts');

/** A route of a group as a new module would declare it (what the order reads of it). */
function newRoute(group: RouteGroup, name: string, order?: number): Operation {
  return route(group, {
    name,
    method: 'GET',
    ...(order === undefined ? {} : { order }),
    response: { type: 'object' },
    read: () => undefined,
    run: () => success({}),
  });
}

const names = (ops: readonly Operation[]): string[] => ops.map((op) => op.name);

describe('the route index', () => {
  it('is what `npm run routes-index` writes', () => {
    const fresh = execFileSync(
      process.execPath,
      [join(ROOT, 'scripts', 'write-routes-index.js'), '--stdout'],
      {
        encoding: 'utf8',
      },
    );
    const current = readFileSync(INDEX, 'utf8');
    expect(
      current === fresh ? 'fresh' : 'src/operations/routes.generated.ts is stale: run `npm run routes-index`',
    ).toBe('fresh');
  });

  it('holds every module of src/operations with a default export, each a declaration the script finds', () => {
    const withDefault = readdirSync(DIR)
      .filter((file) => file.endsWith('.ts'))
      .filter((file) => /^export default /m.test(readFileSync(join(DIR, file), 'utf8')));
    for (const file of withDefault)
      expect(
        `${file}: ${/^export default (route|operation|aliasOf)\(/m.test(readFileSync(join(DIR, file), 'utf8'))}`,
      ).toBe(`${file}: true`);
    expect(names(ROUTES).sort()).toEqual(withDefault.map((file) => file.slice(0, -'.ts'.length)).sort());
    expect(new Set(OPERATIONS)).toEqual(new Set(ROUTES));
  });
});

describe("the table's order", () => {
  it('does not depend on the order the routes were imported in', () => {
    expect(inTableOrder([...ROUTES].reverse())).toEqual(OPERATIONS);
    expect(inTableOrder([...OPERATIONS].sort((a, b) => a.path.length - b.path.length))).toEqual(OPERATIONS);
  });

  it("gives the routes that declare a place distinct ones, and puts each other name right after its route's", () => {
    const orders = OPERATIONS.flatMap((op) => (op.openApi?.order === undefined ? [] : [op.openApi.order]));
    expect(new Set(orders).size).toBe(orders.length);
    OPERATIONS.forEach((op, i) => {
      const original = op.openApi?.aliasOf;
      if (original !== undefined) expect(OPERATIONS.slice(0, i).map((o) => o.name)).toContain(original);
    });
  });

  it('puts a new route after the routes of its group, several by name, and a new group at the end', () => {
    // the channels routes that declare a place, the last of them; then those that declare none, by name
    const channels = OPERATIONS.filter((op) => op.openApi?.group === GROUPS.channels.name);
    const placed = names(channels.filter((op) => op.openApi?.order !== undefined));
    const lastPlaced = placed[placed.length - 1] ?? '';
    const unplaced = names(channels.filter((op) => op.openApi?.order === undefined));
    const added = [
      newRoute(GROUPS.channels, 'channels.zeta'),
      newRoute(GROUPS.channels, 'channels.alpha'),
      newRoute({ ...GROUPS.channels, name: 'widgets', prefix: '/api/v1/' }, 'widgets.list'),
    ];
    const table = names(inTableOrder([...added, ...ROUTES]));
    const at = table.indexOf(lastPlaced);
    const after = [...unplaced, 'channels.alpha', 'channels.zeta'].sort();
    expect(table.slice(at, at + 1 + after.length)).toEqual([lastPlaced, ...after]);
    expect(table[table.length - 1]).toBe('widgets.list');
    // the others keep their places
    expect(table.filter((name) => !names(added).includes(name))).toEqual(names(OPERATIONS));
  });

  it('puts a route with a place of its own there, and another name of it right after it', () => {
    const first = newRoute(GROUPS.chat, 'chat.react', 1);
    const table = inTableOrder([aliasOf(first, 'chat.react2'), ...ROUTES, first]);
    expect(names(table).slice(0, 2)).toEqual(['chat.react', 'chat.react2']);
  });
});
