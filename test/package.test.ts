/**
 * `npm publish` is one command when the time comes: the pack (`npm pack --dry-run --json`) holds
 * every file package.json points at (`main`, `types`, `typesVersions`, every `exports` target,
 * `bin`), the compiled worlds the start reads, and nothing private (sources, tests, the build's
 * own hash).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');

interface PackageJson {
  main: string;
  types: string;
  typesVersions: Record<string, Record<string, string[]>>;
  exports: unknown;
  bin: Record<string, string>;
}

/** Every string target of an `exports` map, conditions and subpaths alike. */
function targets(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(targets);
}

const normal = (path: string): string => path.replace(/^\.\//, '');

describe('the pack npm publish would send', () => {
  // dist/ is fresh (the run's globalSetup built it): no scripts, so packing does not rebuild it
  const packed = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  const files = new Set(
    (JSON.parse(packed.stdout) as { files: { path: string }[] }[])[0]?.files.map((f) => f.path) ?? [],
  );
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as PackageJson;

  it('packs without an error', () => {
    expect(packed.status).toBe(0);
    expect(files.size).toBeGreaterThan(100);
  });

  it('holds every file package.json points at: main, types, typesVersions, exports, bin', () => {
    const wanted = [
      pkg.main,
      pkg.types,
      ...Object.values(pkg.typesVersions).flatMap((map) => Object.values(map).flat()),
      ...targets(pkg.exports),
      ...Object.values(pkg.bin),
    ].map(normal);
    expect(wanted.length).toBeGreaterThan(20);
    expect(wanted.filter((path) => !files.has(path))).toEqual([]);
  });

  it('holds the shipped worlds (the default scenario, first boot) compiled, and the inspector', () => {
    for (const path of ['fixtures/default.json', 'fixtures/first-boot.json', 'ui/inspector.html'])
      expect(files.has(path)).toBe(true);
    expect(
      [...files].filter((path) => /^dist\/scenario\/worlds\/[0-9a-f]{64}\.json$/.test(path)),
    ).toHaveLength(2);
  });

  it('holds nothing private: no sources, tests, scripts, build hash or build info', () => {
    const privateFiles = [...files].filter(
      (path) =>
        /^(src|test|scripts|bench|examples|docs|\.ci)\//.test(path) ||
        path === 'dist/.build-hash' ||
        path.endsWith('.tsbuildinfo'),
    );
    expect(privateFiles).toEqual([]);
  });
});
