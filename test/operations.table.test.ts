/**
 * One operation, one place: every chat route is declared in its own module under src/operations,
 * which the generated index imports (routes.generated.ts) and the table holds once; no other
 * source file names a chat route as a string.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

import { OPERATIONS, operationAt, operationNamed } from '../src/operations/table';
import { stringsOf } from './support/strings';

const ROOT = join(__dirname, '..');
const OPERATIONS_DIR = join(ROOT, 'src', 'operations');
/** A route's module: its default export is its declaration (scripts/write-routes-index.js finds it so). */
const DECLARATION = /^export default (route|operation|aliasOf)\(/m;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The chat routes a source names in its strings: a route's path, or a dotted route name. */
function routesNamedIn(source: string): string[] {
  const found = new Set<string>();
  for (const { text } of stringsOf(source)) {
    for (const op of OPERATIONS) {
      const byName =
        op.name.includes('.') && new RegExp(`(^|[^\\w.])${escape(op.name)}($|[^\\w])`).test(text);
      // a route with parameters in its path (`/hooks/…`) is named by a string that starts with it
      const byPath = op.prefix === true ? text.startsWith(op.path) : text.includes(op.path);
      if (byPath || text === `/${op.name}` || byName) found.add(op.name);
    }
  }
  return [...found];
}

describe('the operation table', () => {
  it('lists every operation module of src/operations once, with distinct names and paths', () => {
    const modules = readdirSync(OPERATIONS_DIR)
      .filter((f) => f.endsWith('.ts') && DECLARATION.test(readFileSync(join(OPERATIONS_DIR, f), 'utf8')))
      .map((f) => f.slice(0, -3))
      .sort();
    expect(OPERATIONS.map((op) => op.name).sort()).toEqual(modules);
    expect(new Set(OPERATIONS.map((op) => op.path)).size).toBe(OPERATIONS.length);
    for (const op of OPERATIONS) {
      expect(operationAt(op.path)).toBe(op);
      expect(operationNamed(op.name)).toBe(op);
    }
  });

  it('finds a route hand-listed in a string, in quotes or in a template, and not in a comment', () => {
    expect(routesNamedIn("const a = '/api/v1/channels.list';")).toEqual(['channels.list']);
    expect(routesNamedIn('const b = `${base}/api/v1/groups.setType?x=${1}`;')).toEqual(['groups.setType']);
    expect(routesNamedIn('const c = x === "channels.setReadOnly";')).toEqual(['channels.setReadOnly']);
    expect(routesNamedIn("const d = '/login';")).toEqual(['login']);
    expect(routesNamedIn('// GET /api/v1/channels.list\n/* POST /api/v1/login */\nconst e = 1;')).toEqual([]);
    expect(routesNamedIn("const f = '/api/v1/channels.*';")).toEqual([]);
    expect(routesNamedIn('const g = `a${{ b: 1 }.b}c${`/api/v1/${`x`}`}/y`;')).toEqual([]);
    expect(routesNamedIn('const h = `${x}/api/v1/me`;')).toEqual(['me']);
    expect(routesNamedIn('const i = `/hooks/${id}/${token}`;')).toEqual(['hooks']);
    expect(routesNamedIn("const j = 'https://ci.example.com/hooks/deploy';")).toEqual([]);
  });

  it('no source file outside src/operations names a chat route as a string', () => {
    // src/verify is the conformance suite: a client of any Rocket.Chat server, which names the
    // routes it calls as every client does; it serves nothing
    const files = sourceFiles(join(ROOT, 'src')).filter(
      (f) => !f.startsWith(OPERATIONS_DIR) && !f.startsWith(join(ROOT, 'src', 'verify')),
    );
    expect(files.length).toBeGreaterThan(50);
    const named = files.flatMap((file) =>
      routesNamedIn(readFileSync(file, 'utf8')).map((route) => `${relative(ROOT, file)}: ${route}`),
    );
    // the control API's own `/settings` (under `/__admin`), not the chat route of that name
    expect(named.filter((n) => n !== 'src/surface/routes.ts: settings')).toEqual([]);
  });
});
