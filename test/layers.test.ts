/**
 * The layers of src/ (scripts/layers.js, checked by .dependency-cruiser.cjs in `npm run lint`):
 * imports run one way, from the bottom up, and src/ has no import cycle. These tests run the same
 * check on src/ and on small trees that break each rule, so the check itself is known to fail.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';

const ROOT = join(__dirname, '..');
const DEPCRUISE = join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS script of the project's
const { LAYERS } = require('../scripts/layers.js') as { LAYERS: [string, string][] };

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

/** Runs the project's dependency check on `src/` under `cwd`; the violations it reports. */
function check(cwd: string): Violation[] {
  let out: string;
  try {
    out = execFileSync(
      process.execPath,
      [DEPCRUISE, 'src', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
      // the report of the whole of src/ is over a megabyte (execFileSync's default buffer)
      { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 },
    );
  } catch (error) {
    out = String((error as { stdout?: unknown }).stdout ?? '');
  }
  return (JSON.parse(out) as { summary: { violations: Violation[] } }).summary.violations;
}

/** A scratch project with the project's check and the given `src/` files. */
function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'rcf-layers-'));
  copyFileSync(join(ROOT, '.dependency-cruiser.cjs'), join(dir, '.dependency-cruiser.cjs'));
  mkdirSync(join(dir, 'scripts'));
  copyFileSync(join(ROOT, 'scripts', 'layers.js'), join(dir, 'scripts', 'layers.js'));
  writeFileSync(
    join(dir, 'tsconfig.build.json'),
    JSON.stringify({ compilerOptions: { module: 'commonjs', strict: true }, include: ['src'] }),
  );
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, dirname(path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

describe('the layers of src/', () => {
  it('src/ has no upward import, no cycle, and api/ and admin/ do not import each other', () => {
    expect(check(ROOT)).toEqual([]);
  });

  it('every file of src/ is in a layer', () => {
    const files = sourceFiles(join(ROOT, 'src')).map((f) => relative(ROOT, f).split('\\').join('/'));
    const unlayered = files.filter((f) => !LAYERS.some(([, pattern]) => new RegExp(pattern).test(f)));
    expect(unlayered).toEqual([]);
    expect(files.length).toBeGreaterThan(50);
  });

  it('fails on an import from a lower layer to a higher one, naming the rule and both files', () => {
    const dir = tree({
      'src/store/store.ts': "import { app } from '../app';\nexport const store = app;\n",
      'src/app.ts': 'export const app = 1;\n',
    });
    expect(check(dir)).toEqual([
      expect.objectContaining({
        from: 'src/store/store.ts',
        to: 'src/app.ts',
        rule: { name: 'layer-store', severity: 'error' },
      }),
    ]);
  });

  it('counts a type-only import and a deferred require as dependencies', () => {
    const dir = tree({
      'src/scenario/a.ts': "import type { T } from '../world';\nexport const a: T = 1;\n",
      'src/store/b.ts': "export const b = (): unknown => require('../server');\n",
      'src/world.ts': 'export type T = number;\n',
      'src/server.ts': 'export const s = 1;\n',
    });
    expect(
      check(dir)
        .map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)
        .sort(),
    ).toEqual([
      'layer-scenario: src/scenario/a.ts → src/world.ts',
      'layer-store: src/store/b.ts → src/server.ts',
    ]);
  });

  it('fails on an import cycle, even inside one layer', () => {
    const dir = tree({
      'src/store/a.ts': "import { b } from './b';\nexport const a = b;\n",
      'src/store/b.ts': "import { a } from './a';\nexport const b = (): unknown => a;\n",
    });
    expect(check(dir).map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)).toEqual([
      'no-circular: src/store/a.ts → src/store/b.ts',
    ]);
  });

  it('fails when the chat API and the control API import each other', () => {
    const dir = tree({
      'src/api/a.ts': "import { b } from '../admin/b';\nexport const a = b;\n",
      'src/admin/b.ts': 'export const b = 1;\n',
      'src/admin/c.ts': "import { a } from '../api/a';\nexport const c = a;\n",
    });
    expect(
      check(dir)
        .map((v) => v.rule.name)
        .sort(),
    ).toEqual(['admin-not-api', 'api-not-admin']);
  });
});
